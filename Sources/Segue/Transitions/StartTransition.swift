import Motion

/// Which side of a transition gets appearance calls (`viewWillAppear` … `viewDidDisappear`).
public struct TransitionAppearance: OptionSet, Sendable {
    /// The sides as bits: from 1, to 2.
    public let rawValue: Int
    /// Sides from their bits (see ``rawValue``).
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The from controller disappears.
    public static let from = TransitionAppearance(rawValue: 1)
    /// The to controller appears.
    public static let to = TransitionAppearance(rawValue: 2)
    /// Both (a push, a tab switch, a full-screen presentation).
    public static let both: TransitionAppearance = [.from, .to]
}

extension ViewController {
    /// Starts a transition in a container: the one path every container takes — navigation push
    /// and pop, tab and container switches, present and dismiss, and containers written outside
    /// Segue.
    ///
    /// It owns what every transition needs in the same order, so containers differ only in their
    /// bookkeeping: it makes the ``TransitionContext`` (frames default to `containerView`'s
    /// bounds; `prepare` changes them and the participating views before the animator is asked
    /// for its duration), sets ``transitionCoordinator`` on both controllers and this one, sends
    /// the begin-appearance calls, lets the container start its own alongside work (`willBegin`:
    /// a bar's titles, tab colours), and then starts the animator — an interactive transition is
    /// handed to `interactionController` paused at 0, after the timeline is running; a plain one
    /// is animated first, then run. Before the animator runs, the to view is put at its final
    /// frame and laid out when the container owns it (``TransitionContext/containerOwnsToViewFrame``).
    /// Unanimated, the to view (when it takes part) is put in place
    /// at its final frame and the transition completes at once.
    ///
    /// When the transition ends — exactly once — `didEnd` does the container's bookkeeping (view
    /// hierarchy, child lists), then the appearance calls end (or, when cancelled, run back the
    /// other way), the coordinators are cleared, the animator hears
    /// ``AnimatedTransitioning/animationEnded(_:)``, and last `completion` runs.
    ///
    /// ```swift
    /// // A custom container switching its child:
    /// let context = startTransition(.container, from: current, to: next, in: contentView,
    ///                               animated: true, animator: CrossFade(), interactionController: swipe,
    ///                               didEnd: { completed in
    ///     (completed ? current : next).view.removeFromSuperview()
    /// })
    /// ```
    @discardableResult
    public func startTransition(
        _ kind: TransitionKind, from: ViewController, to: ViewController, in containerView: View,
        animated: Bool, animator: AnimatedTransitioning, interactionController: InteractiveTransitioning? = nil,
        appearance: TransitionAppearance = .both,
        prepare: (TransitionContext) -> Void = { _ in },
        willBegin: (TransitionContext) -> Void = { _ in },
        didEnd: @escaping (Bool) -> Void = { _ in },
        completion: ((Bool) -> Void)? = nil
    ) -> TransitionContext {
        let interaction = animated ? interactionController : nil
        let context = TransitionContext(kind: kind, containerView: containerView, from: from, to: to,
                                        animated: animated, interactive: interaction != nil, window: view.window)
        context.setInitialFrame(containerView.bounds, for: from)
        context.setFinalFrame(containerView.bounds, for: to)
        context.animationController = animator
        prepare(context)
        // The user's motion preferences, for a transition no gesture drives: reduced motion plays
        // the animator's reduced variant (a cross-fade by default); with animations off it
        // completes at the next frame (a gesture still follows the finger either way).
        let motion = view.window?.settings.motion ?? MotionPreferences()
        var animator = animator
        if animated, interaction == nil, motion.reducesMotion || !motion.animationsEnabled {
            animator = animator.reducedMotionVariant(using: context) ?? CrossFadeAnimator()
            context.animationController = animator
        }
        if animated, interaction == nil, !motion.animationsEnabled {
            context.prepareInstantTimeline()
        } else {
            context.prepareTimeline(duration: animated ? animator.transitionDuration(using: context) : 0)
        }

        let coordinated = [from, to, self]
        for controller in coordinated { controller.activeTransitionCoordinator = context.coordinator }
        if appearance.contains(.from) { from.beginAppearanceTransition(isAppearing: false, animated: animated) }
        if appearance.contains(.to) { to.beginAppearanceTransition(isAppearing: true, animated: animated) }
        willBegin(context)

        context.onComplete = { [weak context, weak from, weak to, weak self] completed in
            didEnd(completed)
            if completed {
                if appearance.contains(.from) { from?.endAppearanceTransition() }
                if appearance.contains(.to) { to?.endAppearanceTransition() }
            } else {
                // Cancelled: the appearance calls run back the other way.
                if appearance.contains(.to) { to?.runAppearanceTransition(isAppearing: false, animated: animated) }
                if appearance.contains(.from) { from?.runAppearanceTransition(isAppearing: true, animated: animated) }
            }
            for controller in [from, to, self] where controller?.activeTransitionCoordinator === context?.coordinator {
                controller?.activeTransitionCoordinator = nil
            }
            context?.animationController?.animationEnded(completed)
            completion?(completed)
        }

        if !animated {
            if let toView = context.view(forKey: .to) {
                toView.frame = context.finalFrame(for: to)
                if toView.superview !== containerView { containerView.addSubview(toView) }
            }
            context.completeTransition(true)
        } else if let interaction {
            context.sizeIncomingView()
            context.run()
            context.whileCurrent { interaction.startInteractiveTransition(context) }
        } else {
            context.sizeIncomingView()
            context.whileCurrent { animator.animateTransition(using: context) }
            context.run()
        }
        return context
    }

    /// The coordinator of the transition this controller takes part in (as either side or as
    /// the container running it), or an ancestor's; nil outside a transition — as UIKit's
    /// `transitionCoordinator`.
    public var transitionCoordinator: TransitionCoordinator? {
        activeTransitionCoordinator ?? parent?.transitionCoordinator
    }
}
