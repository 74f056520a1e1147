import Testing
import Motion

@Suite("RubberBand")
struct RubberBandTests {
    @Test("slope 1 at the bound, odd symmetry")
    func slopeAtBound() {
        let h = 1e-7
        #expect(isClose(RubberBand.apply(h, limit: 10) / h, 1, 1e-6))
        #expect(RubberBand.apply(0, limit: 10) == 0)
        for x in [0.5, 3.0, 40.0] { #expect(RubberBand.apply(-x, limit: 10) == -RubberBand.apply(x, limit: 10)) }
        // Progress: unchanged inside, slope 1 leaving either end.
        #expect(RubberBand.progress(0.37, limit: 0.05) == 0.37)
        #expect(isClose((RubberBand.progress(1 + h, limit: 0.05) - 1) / h, 1, 1e-4))
        #expect(isClose(RubberBand.progress(-h, limit: 0.05) / -h, 1, 1e-4))
    }

    @Test("monotone and below the limit, approaching it")
    func monotoneBounded() {
        var previous = -Double.infinity
        for i in -2000...2000 {
            let x = Double(i) * 0.5
            let y = RubberBand.apply(x, limit: 10)
            #expect(y > previous)
            #expect(abs(y) < 10)
            #expect(abs(y) <= abs(x))
            previous = y
        }
        #expect(RubberBand.apply(1e9, limit: 10) > 9.99)
        #expect(isClose(RubberBand.apply(10, limit: 10), 5, 1e-12))
        #expect(RubberBand.progress(3, limit: 0.05) < 1.05 && RubberBand.progress(-3, limit: 0.05) > -0.05)
    }

    @Test("unapply undoes apply: 10 px limit, 10 → 5 → 10; progress past both ends")
    func unapplyInverts() {
        // x / (1 + x/L) at x = L is L/2, so L/2 comes from L (the formula, not the code).
        #expect(isClose(RubberBand.unapply(5, limit: 10), 10, 1e-12))
        #expect(isClose(RubberBand.unapply(-5, limit: 10), -10, 1e-12))
        for x in [-300.0, -12.5, -0.25, 0, 0.25, 12.5, 300] {
            #expect(isClose(RubberBand.unapply(RubberBand.apply(x, limit: 10), limit: 10), x, 1e-9 * max(1, abs(x))))
        }
        for p in [-0.04, -0.001, 0, 0.5, 1, 1.001, 1.04] {
            #expect(isClose(RubberBand.progress(RubberBand.rawProgress(p, limit: 0.05), limit: 0.05), p, 1e-12))
        }
        // A damped value at the limit has no raw one: held finite, just inside.
        #expect(RubberBand.unapply(10, limit: 10).isFinite)
    }
}

