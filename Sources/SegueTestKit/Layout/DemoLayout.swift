import Canvas
import Geometry
import Demos
import Motion
import Segue

/// The four tabs of `segue-demo`'s bottom bar, left to right (``DemoApp/makeRoot()``).
public enum DemoTab: Int, Sendable, CaseIterable {
    /// The list of rows (tutorials 000 and 003); the sheet, overlay, card and icon
    /// (000, 002, 004); the photo grid (001); the custom container.
    case navigation, modal, gallery, container
}

/// Where things are in `segue-demo`'s window, in window coordinates (logical px, the window's
/// top left at 0, 0; add the header bar where the app draws one).
///
/// Computed from the demo's layout constants where those can be read off the main actor
/// (``ListPage/rowHeight``, ``GalleryPage/cellFrame(_:width:)``); the rest are Segue's and
/// the demo's main-actor constants and private frames written out, each saying where it comes
/// from. DemosTests' DemoLayoutTests lay the demo out offscreen and check that every one of
/// them hits what it names.
public enum DemoLayout {
    /// The window size the e2e tests and the tour run the app at.
    public static let windowSize = Size(width: 800, height: 600)
    /// The navigation bar's height (``NavigationBar/height``).
    public static let navigationBarHeight = 52.0
    /// The bottom tab bar's height (``TabBarController/barHeight``).
    public static let tabBarHeight = 60.0

    /// The header bar the app draws above its content where the compositor leaves decorations
    /// to it: add it to a content position for the window's. Written out, not read from the
    /// implementation: libadwaita 1.2's header bar, the window the app's decorations follow,
    /// is 46 logical px tall (`headerbar { min-height: 46px }`).
    public static let headerHeight = 46.0

    /// The middle of `tab`'s button: the bottom bar split into four equal buttons.
    public static func tabButton(_ tab: DemoTab, in size: Size = windowSize) -> Point {
        let width = size.width / Double(DemoTab.allCases.count)
        return Point(x: width * (Double(tab.rawValue) + 0.5), y: size.height - tabBarHeight / 2)
    }

    /// A window-coordinate point mirrored for a right-to-left layout (issue 22: the demo's
    /// layouts are mirrored about the window's vertical centre line).
    public static func mirrored(_ point: Point, in size: Size = windowSize) -> Point {
        Point(x: size.width - point.x, y: point.y)
    }

    /// Inside the navigation bar's Back button (x 4…100, y 6…45: NavigationBar's layout).
    public static let backButton = Point(x: 40, y: navigationBarHeight / 2)

    /// The middle of row `index` of the Navigation tab's list (``ListPage/rowHeight`` rows
    /// below the navigation bar), at `x`.
    public static func row(_ index: Int, x: Double = 200) -> Point {
        Point(x: x, y: navigationBarHeight + ListPage.rowHeight * (Double(index) + 0.5))
    }

    /// Row `index` of the Navigation tab's list in a window `width` wide (at most
    /// ``ListPage/maximumRowWidth``, centred: ``ListPage/rowFrame(_:width:)``).
    public static func rowFrame(_ index: Int, width: Double = windowSize.width) -> Rect {
        ListPage.rowFrame(index, width: width).offsetBy(dx: 0, dy: navigationBarHeight)
    }

    /// The centre pixel of row `index`'s accent dot (20 px across, 16 px in: ListPage's row).
    public static func rowDot(_ index: Int) -> (x: Int, y: Int) {
        let centre = row(index, x: 26)
        return (Int(centre.x), Int(centre.y))
    }

    /// The first row's dot colour (#3478F6, the demo's "Slide" row).
    public static let firstRowDotColor = Color(hex: 0x3478F6)
    /// The first row's dot in window coordinates, below the app's own 46 px header bar.
    public static let firstRowDotInDecoratedWindow = Point(x: Double(rowDot(0).x), y: Double(rowDot(0).y) + headerHeight)

    /// The top-left corner of a window that draws its own header bar (weston's desktop shell),
    /// found on screen from the first row's dot; nil when the list is not on screen.
    public static func decoratedWindowOrigin(in shot: Surface) -> Point? {
        guard let dot = shot.centroid(of: firstRowDotColor) else { return nil }
        return Point(x: (dot.x - firstRowDotInDecoratedWindow.x).rounded(), y: (dot.y - firstRowDotInDecoratedWindow.y).rounded())
    }

    /// The Modal tab's "Sheet" button (ModalPage's layout: 24 px in, 64 px down, at most 420 ×
    /// 48; the tab has no navigation bar).
    public static let sheetButtonFrame = Rect(x: 24, y: 64, width: 420, height: 48)
    /// The Modal tab's "Overlay" button, the next one down (y 128: ModalPage's layout).
    public static let overlayButtonFrame = Rect(x: 24, y: 128, width: 420, height: 48)
    /// Where the tests click the "Sheet" button.
    public static let sheetButton = Point(x: 200, y: sheetButtonFrame.midY)
    /// Where the tests click the "Overlay" button.
    public static let overlayButton = Point(x: 200, y: overlayButtonFrame.midY)
    /// The Modal tab's flip card (``ModalPage/cardFrame``).
    public static let modalCardFrame = Rect(x: 24, y: 200, width: 200, height: 280)
    /// The middle of the Modal tab's flip card.
    public static let modalCard = modalCardFrame.center
    /// The Modal tab's icon tile (``ModalPage/iconFrame``), beside the card at the window's width.
    public static let modalIconFrame = Rect(x: 256, y: 200, width: 96, height: 96)
    /// The middle of the Modal tab's icon tile.
    public static let modalIcon = modalIconFrame.center
    /// The middle of the card on the presented card page in an 800 × 600 window
    /// (``FlipCardPage/cardFrame(in:)``: centred, below the middle).
    public static let flipCard = Point(x: 400, y: 340)

    /// Gallery cell `index` in the window (``GalleryPage/cellFrame(_:width:)`` below the
    /// navigation bar, the grid scrolled to its top).
    public static func galleryCell(_ index: Int, in size: Size = windowSize) -> Rect {
        GalleryPage.cellFrame(index, width: size.width).offsetBy(dx: 0, dy: navigationBarHeight)
    }
}
