import Segue

/// Tab 3: tutorial 001's gallery (flat zoom push and pop).
@MainActor
enum GalleryTab {
    static func make() -> ViewController {
        let gallery = GalleryNavigationController()
        gallery.tabBarItem = TabBarItem(title: localized("Gallery"), icon: .grid)
        return gallery
    }
}

/// The gallery's navigation controller: the grid at its root, and the flat zoom transitions
/// as its delegate. It holds the delegate (the `delegate` property is weak), so the delegate
/// lives exactly as long as the tab.
@MainActor
public final class GalleryNavigationController: NavigationController {
    /// Supplies the flat zoom push and pop, and the picture page's drag as their interaction.
    public let flatZoom = FlatZoomTransitions()

    public init() {
        super.init(rootViewController: GalleryPage())
        delegate = flatZoom
    }

    public var gallery: GalleryPage { viewControllers[0] as! GalleryPage }
}

/// Tutorial 001's navigation delegate, in one object for both directions: the flat zoom
/// animator for push (grid → picture) and pop (picture → grid); for a pop, the picture page's
/// own drag as interaction controller while that drag drives it.
///
/// The tutorial moved the delegate between its two pages in `viewWillAppear`, and a cancelled
/// pop had to hand it back; here one object answers for the whole tab, so nothing changes hands.
/// A pop started by the navigation controller's left-edge drag gets nil here, so the navigation
/// controller drives the same animator with its own edge gesture.
@MainActor
public final class FlatZoomTransitions: NavigationControllerDelegate {
    public init() {}

    public func navigationController(_ navigationController: NavigationController,
                                     animationControllerFor operation: NavigationOperation,
                                     from: ViewController, to: ViewController) -> AnimatedTransitioning? {
        switch operation {
        case .push:
            guard let grid = from as? GalleryPage, let photo = to as? PhotoPage else { return nil }
            return FlatZoomAnimator(operation: .push, grid: grid, photo: photo)
        case .pop:
            guard let photo = from as? PhotoPage, let grid = to as? GalleryPage else { return nil }
            return FlatZoomAnimator(operation: .pop, grid: grid, photo: photo)
        }
    }

    public func navigationController(_ navigationController: NavigationController,
                                     interactionControllerFor animator: AnimatedTransitioning) -> InteractiveTransitioning? {
        guard let flatZoom = animator as? FlatZoomAnimator, flatZoom.operation == .pop else { return nil }
        return flatZoom.photo?.popSwipe.interactionController
    }
}
