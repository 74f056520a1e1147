import Geometry
import Motion

/// What an ``InteractiveSwipe`` needs to know of the container it drives, as libadwaita's
/// `AdwSwipeable`: the geometry of the gesture and how to start its transition. The swipe owns
/// all input handling (when a drag becomes progress, the release, the rubber band, taking over
/// a settle); the container only answers these questions.
///
/// A container with one swipe adopts it itself (`swipe.swipeable = self`); the `swipe`
/// argument tells several apart.
@MainActor
public protocol Swipeable: AnyObject {
    /// Whether `pan` may start a swipe now (its ``PanGestureRecognizer/translation`` and
    /// ``GestureRecognizer/startLocation`` are known). Defaults to true.
    func swipeShouldBegin(_ swipe: InteractiveSwipe, pan: PanGestureRecognizer) -> Bool
    /// The distance of a whole transition along the drag, in pixels (a page's width, 200 px
    /// for the card flip).
    func swipeDistance(_ swipe: InteractiveSwipe) -> Double
    /// Where a fresh drag pressed at `location` (window coordinates) starts, in progress:
    /// 0 (the default), or where the press is for "the page's edge stays under the pointer".
    func swipe(_ swipe: InteractiveSwipe, initialProgressAt location: Point) -> Double
    /// Starts the transition a drag by `translation` asks for, with the swipe's
    /// ``InteractiveSwipe/interactionController`` as its interaction controller, and returns
    /// the way the drag must go to move it forward; nil when none started.
    func swipe(_ swipe: InteractiveSwipe, beginTransitionFor translation: Point) -> Direction?
}

extension Swipeable {
    /// Any drag along the swipe's axis may start it.
    public func swipeShouldBegin(_ swipe: InteractiveSwipe, pan: PanGestureRecognizer) -> Bool { true }
    /// A fresh drag starts the transition from its beginning.
    public func swipe(_ swipe: InteractiveSwipe, initialProgressAt location: Point) -> Double { 0 }
}
