#include "PixelKernels.h"

#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

// Rounding: + 128 before the shift, so equal inputs come back unchanged and the error is
// at most half a level (pixman's own blend rounds to within one level). Every sum fits in
// 16 bits (at most 255 · 256 + 128), so the vector code works in 16-bit lanes: C's promotion
// to int made the compiler's own vectorisation use 32-bit lanes, three times slower.

static void crossfade_sse2(uint8_t *dst, ptrdiff_t dst_stride,
                           const uint8_t *a, ptrdiff_t a_stride,
                           const uint8_t *b, ptrdiff_t b_stride,
                           size_t row_bytes, size_t height, unsigned weight) {
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

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
// The same arithmetic 32 bytes at a time (unpack and pack keep to each 128-bit half, so bytes
// keep their places): a full-window cross-fade at scale 2 was bound by the SSE2 loop's
// instructions, not by memory. Chosen at run time (x86_64's baseline is SSE2).
__attribute__((target("avx2")))
static void crossfade_avx2(uint8_t *dst, ptrdiff_t dst_stride,
                           const uint8_t *a, ptrdiff_t a_stride,
                           const uint8_t *b, ptrdiff_t b_stride,
                           size_t row_bytes, size_t height, unsigned weight) {
    const __m256i zero = _mm256_setzero_si256(), round = _mm256_set1_epi16(128);
    const __m256i va = _mm256_set1_epi16((short)(256 - weight)), vb = _mm256_set1_epi16((short)weight);
    for (size_t y = 0; y < height; y++) {
        uint8_t *d = dst + (ptrdiff_t)y * dst_stride;
        const uint8_t *pa = a + (ptrdiff_t)y * a_stride, *pb = b + (ptrdiff_t)y * b_stride;
        size_t i = 0;
        for (; i + 32 <= row_bytes; i += 32) {
            __m256i x = _mm256_loadu_si256((const __m256i *)(pa + i)), z = _mm256_loadu_si256((const __m256i *)(pb + i));
            __m256i lo = _mm256_add_epi16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_unpacklo_epi8(x, zero), va),
                                                           _mm256_mullo_epi16(_mm256_unpacklo_epi8(z, zero), vb)), round);
            __m256i hi = _mm256_add_epi16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_unpackhi_epi8(x, zero), va),
                                                           _mm256_mullo_epi16(_mm256_unpackhi_epi8(z, zero), vb)), round);
            _mm256_storeu_si256((__m256i *)(d + i), _mm256_packus_epi16(_mm256_srli_epi16(lo, 8), _mm256_srli_epi16(hi, 8)));
        }
        // The rest of the row (fewer than 32 bytes) the SSE2 way.
        if (i < row_bytes) crossfade_sse2(d + i, dst_stride, pa + i, a_stride, pb + i, b_stride, row_bytes - i, 1, weight);
    }
}
#endif

