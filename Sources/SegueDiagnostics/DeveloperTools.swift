import Geometry
import Segue

/// Segue's developer tools for one window: the motion plot (a live graph of the latest
/// transition's progress, its release and why it committed) and the slow-animation badge, with
/// their keys. Nothing of it is in a window unless an app attaches it:
///
/// ```swift
/// let tools = DeveloperTools.attached(to: window)   // Ctrl+T slows animations ×5, Ctrl+Shift+M plots
/// tools.showsMotionPlot = true
/// ```
///
/// It is built on the window's public hooks alone (an overlay, the frame ticks and the trace),
/// as an app's own tools would be.
@MainActor
public final class DeveloperTools {
    /// The factor Ctrl+T toggles to (and back to 1), as the iOS Simulator's Slow Animations.
    public static let slowAnimationsToggleFactor = 5.0

    /// The window the tools are attached to.
    public private(set) weak var window: Window?
    /// What the motion plot graphs: the latest transition, recorded whether or not it shows.
    package let recording = MotionRecording()
    /// The motion plot's panel (hidden unless ``showsMotionPlot``).
    package let motionPlot: MotionPlotView
    private let badge = SlowAnimationsBadge()
    /// Both tools' views, drawn above the window's content.
    private let overlay = DeveloperOverlay()

    /// Shows the motion plot in the content's top-right corner (Ctrl+Shift+M toggles it).
    public var showsMotionPlot = false {
        didSet {
            guard showsMotionPlot != oldValue else { return }
            motionPlot.isHidden = !showsMotionPlot
            window?.setNeedsDisplay()
        }
    }

    /// The tools attached to `window`, attaching them first if it has none: records its
    /// transitions from then on, draws above its content, and adds ``keyBindings`` after the
    /// window's own. The window keeps them as long as it lives.
    public static func attached(to window: Window) -> DeveloperTools {
        for case let overlay as DeveloperOverlay in window.overlayViews {
            if let tools = overlay.tools { return tools }
        }
        return DeveloperTools(window: window)
    }

    private init(window: Window) {
        self.window = window
        motionPlot = MotionPlotView(recording: recording)
        motionPlot.isHidden = true
        overlay.tools = self
        overlay.addSubview(badge)
        overlay.addSubview(motionPlot)
        // The window's hooks hold the tools; the tools hold the window weakly.
        window.addOverlay(overlay) { window in self.prepareFrame(in: window) }
        window.addTickObserver { window in self.recording.sample(at: window.now) }
        window.addTraceObserver { [weak window] record in
            guard let window else { return }
            self.recording.record(record, at: window.now, running: window.activeTransitions)
        }
        window.keyBindings += keyBindings
    }

    /// Ctrl+T (slow animations ×5 on, or back to the launch factor when that is not 1, then
    /// off) and Ctrl+Shift+M (the motion plot on and off).
    public var keyBindings: [KeyBinding] {
        [
            KeyBinding(KeyShortcut(.character("t"), modifiers: .control), title: "Slow Animations") { window in
                window.animationSlowdown = window.animationSlowdown == 1 ? Self.slowAnimationsToggleFactor : 1
            },
            KeyBinding(KeyShortcut(.character("m"), modifiers: [.control, .shift]), title: "Motion Plot") { window in
                DeveloperTools.attached(to: window).showsMotionPlot.toggle()
            },
        ]
    }

    /// Places the panel and the badge in the content area: the badge goes below the panel
    /// when that shows (which would cover it).
    private func prepareFrame(in window: Window) {
        overlay.frame = Rect(size: window.size)
        var area = window.contentRect
        if showsMotionPlot {
            let frame = MotionPlotView.frame(in: area)
            if motionPlot.frame != frame { motionPlot.frame = frame }
            motionPlot.refresh()
            area = Rect(x: area.minX, y: frame.maxY, width: area.width, height: max(0, area.maxY - frame.maxY))
        }
        badge.update(factor: window.animationSlowdown, in: area)
    }
}

/// The view both tools draw in; it lets ``DeveloperTools/attached(to:)`` find the tools of a window.
@MainActor
private final class DeveloperOverlay: View {
    weak var tools: DeveloperTools?
}
