/*
 * segue-pango-measure: what Pango itself makes of a string in a font, for e2e tests that
 * compare text on screen with Pango called directly (not through the toolkit's TextLayout).
 *
 *   segue-pango-measure FAMILY WEIGHT SIZE_PX TEXT [PNG]
 *
 * Prints one line: "logical_width logical_height ink_x ink_width" in pixels (floats), from
 * pango_layout_get_extents. With PNG, also draws TEXT black on white at (10, 5) in a surface
 * 20 px wider and 10 px taller than the logical size, and writes it there.
 *
 * The font options are the toolkit's stated rendering (resolution-independent text:
 * grayscale antialiasing, no hinting, no metric rounding), the size absolute in pixels, no
 * wrapping: settings to match, the measuring itself is Pango's.
 */
#include <pango/pangocairo.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
	if (argc != 5 && argc != 6) {
		fprintf(stderr, "usage: %s FAMILY WEIGHT SIZE_PX TEXT [PNG]\n", argv[0]);
		return 2;
	}
	PangoFontMap *map = pango_cairo_font_map_get_default();
	PangoContext *context = pango_font_map_create_context(map);
	cairo_font_options_t *options = cairo_font_options_create();
	cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY);
	cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
	cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
	pango_cairo_context_set_font_options(context, options);
	pango_context_set_round_glyph_positions(context, FALSE);

	PangoFontDescription *font = pango_font_description_new();
	pango_font_description_set_family(font, argv[1]);
	pango_font_description_set_weight(font, (PangoWeight)atoi(argv[2]));
	pango_font_description_set_absolute_size(font, atof(argv[3]) * PANGO_SCALE);

	PangoLayout *layout = pango_layout_new(context);
	pango_layout_set_font_description(layout, font);
	pango_layout_set_text(layout, argv[4], -1);

	PangoRectangle ink, logical;
	pango_layout_get_extents(layout, &ink, &logical);
	printf("%.3f %.3f %.3f %.3f\n", (double)logical.width / PANGO_SCALE, (double)logical.height / PANGO_SCALE,
	       (double)ink.x / PANGO_SCALE, (double)ink.width / PANGO_SCALE);

	int status = 0;
	if (argc == 6) {
		int width = (int)((double)logical.width / PANGO_SCALE) + 20;
		int height = (int)((double)logical.height / PANGO_SCALE) + 10;
		cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
		cairo_t *cr = cairo_create(surface);
		cairo_set_source_rgb(cr, 1, 1, 1);
		cairo_paint(cr);
		cairo_set_source_rgb(cr, 0, 0, 0);
		cairo_move_to(cr, 10, 5);
		pango_cairo_update_context(cr, context);
		pango_layout_context_changed(layout);
		pango_cairo_show_layout(cr, layout);
		cairo_destroy(cr);
		if (cairo_surface_write_to_png(surface, argv[5]) != CAIRO_STATUS_SUCCESS) {
			fprintf(stderr, "cannot write %s\n", argv[5]);
			status = 1;
		}
		cairo_surface_destroy(surface);
	}
	g_object_unref(layout);
	pango_font_description_free(font);
	cairo_font_options_destroy(options);
	g_object_unref(context);
	return status;
}
