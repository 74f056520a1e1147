import Geometry
import RealModule

/// A colour in Björn Ottosson's OKLab space (https://bottosson.github.io/posts/oklab/):
/// perceptual lightness `L` (0 black … 1 white) and opponent axes `a` (green−/red+) and
/// `b` (blue−/yellow+), plus straight alpha.
///
/// sRGB → OKLab uses Ottosson's published matrices and the exact sRGB transfer function (IEC
/// 61966-2-1); OKLab → sRGB uses the exact inverses of those matrices, so a round trip is
/// exact to ~1e-12.
///
/// ```swift
/// let label = Color.mixOKLab(idleColor, selectedColor, progress)   // perceptually even
/// ```
public struct OKLab: Hashable, Sendable, CustomStringConvertible {
    /// Perceptual lightness, 0…1.
    public var L: Double
    /// Green (−) to red (+), roughly −0.4…0.4.
    public var a: Double
    /// Blue (−) to yellow (+), roughly −0.4…0.4.
    public var b: Double
    /// Straight (not premultiplied) opacity, 0…1.
    public var alpha: Double

    /// A colour from its OKLab coordinates.
    public init(L: Double, a: Double, b: Double, alpha: Double = 1) {
        self.L = L; self.a = a; self.b = b; self.alpha = alpha
    }

    /// The OKLab coordinates of an sRGB colour.
    public init(_ color: Color) {
        let r = Self.linear(color.red), g = Self.linear(color.green), bl = Self.linear(color.blue)
        let l = 0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * bl
        let m = 0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * bl
        let s = 0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * bl
        let l3 = Double.root(l, 3), m3 = Double.root(m, 3), s3 = Double.root(s, 3)
        L = 0.2104542553 * l3 + 0.7936177850 * m3 - 0.0040720468 * s3
        a = 1.9779984951 * l3 - 2.4285922050 * m3 + 0.4505937099 * s3
        b = 0.0259040371 * l3 + 0.7827717662 * m3 - 0.8086757660 * s3
        alpha = color.alpha
    }

    /// The sRGB colour, each component clamped to 0…1 (out-of-gamut colours are clipped).
    public var color: Color {
        let c = unclampedColor
        func clamp(_ x: Double) -> Double { min(max(x, 0), 1) }
        return Color(red: clamp(c.red), green: clamp(c.green), blue: clamp(c.blue), alpha: clamp(c.alpha))
    }

    /// The sRGB colour without clipping: components leave 0…1 outside the sRGB gamut.
    public var unclampedColor: Color {
        // The exact inverses of the forward matrices (Ottosson's published inverses are
        // rounded to 10 digits and differ by up to 6e-8, enough to break a 1e-6 round trip).
        let l3 = 0.9999999984505197 * L + 0.3963377921737678 * a + 0.21580375806075877 * b
        let m3 = 1.0000000088817607 * L - 0.10556134232365633 * a - 0.0638541747717059 * b
        let s3 = 1.0000000546724108 * L - 0.08948418209496574 * a - 1.2914855378640917 * b
        let l = l3 * l3 * l3, m = m3 * m3 * m3, s = s3 * s3 * s3
        let r = 4.076741661347994 * l - 3.3077115904081933 * m + 0.2309699287294279 * s
        let g = -1.2684380040921763 * l + 2.6097574006633715 * m - 0.3413193963102196 * s
        let bl = -0.00419608654183708 * l - 0.7034186144594495 * m + 1.7076147009309446 * s
        return Color(red: Self.encoded(r), green: Self.encoded(g), blue: Self.encoded(bl), alpha: alpha)
    }

    /// The perceptual difference between two colours: the Euclidean distance in OKLab
    /// (L, a, b) × 100, alpha ignored.
    ///
    /// Scale: OKLab's own distances are ×100 here so L runs 0…100 as in CIE Lab; on this scale
    /// about 1 is at the threshold of a just-noticeable difference between flat patches side
    /// by side (CSS Color 4 takes 2 as the JND when gamut mapping). Compare translucent colours
    /// after compositing them.
    public static func deltaE(_ x: Color, _ y: Color) -> Double {
        let p = OKLab(x), q = OKLab(y)
        let dL = p.L - q.L, da = p.a - q.a, db = p.b - q.b
        return 100 * Double.sqrt(dL * dL + da * da + db * db)
    }

    /// CSS notation, `oklab(L a b / alpha)` with L in 0…1.
    public var description: String { "oklab(\(L) \(a) \(b) / \(alpha))" }

    // MARK: - sRGB transfer function (odd-extended for out-of-gamut values)

    /// Gamma-encoded sRGB → linear light.
    static func linear(_ c: Double) -> Double {
        let x = abs(c)
        let y = x <= 0.04045 ? x / 12.92 : Double.pow((x + 0.055) / 1.055, 2.4)
        return c < 0 ? -y : y
    }

    /// Linear light → gamma-encoded sRGB.
    static func encoded(_ l: Double) -> Double {
        let x = abs(l)
        let y = x <= 0.0031308 ? 12.92 * x : 1.055 * Double.pow(x, 1 / 2.4) - 0.055
        return l < 0 ? -y : y
    }
}

/// Component-wise in OKLab (straight alpha).
extension OKLab: Interpolatable {
    /// L, a, b and alpha interpolated separately.
    public static func interpolate(from p: OKLab, to q: OKLab, fraction t: Double) -> OKLab {
        OKLab(L: .interpolate(from: p.L, to: q.L, fraction: t),
              a: .interpolate(from: p.a, to: q.a, fraction: t),
              b: .interpolate(from: p.b, to: q.b, fraction: t),
              alpha: .interpolate(from: p.alpha, to: q.alpha, fraction: t))
    }
}

extension Color {
    /// The colour `t` of the way from `a` to `b`, interpolated in OKLab (perceptually even),
    /// alpha straight and linear; `t` is clamped to 0…1 and the ends are returned exactly.
    public static func mixOKLab(_ a: Color, _ b: Color, _ t: Double) -> Color {
        if t <= 0 { return a }
        if t >= 1 { return b }
        return OKLab.interpolate(from: OKLab(a), to: OKLab(b), fraction: t).color
    }
}
