import Geometry
import Motion

/// The fingers on a zoomed page: a drag (down to begin, then any way) or a pinch in closes it
/// interactively, and a press on any of its flights catches it. One per zoomed controller,
/// from its first zoom until it is closed for good.
@MainActor
final class ZoomInteraction {
    /// The drag that holds the page.
    let pan = PanGestureRecognizer(axis: .any)
    /// The pinch (touchpad, Ctrl+scroll) that holds the page.
    let pinch = PinchGestureRecognizer()
    private weak var controller: ViewController?
    private let options: ViewController.ZoomOptions
    /// Offered to the container while this interaction starts a close, and only then: a Back
    /// click must not be handed an interaction controller nobody drives.
    private(set) var startingInteraction: PercentDrivenInteractiveTransition?
    /// The transition the fingers drive now, and its interaction controller.
    private var driving: PercentDrivenInteractiveTransition?
    /// The recognizer that holds the page now (the other one is ignored meanwhile).
    private weak var holder: GestureRecognizer?

    /// Gives `controller` its zoom interaction (once): the drag and the pinch on its view.
    static func attach(to controller: ViewController, options: ViewController.ZoomOptions) {
        guard controller.zoomInteraction == nil else { return }
        let interaction = ZoomInteraction(controller: controller, options: options)
        controller.zoomInteraction = interaction
        controller.view.addGestureRecognizer(interaction.pan)
        controller.view.addGestureRecognizer(interaction.pinch)
    }

    private init(controller: ViewController, options: ViewController.ZoomOptions) {
        self.controller = controller
        self.options = options
        pan.coalescesMotion = true
        pan.shouldBegin = { [weak self] _ in self?.panShouldBegin() ?? false }
        pan.onChange = { [weak self] _ in self?.handle(self?.pan) }
        pinch.shouldBegin = { [weak self] _ in self?.pinchShouldBegin() ?? false }
        pinch.onChange = { [weak self] _ in self?.handle(self?.pinch) }
    }

    /// The page closed for good: its recognizers go.
    func detach() {
        guard let controller else { return }
        if controller.isViewLoaded {
            controller.view.removeGestureRecognizer(pan)
            controller.view.removeGestureRecognizer(pinch)
        }
        controller.zoomInteraction = nil
    }

    /// The page is where a close can start: on top of its navigation stack, or presented with
    /// nothing over it, and nothing running.
    private var canClose: Bool {
        guard let controller else { return false }
        if let navigation = controller.parent as? NavigationController {
            return navigation.topViewController === controller && navigation.activeTransition == nil
                && navigation.viewControllers.count > 1
        }
        return controller.presentingViewController != nil && controller.presentationTransition == nil
            && controller.presentedViewController == nil
    }

    private func panShouldBegin() -> Bool {
        guard canClose, let controller else { return false }
        let t = pan.translation
        let willBegin = t.y > 0 && t.y > abs(t.x)
        let context = ZoomTransitionInteractionContext(location: pan.location(in: controller.view),
                                                       velocity: pan.velocity, willBegin: willBegin)
        return options.interactiveDismissShouldBegin?(context) ?? willBegin
    }

    private func pinchShouldBegin() -> Bool {
        guard canClose, let controller else { return false }
        let willBegin = pinch.scale <= 1
        let context = ZoomTransitionInteractionContext(location: pinch.location(in: controller.view),
                                                       velocity: .zero, willBegin: willBegin)
        return options.interactiveDismissShouldBegin?(context) ?? willBegin
    }

    /// Starts the close under a fresh interaction controller; nil when the container would not.
    private func startClose() -> TransitionContext? {
        guard let controller else { return nil }
        let interaction = PercentDrivenInteractiveTransition()
        startingInteraction = interaction
        defer { startingInteraction = nil }
        if let navigation = controller.parent as? NavigationController {
            guard navigation.popViewController(animated: true) != nil else { return nil }
        } else {
            guard controller.dismissPresentation(animated: true) else { return nil }
        }
        guard let context = interaction.context, context.animationController is ZoomAnimator else {
            // Another animator took the close (a delegate's): it is not ours to hold.
            interaction.cancel()
            return nil
        }
        driving = interaction
        return context
    }

    /// A press landed on a flight of `context`: it stops where it is and the drag holds it.
    func takeOver(_ context: TransitionContext, at point: Point) -> GestureRecognizer? {
        guard !context.isComplete, !context.isInteractive, holder == nil,
              let animator = context.animationController as? ZoomAnimator else { return nil }
        context.pauseForInteraction()
        let interaction = PercentDrivenInteractiveTransition()
        interaction.resume(context)
        driving = interaction
        holder = pan
        interaction.update(animator.beginHold(at: containerPoint(point, in: context)))
        return pan
    }

    private func containerPoint(_ point: Point, in context: TransitionContext) -> Point {
        context.containerView.transformToRoot.inverted()?.apply(to: point) ?? point
    }

    private func handle(_ recognizer: GestureRecognizer?) {
        guard let recognizer, holder == nil || holder === recognizer else { return }
        switch recognizer.state {
        case .began:
            if let context = driving?.context, holder === recognizer {
                // Caught in flight: the hold began in takeOver.
                return move(recognizer, context: context)
            }
            guard let context = startClose(), let animator = context.animationController as? ZoomAnimator else { return }
            holder = recognizer
            // The drag began past the slop: the page is taken where it was pressed, and catches
            // up with the finger at once.
            driving?.update(animator.beginHold(at: containerPoint(recognizer.startLocation, in: context)))
            move(recognizer, context: context)
        case .changed:
            if let context = driving?.context { move(recognizer, context: context) }
        case .ended:
            release(recognizer, cancelled: false)
        case .cancelled, .failed:
            release(recognizer, cancelled: true)
        case .possible:
            break
        }
    }

    private func move(_ recognizer: GestureRecognizer, context: TransitionContext) {
        guard let animator = context.animationController as? ZoomAnimator, let driving else { return }
        if recognizer === pinch {
            driving.update(animator.moveHold(translation: .zero, pinchScale: pinch.scale))
        } else {
            driving.update(animator.moveHold(translation: pan.translation(in: context.containerView)))
        }
    }

    private func release(_ recognizer: GestureRecognizer, cancelled: Bool) {
        defer { holder = nil; driving = nil }
        guard let driving, let context = driving.context, let animator = context.animationController as? ZoomAnimator,
              animator.isHeld else { return }
        let height = context.containerView.bounds.height
        let closes: Bool
        let velocity: Point
        if cancelled {
            closes = false
            velocity = .zero
        } else if recognizer === pinch {
            closes = ZoomAnimator.pinchCloses(scale: pinch.scale, velocity: pinch.velocity)
            velocity = .zero
        } else {
            velocity = pan.velocity(in: context.containerView)
            closes = ZoomAnimator.closesIntoSource(translation: pan.translation(in: context.containerView),
                                                  velocity: velocity, containerHeight: height)
        }
        let end = animator.endHold(closes: closes, velocity: velocity)
        context.releaseReason = closes ? "zoom: closes into the source" : "zoom: back to full size"
        if end.finishes { driving.finish(velocity: end.velocity) } else { driving.cancel(velocity: end.velocity) }
    }
}
