#ifndef SEGUE_PIXEL_KERNELS_H
#define SEGUE_PIXEL_KERNELS_H

// Whole-image pixel operations that pixman cannot do in one pass, for Canvas (Swift calls
// them through Canvas+Blend.swift only). Pixels are Cairo's ARGB32: premultiplied, 4 bytes.
//
// Each kernel treats a row as plain bytes, so the same channel arithmetic applies to alpha
// and colour alike (exact for premultiplied pixels). SSE2 (baseline on x86_64) does 16 bytes
// at a time in 16-bit lanes; the plain C loop after it is the tail and the portable fallback.

#include <stddef.h>
#include <stdint.h>

/// dst = a + (b − a) · weight / 256, byte by byte, over `height` rows of `row_bytes` bytes:
/// a cross-fade of two images in one pass (two reads, one write), where Cairo would copy `a`
/// and then blend `b` over it with a constant alpha (pixman's slow general path).
/// `weight` is clamped to 0…256. `dst` may be `a` or `b`.
void segue_crossfade_rows(uint8_t *dst, ptrdiff_t dst_stride,
                          const uint8_t *a, ptrdiff_t a_stride,
                          const uint8_t *b, ptrdiff_t b_stride,
                          size_t row_bytes, size_t height, unsigned weight);

/// dst = src · (256 − weight) / 256 + colour · weight / 256, pixel by pixel, where `colour`
/// is one premultiplied ARGB32 pixel: an opaque image under a uniform translucent fill
/// (a dimming view) in one pass instead of a copy and then a blend. `weight` is clamped to
/// 0…256. `dst` may be `src`.
void segue_fade_to_colour_rows(uint8_t *dst, ptrdiff_t dst_stride,
                               const uint8_t *src, ptrdiff_t src_stride,
                               size_t width, size_t height, uint32_t colour, unsigned weight);

/// dst = src · weight / 256 + dst · (255 − that alpha) / 255, pixel by pixel: `src` drawn over
/// `dst` with a constant alpha (Cairo's operator "over" through a constant mask) in one pass,
/// where pixman takes its slow general path for the constant mask. `src` may be translucent
/// (premultiplied); byte 3 of each pixel in memory (little-endian ARGB32) is its alpha.
/// `weight` is clamped to 0…256.
void segue_over_with_alpha_rows(uint8_t *dst, ptrdiff_t dst_stride,
                                const uint8_t *src, ptrdiff_t src_stride,
                                size_t width, size_t height, unsigned weight);

/// Scales an image with the bilinear filter as pixman samples it (7-bit weights, edges clamped
/// as Cairo's pad extend), writing every pixel of a `width` × `height` block of `dst`
/// (replacing it: for an opaque image). Destination pixel (i, j) samples the source at
/// x = x0 + i · dx, y = y0 + j · dy in 16.16 fixed point, pixel centres accounted for (x = 0
/// is the first pixel's centre). Each row is two source rows mixed, then resampled; fastest
/// near scale 1 and enlarging (a shrink reads pixels one by one). Returns 0 (nothing drawn)
/// if scratch memory ran out.
int segue_scale_bilinear(uint8_t *dst, ptrdiff_t dst_stride, size_t width, size_t height,
                         const uint8_t *src, ptrdiff_t src_stride, size_t src_width, size_t src_height,
                         int64_t x0, int64_t dx, int64_t y0, int64_t dy);

#endif
