import Geometry

extension View {
    /// The traits this view draws with: its window's, or before it is in one, those of the
    /// window whose settings changed last (``TraitCollection/current``).
    public var traitCollection: TraitCollection { window?.traitCollection ?? TraitCollection.current }

    /// Marks this view and every view below it to be drawn again (and laid out: text may have
    /// changed size).
    func setNeedsDisplayInTree() {
        setNeedsDisplay()
        setNeedsLayout()
        for view in subviews { view.setNeedsDisplayInTree() }
    }

    /// Adapts this view and its subviews to the traits of the window they are in, when they
    /// last adapted to others: each gets ``traitCollectionDidChange(_:)`` and redraws.
    func adaptToTraitsIfNeeded() {
        let traits = traitCollection
        guard appliedTraits != traits else { return }
        let previous = appliedTraits
        appliedTraits = traits
        traitCollectionDidChange(previous)
        setNeedsDisplay()
        if previous.textScale != traits.textScale { setNeedsLayout() }
        for view in subviews { view.adaptToTraitsIfNeeded() }
    }
}
