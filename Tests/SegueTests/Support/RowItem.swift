import Geometry
import Motion

/// One row of a ``RowListPage``: a title, a subtitle, and the accent of the dot beside them
/// and of the ``RowDetailPage`` it pushes.
struct RowItem: Sendable {
    var title: String
    var subtitle: String
    var accent: Color

    /// Twelve rows: more than a 300 px window shows, so that the list scrolls; the eleventh
    /// has a title too long for any row.
    static let samples: [RowItem] = [
        RowItem(title: "Slide", subtitle: "Push and pop, 0.5 s", accent: Color(hex: 0x3478F6)),
        RowItem(title: "Scale and fade", subtitle: "A second row", accent: Color(hex: 0x30B0C7)),
        RowItem(title: "Pixelate dissolve", subtitle: "A third row", accent: Color(hex: 0x34C759)),
        RowItem(title: "Pixelate by drag", subtitle: "A fourth row", accent: Color(hex: 0xFF9500)),
        RowItem(title: "Dusk", subtitle: "Another page that slides", accent: Color(hex: 0xAF52DE)),
        RowItem(title: "Harbour", subtitle: "Boats at rest in the evening light", accent: Color(hex: 0xFF3B30)),
        RowItem(title: "Meadow", subtitle: "Long grass and a path through it", accent: Color(hex: 0x5AC8FA)),
        RowItem(title: "Glacier", subtitle: "Blue ice under a white sky", accent: Color(hex: 0x007AFF)),
        RowItem(title: "Ember", subtitle: "The last glow of a fire", accent: Color(hex: 0xFF2D55)),
        RowItem(title: "Orchard", subtitle: "Rows of trees in blossom", accent: Color(hex: 0x4CD964)),
        RowItem(title: "A page whose title is far too long to fit beside the chevron of its row",
                subtitle: "Titles and subtitles that do not fit end with an ellipsis", accent: Color(hex: 0xFFCC00)),
        RowItem(title: "Midnight", subtitle: "The last row: scroll to see it", accent: Color(hex: 0x5856D6)),
    ]
}
