import Geometry
import Canvas

/// A view showing an image scaled to its bounds, as `UIImageView` (scale-to-fill), its corners
/// rounded by ``View/cornerRadius``.
///
/// It draws the image straight into each frame from an `ImagePyramid` (no cached copy to
/// render again when its size animates, no per-frame convolution when squeezed).
@MainActor
open class ImageView: View {
    /// The picture; nil shows only the background.
    public var image: Surface? {
        didSet {
            pyramid = image.map { ImagePyramid($0) }
            setNeedsDisplay()
        }
    }
    private var pyramid: ImagePyramid?

    /// An image view showing `image` at `frame` (UIKit's `init(image:)` takes the image's size;
    /// here the frame is given, `.zero` by default).
    public init(image: Surface?, frame: Rect = .zero) {
        self.image = image
        pyramid = image.map { ImagePyramid($0) }
        super.init(frame: frame)
    }

    /// True: the image is the content.
    open override var drawsContent: Bool { true }
    /// False: drawn into each frame (its size usually animates).
    open override var cachesContent: Bool { false }

    /// Draws the image scaled to the bounds, rounded by ``View/cornerRadius``.
    open override func draw(in canvas: Canvas) {
        if let pyramid { canvas.draw(pyramid, in: bounds, cornerRadius: cornerRadius) }
    }
}

extension View {
    /// A stand-in for this view: an ``ImageView`` of its subtree as it looks now, at its frame,
    /// as `UIView.snapshotView(afterScreenUpdates:)`; nil when the view has no size.
    ///
    /// Segue lays the subtree out and draws it when asked, so both values of
    /// `afterScreenUpdates` give the view's current state (UIKit's `false` may give the last
    /// frame shown).
    public func snapshotView(afterScreenUpdates: Bool) -> View? {
        guard !frame.isEmpty else { return nil }
        let view = ImageView(image: snapshot(deviceScale: window?.deviceScale ?? 1), frame: frame)
        view.isUserInteractionEnabled = false
        return view
    }
}
