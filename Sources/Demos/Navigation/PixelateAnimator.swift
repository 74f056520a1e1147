import Canvas
import Motion
import Segue

/// Tutorial 003's pixelate dissolve, driven by the display link: at progress p the old page
/// is pixelated in blocks of p × 0.1 of the width, the new one in blocks of (1 − p) × 0.1, and
/// the two are mixed by p. Both pages are snapshotted once; each frame only re-samples them.
/// Driven by frame time on its own, by the drag's progress when a gesture drives it.
@MainActor
final class PixelateAnimator: AnimatedTransitioning {
    /// The tutorial gives no duration; one second shows the dissolve clearly.
    static let duration = 1.0

    func transitionDuration(using context: TransitionContext?) -> Double { PixelateAnimator.duration }

    func animateTransition(using context: TransitionContext) {
        let container = context.containerView
        guard let fromView = context.view(forKey: .from), let toView = context.view(forKey: .to) else {
            context.completeTransition(!context.transitionWasCancelled)
            return
        }
        let finalFrame = context.finalFrame(for: context.toViewController)
        toView.frame = finalFrame.isEmpty ? container.bounds : finalFrame
        if toView.superview !== container { container.addSubview(toView) }
        let scale = container.window?.deviceScale ?? 1
        let effect = PixelateView(from: fromView.snapshot(deviceScale: scale), to: toView.snapshot(deviceScale: scale))
        effect.frame = container.bounds
        container.addSubview(effect)
        fromView.isHidden = true
        toView.isHidden = true

        context.addAnimation { progress in effect.progress = progress }
        context.addCompletion { _ in
            effect.removeFromSuperview()
            fromView.isHidden = false
            toView.isHidden = false
            context.completeTransition(!context.transitionWasCancelled)
        }
    }
}

/// Draws the dissolve straight into each frame (its content changes every frame, so caching
/// it would only cost a copy).
@MainActor
final class PixelateView: View {
    private let source: Surface
    private let target: Surface
    /// Its small surfaces are kept across frames (one per block size in use).
    private let pixelation = Pixelation()
    var progress = 0.0 { didSet { if progress != oldValue { setNeedsDisplay() } } }

    init(from source: Surface, to target: Surface) {
        self.source = source
        self.target = target
        super.init()
    }

    override var drawsContent: Bool { true }
    override var cachesContent: Bool { false }

    /// The block size (in points) of each layer at `progress`, for a page `width` wide.
    static func blockSizes(progress p: Double, width: Double) -> (source: Double, target: Double) {
        (p * 0.1 * width, (1 - p) * 0.1 * width)
    }

    override func draw(in canvas: Canvas) {
        let blocks = PixelateView.blockSizes(progress: progress, width: bounds.width)
        pixelation.draw(source, in: bounds, blockSize: blocks.source, on: canvas)
        pixelation.draw(target, in: bounds, blockSize: blocks.target, alpha: progress, on: canvas)
    }
}
