/// The tabs either side of the selected one, made ready while the window is idle: a swipe
/// can head for either, and its first frame would otherwise load the neighbour's view, lay it
/// out and draw its content caches (text shaping and font matching included) — tens of
/// milliseconds on the first drag of each tab, a visible hitch. libadwaita's carousel builds
/// every page up front; this builds only the two a gesture can reach, after the window's
/// first frame and after each switch.
extension TabbedContainerController {
    /// Queues the preparation of the selected tab's neighbours as idle work.
    func prepareNeighboursWhenIdle() {
        guard let window = view.window else { return }
        for index in [selectedIndex + 1, selectedIndex - 1] where viewControllers.indices.contains(index) {
            window.performWhenIdle { [weak self] in self?.prepareNeighbour(at: index) }
        }
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
    }
}
