import Canvas
import Geometry
import Segue

/// The demo's four tab icons, drawn with paths in a 24 × 24 box (no image files).
extension TabIcon {
    /// Three bulleted rows: the navigation tab.
    public static let list = TabIcon(name: "list") { canvas, box, color in
        for row in 0..<3 {
            let y = box.minY + 4 + Double(row) * 7
            canvas.fillEllipse(in: Rect(x: box.minX + 1, y: y - 1, width: 4, height: 4), color: color)
            canvas.fill(Rect(x: box.minX + 8, y: y, width: box.width - 9, height: 2.5), color: color)
        }
    }

    /// Two stacked cards: the modal tab.
    public static let cards = TabIcon(name: "cards") { canvas, box, color in
        canvas.stroke(roundedRect: box.insetBy(dx: 5, dy: 2).offsetBy(dx: 3, dy: -1), radius: 3, color: color, lineWidth: 1.5)
        canvas.fill(roundedRect: box.insetBy(dx: 5, dy: 2).offsetBy(dx: -2, dy: 2), radius: 3, color: color)
    }

    /// Four squares: the gallery tab.
    public static let grid = TabIcon(name: "grid") { canvas, box, color in
        for row in 0..<2 {
            for column in 0..<2 {
                canvas.fill(roundedRect: Rect(x: box.minX + 2 + Double(column) * 11, y: box.minY + 2 + Double(row) * 11,
                                              width: 9, height: 9), radius: 2, color: color)
            }
        }
    }

    /// A window with a tab: the container tab.
    public static let tabs = TabIcon(name: "tabs") { canvas, box, color in
        canvas.stroke(roundedRect: box.insetBy(dx: 1, dy: 3), radius: 3, color: color, lineWidth: 1.5)
        canvas.fill(Rect(x: box.minX + 1, y: box.minY + 3, width: box.width / 2 - 1, height: 6), color: color)
    }
}
