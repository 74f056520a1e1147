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
        if previous.textScale != traits.textScale || previous.layoutDirection != traits.layoutDirection { setNeedsLayout() }
        for view in subviews { view.adaptToTraitsIfNeeded() }
    }

    /// The direction this view lays out in, as `UIView.effectiveUserInterfaceLayoutDirection`:
    /// its own ``semanticContentAttribute`` when that forces one, else the nearest ancestor's that
    /// does, else the window's ``TraitCollection/layoutDirection``.
    public var effectiveUserInterfaceLayoutDirection: UserInterfaceLayoutDirection {
        var view: View? = self
        while let current = view {
            switch current.semanticContentAttribute {
            case .forceLeftToRight: return .leftToRight
            case .forceRightToLeft: return .rightToLeft
            case .unspecified: view = current.superview
            }
        }
        return traitCollection.layoutDirection
    }

    /// True when this view lays out right to left (``effectiveUserInterfaceLayoutDirection``).
    public var isRightToLeft: Bool { effectiveUserInterfaceLayoutDirection == .rightToLeft }

    /// `rect` mirrored about this view's vertical centre line when it lays out right to left;
    /// unchanged left to right.
    public func flippedForLayoutDirection(_ rect: Rect) -> Rect {
        guard isRightToLeft else { return rect }
        return Rect(x: bounds.width - rect.maxX, y: rect.minY, width: rect.width, height: rect.height)
    }

    /// A forced direction changed here: this view and those below lay out and draw again.
    func layoutDirectionDidChange() {
        setNeedsDisplayInTree()
    }
}
