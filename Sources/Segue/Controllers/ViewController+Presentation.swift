import Motion

extension ViewController {
    /// Presents `controller` over the window, as UIKit's `present(_:animated:completion:)`:
    /// from the top of the presentation chain, with the presented controller's transitioning
    /// delegate (default: slide up, 0.5 s). Ignored while another presentation transition runs.
    public func present(_ controller: ViewController, animated: Bool = true, completion: (() -> Void)? = nil) {
        guard let window = view.window, controller.presentingViewController == nil else { return }
        var presenter = window.rootViewController
        while let next = presenter.presentedViewController { presenter = next }
        guard presenter.presentationTransition == nil, presenter !== controller else { return }

        let delegate = controller.transitioningDelegate
        let presentation = (controller.modalPresentationStyle == .custom
            ? delegate?.presentationController(forPresented: controller, presenting: presenter) : nil)
            ?? PresentationController(presentedViewController: controller, presenting: presenter)
        let container = PresentationContainerView(presentation: presentation)
        container.frame = window.rootView.bounds
        window.rootView.addSubview(container)
        presentation.containerView = container
        presenter.presentedViewController = controller
        controller.presentingViewController = presenter
        controller.presentationController = presentation

        let animator = delegate?.animationController(forPresented: controller, presenting: presenter)
            ?? SlideAnimator(direction: .up)
        let interaction = animated ? delegate?.interactionControllerForPresentation(using: animator) : nil
        let context = TransitionContext(kind: .present, containerView: container, from: presenter, to: controller,
                                        animated: animated, interactive: interaction != nil, window: window)
        context.setParticipatingViews(from: false, to: true)
        context.setInitialFrame(container.bounds, for: presenter)
        context.setFinalFrame(container.bounds, for: presenter)
        context.setFinalFrame(presentation.frameOfPresentedViewInContainerView, for: controller)
        context.animationController = animator
        context.prepareTimeline(duration: animated ? animator.transitionDuration(using: context) : 0)
        controller.presentationTransition = context

        let removesPresenter = presentation.shouldRemovePresentersView
        if removesPresenter { presenter.beginAppearanceTransition(isAppearing: false, animated: animated) }
        controller.beginAppearanceTransition(isAppearing: true, animated: animated)
        presentation.presentationTransitionWillBegin(coordinator: context.coordinator)

        context.onComplete = { [weak controller, weak presenter, weak context] completed in
            guard let controller, let presenter else { return }
            controller.presentationTransition = nil
            if completed {
                if removesPresenter {
                    // Off screen while covered: nothing to draw under a full-screen page.
                    presenter.view.isHidden = true
                    presenter.endAppearanceTransition()
                }
                controller.endAppearanceTransition()
                controller.installDismissSwipe()
            } else {
                container.removeFromSuperview()
                controller.detachFromPresenter()
                controller.runAppearanceTransition(isAppearing: false, animated: animated)
                if removesPresenter {
                    presenter.runAppearanceTransition(isAppearing: true, animated: animated)
                }
            }
            presentation.presentationTransitionDidEnd(completed)
            context?.animationController?.animationEnded(completed)
            if completed { completion?() }
        }

        if !animated {
            controller.view.frame = presentation.frameOfPresentedViewInContainerView
            container.addSubview(controller.view)
            context.completeTransition(true)
        } else if let interaction {
            context.run()
            interaction.startInteractiveTransition(context)
        } else {
            animator.animateTransition(using: context)
            context.run()
        }
    }

    /// Dismisses what this controller presents, or this controller if it is presented.
    public func dismiss(animated: Bool = true, completion: (() -> Void)? = nil) {
        _ = dismissPresentation(animated: animated, completion: completion)
    }

    /// Drops the links between this presented controller, its presenter and its presentation.
    fileprivate func detachFromPresenter() {
        presentingViewController?.presentedViewController = nil
        presentingViewController = nil
        presentationController = nil
    }

    /// The topmost presented controller in this window's chain, or nil.
    var topPresentedViewController: ViewController? {
        var top = presentedViewController
        while let next = top?.presentedViewController { top = next }
        return top
    }

