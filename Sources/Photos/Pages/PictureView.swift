import PhotoDecoding
import SegueKit

/// One picture, whole, centred on a dark background: decoded for the size it is shown at
/// (its bounds in device pixels), its average colour standing in until then.
@MainActor
public final class PictureView: View {
    /// The picture's path; nil shows nothing.
    public private(set) var path: String?
    /// The decoded picture, once it arrived.
    public private(set) var picture: Surface?
    /// Whether the file could not be decoded.
    public private(set) var isBroken = false
    /// What stands in until the picture arrives: the grid's thumbnail of it, so that a page
    /// zooming open out of its cell shows the cell's picture growing, not an empty page.
    public var preview: Surface? {
        didSet { if picture == nil { setNeedsDisplay() } }
    }

    private let source: ThumbnailSource
    private let log: BrokenPictureLog
    private var request: ThumbnailRequest?
    private var pending: PendingDecode?
    private var averageColor: Color?
    /// The pixel size the picture was asked for: a resize larger than it asks again.
    private var requestedSize: Size?

    /// How far the picture is zoomed into (1: whole, up to ``maximumZoomScale``); see
    /// PictureView+Zoom.swift.
    public internal(set) var zoomScale = 1.0
    let zoomPinch = PinchGestureRecognizer()
    let zoomPan = PanGestureRecognizer(axis: .any)
    let zoomTap = TapGestureRecognizer()
    var zoomAtGestureStart = (scale: 1.0, translation: Point.zero)
    var lastTap: (time: Double, location: Point)?

    /// A view decoding through `source`, reporting broken files to `log`.
    public init(source: ThumbnailSource, log: BrokenPictureLog) {
        self.source = source
        self.log = log
        super.init()
        backgroundColor = Color(red: 0.06, green: 0.06, blue: 0.06)
        isAccessibilityElement = true
        accessibilityTraits = [.image]
        installZoomGestures()
    }

    /// Shows `path` (nil: nothing), dropping the previous picture and its pending decode.
    public func show(_ path: String?) {
        guard path != self.path else { return }
        cancel()
        self.path = path
        picture = nil
        preview = nil
        resetZoom()
        isBroken = path.map(log.isBroken) ?? false
        averageColor = nil
        requestedSize = nil
        accessibilityLabel = path?.fileName
        setNeedsLayout()
        setNeedsDisplay()
    }

    /// Gives up the pending decode.
    public func cancel() {
        request?.cancel()
        request = nil
        pending = nil
    }

    public override func layoutSubviews() {
        guard let path, !isBroken, !bounds.isEmpty else { return }
        let scale = window?.deviceScale ?? 1
        // Zoomed into, the picture shows more pixels than the view has: it is asked for them.
        let wanted = Size(width: (bounds.width * scale * zoomScale).rounded(.up), height: (bounds.height * scale * zoomScale).rounded(.up))
        if let requestedSize, requestedSize.width >= wanted.width, requestedSize.height >= wanted.height,
           zoomScale > 1 || requestedSize == wanted { return }
        // Whole again (zoomed out, or the window shrank), a larger decode is dropped for one
        // at the size shown: drawn pixel for pixel and holding no more memory than it shows.
        cancel()
        requestedSize = wanted
        let token = PendingDecode()
        pending = token
        let made = source.request(path: path, fitting: wanted, fit: .contain) { [weak self] result in
            guard let self, self.pending === token else { return }
            self.pending = nil
            self.request = nil
            switch result {
            case .success(let decoded):
                self.picture = decoded.surface
                self.averageColor = decoded.averageColor
            case .failure(.cancelled):
                self.requestedSize = nil
            case .failure(let error):
                self.log.report(path, error)
                self.isBroken = true
            }
            self.setNeedsDisplay()
        }
        if pending === token { request = made }
    }

    public override var drawsContent: Bool { true }

    /// Whole, the page keeps its content image (paging moves it as it is). Zoomed, it draws
    /// straight into each frame from the picture decoded for the zoom: an image at the view's
    /// own size would be enlarged, losing the very pixels that were decoded.
    public override var cachesContent: Bool { transform == .identity }

    /// Where the picture (or its preview) lies in the view: as large as fits, centred; the
    /// whole view while neither is known.
    public var shownRect: Rect {
        guard let shown = picture ?? preview else { return bounds }
        return Self.aspectFit(Size(width: Double(shown.width), height: Double(shown.height)), in: bounds)
    }

    public override func draw(in canvas: Canvas) {
        if let picture {
            canvas.drawPixelExact(picture, in: pixelExactRect(for: picture) ?? shownRect)
        } else if let preview {
            canvas.draw(preview, in: shownRect)
        } else if isBroken {
            let side = min(bounds.width, bounds.height) * 0.2
            canvas.stroke(Rect(x: bounds.midX - side / 2, y: bounds.midY - side / 2, width: side, height: side),
                          color: traitCollection.palette.destructive, lineWidth: 3)
        } else if let averageColor {
            canvas.fill(bounds.insetBy(dx: bounds.width * 0.1, dy: bounds.height * 0.1), color: averageColor)
        }
    }

    /// Where `picture` lies pixel for pixel, on the device's pixel grid, when it was decoded for
    /// the size it is shown at now (within a pixel: the decoder rounds) and the view is not
    /// zoomed: drawn there it is copied, not resampled, in every frame that draws the page.
    public func pixelExactRect(for picture: Surface) -> Rect? {
        guard zoomScale == 1, transform == .identity else { return nil }
        let scale = window?.deviceScale ?? 1
        let fitted = shownRect
        let width = Double(picture.width) / scale, height = Double(picture.height) / scale
        guard abs(fitted.width - width) * scale <= 1, abs(fitted.height - height) * scale <= 1 else { return nil }
        func snapped(_ value: Double) -> Double { (value * scale).rounded() / scale }
        return Rect(x: snapped(fitted.midX - width / 2), y: snapped(fitted.midY - height / 2), width: width, height: height)
    }

    /// `size` scaled to fit inside `rect` (aspect kept), centred on it.
    static func aspectFit(_ size: Size, in rect: Rect) -> Rect {
        guard size.width > 0, size.height > 0 else { return rect }
        let scale = min(rect.width / size.width, rect.height / size.height)
        let width = size.width * scale, height = size.height * scale
        return Rect(x: rect.midX - width / 2, y: rect.midY - height / 2, width: width, height: height)
    }
}
