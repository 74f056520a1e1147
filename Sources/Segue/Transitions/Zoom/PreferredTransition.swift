import Geometry

extension ViewController {
    /// A transition a controller asks for when it is pushed or presented, as UIKit's
    /// `UIViewController.Transition` (iOS 18): set it as ``ViewController/preferredTransition``
    /// on the controller that comes in. A navigation controller's or transitioning delegate's
    /// own animator, when it supplies one, still wins.
    @MainActor
    public final class Transition {
        /// What the transition does.
        enum Style {
            case zoom(ZoomOptions, (ZoomTransitionSourceViewProviderContext) -> View?)
            case coverVertical
            case crossDissolve
        }
        let style: Style

        init(_ style: Style) { self.style = style }

        /// The animator that opens (push, present) or closes (pop, dismiss) `controller`'s page.
        /// Opening a zoom gives the page its drag and pinch, whichever animator then plays (with
        /// reduced motion, a cross-fade).
        func animator(opening: Bool, for controller: ViewController) -> AnimatedTransitioning {
            if opening, case let .zoom(options, _) = style { ZoomInteraction.attach(to: controller, options: options) }
            return animator(opening: opening)
        }

        /// The animator that opens (push, present) or closes (pop, dismiss) the page.
        func animator(opening: Bool) -> AnimatedTransitioning {
            switch style {
            case let .zoom(options, provider): ZoomAnimator(opening: opening, options: options, sourceViewProvider: provider)
            case .coverVertical: SlideAnimator(direction: opening ? .up : .down)
            case .crossDissolve: CrossFadeAnimator()
            }
        }

        /// The page grows out of a source view (a thumbnail) and shrinks back into it; a drag
        /// on the page (down, or any way once caught) or a pinch in takes it back
        /// interactively, following the pointer in both dimensions (``ZoomAnimator``).
        ///
        /// `sourceViewProvider` is asked for the source view when the page opens and again
        /// when it closes, and at the instant a drag lets go: return the view that shows the
        /// page's item *now* (after the user paged to another picture, that picture's cell),
        /// or nil to fly into the middle of the window.
        public static func zoom(options: ZoomOptions? = nil,
                                sourceViewProvider: @escaping (ZoomTransitionSourceViewProviderContext) -> View?) -> Transition {
            Transition(.zoom(options ?? ZoomOptions(), sourceViewProvider))
        }

        /// The page slides up from the bottom and back down (a ``SlideAnimator``).
        public static var coverVertical: Transition { Transition(.coverVertical) }
        /// The page fades in over the one beneath and out again (a ``CrossFadeAnimator``).
        public static var crossDissolve: Transition { Transition(.crossDissolve) }

        /// Options of a zoom transition, as UIKit's `UIViewController.Transition.ZoomOptions`.
        @MainActor
        public final class ZoomOptions {
            /// Asked when a drag or a pinch on the zoomed page could start its interactive
            /// close; return false to leave the input to the page. nil: the default
            /// (``ZoomTransitionInteractionContext/willBegin``).
            public var interactiveDismissShouldBegin: ((ZoomTransitionInteractionContext) -> Bool)?
            /// The part of the zoomed page (in its view's coordinates) that lines up with the
            /// source view, such as the picture on a page with a caption; nil: the whole page.
            public var alignmentRectProvider: ((ZoomTransitionAlignmentRectContext) -> Rect?)?
            /// What covers the page beneath while the zoomed page is open, fading with the
            /// zoom; nil: ``ZoomAnimator/defaultDimmingColor``.
            public var dimmingColor: Color?

            /// Options with every default.
            public init() {}
        }
    }

    /// UIKit's name for ``ViewController/Transition/ZoomOptions``, at the top level.
    public typealias ZoomOptions = Transition.ZoomOptions
}

/// What ``ViewController/Transition/zoom(options:sourceViewProvider:)``'s provider is told, as
/// `UIZoomTransitionSourceViewProviderContext`.
@MainActor
public struct ZoomTransitionSourceViewProviderContext {
    /// The controller the source view belongs to (the page beneath).
    public let sourceViewController: ViewController
    /// The controller that zooms (the one the transition was set on).
    public let zoomedViewController: ViewController
}

/// What ``ViewController/Transition/ZoomOptions/interactiveDismissShouldBegin`` is told, as
/// `UIZoomTransitionInteractionContext`.
@MainActor
public struct ZoomTransitionInteractionContext {
    /// Where the pointer is, in the zoomed page's coordinates.
    public let location: Point
    /// The pointer's velocity, in pixels per second (0 for a pinch).
    public let velocity: Point
    /// Whether the close would begin by default: a drag that goes down more than sideways, or
    /// any pinch in.
    public let willBegin: Bool
}

/// What ``ViewController/Transition/ZoomOptions/alignmentRectProvider`` is told, as
/// `UIZoomTransitionAlignmentRectContext`.
@MainActor
public struct ZoomTransitionAlignmentRectContext {
    /// The source view the page lines up with.
    public let sourceView: View
    /// The controller that zooms.
    public let zoomedViewController: ViewController
}
