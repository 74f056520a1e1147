import Geometry

/// The tabs either side of the selected one, made ready while the window is idle: a swipe
/// can head for either, and its first frame would otherwise load the neighbour's view, lay it
/// out and draw its content caches (text shaping and font matching included) — tens of
/// milliseconds on the first drag of each tab, a visible hitch. libadwaita's carousel builds
/// every page up front; this builds only the two a gesture can reach, after the window's
/// first frame and after each switch.
///
/// Those caches are memory a quiet window does not use: once the window has been quiet for
/// ``TabbedContainerController/neighbourCacheLifetime``, every tab off screen gives its
/// content caches back (its views and their layout stay). A press in the container then
/// draws the neighbours' caches again before the drag can start a swipe (the pan needs
/// several motions past its slop first), so the swipe's first frame still draws none of them.
extension TabbedContainerController {
    /// How long the window must be quiet before the tabs off screen release their content
    /// caches, in seconds. A user flipping through tabs swipes again within a second or two,
    /// and keeps every neighbour ready meanwhile; three seconds without a touch means they are
    /// reading the page. Guessing wrong costs little: a later press draws the neighbours again
    /// (a few milliseconds, before any swipe frame), never a hitch in the swipe.
    public static let neighbourCacheLifetime = 3.0

    /// Queues the preparation of the selected tab's neighbours as idle work.
    func prepareNeighboursWhenIdle() {
        guard let window = view.window else { return }
        for index in neighbourIndices {
            window.performWhenIdle { [weak self] in self?.prepareNeighbour(at: index) }
        }
    }

    private var neighbourIndices: [Int] {
        [selectedIndex + 1, selectedIndex - 1].filter { viewControllers.indices.contains($0) }
    }

    /// Loads the child's view at the container's size and fills its content caches, unless it
    /// is on screen by now or a switch is under way (then the switch does it).
    private func prepareNeighbour(at index: Int) {
        guard activeTransition == nil, index != selectedIndex, viewControllers.indices.contains(index),
              let window = view.window, !containerView.bounds.isEmpty else { return }
        let page = viewControllers[index].view
        guard page.superview == nil else { return }
        page.frame = containerView.bounds
        page.prepareContentCaches(deviceScale: window.deviceScale)
        neighbourCaches.released = false
        releaseWhenQuiet(window)
    }

    private func releaseWhenQuiet(_ window: Window) {
        guard !neighbourCaches.releaseQueued else { return }
        neighbourCaches.releaseQueued = true
        window.performWhenIdle(for: Self.neighbourCacheLifetime) { [weak self] in self?.releaseOffscreenCaches() }
    }

    /// Every loaded tab that is not on screen drops its content caches (those of tabs shown
    /// earlier and left since included); the selected tab keeps its own.
    private func releaseOffscreenCaches() {
        neighbourCaches.releaseQueued = false
        guard activeTransition == nil else { return }
        for (index, child) in viewControllers.enumerated()
        where index != selectedIndex && child.isViewLoaded && child.view.superview == nil {
            child.view.releaseContentCaches()
        }
        neighbourCaches.released = true
    }

    /// At a press in the container, after a release: draws the neighbours' caches again now,
    /// before the drag can begin a swipe and show one of them.
    func prepareReleasedNeighbours() {
        guard neighbourCaches.released, activeTransition == nil else { return }
        for index in neighbourIndices { prepareNeighbour(at: index) }
    }
}

/// Where the neighbours' caches stand: released by a quiet window, and whether a release is
/// queued.
struct NeighbourCaches {
    var released = false
    var releaseQueued = false
}

/// The tab swipe's pan, which also reports each press it is offered (before any motion), so
/// the container can make its neighbours ready in time.
final class PressReportingPan: PanGestureRecognizer {
    var onPress: (() -> Void)?

    override func pressBegan(at point: Point, time: Double) {
        onPress?()
        super.pressBegan(at: point, time: time)
    }
}
