import RealModule

/// A point in logical pixels, y growing downwards (as on screen).
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal coordinate, growing rightwards.
    public var x: Double
    /// The vertical coordinate, growing downwards.
    public var y: Double

    /// A point at `x`, `y`.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin, (0, 0).
    public static let zero = Point(x: 0, y: 0)

    /// The coordinates as `(x, y)`.
    public var description: String { "(\(x), \(y))" }

    /// The component-wise sum: `b` added to `a` as an offset.
    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    /// The component-wise difference: the offset from `b` to `a`.
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }

    /// The straight-line distance to `other`.
    public func distance(to other: Point) -> Double {
        let d = other - self
        return (d.x * d.x + d.y * d.y).squareRoot()
    }

    /// The point halfway to `other`.
    public func midpoint(to other: Point) -> Point {
        Point(x: (x + other.x) / 2, y: (y + other.y) / 2)
    }
}

/// A width and height in logical pixels.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal extent, in logical pixels.
    public var width: Double
    /// The vertical extent, in logical pixels.
    public var height: Double

    /// A size of `width` × `height`.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The empty size, 0 × 0.
    public static let zero = Size(width: 0, height: 0)

    /// The size as `width×height`.
    public var description: String { "\(width)×\(height)" }
}

/// An axis-aligned rectangle: an origin (top-left) and a size.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The top-left corner.
    public var origin: Point
    /// The width and height; a side ≤ 0 makes the rectangle empty.
    public var size: Size

    /// A rectangle at `origin` with `size`.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// A rectangle whose top-left corner is (`x`, `y`).
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// A rectangle of `size` at the origin.
    public init(size: Size) {
        self.init(origin: .zero, size: size)
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(origin: .zero, size: .zero)

    /// The left edge.
    public var minX: Double { origin.x }
    /// The top edge.
    public var minY: Double { origin.y }
    /// The right edge, `minX + width`.
    public var maxX: Double { origin.x + size.width }
    /// The bottom edge, `minY + height`.
    public var maxY: Double { origin.y + size.height }
    /// The horizontal middle.
    public var midX: Double { origin.x + size.width / 2 }
    /// The vertical middle.
    public var midY: Double { origin.y + size.height / 2 }
    /// The width of ``size``.
    public var width: Double { size.width }
    /// The height of ``size``.
    public var height: Double { size.height }
    /// The middle point, (``midX``, ``midY``).
    public var center: Point { Point(x: midX, y: midY) }
    /// True when either side is zero or negative.
    public var isEmpty: Bool { size.width <= 0 || size.height <= 0 }

    /// Whether `p` lies inside: the left and top edges are in, the right and bottom ones out.
    public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }

    /// The same rectangle moved by `dx`, `dy`.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width, height: height)
    }

    /// The rectangle shrunk by `dx` on the left and right and `dy` on the top and bottom (negative
    /// values grow it).
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width - 2 * dx, height: height - 2 * dy)
    }

    /// The overlap of two rectangles, or `.zero` when they do not meet.
    public func intersection(_ other: Rect) -> Rect {
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return .zero }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The smallest rectangle containing both; an empty side is ignored.
    public func union(_ other: Rect) -> Rect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = min(minX, other.minX), y0 = min(minY, other.minY)
        let x1 = max(maxX, other.maxX), y1 = max(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The rectangle as `[minX, minY, width×height]`.
    public var description: String { "[\(minX), \(minY), \(width)×\(height)]" }
}

/// A 2D affine transform, laid out as Cairo and Core Graphics do:
/// x' = a·x + c·y + tx, y' = b·x + d·y + ty.
public struct AffineTransform: Hashable, Sendable, CustomStringConvertible {
    /// The six coefficients: x' = a·x + c·y + tx, y' = b·x + d·y + ty.
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    /// A transform from its six coefficients.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    /// The transform that changes nothing.
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A translation by `tx`, `ty`.
    public init(translationX tx: Double, y ty: Double) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    /// A scale by `sx` horizontally and `sy` vertically, about the origin.
    public init(scaleX sx: Double, y sy: Double) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// A rotation by `angle` radians about the origin, positive from +x towards +y (clockwise on
    /// screen, y growing downwards).
    public init(rotationAngle angle: Double) {
        let cs = Double.cos(angle), sn = Double.sin(angle)
        self.init(a: cs, b: sn, c: -sn, d: cs, tx: 0, ty: 0)
    }

    /// True when the transform is exactly ``identity``.
    public var isIdentity: Bool { self == .identity }

    /// True when the transform only translates (the fast, copy-only composite path).
    public var isTranslationOnly: Bool { a == 1 && b == 0 && c == 0 && d == 1 }

    /// `self` followed by `other` (apply self first), as `CGAffineTransformConcat`.
    public func concatenating(_ other: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * other.a + b * other.c,
            b: a * other.b + b * other.d,
            c: c * other.a + d * other.c,
            d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx,
            ty: tx * other.b + ty * other.d + other.ty)
    }

    /// A translation by `x`, `y` applied before `self`, as `CGAffineTransformTranslate`.
    public func translatedBy(x: Double, y: Double) -> AffineTransform {
        AffineTransform(translationX: x, y: y).concatenating(self)
    }

    /// A scale by `x`, `y` applied before `self`, as `CGAffineTransformScale`.
    public func scaledBy(x: Double, y: Double) -> AffineTransform {
        AffineTransform(scaleX: x, y: y).concatenating(self)
    }

    /// The point `p` mapped through the transform.
    public func apply(to p: Point) -> Point {
        Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }

    /// The inverse, or nil when the transform is singular.
    public func inverted() -> AffineTransform? {
        let det = a * d - b * c
        guard abs(det) > 1e-12 else { return nil }
        return AffineTransform(
            a: d / det, b: -b / det, c: -c / det, d: a / det,
            tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }

    /// The coefficients as `[a b c d tx ty]`.
    public var description: String { "[\(a) \(b) \(c) \(d) \(tx) \(ty)]" }
}

/// A colour in sRGB with straight (not premultiplied) alpha, every component in 0…1.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    /// The red component, 0…1.
    public var red: Double
    /// The green component, 0…1.
    public var green: Double
    /// The blue component, 0…1.
    public var blue: Double
    /// The opacity, 0 (transparent) … 1 (opaque).
    public var alpha: Double

    /// A colour from its sRGB components and straight alpha, each 0…1.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// A colour from 0xRRGGBB.
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(red: Double((hex >> 16) & 0xff) / 255,
                  green: Double((hex >> 8) & 0xff) / 255,
                  blue: Double(hex & 0xff) / 255,
                  alpha: alpha)
    }

    /// The same colour with its alpha replaced by `alpha` (0…1).
    public func withAlpha(_ alpha: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Opaque black.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = Color(red: 1, green: 1, blue: 1)
    /// Fully transparent (black at alpha 0).
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

    /// The colour as `rgba(red, green, blue, alpha)`, components 0…1.
    public var description: String { "rgba(\(red), \(green), \(blue), \(alpha))" }
}
