import Photos
import SegueKit
import Testing

/// The grid's geometry: columns for a width, cells filling the row, the band's indices.
@Suite struct GridLayoutTests {
    @Test(arguments: [(100.0, 1), (320.0, 2), (400.0, 2), (800.0, 5), (1024.0, 6), (1920.0, 12)])
    func columnsForWidth(width: Double, columns: Int) {
        let grid = GridLayout(width: width, itemCount: 100)
        #expect(grid.columns == columns)
        // The row is filled exactly: cells and gaps add up to the width.
        let row = Double(columns) * grid.cellSide + Double(columns - 1) * GridLayout.gap
        #expect(abs(row - width) < 1e-9)
        #expect(abs(grid.cellSide - GridLayout.targetCellSide) <= GridLayout.targetCellSide / 2 || columns == 1)
    }

    @Test func cellFramesGoAlongRowsWithGaps() {
        let grid = GridLayout(width: 800, itemCount: 12)
        let side = (800 - 4 * 2) / 5.0
        #expect(grid.cellSide == side)
        #expect(grid.frame(at: 0) == Rect(x: 0, y: 0, width: side, height: side))
        #expect(grid.frame(at: 4) == Rect(x: 4 * (side + 2), y: 0, width: side, height: side))
        #expect(grid.frame(at: 7) == Rect(x: 2 * (side + 2), y: side + 2, width: side, height: side))
        #expect(grid.rows == 3)
        #expect(grid.contentHeight == 3 * side + 2 * 2)
    }

    @Test func indicesCoverTheRowsMeetingABand() {
        let grid = GridLayout(width: 400, itemCount: 9)  // 2 columns of 199: rows at 0, 201, 402, …
        #expect(grid.indices(from: 0, to: 150) == 0..<2)
        #expect(grid.indices(from: 150, to: 250) == 0..<4)
        #expect(grid.indices(from: 700, to: 2000) == 6..<9)
        #expect(grid.indices(from: -500, to: -10) == 0..<0)
        #expect(GridLayout(width: 400, itemCount: 0).indices(from: 0, to: 500).isEmpty)
    }
}
