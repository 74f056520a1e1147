import Geometry
import RealModule

/// Where a zooming page is at one instant: the part of it that shows, how its content is scaled
/// and placed, and how far it is on its way to the source view (which fades the dimming out and
/// the source's picture in). Linear in every field, so a flight is a straight mix of two of them.
struct ZoomFrame: Equatable {
    /// The part of the page that shows, in the transition container's coordinates.
    var clip: Rect
    /// The page content's scale (1: its own size).
    var contentScale: Double
    /// Where the centre of the page's alignment rectangle lies, in container coordinates.
    var anchor: Point
    /// The rounding of ``clip``'s corners.
    var cornerRadius: Double
    /// 0 at full size in place, 1 at the source: drives the dimming and the source's picture.
    var towardsSource: Double
    /// The page's opacity (a reduced-motion close fades it where it lies).
    var pageAlpha = 1.0

    /// The page at `pageFrame` (container coordinates), whole, with `alignment` its alignment
    /// rectangle in its own coordinates.
    static func full(pageFrame: Rect, alignment: Rect) -> ZoomFrame {
        ZoomFrame(clip: pageFrame, contentScale: 1,
                  anchor: Point(x: pageFrame.minX + alignment.midX, y: pageFrame.minY + alignment.midY),
                  cornerRadius: 0, towardsSource: 0)
    }

    /// The page shrunk into `source` (container coordinates): its alignment rectangle fills the
    /// source as a picture fills a thumbnail (the larger ratio, centred, the rest cut off).
    static func source(_ source: Rect, alignment: Rect, cornerRadius: Double) -> ZoomFrame {
        let fill = max(source.width / max(alignment.width, 1), source.height / max(alignment.height, 1))
        return ZoomFrame(clip: source, contentScale: fill, anchor: Point(x: source.midX, y: source.midY),
                         cornerRadius: cornerRadius, towardsSource: 1)
    }

    /// The straight mix of `a` and `b` at `t` (0: a, 1: b; past either end a spring's overshoot).
    static func mix(_ a: ZoomFrame, _ b: ZoomFrame, _ t: Double) -> ZoomFrame {
        func m(_ x: Double, _ y: Double) -> Double { x + (y - x) * t }
        return ZoomFrame(
            clip: Rect(x: m(a.clip.minX, b.clip.minX), y: m(a.clip.minY, b.clip.minY),
                       width: max(0, m(a.clip.width, b.clip.width)), height: max(0, m(a.clip.height, b.clip.height))),
            contentScale: max(0, m(a.contentScale, b.contentScale)),
            anchor: Point(x: m(a.anchor.x, b.anchor.x), y: m(a.anchor.y, b.anchor.y)),
            cornerRadius: max(0, m(a.cornerRadius, b.cornerRadius)),
            towardsSource: m(a.towardsSource, b.towardsSource),
            pageAlpha: min(max(m(a.pageAlpha, b.pageAlpha), 0), 1))
    }

    /// This frame scaled by `scale` about `point` and then moved by `translation`: what a
    /// finger holding the page at `point` does to it. The point under the finger stays under it.
    func held(scale: Double, about point: Point, translation: Point) -> ZoomFrame {
        func map(_ p: Point) -> Point {
            Point(x: point.x + (p.x - point.x) * scale + translation.x, y: point.y + (p.y - point.y) * scale + translation.y)
        }
        var held = self
        held.clip = Rect(origin: map(clip.origin), size: Size(width: clip.width * scale, height: clip.height * scale))
        held.contentScale = contentScale * scale
        held.anchor = map(anchor)
        held.cornerRadius = cornerRadius * scale
        return held
    }
}