    @discardableResult
    func dismissPresentation(animated: Bool, completion: (() -> Void)? = nil) -> Bool {
        let presented = topPresentedViewController ?? (presentingViewController != nil ? self : nil)
        guard let presented, presented.presentedViewController == nil,
              let presenter = presented.presentingViewController,
              let presentation = presented.presentationController,
              let container = presentation.containerView,
              presented.presentationTransition == nil else { return false }

        let delegate = presented.transitioningDelegate
        let animator = delegate?.animationController(forDismissed: presented) ?? SlideAnimator(direction: .down)
        let interaction = animated
            ? (delegate?.interactionControllerForDismissal(using: animator) ?? presented.dismissSwipe?.interactionController)
            : nil
        let context = TransitionContext(kind: .dismiss, containerView: container, from: presented, to: presenter,
                                        animated: animated, interactive: interaction != nil, window: view.window)
        context.setParticipatingViews(from: true, to: false)
        context.setInitialFrame(presented.view.frame, for: presented)
        context.setInitialFrame(container.bounds, for: presenter)
        context.setFinalFrame(container.bounds, for: presenter)
        context.animationController = animator
        context.prepareTimeline(duration: animated ? animator.transitionDuration(using: context) : 0)
        presented.presentationTransition = context

        let removesPresenter = presentation.shouldRemovePresentersView
        if removesPresenter {
            presenter.view.isHidden = false
            presenter.beginAppearanceTransition(isAppearing: true, animated: animated)
        }
        presented.beginAppearanceTransition(isAppearing: false, animated: animated)
        presentation.dismissalTransitionWillBegin(coordinator: context.coordinator)

        context.onComplete = { [weak presented, weak presenter, weak context] completed in
            guard let presented, let presenter else { return }
            presented.presentationTransition = nil
            if completed {
                container.removeFromSuperview()
                presented.view.removeFromSuperview()
                presented.view.transform = .identity
                presented.detachFromPresenter()
                if let swipe = presented.dismissSwipe { presented.view.removeGestureRecognizer(swipe.recognizer) }
                presented.dismissSwipe = nil
                presented.endAppearanceTransition()
                if removesPresenter { presenter.endAppearanceTransition() }
            } else {
                presented.view.transform = .identity
                if removesPresenter {
                    presenter.view.isHidden = true
                    presenter.runAppearanceTransition(isAppearing: false, animated: animated)
                }
                presented.runAppearanceTransition(isAppearing: true, animated: animated)
            }
            presentation.dismissalTransitionDidEnd(completed)
            context?.animationController?.animationEnded(completed)
            if completed { completion?() }
        }

        if !animated {
            context.completeTransition(true)
        } else if let interaction {
            context.run()
            interaction.startInteractiveTransition(context)
        } else {
            animator.animateTransition(using: context)
            context.run()
        }
        return true
    }

    /// A drag down on the presented page dismisses it, following the pointer, settling on the
    /// sheet spring from the release velocity.
    fileprivate func installDismissSwipe() {
        guard dismissesOnDragDown, dismissSwipe == nil else { return }
        let swipe = InteractiveSwipe(axis: .vertical)
        swipe.settleSpring = Spring.sheetSettle
        swipe.distance = { [weak self] in self?.view.bounds.height ?? 1 }
        swipe.startTransition = { [weak self] translation in
            guard let self, translation.y > 0, self.dismissPresentation(animated: true) else { return nil }
            return .down
        }
        swipe.recognizer.shouldBegin = { [weak self] pan in
            guard let self, let pan = pan as? PanGestureRecognizer else { return false }
            return self.presentationTransition == nil && self.presentedViewController == nil && pan.translation.y > 0
        }
        view.addGestureRecognizer(swipe.recognizer)
        dismissSwipe = swipe
    }
}

/// The view a presentation lives in: the whole window, above the presenter.
@MainActor
final class PresentationContainerView: View {
    weak var presentation: PresentationController?

    init(presentation: PresentationController) {
        self.presentation = presentation
        super.init()
    }

    override func layoutSubviews() {
        presentation?.containerViewDidLayout()
    }
}
