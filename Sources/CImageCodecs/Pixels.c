// Whole-picture pixel passes after decoding: premultiplying, turning upright, averaging.

#include "CodecInternal.h"

void segue_codec_premultiply_row(uint8_t *row, uint32_t width) {
    for (uint32_t x = 0; x < width; x++) {
        uint8_t *p = row + 4 * (size_t)x;
        unsigned a = p[3];
        if (a == 255) continue;
        // (c·a + 127) / 255 without a division: the usual exact rounding trick for 8 bits.
        for (int c = 0; c < 3; c++) {
            unsigned t = p[c] * a + 128;
            p[c] = (uint8_t)((t + (t >> 8)) >> 8);
        }
    }
}

void segue_picture_orient(const uint8_t *src, size_t src_stride, uint32_t width, uint32_t height,
                          uint8_t *dst, size_t dst_stride, int orientation) {
    // Each orientation as where the stored pixel (sx, sy) of the upright pixel (dx, dy) is:
    // a start and a step for sx and sy per step of dx and per step of dy, in whole pixels.
    int transposed = orientation >= 5 && orientation <= 8;
    uint32_t out_width = transposed ? height : width;
    uint32_t out_height = transposed ? width : height;
    long w = (long)width - 1, h = (long)height - 1;
    long x0 = 0, y0 = 0, x_dx = 1, y_dx = 0, x_dy = 0, y_dy = 1;
    switch (orientation) {
    case 2: x0 = w; x_dx = -1; break;                                     // mirrored left-right
    case 3: x0 = w; y0 = h; x_dx = -1; y_dy = -1; break;                  // turned 180°
    case 4: y0 = h; y_dy = -1; break;                                     // mirrored top-bottom
    case 5: x_dx = 0; y_dx = 1; x_dy = 1; y_dy = 0; break;                // transposed
    case 6: y0 = h; x_dx = 0; y_dx = -1; x_dy = 1; y_dy = 0; break;       // needs 90° clockwise
    case 7: x0 = w; y0 = h; x_dx = 0; y_dx = -1; x_dy = -1; y_dy = 0; break; // transverse
    case 8: x0 = w; x_dx = 0; y_dx = 1; x_dy = -1; y_dy = 0; break;       // needs 90° anticlockwise
    default: break;
    }
    for (uint32_t dy = 0; dy < out_height; dy++) {
        uint32_t *out = (uint32_t *)(dst + dy * dst_stride);
        long sx = x0 + x_dy * (long)dy, sy = y0 + y_dy * (long)dy;
        if (x_dx == 1 && y_dx == 0) {
            const uint32_t *in = (const uint32_t *)(src + sy * (long)src_stride) + sx;
            for (uint32_t dx = 0; dx < out_width; dx++) out[dx] = in[dx];
            continue;
        }
        for (uint32_t dx = 0; dx < out_width; dx++) {
            out[dx] = *(const uint32_t *)(src + sy * (long)src_stride + 4 * sx);
            sx += x_dx;
            sy += y_dx;
        }
    }
}

void segue_picture_average(const uint8_t *pixels, size_t stride, uint32_t width, uint32_t height,
                           double sums[4]) {
    uint64_t total[4] = {0, 0, 0, 0};
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *row = pixels + y * stride;
        // Per-row sums fit 32 bits up to 16 million pixels a row.
        uint32_t part[4] = {0, 0, 0, 0};
        for (uint32_t x = 0; x < width; x++) {
            part[0] += row[4 * x];
            part[1] += row[4 * x + 1];
            part[2] += row[4 * x + 2];
            part[3] += row[4 * x + 3];
        }
        for (int c = 0; c < 4; c++) total[c] += part[c];
    }
    double count = (double)width * (double)height;
    for (int c = 0; c < 4; c++) sums[c] = count > 0 ? (double)total[c] / count : 0;
}
