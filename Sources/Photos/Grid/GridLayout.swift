import SegueKit

/// The grid's geometry, for a width and a number of pictures: square cells about
/// ``targetCellSide`` wide with ``gap`` between them, as many columns as fit (at least one),
/// the cells stretched to fill the row exactly.
public struct GridLayout: Equatable, Sendable {
    /// The cell side the column count aims for, in points.
    public static let targetCellSide = 160.0
    /// The space between cells, in points.
    public static let gap = 2.0

    /// The number of columns.
    public let columns: Int
    /// The side of every cell, in points.
    public let cellSide: Double
    /// The number of pictures.
    public let itemCount: Int
    /// The width laid out.
    public let width: Double

    /// The layout of `itemCount` pictures in `width` points.
    public init(width: Double, itemCount: Int) {
        self.width = max(0, width)
        self.itemCount = max(0, itemCount)
        // n cells and n − 1 gaps fit when n·side + (n − 1)·gap ≤ width; rounding to the nearest
        // column count keeps cells within half a cell of the target either way.
        let fitting = ((self.width + Self.gap) / (Self.targetCellSide + Self.gap)).rounded()
        columns = max(1, Int(fitting))
        cellSide = max(0, (self.width - Self.gap * Double(columns - 1)) / Double(columns))
    }

    /// The number of rows.
    public var rows: Int { (itemCount + columns - 1) / columns }

    /// The height of the whole grid (no gap after the last row).
    public var contentHeight: Double {
        rows == 0 ? 0 : Double(rows) * cellSide + Double(rows - 1) * Self.gap
    }

    /// The frame of picture `index`, in content coordinates.
    public func frame(at index: Int) -> Rect {
        let row = index / columns, column = index % columns
        return Rect(x: Double(column) * (cellSide + Self.gap), y: Double(row) * (cellSide + Self.gap),
                    width: cellSide, height: cellSide)
    }

    /// The pictures whose rows meet the band `minY..<maxY` of the content (empty when none).
    public func indices(from minY: Double, to maxY: Double) -> Range<Int> {
        guard itemCount > 0, cellSide > 0, maxY > minY else { return 0..<0 }
        let pitch = cellSide + Self.gap
        let firstRow = max(0, Int((minY / pitch).rounded(.down)))
        let lastRow = min(rows - 1, Int((maxY / pitch).rounded(.down)))
        guard firstRow <= lastRow else { return 0..<0 }
        return firstRow * columns..<min(itemCount, (lastRow + 1) * columns)
    }
}
