import Geometry
import Canvas
import Demos
import Foundation
import Motion
import SegueTestKit
import Testing

/// Tutorial 001's push, mid-flight, in the real app in headless weston. The article's figures:
/// the picture flies from the cell to the detail page's picture on a UIKit spring animation of
/// 0.8 s, damping 0.5 and initial velocity 0.5, while the incoming page fades in to full opacity.
///
/// The flying picture's rect is the cell's rect moved towards the page's picture rect by the
/// spring's value x(t) = 1 − e^(−ζω₀t)·(cos ω_d t + (ζω₀ − v₀)/ω_d · sin ω_d t), ζ 0.5,
/// v₀ 0.5 /s, ω₀ such that the spring from rest settles (within 0.1 %) in the 0.8 s
/// (UIKit's duration; docs/MOTION.md's settling measure). Computed here, not taken from Motion.
///
/// Timing: the app runs at `--slow 10` (the push takes 8 s), and the shot is aimed at the
/// overshoot's peak (t ≈ 0.21 s of the spring, where the ζ 0.5 picture is 16 % of the way
/// past the page's rect and barely moving). The frame on screen was drawn between a little
/// before the capture request and its answer; with the trace's begin time (CLOCK_MONOTONIC,
/// the clock read here) that bounds the spring time to a window, and each measured edge must
/// lie within the edge's range over that window, ± 2 px (anti-aliased rounded edges and the
/// picture/page threshold of the scan).
@Suite(.serialized)
struct FlatZoomMidFlightE2ETests {
    static let slowdown = 10.0
    static let zeta = 0.5, initialVelocity = 0.5, duration = 0.8

    /// ω₀ for a ζ spring that settles from rest within 0.001 in `duration`: the settling time
    /// at ω₀ = 1 (bisection on √((1 − x)² + x′²), which never increases) over the duration.
    static var omega: Double {
        let wd = (1 - zeta * zeta).squareRoot()
        func residual(_ t: Double) -> Double {
            let decay = exp(-zeta * t)
            let rest = decay * (cos(wd * t) + zeta / wd * sin(wd * t)), speed = decay * sin(wd * t) / wd
            return (rest * rest + speed * speed).squareRoot()
        }
        var low = 0.0, high = 64.0
        for _ in 0..<100 {
            let mid = (low + high) / 2
            if residual(mid) > 0.001 { low = mid } else { high = mid }
        }
        return high / duration
    }

    /// The spring's value at `t` seconds of the (unslowed) push.
    static func spring(_ t: Double) -> Double {
        let w = omega, wd = w * (1 - zeta * zeta).squareRoot()
        return 1 - exp(-zeta * w * t) * (cos(wd * t) + (zeta * w - initialVelocity) / wd * sin(wd * t))
    }

    /// CLOCK_MONOTONIC in seconds: the clock of the app's trace.
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    @Test func theFlyingPictureFollowsTheSpringMidFlight() throws {
        var options = HeadlessSession.Options()
        options.arguments = ["--slow", String(Int(Self.slowdown))]
        let session = try HeadlessSession(width: GalleryE2ETests.width, height: GalleryE2ETests.height, options: options)
        defer { session.stop() }
        _ = try GalleryE2ETests.openGallery(session)
        let cell = GalleryE2ETests.cellRect, image = GalleryE2ETests.imageRect

        // The peak of the overshoot: where x′ = 0 (scan to 0.1 ms).
        let peak = stride(from: 0.1, to: 0.4, by: 0.0001).max { Self.spring($0) < Self.spring($1) }!
        print("flat zoom e2e: ω₀ \(Self.omega) rad/s, overshoot peak x(\(peak)) = \(Self.spring(peak))")

        try session.click(at: cell.center)
        try session.waitFor("the push to begin", timeout: 10) {
            session.trace.contains { $0.kind == .push && $0.event == .begin }
        }
        let begin = try #require(session.trace.first { $0.kind == .push && $0.event == .begin }?.time)
        // Aim a little before the peak: the capture answers with a later repaint.
        let aim = begin + Self.slowdown * peak - 0.05
        let wait = aim - Self.now()
        if wait > 0 { usleep(UInt32(wait * 1e6)) }
        let requested = Self.now()
        let shot = try session.screenshot()
        let answered = Self.now()
        session.keep(shot, as: "e2e-gallery-push-peak")

        // The frame shown was drawn at most 0.1 s before the request (a 60 Hz frame and the
        // compositor's repaint, with slack) and no later than the answer; the timeline starts
        // at the first frame after begin, so at most 1/60 s + slack after it.
        let earliest = max((requested - 0.1 - begin - 0.05) / Self.slowdown, 0)
        let latest = (answered - begin) / Self.slowdown
        let samples = stride(from: earliest, through: latest, by: 0.0005).map(Self.spring) + [Self.spring(latest)]
        let low = samples.min()!, high = samples.max()!
        print("flat zoom e2e: shot between spring time \(earliest) and \(latest) s, x in \(low)…\(high)")

        func edges(_ r: Rect) -> [Double] { [r.minX, r.minY, r.maxX, r.maxY] }
        let from = edges(cell), to = edges(image)
        // The scan keeps within 12 px of the peak rect: lower, the tab bar's blue icon would pass for picture.
        let expectedAtPeak = Rect.interpolate(from: cell, to: image, fraction: Self.spring(peak))
        let flying = try #require(GalleryE2ETests.pictureRect(in: shot, near: expectedAtPeak, margin: 12),
                                  "no flying picture near \(expectedAtPeak)")
        print("flat zoom e2e: flying picture at \(flying), at the peak the formula gives \(expectedAtPeak)")
        for (i, (seen, name)) in zip(edges(flying), ["left", "top", "right", "bottom"]).enumerated() {
            let a = from[i] + (to[i] - from[i]) * low, b = from[i] + (to[i] - from[i]) * high
            #expect(seen >= min(a, b) - 2 && seen <= max(a, b) + 2,
                    "\(name) edge at \(seen), the spring puts it in \(min(a, b))…\(max(a, b)) (± 2 px)")
        }
    }
}
