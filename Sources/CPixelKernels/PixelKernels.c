#include "PixelKernels.h"

#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

// Rounding: + 128 before the shift, so equal inputs come back unchanged and the error is
// at most half a level (pixman's own blend rounds to within one level). Every sum fits in
// 16 bits (at most 255 · 256 + 128), so the vector code works in 16-bit lanes: C's promotion
// to int made the compiler's own vectorisation use 32-bit lanes, three times slower.

void segue_crossfade_rows(uint8_t *dst, ptrdiff_t dst_stride,
                          const uint8_t *a, ptrdiff_t a_stride,
                          const uint8_t *b, ptrdiff_t b_stride,
                          size_t row_bytes, size_t height, unsigned weight) {
    if (weight > 256) weight = 256;
    const uint16_t wb = (uint16_t)weight, wa = (uint16_t)(256 - weight);
    for (size_t y = 0; y < height; y++) {
        uint8_t *d = dst + (ptrdiff_t)y * dst_stride;
        const uint8_t *pa = a + (ptrdiff_t)y * a_stride, *pb = b + (ptrdiff_t)y * b_stride;
        size_t i = 0;
#if defined(__SSE2__)
        const __m128i zero = _mm_setzero_si128(), round = _mm_set1_epi16(128);
        const __m128i va = _mm_set1_epi16((short)wa), vb = _mm_set1_epi16((short)wb);
        for (; i + 16 <= row_bytes; i += 16) {
            __m128i x = _mm_loadu_si128((const __m128i *)(pa + i)), z = _mm_loadu_si128((const __m128i *)(pb + i));
            __m128i lo = _mm_add_epi16(_mm_add_epi16(_mm_mullo_epi16(_mm_unpacklo_epi8(x, zero), va),
                                                     _mm_mullo_epi16(_mm_unpacklo_epi8(z, zero), vb)), round);
            __m128i hi = _mm_add_epi16(_mm_add_epi16(_mm_mullo_epi16(_mm_unpackhi_epi8(x, zero), va),
                                                     _mm_mullo_epi16(_mm_unpackhi_epi8(z, zero), vb)), round);
            _mm_storeu_si128((__m128i *)(d + i), _mm_packus_epi16(_mm_srli_epi16(lo, 8), _mm_srli_epi16(hi, 8)));
        }
#endif
        for (; i < row_bytes; i++) {
            d[i] = (uint8_t)((unsigned)(pa[i] * wa + pb[i] * wb + 128) >> 8);
        }
    }
}

void segue_fade_to_colour_rows(uint8_t *dst, ptrdiff_t dst_stride,
                               const uint8_t *src, ptrdiff_t src_stride,
                               size_t width, size_t height, uint32_t colour, unsigned weight) {
    if (weight > 256) weight = 256;
    const uint16_t keep = (uint16_t)(256 - weight);
    // The colour's share per byte in memory order (the pixel's native-endian bytes), rounding
    // included.
    uint8_t bytes[4];
    memcpy(bytes, &colour, 4);
    uint16_t add[8];
    for (int k = 0; k < 8; k++) add[k] = (uint16_t)(bytes[k % 4] * weight + 128);
    const size_t n = width * 4;
    for (size_t y = 0; y < height; y++) {
        uint8_t *d = dst + (ptrdiff_t)y * dst_stride;
        const uint8_t *s = src + (ptrdiff_t)y * src_stride;
        size_t i = 0;
#if defined(__SSE2__)
        const __m128i zero = _mm_setzero_si128(), vk = _mm_set1_epi16((short)keep);
        const __m128i vadd = _mm_loadu_si128((const __m128i *)add);
        for (; i + 16 <= n; i += 16) {
            __m128i x = _mm_loadu_si128((const __m128i *)(s + i));
            __m128i lo = _mm_add_epi16(_mm_mullo_epi16(_mm_unpacklo_epi8(x, zero), vk), vadd);
            __m128i hi = _mm_add_epi16(_mm_mullo_epi16(_mm_unpackhi_epi8(x, zero), vk), vadd);
            _mm_storeu_si128((__m128i *)(d + i), _mm_packus_epi16(_mm_srli_epi16(lo, 8), _mm_srli_epi16(hi, 8)));
        }
#endif
        for (; i < n; i++) d[i] = (uint8_t)((unsigned)(s[i] * keep + add[i % 4]) >> 8);
    }
}
