#ifndef SEGUE_IMAGE_CODECS_H
#define SEGUE_IMAGE_CODECS_H

// JPEG (libjpeg-turbo), PNG (libpng) and WebP (libwebp) behind one small C surface, for
// PhotoDecoding. The libraries report errors by longjmp (libjpeg, libpng) or expect callers to
// own the jump buffer, which Swift cannot do: every setjmp lives here, and every function
// returns a status instead of aborting or printing.
//
// Pixels are Cairo's ARGB32: premultiplied, native-endian 32-bit words (bytes B, G, R, A on
// the little-endian machines Segue runs on). Callers own every pixel buffer.

#include <stddef.h>
#include <stdint.h>

/// The formats recognised by their first bytes (never by a file's name).
typedef enum {
    SEGUE_PICTURE_UNKNOWN = 0,
    SEGUE_PICTURE_JPEG = 1,
    SEGUE_PICTURE_PNG = 2,
    SEGUE_PICTURE_WEBP = 3,
} segue_picture_format;

/// What every function here returns.
typedef enum {
    SEGUE_CODEC_OK = 0,
    /// Not a format this library decodes (or a variant of one it does not: animated WebP).
    SEGUE_CODEC_UNSUPPORTED = 1,
    /// The data ends before the picture does.
    SEGUE_CODEC_TRUNCATED = 2,
    /// The codec rejected the data; the message says why in its words.
    SEGUE_CODEC_CORRUPT = 3,
    /// The cancel flag was raised while decoding.
    SEGUE_CODEC_CANCELLED = 4,
    /// An allocation inside a codec failed.
    SEGUE_CODEC_NO_MEMORY = 5,
} segue_codec_status;

/// A header as stored in the file: the size before any EXIF orientation is applied.
typedef struct {
    segue_picture_format format;
    uint32_t width;
    uint32_t height;
    /// EXIF orientation 1…8 (JPEG's APP1 only; 1 for everything else and for a bad tag).
    int orientation;
    int has_alpha;
} segue_picture_header;

/// How a picture will be decoded for a requested size: the codec's own output size (stored
/// orientation) and, for JPEG, libjpeg's scale `scale_num`/8.
typedef struct {
    segue_picture_format format;
    uint32_t width;
    uint32_t height;
    int scale_num;
} segue_decode_plan;

/// A flag another thread raises to stop a decode between rows. Read and written atomically;
/// Swift has no atomics on plain memory without a package, so it goes through these.
typedef struct {
    int raised;
} segue_cancel_flag;

void segue_cancel_flag_raise(segue_cancel_flag *flag);
int segue_cancel_flag_is_raised(const segue_cancel_flag *flag);

/// The format the first bytes announce (at least 12 bytes are needed to tell WebP).
segue_picture_format segue_picture_sniff(const uint8_t *data, size_t size);

/// Reads the header of a sniffed picture without decoding pixels. On failure `message`
/// (which may be NULL) receives the codec's words, NUL-terminated.
segue_codec_status segue_picture_probe(const uint8_t *data, size_t size, segue_picture_header *header,
                                       char *message, size_t message_size);

/// Chooses the output size for a request of `min_width` × `min_height` (stored orientation,
/// aspect already preserved by the caller; 0 × 0 = full size). JPEG picks libjpeg's smallest
/// scale n/8 whose output is at least that large, WebP scales to it exactly, PNG always
/// decodes whole (the caller resamples).
segue_codec_status segue_picture_plan(const uint8_t *data, size_t size, uint32_t min_width, uint32_t min_height,
                                      segue_decode_plan *plan, char *message, size_t message_size);

/// Decodes into `pixels` (`plan->height` rows of `stride` bytes, at least 4 · `plan->width`),
/// premultiplied ARGB32. `cancel` may be NULL.
segue_codec_status segue_picture_decode(const uint8_t *data, size_t size, const segue_decode_plan *plan,
                                        uint8_t *pixels, size_t stride, const segue_cancel_flag *cancel,
                                        char *message, size_t message_size);

/// Copies `src` (`width` × `height`, stored) into `dst` turned upright for EXIF `orientation`
/// (1…8): `dst` is `height` × `width` for 5…8, `width` × `height` otherwise.
void segue_picture_orient(const uint8_t *src, size_t src_stride, uint32_t width, uint32_t height,
                          uint8_t *dst, size_t dst_stride, int orientation);

/// The mean of every pixel's premultiplied channels, each 0…255: `sums` gets B, G, R, A.
void segue_picture_average(const uint8_t *pixels, size_t stride, uint32_t width, uint32_t height,
                           double sums[4]);

/// Encodes opaque ARGB32 pixels as a JPEG (4:2:0) of `quality` 1…100, baseline or (when
/// `progressive`) in libjpeg's usual progression of scans, with an APP1 segment of `app1_size`
/// bytes written first when `app1` is not NULL. The bytes returned in `*out` are freed with
/// `segue_codec_free`.
segue_codec_status segue_jpeg_encode(const uint8_t *pixels, size_t stride, uint32_t width, uint32_t height,
                                     int quality, int progressive, const uint8_t *app1, size_t app1_size,
                                     uint8_t **out, size_t *out_size, char *message, size_t message_size);

/// Encodes opaque ARGB32 pixels as WebP: lossless when `lossless`, else lossy at `quality`.
segue_codec_status segue_webp_encode(const uint8_t *pixels, size_t stride, uint32_t width, uint32_t height,
                                     int quality, int lossless, uint8_t **out, size_t *out_size);

/// Frees what an encoder returned.
void segue_codec_free(void *bytes);

#endif
