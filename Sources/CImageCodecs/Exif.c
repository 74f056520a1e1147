// The orientation tag of a JPEG's EXIF block: the only EXIF field a viewer must honour.

#include "CodecInternal.h"

#include <string.h>

static uint32_t read16(const uint8_t *p, int big_endian) {
    return big_endian ? (uint32_t)(p[0] << 8 | p[1]) : (uint32_t)(p[1] << 8 | p[0]);
}

static uint32_t read32(const uint8_t *p, int big_endian) {
    return big_endian ? ((uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3])
                      : ((uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 | (uint32_t)p[1] << 8 | p[0]);
}

int segue_exif_orientation(const uint8_t *payload, size_t size) {
    // "Exif\0\0", then a TIFF header: byte order, 42, the offset of IFD0 from the TIFF start.
    if (size < 6 + 8 || memcmp(payload, "Exif\0\0", 6) != 0) return 1;
    const uint8_t *tiff = payload + 6;
    size_t tiff_size = size - 6;
    int big_endian;
    if (tiff[0] == 'M' && tiff[1] == 'M') big_endian = 1;
    else if (tiff[0] == 'I' && tiff[1] == 'I') big_endian = 0;
    else return 1;
    if (read16(tiff + 2, big_endian) != 42) return 1;
    uint32_t ifd = read32(tiff + 4, big_endian);
    if (ifd > tiff_size || tiff_size - ifd < 2) return 1;
    uint32_t entries = read16(tiff + ifd, big_endian);
    // Each entry is 12 bytes: tag, type, count, then the value itself when it fits in 4.
    for (uint32_t i = 0; i < entries; i++) {
        size_t at = (size_t)ifd + 2 + 12 * (size_t)i;
        if (at + 12 > tiff_size) return 1;
        const uint8_t *entry = tiff + at;
        if (read16(entry, big_endian) != 0x0112) continue;
        // SHORT (3), one value: it sits in the value field's first two bytes.
        if (read16(entry + 2, big_endian) != 3 || read32(entry + 4, big_endian) != 1) return 1;
        uint32_t value = read16(entry + 8, big_endian);
        return value >= 1 && value <= 8 ? (int)value : 1;
    }
    return 1;
}
