import Geometry
import Canvas
import Foundation
import Motion
import SegueTestKit
import Testing

/// segue-demo on weston's desktop shell, which draws no decorations: the app's own header bar
/// moves, maximizes and closes the window, its shadow margin resizes it, and weston's window
/// states (maximize, fullscreen, its sizeless fullscreen configure, 1×1 resizes) leave it alive
/// at the right size. Positions come from screenshots (the list's first-row dot) and sizes
/// from the protocol the app spoke (`set_window_geometry`).
@Suite(.serialized)
struct DesktopShellE2ETests {
    static let outputWidth = 1280, outputHeight = 800
    /// The list's first-row dot (#3478F6) in window coordinates: (26, 80) in the content,
    /// which starts below the 46 px header bar.
    static let dotInWindow = DemoLayout.firstRowDotInDecoratedWindow
    /// segue-demo's size when the compositor lets it choose, and its minimum.
    static let floatingSize = Size(width: 1024, height: 700)
    static let minimumSize = Size(width: 320, height: 480)

    private func start() throws -> HeadlessSession {
        let session = try HeadlessSession(width: Self.outputWidth, height: Self.outputHeight,
                                          options: .init(shell: .desktop))
        try session.waitForApp()
        return session
    }

    /// The window geometry's top-left corner on screen.
    private func windowOrigin(_ session: HeadlessSession, _ shot: Surface) throws -> Point {
        guard let origin = DemoLayout.decoratedWindowOrigin(in: shot) else {
            session.keep(shot, as: "desktop-no-window")
            throw HarnessError("the window's first-row dot is not on screen")
        }
        return origin
    }

    /// The window geometry the app last set: x, y (the shadow margin), width, height.
    private func geometry(_ session: HeadlessSession) throws -> [Double] {
        guard let arguments = session.lastProtocolArguments(".set_window_geometry("), arguments.count == 4 else {
            throw HarnessError("the app set no window geometry")
        }
        return arguments
    }

    /// Waits until the app's last window geometry is `width`×`height`.
    private func waitForGeometry(_ session: HeadlessSession, width: Double, height: Double) throws {
        try session.waitFor("a \(width)×\(height) window geometry", timeout: 5) {
            guard let g = try? self.geometry(session) else { return false }
            return g[2] == width && g[3] == height
        }
    }

    /// Weston's bindings: Super+Shift+M maximizes, Super+Shift+F makes fullscreen.
    private func superShift(_ session: HeadlessSession, _ key: EvdevKey) throws {
        try session.typeCompositorShortcut(key, holding: [.leftMeta, .leftShift])
    }

