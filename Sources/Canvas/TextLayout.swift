import Geometry
import CCairo

/// A paragraph of text laid out by Pango: measured once, drawn many times.
///
/// Layout is resolution-independent: glyph outlines are not hinted and metrics are not rounded
/// to whole pixels, so a layout measures and renders the same offscreen and on screen, and
/// under any translation.
///
/// ```swift
/// let title = TextLayout(text: "Inbox", font: Font(size: 17, weight: .bold))
/// canvas.drawText(title, at: Point(x: (width - title.size.width) / 2, y: 12), color: .black)
/// ```
public final class TextLayout {
    /// The text, as given.
    public let text: String
    /// The font, as given.
    public let font: Font
    /// ``Font/generation`` when this was laid out: stale once the user's font or text scale
    /// changed (``isStale``).
    public let generation = Font.generation
    /// Whether the user's interface font or text scale changed since this was laid out.
    public var isStale: Bool { generation != Font.generation }
    /// The wrapping width in pixels, or nil for one line per paragraph.
    public let maxWidth: Double?
    /// The alignment of lines within the layout's width.
    public let alignment: TextAlignment
    /// At most this many lines (0: no limit). With ``maxWidth`` set, text that needs more ends
    /// with "…" on the last line allowed (1: one line, cut with "…" where it would pass
    /// ``maxWidth``), as Pango's `PANGO_ELLIPSIZE_END`; nothing is painted past ``maxWidth``.
    /// With `rightToLeft`, `.left` aligns to the right end instead (text in a right-to-left
    /// script already does: Pango aligns each paragraph to its own leading edge).
    public let maxLines: Int
    /// Whether ``TextAlignment/left`` means the right-to-left leading edge: the right one,
    /// whatever the text's script (as GTK mirrors a label's alignment in a right-to-left widget).
    public let rightToLeft: Bool

    private let context: OpaquePointer   // PangoContext *
    private let layout: OpaquePointer    // PangoLayout *

    /// Lays out `text` in `font`, wrapping at word (or, failing that, character) boundaries
    /// when `maxWidth` is given; with `maxLines` > 0 as well, at most that many lines, the last
    /// ending with "…" when the text does not fit (`maxLines: 1`: a single ellipsized line).
    ///
    /// The text is `textScale` times the font's size: by default the user's text scale
    /// (``Font/textScale``); a measurement that must not depend on it passes 1.
    public init(text: String, font: Font, maxWidth: Double? = nil, alignment: TextAlignment = .left,
                maxLines: Int = 0, rightToLeft: Bool = false, textScale: Double? = nil) {
        self.text = text
        self.rightToLeft = rightToLeft
        self.font = font
        self.maxWidth = maxWidth
        self.alignment = alignment
        self.maxLines = max(0, maxLines)

        let fontMap = pango_cairo_font_map_get_default()
        context = pango_font_map_create_context(fontMap)!
        // Grayscale antialiasing, no hinting, no metric rounding: identical everywhere.
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(context, 0)

        layout = pango_layout_new(context)!
        let description = pango_font_description_new()!
        pango_font_description_set_family(description, font.family)
        pango_font_description_set_absolute_size(description, font.size * (textScale ?? Font.textScale) * Double(PANGO_SCALE))
        pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(font.weight.value)))
        pango_layout_set_font_description(layout, description)
        pango_font_description_free(description)

        if let maxWidth {
            pango_layout_set_width(layout, Int32((max(0, maxWidth) * Double(PANGO_SCALE)).rounded()))
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
            if maxLines > 0 {
                // A negative height counts lines: the last one allowed is ellipsized at its end.
                pango_layout_set_height(layout, -Int32(min(maxLines, Int(Int32.max))))
                pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
            }
        }
        switch alignment {
        case .left where rightToLeft && pango_find_base_dir(text, -1) != PANGO_DIRECTION_RTL:
            // Left-to-right (or neutral) text in a right-to-left layout: to the right end. (A
            // right-to-left paragraph aligned left is already at its leading, right, edge.)
            pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        case .left: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .right: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        }
        pango_layout_set_text(layout, text, -1)
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(layout))
        g_object_unref(UnsafeMutableRawPointer(context))
    }

    /// The logical extent in pixels: advance width by line height(s). When `maxWidth` is set,
    /// the width is that of the widest line, not `maxWidth`.
    public var size: Size {
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let scale = Double(PANGO_SCALE)
        return Size(width: Double(logical.width) / scale, height: Double(logical.height) / scale)
    }

    /// Where the text starts within ``maxWidth``, in pixels: 0 for left-to-right text aligned
    /// left. A paragraph in a right-to-left script (Pango finds its direction from its first
    /// strong character) aligned left is aligned to its own leading edge, the right one, and
    /// starts further in: a caller that centres ``size`` itself draws the layout this much
    /// further left.
    public var originX: Double {
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        return Double(logical.x) / Double(PANGO_SCALE)
    }

    /// The distance from the top of the layout to the first line's baseline, in pixels.
    public var baseline: Double {
        Double(pango_layout_get_baseline(layout)) / Double(PANGO_SCALE)
    }

    /// Whether the text was cut short with "…" (only with ``maxWidth`` and ``maxLines``).
    public var isEllipsized: Bool {
        pango_layout_is_ellipsized(layout) != 0
    }

    /// The number of lines after wrapping.
    public var lineCount: Int {
        Int(pango_layout_get_line_count(layout))
    }

    /// Draws the layout with its top-left corner at the Cairo context's current point.
    func show(in cr: OpaquePointer) {
        // Brings in the target's transform; the layout re-measures only if that changed
        // anything (with hinting off, a translation never does).
        pango_cairo_update_context(cr, context)
        pango_cairo_show_layout(cr, layout)
    }
}
