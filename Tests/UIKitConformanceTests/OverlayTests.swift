import SegueKit
import SegueTesting
import Testing

/// A custom-style presentation with its own presentation controller (Scenes/Overlay.swift),
/// against tutorial 000's figures: the panel centred at two thirds of the container each way,
/// opening from one point wide to full width on UIKit's default ease-in-out over 0.5 s (half way
/// at half time), a black dimming at half opacity growing from the panel's rect to the
/// container alongside, fading out on dismissal; the presenter never leaves the window.
@MainActor
@Suite("UIKit conformance: a custom presentation and its presentation controller")
struct OverlayTests {
    static let size = Size(width: 900, height: 600)
    static let panel = Rect(x: 150, y: 100, width: 600, height: 400)
    static let duration = 0.5

    @MainActor
    struct Scene {
        let base = PlainPage("Base", colour: Color(hex: 0xF4F1DE))
        let panel = PanelPage()
        let host: OffscreenWindow
        init() { host = OffscreenWindow(root: base, size: OverlayTests.size) }
    }

    @Test func opensFromASliverOverTheDimmingWithThePresenterInPlace() throws {
        let scene = Scene()
        let rootView = scene.host.window.rootView
        scene.base.present(scene.panel, animated: true)
        scene.host.frame()
        let context = try #require(scene.host.window.activeTransitions.last)
        #expect(context.view(forKey: .from) == nil, "a custom presentation keeps the presenter's view out of the animator's hands")
        #expect(context.view(forKey: .to) === scene.panel.view)
        #expect(context.finalFrame(for: scene.panel) == Self.panel)
        scene.host.frame(after: Self.duration / 2)
        let sliver = Rect(x: Self.panel.midX - 0.5, y: Self.panel.minY, width: 1, height: Self.panel.height)
        #expect(Check.close(scene.panel.view.frame, Rect.interpolate(from: sliver, to: Self.panel, fraction: 0.5), 0.5),
                "\(scene.panel.view.frame)")
        let dimming = try #require(scene.panel.presentation?.dimming)
        let container = Rect(size: Self.size)
        #expect(Check.close(dimming.frame, Rect.interpolate(from: Self.panel, to: container, fraction: 0.5), 0.5), "\(dimming.frame)")
        #expect(scene.base.view.superview === rootView && !scene.base.view.isHidden)
        scene.host.runFrames()
        #expect(scene.panel.view.frame == Self.panel && dimming.frame == container)
        let shot = scene.host.render()
        // Half-transparent black over the base page's colour.
        let base = Color(hex: 0xF4F1DE)
        #expect(Check.isColour(shot.pixel(x: 40, y: 40), Color(red: base.red / 2, green: base.green / 2, blue: base.blue / 2)))
        #expect(Check.isColour(shot.pixel(x: 450, y: 300), PanelPage.colour))
        #expect(scene.panel.events == ["presentation will begin, presented: true", "presentation did end true"])
    }

    @Test func closesBackToASliverWhileTheDimmingFades() throws {
        let scene = Scene()
        let rootView = scene.host.window.rootView
        scene.base.present(scene.panel, animated: true)
        scene.host.runFrames()
        let dimming = try #require(scene.panel.presentation?.dimming)
        scene.panel.dismiss(animated: true)
        scene.host.frame()
        scene.host.frame(after: Self.duration / 2)
        #expect(Check.close(dimming.alpha, 0.5, 0.01), "\(dimming.alpha)")
        #expect(Check.close(scene.panel.view.frame.width, (Self.panel.width + 1) / 2, 0.5), "\(scene.panel.view.frame)")
        scene.host.runFrames()
        #expect(scene.base.presentedViewController == nil && dimming.superview == nil)
        #expect(scene.base.view.superview === rootView && !scene.base.view.isHidden)
        #expect(Array(scene.panel.events.suffix(2)) == ["dismissal will begin, dismissed: true", "dismissal did end true"])
    }

    /// The container's resize lays the panel out again at two thirds (between transitions).
    @Test func aResizeKeepsThePanelAtTwoThirds() throws {
        let scene = Scene()
        scene.base.present(scene.panel, animated: true)
        scene.host.runFrames()
        scene.host.window.resize(to: Size(width: 600, height: 450))
        scene.host.frame()
        #expect(Check.close(scene.panel.view.frame, Rect(x: 100, y: 75, width: 400, height: 300)), "\(scene.panel.view.frame)")
        #expect(scene.panel.presentation?.dimming.frame == Rect(x: 0, y: 0, width: 600, height: 450))
    }
}
