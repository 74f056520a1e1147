import Canvas
import Geometry

/// What a controller shows on its tab, as `UITabBarItem`: a title and an optional icon.
public struct TabBarItem: Sendable, Equatable {
    /// The text under the icon (or alone, in a bar without icons).
    public var title: String
    /// The icon above the title; nil shows the title alone.
    public var icon: TabIcon?

    /// An item showing `title` and `icon`.
    public init(title: String, icon: TabIcon? = nil) {
        self.title = title
        self.icon = icon
    }
}

/// A tab's icon, drawn in one colour: the tab's tint, which blends while a transition runs
/// (a template image, in UIKit's words: only the icon's coverage counts, never its colours).
///
/// ```swift
/// let star = TabIcon(name: "star") { canvas, box, color in
///     canvas.fillEllipse(in: box.insetBy(dx: 4, dy: 4), color: color)
/// }
/// let photo = TabIcon(name: "photo", image: surface)   // any picture, drawn as a mask
/// ```
///
/// The button draws the icon once per selection state and scale into a mask, so the drawing
/// runs rarely; icons with the same ``name`` are taken to be the same icon.
public struct TabIcon: Sendable, Equatable {
    /// Names the icon: two icons are equal when their names are.
    public let name: String
    private let drawing: @MainActor @Sendable (Canvas, Rect, Color) -> Void

    /// An icon drawn by `draw(canvas, box, color)`: fill and stroke inside `box` (24 × 24 logical
    /// pixels, above the title) with `color` alone.
    public init(name: String, draw: @escaping @MainActor @Sendable (Canvas, Rect, Color) -> Void) {
        self.name = name
        drawing = draw
    }

    /// An icon from a picture, scaled into the icon's box; its alpha is the icon's coverage (a
    /// template image), so it takes the tab's colour like a drawn one.
    public init(name: String, image: Surface) {
        nonisolated(unsafe) let image = image
        self.init(name: name) { canvas, box, color in
            let mask = Surface(logicalSize: box.size, scale: canvas.transform.a)
            let maskCanvas = Canvas(surface: mask)
            maskCanvas.scale(x: canvas.transform.a, y: canvas.transform.a)
            maskCanvas.draw(image, in: Rect(size: box.size))
            canvas.fill(mask: mask, in: box, color: color)
        }
    }

    /// Draws the icon in `box` with `color`.
    @MainActor
    public func draw(in box: Rect, color: Color, canvas: Canvas) { drawing(canvas, box, color) }

    /// Equal when the names are.
    public static func == (lhs: TabIcon, rhs: TabIcon) -> Bool { lhs.name == rhs.name }
}
