#ifndef SEGUE_CODEC_INTERNAL_H
#define SEGUE_CODEC_INTERNAL_H

// What the codec files share and Swift never sees.

#include "include/ImageCodecs.h"

#include <stdarg.h>

_Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__,
               "ImageCodecs writes ARGB32 as bytes B, G, R, A: a big-endian port needs other byte orders");

/// Writes a printf-style message into `message` when it is not NULL (truncating).
void segue_codec_message(char *message, size_t message_size, const char *format, ...)
    __attribute__((format(printf, 3, 4)));

/// Premultiplies a row of B, G, R, A bytes in place, rounding to nearest.
void segue_codec_premultiply_row(uint8_t *row, uint32_t width);

segue_codec_status segue_jpeg_probe(const uint8_t *data, size_t size, segue_picture_header *header,
                                    char *message, size_t message_size);
segue_codec_status segue_jpeg_plan(const uint8_t *data, size_t size, uint32_t min_width, uint32_t min_height,
                                   segue_decode_plan *plan, char *message, size_t message_size);
segue_codec_status segue_jpeg_decode(const uint8_t *data, size_t size, const segue_decode_plan *plan,
                                     uint8_t *pixels, size_t stride, const segue_cancel_flag *cancel,
                                     char *message, size_t message_size);

segue_codec_status segue_png_probe(const uint8_t *data, size_t size, segue_picture_header *header,
                                   char *message, size_t message_size);
segue_codec_status segue_png_decode(const uint8_t *data, size_t size, const segue_decode_plan *plan,
                                    uint8_t *pixels, size_t stride, const segue_cancel_flag *cancel,
                                    char *message, size_t message_size);

segue_codec_status segue_webp_probe(const uint8_t *data, size_t size, segue_picture_header *header,
                                    char *message, size_t message_size);
segue_codec_status segue_webp_decode(const uint8_t *data, size_t size, const segue_decode_plan *plan,
                                     uint8_t *pixels, size_t stride, const segue_cancel_flag *cancel,
                                     char *message, size_t message_size);

/// The orientation in a JPEG APP1 payload ("Exif\0\0" and a TIFF structure), or 1 when the
/// payload has none or a value outside 1…8.
int segue_exif_orientation(const uint8_t *payload, size_t size);

#endif
