import Geometry
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
            ? delegate?.presentationController(forPresented: controller, presenting: presenter, source: self) : nil)
            ?? PresentationController(presentedViewController: controller, presenting: presenter)
        let container = PresentationContainerView(presentation: presentation)
        container.frame = window.rootView.bounds
        window.rootView.addSubview(container)
        presentation.containerView = container
        presenter.presentedViewController = controller
        controller.presentingViewController = presenter
        controller.presentationController = presentation

        let animator = delegate?.animationController(forPresented: controller, presenting: presenter, source: self)
            ?? controller.preferredTransition?.animator(opening: true, for: controller)
            ?? SlideAnimator(direction: .up)
        let interaction = animated ? delegate?.interactionControllerForPresentation(using: animator) : nil
        let removesPresenter = presentation.shouldRemovePresentersView
        let presenterPlace = ViewPlace(presenter.view)
        startTransition(
            .present, from: presenter, to: controller, in: container, animated: animated,
            animator: animator, interactionController: interaction,
            appearance: removesPresenter ? .both : .to,
            prepare: { context in
                context.setParticipatingViews(from: false, to: true)
                // A custom presentation's animator places the presented view (its presentation
                // controller's frame is only reported); a full-screen one finds it sized.
                context.containerOwnsToViewFrame = controller.modalPresentationStyle != .custom
                context.setInitialFrame(container.bounds, for: presenter)
                context.setFinalFrame(container.bounds, for: presenter)
                context.setFinalFrame(presentation.frameOfPresentedViewInContainerView, for: controller)
                controller.presentationTransition = context
            },
            willBegin: { context in presentation.presentationTransitionWillBegin(coordinator: context.coordinator) },
            didEnd: { [weak controller, weak presenter] completed in
                guard let controller, let presenter else { return }
                controller.presentationTransition = nil
                // UIKit keeps the presenter's view where it belongs whatever the animator did with it.
                if removesPresenter { presenterPlace.restore(presenter.view) }
                if completed {
                    // Off screen while covered: nothing to draw under a full-screen page.
                    if removesPresenter { presenter.view.isHidden = true }
                    controller.installDismissSwipe()
                } else {
                    container.removeFromSuperview()
                    controller.detachFromPresenter()
                }
            },
            completion: { completed in
                presentation.presentationTransitionDidEnd(completed)
                if completed { completion?() }
            })
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
        let animator = delegate?.animationController(forDismissed: presented)
            ?? presented.preferredTransition?.animator(opening: false)
            ?? SlideAnimator(direction: .down)
        let interaction = animated
            ? (delegate?.interactionControllerForDismissal(using: animator) ?? presented.dragDownDismissal?.swipe.interactionController
                ?? presented.zoomInteraction?.startingInteraction)
            : nil
        let removesPresenter = presentation.shouldRemovePresentersView
        let presenterPlace = ViewPlace(presenter.view)
        startTransition(
            .dismiss, from: presented, to: presenter, in: container, animated: animated,
            animator: animator, interactionController: interaction,
            appearance: removesPresenter ? .both : .from,
            prepare: { context in
                context.setParticipatingViews(from: true, to: false)
                context.setInitialFrame(presented.view.frame, for: presented)
                context.setInitialFrame(container.bounds, for: presenter)
                context.setFinalFrame(container.bounds, for: presenter)
                presented.presentationTransition = context
                if removesPresenter { presenter.view.isHidden = false }
            },
            willBegin: { context in presentation.dismissalTransitionWillBegin(coordinator: context.coordinator) },
            didEnd: { [weak presented, weak presenter] completed in
                guard let presented, let presenter else { return }
                presented.presentationTransition = nil
                presented.view.transform = .identity
                // A full-screen dismissal's animator may put the presenter's view into the container
                // (at the back, as UIKit allows) or take it out again when
                // cancelled: as UIKit does, it goes back where it belongs before the container goes.
                if removesPresenter { presenterPlace.restore(presenter.view) }
                if completed {
                    container.removeFromSuperview()
                    presented.view.removeFromSuperview()
                    presented.detachFromPresenter()
                    if let drag = presented.dragDownDismissal { presented.view.removeGestureRecognizer(drag.swipe.recognizer) }
                    presented.dragDownDismissal = nil
                } else if removesPresenter {
                    presenter.view.isHidden = true
                }
            },
            completion: { completed in
                presentation.dismissalTransitionDidEnd(completed)
                if completed { completion?() }
            })
        return true
    }

    /// A drag down on the presented page dismisses it, following the pointer, settling on the
    /// sheet spring from the release velocity.
    fileprivate func installDismissSwipe() {
        guard dismissesOnDragDown, dragDownDismissal == nil, zoomInteraction == nil else { return }
        let drag = DragDownDismissal(controller: self)
        view.addGestureRecognizer(drag.swipe.recognizer)
        dragDownDismissal = drag
    }
}

/// The drag down on a presented page that dismisses it: its swipe, and the geometry that swipe
/// asks for (the page's height; only downwards, only while nothing else runs).
@MainActor
final class DragDownDismissal: Swipeable {
    let swipe = InteractiveSwipe(axis: .vertical)
    private weak var controller: ViewController?

    init(controller: ViewController) {
        self.controller = controller
        swipe.settleSpring = Spring.sheetSettle
        swipe.swipeable = self
    }

    func swipeShouldBegin(_ swipe: InteractiveSwipe, pan: PanGestureRecognizer) -> Bool {
        guard let controller else { return false }
        return controller.presentationTransition == nil && controller.presentedViewController == nil && pan.translation.y > 0
    }

    func swipeDistance(_ swipe: InteractiveSwipe) -> Double { controller?.view.bounds.height ?? 1 }

    func swipe(_ swipe: InteractiveSwipe, beginTransitionFor translation: Point) -> Direction? {
        guard let controller, translation.y > 0, controller.dismissPresentation(animated: true) else { return nil }
        return .down
    }
}

/// Where a view sits in the tree (its superview and index), to put it back there after an
/// animator moved it.
@MainActor
struct ViewPlace {
    private weak var superview: View?
    private let index: Int

    init(_ view: View) {
        superview = view.superview
        index = view.superview?.subviews.firstIndex { $0 === view } ?? 0
    }

    /// Puts `view` back in its superview at its index, when it was moved elsewhere (or out).
    func restore(_ view: View) {
        guard let superview, view.superview !== superview else { return }
        superview.insertSubview(view, at: index)
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
