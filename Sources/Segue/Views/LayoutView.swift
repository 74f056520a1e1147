import Geometry
import Motion

/// A view that lays out its subviews with a closure, for containers and pages that need no
/// subclass of their own.
@MainActor
public final class LayoutView: View {
    private let layout: (Rect) -> Void

    /// `layout` gets the view's bounds whenever its size changes or layout is requested.
    public init(layout: @escaping (Rect) -> Void) {
        self.layout = layout
        super.init()
    }

    /// Calls the layout closure with the bounds.
    public override func layoutSubviews() { layout(bounds) }
}
