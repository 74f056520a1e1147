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
/// An opaque image (a page with an opaque background) is scaled by CPixelKernels' kernel where
/// the clip allows (``Canvas/drawOpaque(_:in:cornerRadius:)``).
@MainActor
final class SnapshotView: View {
    let image: Surface
    private let pyramid: ImagePyramid
    /// Whether every pixel of `image` but its outermost row and column is opaque.
    let imageIsOpaque: Bool

    init(image: Surface, frame: Rect, opaque: Bool = false) {
        self.image = image
        pyramid = ImagePyramid(image)
        imageIsOpaque = opaque
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    override var drawsContent: Bool { true }
    override var cachesContent: Bool { false }

    override func draw(in canvas: Canvas) {
        if imageIsOpaque && alpha >= 1 {
            canvas.drawOpaque(pyramid, in: bounds, cornerRadius: cornerRadius)
        } else {
            canvas.draw(pyramid, in: bounds, cornerRadius: cornerRadius)
        }
    }
}

extension View {
    /// This view's rectangle in window coordinates (the presentation container's, which fills
    /// the window at its origin).
    var frameInWindow: Rect { convert(bounds, to: nil) }
}
