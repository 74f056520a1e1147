import Segue
@testable import SegueWayland
import Testing

/// Each of Segue's cursors as a `wp_cursor_shape_device_v1.shape`: the values are the
/// protocol's (cursor-shape-v1.xml), the correspondence of its CSS names to the Xcursor names
/// Segue asks a theme for is the desktop's (e.g. `top_side` is CSS `n-resize`).
@MainActor
@Suite struct CursorShapesTests {
    @Test func everyCursorHasTheProtocolsShape() {
        let expected: [(Cursor, UInt32)] = [
            (.default, 1), (.pointer, 4), (.grabbing, 17),
            (.resizeRight, 18), (.resizeTop, 19), (.resizeTopRight, 20), (.resizeTopLeft, 21),
            (.resizeBottom, 22), (.resizeBottomRight, 23), (.resizeBottomLeft, 24), (.resizeLeft, 25),
        ]
        for (cursor, shape) in expected {
            #expect(CursorShapes.shape(for: cursor).rawValue == shape, "\(cursor)")
        }
    }
}
