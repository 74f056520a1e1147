// Encoders for what PhotoDecoding writes itself: benchmark folders and test fixtures.

#include "CodecInternal.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <webp/encode.h>

struct encode_guard {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    char *message;
    size_t message_size;
};

static void encode_error_exit(j_common_ptr cinfo) {
    struct encode_guard *guard = (struct encode_guard *)cinfo->err;
    char text[JMSG_LENGTH_MAX];
    cinfo->err->format_message(cinfo, text);
    segue_codec_message(guard->message, guard->message_size, "%s", text);
    longjmp(guard->jump, 1);
}

static void encode_output_message(j_common_ptr cinfo) {
    (void)cinfo;
}

segue_codec_status segue_jpeg_encode(const uint8_t *pixels, size_t stride, uint32_t width, uint32_t height,
                                     int quality, int progressive, const uint8_t *app1, size_t app1_size,
                                     uint8_t **out, size_t *out_size, char *message, size_t message_size) {
    struct jpeg_compress_struct cinfo;
    struct encode_guard guard;
    // libjpeg grows this buffer with malloc and leaves it to the caller, even after an error.
    unsigned char *volatile buffer = NULL;
    unsigned long buffer_size = 0;
    memset(&guard, 0, sizeof guard);
    cinfo.err = jpeg_std_error(&guard.manager);
    guard.manager.error_exit = encode_error_exit;
    guard.manager.output_message = encode_output_message;
    guard.message = message;
    guard.message_size = message_size;
    *out = NULL;
    *out_size = 0;
    if (setjmp(guard.jump)) {
        jpeg_destroy_compress(&cinfo);
        free(buffer);
        return SEGUE_CODEC_CORRUPT;
    }
    jpeg_create_compress(&cinfo);
    jpeg_mem_dest(&cinfo, (unsigned char **)&buffer, &buffer_size);
    cinfo.image_width = width;
    cinfo.image_height = height;
    cinfo.input_components = 4;
    cinfo.in_color_space = JCS_EXT_BGRX;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality, TRUE);
    if (progressive) jpeg_simple_progression(&cinfo);
    jpeg_start_compress(&cinfo, TRUE);
    if (app1 != NULL) jpeg_write_marker(&cinfo, JPEG_APP0 + 1, app1, (unsigned)app1_size);
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)cinfo.next_scanline * stride);
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    *out = buffer;
    *out_size = buffer_size;
    return SEGUE_CODEC_OK;
}

segue_codec_status segue_webp_encode(const uint8_t *pixels, size_t stride, uint32_t width, uint32_t height,
                                     int quality, int lossless, uint8_t **out, size_t *out_size) {
    uint8_t *encoded = NULL;
    size_t size = lossless ? WebPEncodeLosslessBGRA(pixels, (int)width, (int)height, (int)stride, &encoded)
                           : WebPEncodeBGRA(pixels, (int)width, (int)height, (int)stride, (float)quality, &encoded);
    *out = NULL;
    *out_size = 0;
    if (size == 0) return SEGUE_CODEC_CORRUPT;
    // Copied so that one free (segue_codec_free) releases what every encoder returns.
    *out = malloc(size);
    if (*out == NULL) {
        WebPFree(encoded);
        return SEGUE_CODEC_NO_MEMORY;
    }
    memcpy(*out, encoded, size);
    *out_size = size;
    WebPFree(encoded);
    return SEGUE_CODEC_OK;
}
