import Geometry
import Canvas
import Motion
import Segue
import RealModule

/// The Gallery's two layouts (tutorial 000 lists collection-layout changes among the kinds of
/// transition): the grid, and a captioned list of larger pictures.
public enum GalleryLayout: Sendable, Equatable {
    case grid, list

    /// The other layout.
    public var other: GalleryLayout { self == .grid ? .list : .grid }
}

/// Geometry of both layouts, in content coordinates for a page `width` wide.
extension GalleryPage {
    /// The list's picture width: 40 % of the page less the margins, at most 240 px.
    public nonisolated static func listImageWidth(width: Double) -> Double {
        min(240, ((width - 3 * spacing) * 0.4).rounded(.down))
    }

    /// The frame of picture `index` in `layout`.
    public nonisolated static func cellFrame(_ index: Int, width: Double, layout: GalleryLayout) -> Rect {
        switch layout {
        case .grid:
            return cellFrame(index, width: width)
        case .list:
            let imageWidth = listImageWidth(width: width)
            let height = (imageWidth * 0.75).rounded()
            return Rect(x: spacing, y: spacing + Double(index) * (height + spacing), width: imageWidth, height: height)
        }
    }

    /// Where picture `index`'s caption is in `layout`: right of the picture, centred on it,
    /// as wide as the list leaves (in the grid too, so the text never reflows while it moves).
    public nonisolated static func captionFrame(_ index: Int, width: Double, layout: GalleryLayout) -> Rect {
        let cell = cellFrame(index, width: width, layout: layout)
        let captionWidth = max(width - listImageWidth(width: width) - 2 * spacing - 16 - spacing, 1)
        return Rect(x: cell.maxX + 16, y: (cell.midY - 12).rounded(), width: captionWidth, height: 24)
    }

    /// The caption's opacity in `layout`: shown in the list only.
    public nonisolated static func captionAlpha(_ layout: GalleryLayout) -> Double { layout == .list ? 1 : 0 }

    /// The height of the whole content in `layout`.
    public nonisolated static func contentHeight(count: Int, width: Double, layout: GalleryLayout) -> Double {
        guard count > 0 else { return 0 }
        return cellFrame(count - 1, width: width, layout: layout).maxY + spacing
    }

    /// A pinch's distance in layout progress: doubling (or halving) the scale is a whole
    /// change, so the grid's pictures grow towards the list's as the fingers spread.
    public nonisolated static func pinchProgress(scale: Double) -> Double { Double.log2(max(scale, 1e-6)) }
}