void segue_crossfade_rows(uint8_t *dst, ptrdiff_t dst_stride,
                          const uint8_t *a, ptrdiff_t a_stride,
                          const uint8_t *b, ptrdiff_t b_stride,
                          size_t row_bytes, size_t height, unsigned weight) {
    if (weight > 256) weight = 256;
#if defined(__x86_64__) && defined(__GNUC__)
    if (__builtin_cpu_supports("avx2")) {
        crossfade_avx2(dst, dst_stride, a, a_stride, b, b_stride, row_bytes, height, weight);
        return;
    }
#endif
    crossfade_sse2(dst, dst_stride, a, a_stride, b, b_stride, row_bytes, height, weight);
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

// x / 255 rounded, for x ≤ 255 · 255 (pixman's MUL_UN8 division).
static inline unsigned div255(unsigned x) {
    x += 128;
    return (x + (x >> 8)) >> 8;
}

static void over_with_alpha_sse2(uint8_t *dst, ptrdiff_t dst_stride, const uint8_t *src, ptrdiff_t src_stride,
                                 size_t width, size_t height, unsigned weight) {
    for (size_t y = 0; y < height; y++) {
        uint8_t *d = dst + (ptrdiff_t)y * dst_stride;
        const uint8_t *s = src + (ptrdiff_t)y * src_stride;
        size_t i = 0;
#if defined(__SSE2__)
        const __m128i zero = _mm_setzero_si128(), round = _mm_set1_epi16(128), full = _mm_set1_epi16(255);
        const __m128i vw = _mm_set1_epi16((short)weight), keep = _mm_set1_epi16((short)(256 - weight));
        const __m128i alphas = _mm_set1_epi32((int)0xFF000000);
        for (; i + 4 <= width; i += 4) {
            __m128i x = _mm_loadu_si128((const __m128i *)(s + 4 * i));
            // Four clear pixels leave the destination as it is; four opaque ones are a
            // cross-fade (two multiplies a lane instead of four): most pixels of a page.
            if (_mm_movemask_epi8(_mm_cmpeq_epi32(x, zero)) == 0xFFFF) continue;
            __m128i z = _mm_loadu_si128((const __m128i *)(d + 4 * i));
            if (_mm_movemask_epi8(_mm_cmpeq_epi32(_mm_and_si128(x, alphas), alphas)) == 0xFFFF) {
                __m128i lo = _mm_add_epi16(_mm_add_epi16(_mm_mullo_epi16(_mm_unpacklo_epi8(z, zero), keep),
                                                         _mm_mullo_epi16(_mm_unpacklo_epi8(x, zero), vw)), round);
                __m128i hi = _mm_add_epi16(_mm_add_epi16(_mm_mullo_epi16(_mm_unpackhi_epi8(z, zero), keep),
                                                         _mm_mullo_epi16(_mm_unpackhi_epi8(x, zero), vw)), round);
                _mm_storeu_si128((__m128i *)(d + 4 * i), _mm_packus_epi16(_mm_srli_epi16(lo, 8), _mm_srli_epi16(hi, 8)));
                continue;
            }
            __m128i half[2];
            for (int h = 0; h < 2; h++) {
                __m128i sx = h ? _mm_unpackhi_epi8(x, zero) : _mm_unpacklo_epi8(x, zero);
                __m128i dx = h ? _mm_unpackhi_epi8(z, zero) : _mm_unpacklo_epi8(z, zero);
                // The source scaled by the alpha, then its alpha (byte 3 of each pixel) in every lane.
                __m128i scaled = _mm_srli_epi16(_mm_add_epi16(_mm_mullo_epi16(sx, vw), round), 8);
                __m128i alpha = _mm_shufflehi_epi16(_mm_shufflelo_epi16(scaled, 0xFF), 0xFF);
                __m128i t = _mm_add_epi16(_mm_mullo_epi16(dx, _mm_sub_epi16(full, alpha)), round);
                t = _mm_srli_epi16(_mm_add_epi16(t, _mm_srli_epi16(t, 8)), 8);
                half[h] = _mm_add_epi16(scaled, t);
            }
            _mm_storeu_si128((__m128i *)(d + 4 * i), _mm_packus_epi16(half[0], half[1]));
        }
#endif
        for (; i < width; i++) {
            unsigned scaled[4];
            for (int c = 0; c < 4; c++) scaled[c] = (s[4 * i + c] * weight + 128) >> 8;
            for (int c = 0; c < 4; c++) {
                unsigned value = scaled[c] + div255(d[4 * i + c] * (255 - scaled[3]));
                d[4 * i + c] = (uint8_t)(value > 255 ? 255 : value);
            }
        }
    }
}

#if defined(__x86_64__) && defined(__GNUC__)
// The same arithmetic eight pixels at a time (AVX2's 256-bit lanes; unpack and pack work within
// each 128-bit half, so pixels keep their places), chosen at run time: x86_64's baseline is SSE2.
__attribute__((target("avx2")))
static void over_with_alpha_avx2(uint8_t *dst, ptrdiff_t dst_stride, const uint8_t *src, ptrdiff_t src_stride,
                                 size_t width, size_t height, unsigned weight) {
    const __m256i zero = _mm256_setzero_si256(), round = _mm256_set1_epi16(128), full = _mm256_set1_epi16(255);
    const __m256i vw = _mm256_set1_epi16((short)weight), keep = _mm256_set1_epi16((short)(256 - weight));
    const __m256i alphas = _mm256_set1_epi32((int)0xFF000000);
    for (size_t y = 0; y < height; y++) {
        uint8_t *d = dst + (ptrdiff_t)y * dst_stride;
        const uint8_t *s = src + (ptrdiff_t)y * src_stride;
        size_t i = 0;
        for (; i + 8 <= width; i += 8) {
            __m256i x = _mm256_loadu_si256((const __m256i *)(s + 4 * i));
            if (_mm256_movemask_epi8(_mm256_cmpeq_epi32(x, zero)) == -1) continue;
            __m256i z = _mm256_loadu_si256((const __m256i *)(d + 4 * i));
            __m256i lo, hi;
            if (_mm256_movemask_epi8(_mm256_cmpeq_epi32(_mm256_and_si256(x, alphas), alphas)) == -1) {
                lo = _mm256_add_epi16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_unpacklo_epi8(z, zero), keep),
                                                       _mm256_mullo_epi16(_mm256_unpacklo_epi8(x, zero), vw)), round);
                hi = _mm256_add_epi16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_unpackhi_epi8(z, zero), keep),
                                                       _mm256_mullo_epi16(_mm256_unpackhi_epi8(x, zero), vw)), round);
                _mm256_storeu_si256((__m256i *)(d + 4 * i), _mm256_packus_epi16(_mm256_srli_epi16(lo, 8), _mm256_srli_epi16(hi, 8)));
                continue;
            }
            __m256i half[2];
            for (int h = 0; h < 2; h++) {
                __m256i sx = h ? _mm256_unpackhi_epi8(x, zero) : _mm256_unpacklo_epi8(x, zero);
                __m256i dx = h ? _mm256_unpackhi_epi8(z, zero) : _mm256_unpacklo_epi8(z, zero);
                __m256i scaled = _mm256_srli_epi16(_mm256_add_epi16(_mm256_mullo_epi16(sx, vw), round), 8);
                __m256i alpha = _mm256_shufflehi_epi16(_mm256_shufflelo_epi16(scaled, 0xFF), 0xFF);
                __m256i t = _mm256_add_epi16(_mm256_mullo_epi16(dx, _mm256_sub_epi16(full, alpha)), round);
                t = _mm256_srli_epi16(_mm256_add_epi16(t, _mm256_srli_epi16(t, 8)), 8);
                half[h] = _mm256_add_epi16(scaled, t);
            }
            _mm256_storeu_si256((__m256i *)(d + 4 * i), _mm256_packus_epi16(half[0], half[1]));
        }
        // The rest of the row (fewer than eight pixels) the SSE2 way.
        if (i < width) over_with_alpha_sse2(d + 4 * i, dst_stride, s + 4 * i, src_stride, width - i, 1, weight);
    }
}
#endif

void segue_over_with_alpha_rows(uint8_t *dst, ptrdiff_t dst_stride,
                                const uint8_t *src, ptrdiff_t src_stride,
                                size_t width, size_t height, unsigned weight) {
    if (weight > 256) weight = 256;
#if defined(__x86_64__) && defined(__GNUC__)
    if (__builtin_cpu_supports("avx2")) {
        over_with_alpha_avx2(dst, dst_stride, src, src_stride, width, height, weight);
        return;
    }
#endif
    over_with_alpha_sse2(dst, dst_stride, src, src_stride, width, height, weight);
}