    @Test func headerDragMovesTheWindowByTheDrag() throws {
        let session = try start()
        defer { session.stop() }
        let before = try session.stableScreenshot()
        session.keep(before, as: "desktop-floating")
        let origin = try windowOrigin(session, before)
        // Floating: the geometry sits inside a 24 px shadow margin.
        let g = try geometry(session)
        #expect(g == [24, 24, Self.floatingSize.width, Self.floatingSize.height], "geometry \(g)")

        // Press on the header bar, left of the centred title, and drag by (150, 90).
        let press = Point(x: origin.x + 120, y: origin.y + 20)
        try session.move(to: press, afterMs: 100)
        try session.press(afterMs: 50)
        // Past the 8 px threshold the app hands the drag to weston (xdg_toplevel.move); the
        // injector is faster than any hand, so wait for weston's grab before moving on.
        try session.drag(to: Point(x: press.x + 10, y: press.y + 6), steps: 1)
        try session.waitForShellGrab(".move(wl_seat@")
        try session.drag(to: Point(x: press.x + 150, y: press.y + 90), steps: 14)
        try session.release(afterMs: 50)
        try session.parkPointer()
        let after = try session.stableScreenshot()
        session.keep(after, as: "desktop-moved")
        let moved = try windowOrigin(session, after)
        #expect(abs(moved.x - origin.x - 150) <= 2 && abs(moved.y - origin.y - 90) <= 2,
                "moved from \(origin) to \(moved), expected +(150, 90) ± 2")
        #expect(session.traceCount(.begin) == 0, "dragging the header must not start a transition")
    }

    @Test func doubleClickOnTheHeaderMaximizesWithoutShadow() throws {
        let session = try start()
        defer { session.stop() }
        let origin = try windowOrigin(session, try session.stableScreenshot())
        let header = Point(x: origin.x + 120, y: origin.y + 20)
        try session.move(to: header, afterMs: 100)
        // Two clicks 150 ms apart (GTK's double-click time is 400 ms).
        try session.press(afterMs: 20)
        try session.release(afterMs: 40)
        try session.press(afterMs: 110)
        try session.release(afterMs: 40)
        // weston's panel takes the top of the output; the window fills the rest.
        let fullWidth = Double(Self.outputWidth)
        try session.waitFor("a maximized geometry", timeout: 5) {
            guard let g = try? self.geometry(session) else { return false }
            return g[0] == 0 && g[1] == 0 && g[2] == fullWidth
        }
        try session.parkPointer()
        let shot = try session.stableScreenshot()
        session.keep(shot, as: "desktop-maximized")
        let g = try geometry(session)
        let origin2 = try windowOrigin(session, shot)
        #expect(origin2.x == 0, "a maximized window starts at the output's left edge (\(origin2))")
        #expect(origin2.y + g[3] == Double(Self.outputHeight), "and reaches its bottom: \(origin2), \(g)")
        // No shadow margin: the buffer is exactly the window geometry.
        let windowBuffers = session.protocolLines("create_buffer(").filter { !$0.contains(", 32, 32, ") }
        let buffer = windowBuffers.last ?? ""
        #expect(buffer.contains(", \(Self.outputWidth), \(Int(g[3])), "), "the last window buffer is \(buffer)")
        // The tab bar reaches the output's corner (nothing of the wallpaper or a shadow there);
        // the parked cursor covers only the very corner pixel.
        let corner = shot.pixel(x: Self.outputWidth - 3, y: Self.outputHeight - 3)
        #expect(Surface.channelDistance(corner, shot.pixel(x: Self.outputWidth - 40, y: Self.outputHeight - 3)) <= 2)
    }

    @Test func draggingTheBottomRightCornerResizes() throws {
        let session = try start()
        defer { session.stop() }
        let origin = try windowOrigin(session, try session.stableScreenshot())
        // In the shadow margin, 8 px beyond the geometry's bottom-right corner.
        let grip = Point(x: origin.x + Self.floatingSize.width + 8, y: origin.y + Self.floatingSize.height + 8)
        try session.move(to: grip, afterMs: 100)
        try session.press(afterMs: 50)
        // xdg_toplevel.resize_edge bottom_right = 10.
        try session.waitForShellGrab(".resize(wl_seat@", endingWith: ", 10)")
        try session.drag(to: Point(x: grip.x - 200, y: grip.y - 100), steps: 20)
        try session.release(afterMs: 50)
        try waitForGeometry(session, width: Self.floatingSize.width - 200, height: Self.floatingSize.height - 100)
        try session.parkPointer()
        let shot = try session.stableScreenshot()
        session.keep(shot, as: "desktop-resized")
        #expect(try windowOrigin(session, shot) == origin, "resizing from the bottom-right keeps the top-left")
        // The tab bar's last pixel row ends at the new bottom edge; below it, the shadow then wallpaper.
        let bottom = Int(origin.y) + Int(Self.floatingSize.height) - 100
        let inside = shot.pixel(x: Int(origin.x) + 100, y: bottom - 2)
        let beyond = shot.pixel(x: Int(origin.x) + 100, y: bottom + 30)
        #expect(Surface.channelDistance(inside, Color(hex: 0xF9F9F9)) <= 12, "tab bar at the new bottom: \(inside)")
        #expect(Surface.channelDistance(inside, beyond) > 40, "nothing of the window beyond its new bottom")
    }

    @Test func closeButtonEndsTheAppWithExitZero() throws {
        let session = try start()
        defer { session.stop() }
        let origin = try windowOrigin(session, try session.stableScreenshot())
        // The close button: a 24 px circle 10 px from the header's right end, centred in its 46 px.
        let close = Point(x: origin.x + Self.floatingSize.width - 22, y: origin.y + 23)
        try session.move(to: close, afterMs: 100)
        try session.press(afterMs: 50)
        try session.release(afterMs: 60)
        let code = session.app?.waitForExit(timeout: 5)
        #expect(code == 0, "exit code \(String(describing: code)); log: \(session.appLog.suffix(300))")
    }

    @Test func maximizeFullscreenUnmaximizeStaysAlive() throws {
        let session = try start()
        defer { session.stop() }
        try superShift(session, .m)
        try waitForGeometry(session, width: Double(Self.outputWidth), height: Double(Self.outputHeight - 32))
        try superShift(session, .f)
        try waitForGeometry(session, width: Double(Self.outputWidth), height: Double(Self.outputHeight))
        // Unmaximize while fullscreen: weston 10 answers configure(0, 0, [fullscreen]) and would
        // reject any commit after acknowledging it. The app does not acknowledge it.
        let configures = session.protocolLines("xdg_toplevel@").count
        try superShift(session, .m)
        try session.waitFor("weston's sizeless fullscreen configure", timeout: 5) {
            session.protocolLines("xdg_toplevel@").count > configures
        }
        // The sizeless fullscreen configure is never acknowledged: no ack follows it until the
        // next configure.
        let lines = session.protocolLines("xdg_")
        let sizeless = try #require(lines.lastIndex { $0.contains(".configure(0, 0, array[") })
        #expect(!lines[(sizeless + 1)...].contains { $0.contains("ack_configure(") })
        // Something to draw after it: a tab switch by keyboard (Ctrl+Tab).
        try session.type(.tab, holding: [.leftControl])
        try session.waitForTransitionsToSettle()
        let shot = try session.parkedScreenshot()
        session.keep(shot, as: "desktop-after-fullscreen-unmaximize")
        #expect(session.app?.isRunning == true, "the app died: \(session.appLog.suffix(400))")
        #expect(!session.appLog.contains("wl_display@1.error("), "a protocol error: \(session.appLog.suffix(400))")
        // Leaving fullscreen: weston sends the size it kept (its maximized one) without the
        // maximized state; the window floats again, inside its shadow margin.
        try superShift(session, .f)
        try session.waitFor("a floating geometry", timeout: 5) {
            guard let g = try? self.geometry(session) else { return false }
            return g[0] == 24 && g[1] == 24
        }
        let floating = try session.stableScreenshot()
        session.keep(floating, as: "desktop-after-unfullscreen")
        #expect(session.app?.isRunning == true)
        #expect(!session.appLog.contains("wl_display@1.error("))
    }

    @Test func resizeStormThroughOneByOneEndsAtTheRightSize() throws {
        let session = try start()
        defer { session.stop() }
        let origin = try windowOrigin(session, try session.stableScreenshot())
        let grip = Point(x: origin.x + Self.floatingSize.width + 8, y: origin.y + Self.floatingSize.height + 8)
        try session.move(to: grip, afterMs: 100)
        try session.press(afterMs: 50)
        try session.waitForShellGrab(".resize(wl_seat@", endingWith: ", 10)")
        // 300 motions 4 ms apart: far past the top-left (weston then asks for 1×1), sizes under
        // the minimum, and large ones, in a seeded order.
        var random = SplitMix(seed: 14)
        for step in 0..<300 {
            let target: Point
            switch step % 3 {
            case 0: target = Point(x: origin.x - 50, y: origin.y - 50)   // ≤ 1×1
            case 1: target = Point(x: origin.x + Double(random.next() % 300), y: origin.y + Double(random.next() % 400))
            default: target = Point(x: grip.x + Double(random.next() % 200), y: grip.y - Double(random.next() % 150))
            }
            try session.move(to: target, afterMs: 4)
        }
        // End where the result is under the minimum width but above the minimum height.
        let end = Point(x: origin.x + 200 + 8, y: origin.y + 600 + 8)
        try session.move(to: end, afterMs: 20)
        try session.release(afterMs: 50)
        try waitForGeometry(session, width: Self.minimumSize.width, height: 600)
        try session.parkPointer()
        let shot = try session.stableScreenshot()
        session.keep(shot, as: "desktop-after-resize-storm")
        #expect(session.app?.isRunning == true, "the app died: \(session.appLog.suffix(400))")
        #expect(!session.appLog.contains("wl_display@1.error("), "a protocol error: \(session.appLog.suffix(400))")
        #expect(try windowOrigin(session, shot) == origin)
    }
}

/// A small seeded generator, so a storm is the same every run.
struct SplitMix {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int(truncatingIfNeeded: (z ^ (z >> 31)) >> 1)
    }
}
