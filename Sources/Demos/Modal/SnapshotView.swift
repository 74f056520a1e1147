import Geometry
import Canvas
import Motion
import Segue

/// A view showing a fixed image scaled to its bounds, its corners rounded by ``View/cornerRadius``:
/// the stand-in a transition animates instead of a live page (as UIKit's
/// `snapshotView(afterScreenUpdates:)`).
///
/// Its size changes on every frame of a transition, so it draws itself each time instead of
/// keeping a cached copy (which would be re-rendered per frame and then drawn again), from an
/// ``ImagePyramid`` (no per-frame convolution when squeezed), and rounds its corners by filling
/// the rounded shape with the image rather than by a clip. It never clips subviews (it has none).
@MainActor
final class SnapshotView: View {
    let image: Surface
    private let pyramid: ImagePyramid

    init(image: Surface, frame: Rect) {
        self.image = image
        pyramid = ImagePyramid(image)
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    override var drawsContent: Bool { true }
    override var cachesContent: Bool { false }

    override func draw(in canvas: Canvas) {
        canvas.draw(pyramid, in: bounds, cornerRadius: cornerRadius)
    }
}

extension View {
    /// This view's rectangle in window coordinates (the presentation container's, which fills
    /// the window at its origin).
    var frameInWindow: Rect { convert(bounds, to: nil) }
}
