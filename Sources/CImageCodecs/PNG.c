// PNG through libpng: every colour type and depth expanded to 8-bit B, G, R, A, then
// premultiplied for Cairo.

#include "CodecInternal.h"

#include <setjmp.h>
#include <string.h>

#include <png.h>

/// Where libpng reads from and where it reports to.
struct png_context {
    const uint8_t *data;
    size_t size;
    size_t offset;
    segue_codec_status status;
    char *message;
    size_t message_size;
};

static void context_read(png_structp png, png_bytep out, size_t count) {
    struct png_context *context = png_get_io_ptr(png);
    if (context->size - context->offset < count) {
        context->status = SEGUE_CODEC_TRUNCATED;
        png_error(png, "the PNG data ends early");
    }
    memcpy(out, context->data + context->offset, count);
    context->offset += count;
}

static void context_error(png_structp png, png_const_charp text) {
    struct png_context *context = png_get_error_ptr(png);
    if (context->status == SEGUE_CODEC_OK) context->status = SEGUE_CODEC_CORRUPT;
    segue_codec_message(context->message, context->message_size, "%s", text);
    png_longjmp(png, 1);
}

static void context_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text; // never print; warnings (a bad ancillary chunk) do not stop the picture
}

static png_structp open_png(struct png_context *context, const uint8_t *data, size_t size,
                            char *message, size_t message_size) {
    memset(context, 0, sizeof *context);
    context->data = data;
    context->size = size;
    context->status = SEGUE_CODEC_OK;
    context->message = message;
    context->message_size = message_size;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, context, context_error, context_warning);
    if (png != NULL) png_set_read_fn(png, context, context_read);
    return png;
}

segue_codec_status segue_png_probe(const uint8_t *data, size_t size, segue_picture_header *header,
                                   char *message, size_t message_size) {
    struct png_context context;
    png_structp png = open_png(&context, data, size, message, message_size);
    if (png == NULL) return SEGUE_CODEC_NO_MEMORY;
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_read_struct(&png, NULL, NULL);
        return SEGUE_CODEC_NO_MEMORY;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        return context.status;
    }
    png_read_info(png, info);
    header->format = SEGUE_PICTURE_PNG;
    header->width = png_get_image_width(png, info);
    header->height = png_get_image_height(png, info);
    header->orientation = 1;
    int color_type = png_get_color_type(png, info);
    header->has_alpha = (color_type & PNG_COLOR_MASK_ALPHA) != 0 || png_get_valid(png, info, PNG_INFO_tRNS) != 0;
    png_destroy_read_struct(&png, &info, NULL);
    return SEGUE_CODEC_OK;
}

segue_codec_status segue_png_decode(const uint8_t *data, size_t size, const segue_decode_plan *plan,
                                    uint8_t *pixels, size_t stride, const segue_cancel_flag *cancel,
                                    char *message, size_t message_size) {
    struct png_context context;
    png_structp png = open_png(&context, data, size, message, message_size);
    if (png == NULL) return SEGUE_CODEC_NO_MEMORY;
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_read_struct(&png, NULL, NULL);
        return SEGUE_CODEC_NO_MEMORY;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        return context.status;
    }
    png_read_info(png, info);
    uint32_t width = png_get_image_width(png, info), height = png_get_image_height(png, info);
    if (width != plan->width || height != plan->height) {
        context.status = SEGUE_CODEC_CORRUPT;
        png_error(png, "the PNG's header changed between plan and decode");
    }
    int color_type = png_get_color_type(png, info);
    int bit_depth = png_get_bit_depth(png, info);
    if (color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color_type == PNG_COLOR_TYPE_GRAY && bit_depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
    if (bit_depth == 16) png_set_scale_16(png);
    if ((color_type & PNG_COLOR_MASK_COLOR) == 0) png_set_gray_to_rgb(png);
    png_set_bgr(png);
    // Opaque types get a 0xFF byte where Cairo keeps alpha; types with alpha already have it.
    png_set_filler(png, 0xff, PNG_FILLER_AFTER);
    int passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != 4 * (size_t)width) {
        context.status = SEGUE_CODEC_CORRUPT;
        png_error(png, "unexpected row size after expansion");
    }
    for (int pass = 0; pass < passes; pass++) {
        for (uint32_t y = 0; y < height; y++) {
            if (segue_cancel_flag_is_raised(cancel)) {
                context.status = SEGUE_CODEC_CANCELLED;
                png_error(png, "cancelled");
            }
            png_read_row(png, pixels + (size_t)y * stride, NULL);
        }
    }
    // No png_read_end: every row is in, and a file whose IEND alone is missing should not fail.
    png_destroy_read_struct(&png, &info, NULL);
    for (uint32_t y = 0; y < height; y++) segue_codec_premultiply_row(pixels + (size_t)y * stride, width);
    return SEGUE_CODEC_OK;
}
