import Geometry
import Canvas
import Motion
import SegueTestKit
import Testing

/// On a scale-2 output the app draws 2× buffers from its very first frame (it guesses the
/// outputs' scale before the compositor says which one it is on), and a one-pixel line stays
/// exactly two device pixels: crisp, not resampled.
@Suite(.serialized)
struct OutputScaleE2ETests {
    static let width = 800, height = 600

    @Test func theFirstFrameIsAlreadyAtTheOutputsScale() throws {
        try Self.checkFirstFrameAtScale2(root: .host, label: "e2e")
    }

    /// ``theFirstFrameIsAlreadyAtTheOutputsScale()`` with weston in `root` (also the Debian 13
    /// lane's weston 14, TrixieDesktopsE2ETests); the screenshot kept as `LABEL-scale-2`.
    static func checkFirstFrameAtScale2(root: CompositorRoot, label: String) throws {
        let session = try HeadlessSession(width: Self.width, height: Self.height,
                                          options: .init(protocolLog: true, scale: 2, root: root))
        defer { session.stop() }
        try session.waitForApp()
        // The window's buffers (the cursor's are small and come later).
        let windowBuffers = session.protocolLines("create_buffer(").filter { !$0.contains(", 32, 32, ") && !$0.contains(", 48, 48, ") }
        let first = try #require(windowBuffers.first)
        #expect(first.contains(", 1600, 1200, "), "the first window buffer: \(first)")
        let firstScale = session.protocolLines("set_buffer_scale(").first
        #expect(firstScale?.hasSuffix("set_buffer_scale(2)") == true, "\(String(describing: firstScale))")

        let shot = try session.parkedScreenshot()
        session.keep(shot, as: "\(label)-scale-2")
        #expect(shot.width == 1600 && shot.height == 1200)
        // The list's first-row hairline (logical row 107, #E5E5EA) is device rows 214 and 215,
        // with white rows on either side.
        let hairline = Color(hex: 0xE5E5EA)
        for (row, expected) in [(213, Color.white), (214, hairline), (215, hairline), (216, Color.white)] {
            let pixel = shot.pixel(x: 600, y: row)
            #expect(Surface.channelDistance(pixel, expected) <= 2, "row \(row): \(pixel)")
        }
        // The accent dot's centre (26, 80) logical.
        #expect(Surface.channelDistance(shot.pixel(x: 52, y: 160), Color(hex: 0x3478F6)) <= 3)
    }
}
