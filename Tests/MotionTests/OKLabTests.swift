import Geometry
import Testing
import Motion

@Suite("OKLab")
struct OKLabTests {
    @Test("round trip sRGB → OKLab → sRGB within 1e-6")
    func roundTrip() {
        var rng = SplitMix64(seed: 7)
        var colors: [Color] = [.black, .white, .clear, Color(red: 1, green: 0, blue: 0), Color(hex: 0x3584e4), Color(hex: 0x010203)]
        for _ in 0..<2000 {
            colors.append(Color(red: rng.uniform(0...1), green: rng.uniform(0...1), blue: rng.uniform(0...1), alpha: rng.uniform(0...1)))
        }
        for c in colors {
            let back = OKLab(c).color
            #expect(isClose(back.red, c.red, 1e-6) && isClose(back.green, c.green, 1e-6)
                    && isClose(back.blue, c.blue, 1e-6) && back.alpha == c.alpha, "\(c) → \(back)")
        }
    }

    /// References from Ottosson's post and CSS Color 4 (oklab(62.7955% 0.224863 0.125846) is
    /// sRGB red).
    @Test("reference values: white, black, red")
    func references() {
        let white = OKLab(.white)
        #expect(isClose(white.L, 1, 1e-6) && isClose(white.a, 0, 1e-6) && isClose(white.b, 0, 1e-6))
        let black = OKLab(.black)
        #expect(black.L == 0 && black.a == 0 && black.b == 0)
        let red = OKLab(Color(red: 1, green: 0, blue: 0))
        #expect(isClose(red.L, 0.627955, 1e-6))
        #expect(isClose(red.a, 0.224863, 1e-6))
        #expect(isClose(red.b, 0.125846, 1e-6))
        // Grey is neutral.
        let grey = OKLab(Color(red: 0.5, green: 0.5, blue: 0.5))
        #expect(abs(grey.a) < 1e-6 && abs(grey.b) < 1e-6)
    }

    @Test("mix returns the endpoints at 0 and 1 and is perceptually even")
    func mix() {
        let a = Color(hex: 0x77767b), b = Color(hex: 0x3584e4, alpha: 0.5)
        #expect(Color.mixOKLab(a, b, 0) == a)
        #expect(Color.mixOKLab(a, b, 1) == b)
        #expect(Color.mixOKLab(a, b, -1) == a)
        // Equal steps in t are equal steps in ΔE (the point of mixing in OKLab).
        let steps = (0..<10).map { OKLab.deltaE(Color.mixOKLab(a, b, Double($0) / 10), Color.mixOKLab(a, b, Double($0 + 1) / 10)) }
        for s in steps { #expect(isClose(s, steps[0], 0.01)) }
        #expect(isClose(Color.mixOKLab(a, b, 0.5).alpha, 0.75, 1e-12))
    }

    @Test("ΔE: zero for equal colours, symmetric, ×100 scale")
    func deltaE() {
        let a = Color(hex: 0x3584e4)
        #expect(OKLab.deltaE(a, a) == 0)
        #expect(isClose(OKLab.deltaE(.black, .white), 100, 1e-4))
        let b = Color(hex: 0x3584e5)
        #expect(OKLab.deltaE(a, b) == OKLab.deltaE(b, a))
        #expect(OKLab.deltaE(a, b) < 1)   // one step of blue is below noticeable
    }

    @Test("OKLab interpolates component-wise")
    func interpolate() {
        let p = OKLab(L: 0.2, a: 0.1, b: -0.1, alpha: 1), q = OKLab(L: 0.6, a: -0.1, b: 0.1, alpha: 0)
        let m = OKLab.interpolate(from: p, to: q, fraction: 0.25)
        #expect(isClose(m.L, 0.3, 1e-12) && isClose(m.a, 0.05, 1e-12) && isClose(m.b, -0.05, 1e-12) && isClose(m.alpha, 0.75, 1e-12))
    }
}
