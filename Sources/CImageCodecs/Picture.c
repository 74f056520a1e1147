// The format-independent entry points: sniffing, dispatch, the cancel flag, messages.

#include "CodecInternal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void segue_cancel_flag_raise(segue_cancel_flag *flag) {
    __atomic_store_n(&flag->raised, 1, __ATOMIC_RELEASE);
}

int segue_cancel_flag_is_raised(const segue_cancel_flag *flag) {
    return flag != NULL && __atomic_load_n(&flag->raised, __ATOMIC_ACQUIRE) != 0;
}

void segue_codec_message(char *message, size_t message_size, const char *format, ...) {
    if (message == NULL || message_size == 0) return;
    va_list args;
    va_start(args, format);
    vsnprintf(message, message_size, format, args);
    va_end(args);
}

segue_picture_format segue_picture_sniff(const uint8_t *data, size_t size) {
    static const uint8_t png_signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    // SOI then the first marker's 0xFF: enough to tell JPEG from text that starts with 0xFFD8.
    if (size >= 3 && data[0] == 0xff && data[1] == 0xd8 && data[2] == 0xff) return SEGUE_PICTURE_JPEG;
    if (size >= 8 && memcmp(data, png_signature, 8) == 0) return SEGUE_PICTURE_PNG;
    if (size >= 12 && memcmp(data, "RIFF", 4) == 0 && memcmp(data + 8, "WEBP", 4) == 0) return SEGUE_PICTURE_WEBP;
    return SEGUE_PICTURE_UNKNOWN;
}

segue_codec_status segue_picture_probe(const uint8_t *data, size_t size, segue_picture_header *header,
                                       char *message, size_t message_size) {
    memset(header, 0, sizeof *header);
    header->orientation = 1;
    switch (segue_picture_sniff(data, size)) {
    case SEGUE_PICTURE_JPEG: return segue_jpeg_probe(data, size, header, message, message_size);
    case SEGUE_PICTURE_PNG: return segue_png_probe(data, size, header, message, message_size);
    case SEGUE_PICTURE_WEBP: return segue_webp_probe(data, size, header, message, message_size);
    case SEGUE_PICTURE_UNKNOWN: break;
    }
    segue_codec_message(message, message_size, "not a JPEG, PNG or WebP file");
    return SEGUE_CODEC_UNSUPPORTED;
}

segue_codec_status segue_picture_plan(const uint8_t *data, size_t size, uint32_t min_width, uint32_t min_height,
                                      segue_decode_plan *plan, char *message, size_t message_size) {
    memset(plan, 0, sizeof *plan);
    plan->scale_num = 8;
    segue_picture_header header;
    segue_codec_status status = segue_picture_probe(data, size, &header, message, message_size);
    if (status != SEGUE_CODEC_OK) return status;
    plan->format = header.format;
    switch (header.format) {
    case SEGUE_PICTURE_JPEG:
        return segue_jpeg_plan(data, size, min_width, min_height, plan, message, message_size);
    case SEGUE_PICTURE_WEBP:
        // libwebp scales to any size; the caller's request already keeps the aspect.
        plan->width = header.width;
        plan->height = header.height;
        if (min_width > 0 && min_height > 0 && min_width <= header.width && min_height <= header.height) {
            plan->width = min_width;
            plan->height = min_height;
        }
        return SEGUE_CODEC_OK;
    case SEGUE_PICTURE_PNG:
        // libpng has no reduced decode: the caller resamples afterwards.
        plan->width = header.width;
        plan->height = header.height;
        return SEGUE_CODEC_OK;
    case SEGUE_PICTURE_UNKNOWN: break;
    }
    return SEGUE_CODEC_UNSUPPORTED;
}

segue_codec_status segue_picture_decode(const uint8_t *data, size_t size, const segue_decode_plan *plan,
                                        uint8_t *pixels, size_t stride, const segue_cancel_flag *cancel,
                                        char *message, size_t message_size) {
    if (segue_cancel_flag_is_raised(cancel)) return SEGUE_CODEC_CANCELLED;
    if (stride < (size_t)plan->width * 4) {
        segue_codec_message(message, message_size, "stride %zu too small for width %u", stride, plan->width);
        return SEGUE_CODEC_CORRUPT;
    }
    switch (plan->format) {
    case SEGUE_PICTURE_JPEG: return segue_jpeg_decode(data, size, plan, pixels, stride, cancel, message, message_size);
    case SEGUE_PICTURE_PNG: return segue_png_decode(data, size, plan, pixels, stride, cancel, message, message_size);
    case SEGUE_PICTURE_WEBP: return segue_webp_decode(data, size, plan, pixels, stride, cancel, message, message_size);
    case SEGUE_PICTURE_UNKNOWN: break;
    }
    return SEGUE_CODEC_UNSUPPORTED;
}

void segue_codec_free(void *bytes) {
    free(bytes);
}
