import Canvas
import Motion
import Segue

/// A view showing a fixed image scaled to its bounds: the stand-in a transition animates
/// instead of a live page (as UIKit's `snapshotView(afterScreenUpdates:)`).
@MainActor
final class SnapshotView: View {
    let image: Surface

    init(image: Surface, frame: Rect) {
        self.image = image
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    override var drawsContent: Bool { true }

    override func draw(in canvas: Canvas) {
        canvas.draw(image, in: bounds)
    }
}

extension View {
    /// This view's rectangle in window coordinates (the presentation container's, which fills
    /// the window at its origin).
    var frameInWindow: Rect { convert(bounds, to: nil) }
}
