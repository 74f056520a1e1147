// JPEG through libjpeg-turbo: the header, the APP1 orientation, and a scaled decode straight
// into ARGB32 (libjpeg-turbo's JCS_EXT_BGRA is Cairo's byte order on little-endian machines).

#include "CodecInternal.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <jerror.h>

/// A hostile progressive file can carry thousands of scans, each a full pass over the
/// coefficients; real encoders write about ten.
#define SEGUE_JPEG_MAX_SCANS 1000

/// libjpeg's error manager with a way back: its default handlers print and exit().
struct jpeg_guard {
    struct jpeg_error_mgr manager;
    struct jpeg_progress_mgr progress;
    jmp_buf jump;
    segue_codec_status status;
    /// Set once the header is read: from then on the end of the data may be harmless.
    int past_header;
    /// Set when the data ran out and the source handed libjpeg an EOI marker of its own.
    int ran_out;
    const segue_cancel_flag *cancel;
    char *message;
    size_t message_size;
};

static void guard_error_exit(j_common_ptr cinfo) {
    struct jpeg_guard *guard = (struct jpeg_guard *)cinfo->err;
    if (guard->status == SEGUE_CODEC_OK && guard->ran_out) {
        // Whatever broke after the data ended broke because it ended.
        guard->status = SEGUE_CODEC_TRUNCATED;
        segue_codec_message(guard->message, guard->message_size, "the JPEG data ends early");
    } else if (guard->status == SEGUE_CODEC_OK) {
        guard->status = cinfo->err->msg_code == JERR_OUT_OF_MEMORY ? SEGUE_CODEC_NO_MEMORY : SEGUE_CODEC_CORRUPT;
        char text[JMSG_LENGTH_MAX];
        cinfo->err->format_message(cinfo, text);
        segue_codec_message(guard->message, guard->message_size, "%s", text);
    }
    longjmp(guard->jump, 1);
}

static void guard_emit_message(j_common_ptr cinfo, int level) {
    struct jpeg_guard *guard = (struct jpeg_guard *)cinfo->err;
    // Warnings (level -1) about damaged data are survivable and common in camera files. Once
    // the data has run out, though, a warning means the entropy decoder wanted bytes past
    // the end (libjpeg would pad the rest with grey and call it a picture): truncated.
    if (level < 0 && guard->ran_out) {
        guard->status = SEGUE_CODEC_TRUNCATED;
        segue_codec_message(guard->message, guard->message_size, "the JPEG data ends early");
        longjmp(guard->jump, 1);
    }
    if (level < 0) cinfo->err->num_warnings++;
}

static void guard_output_message(j_common_ptr cinfo) {
    (void)cinfo; // never print: errors reach the caller as a status and a message
}

static void guard_progress(j_common_ptr cinfo) {
    struct jpeg_guard *guard = (struct jpeg_guard *)cinfo->err;
    if (segue_cancel_flag_is_raised(guard->cancel)) {
        guard->status = SEGUE_CODEC_CANCELLED;
        longjmp(guard->jump, 1);
    }
    if (cinfo->is_decompressor && ((j_decompress_ptr)cinfo)->input_scan_number > SEGUE_JPEG_MAX_SCANS) {
        guard->status = SEGUE_CODEC_CORRUPT;
        segue_codec_message(guard->message, guard->message_size, "more than %d scans", SEGUE_JPEG_MAX_SCANS);
        longjmp(guard->jump, 1);
    }
}

static void guard_install(struct jpeg_guard *guard, struct jpeg_decompress_struct *cinfo,
                          const segue_cancel_flag *cancel, char *message, size_t message_size) {
    memset(guard, 0, sizeof *guard);
    cinfo->err = jpeg_std_error(&guard->manager);
    guard->manager.error_exit = guard_error_exit;
    guard->manager.emit_message = guard_emit_message;
    guard->manager.output_message = guard_output_message;
    guard->progress.progress_monitor = guard_progress;
    guard->status = SEGUE_CODEC_OK;
    guard->cancel = cancel;
    guard->message = message;
    guard->message_size = message_size;
}

/// A source over bytes in memory, like jpeg_mem_src but telling a file cut short (which gets
/// an EOI marker so libjpeg can finish) apart from one whose EOI marker alone is missing:
/// only in the first does libjpeg then warn that it wanted more data.
struct memory_source {
    struct jpeg_source_mgr manager;
    struct jpeg_guard *guard;
};

static const JOCTET end_of_image[2] = {0xff, JPEG_EOI};

static void source_init(j_decompress_ptr cinfo) {
    (void)cinfo;
}

static boolean source_fill(j_decompress_ptr cinfo) {
    struct memory_source *source = (struct memory_source *)cinfo->src;
    struct jpeg_guard *guard = source->guard;
    guard->ran_out = 1;
    if (!guard->past_header) {
        guard->status = SEGUE_CODEC_TRUNCATED;
        segue_codec_message(guard->message, guard->message_size, "the JPEG data ends in its header");
        longjmp(guard->jump, 1);
    }
    source->manager.next_input_byte = end_of_image;
    source->manager.bytes_in_buffer = sizeof end_of_image;
    return TRUE;
}

static void source_skip(j_decompress_ptr cinfo, long count) {
    struct jpeg_source_mgr *manager = cinfo->src;
    if (count <= 0) return;
    while ((size_t)count > manager->bytes_in_buffer) {
        count -= (long)manager->bytes_in_buffer;
        source_fill(cinfo);
    }
    manager->next_input_byte += count;
    manager->bytes_in_buffer -= (size_t)count;
}

static void source_term(j_decompress_ptr cinfo) {
    (void)cinfo;
}

/// Opens `data` and reads its header, keeping APP1 for the orientation. Called only after
/// the caller armed the guard's jump, which libjpeg takes on any error.
static void start(struct jpeg_decompress_struct *cinfo, struct jpeg_guard *guard, struct memory_source *source,
                  const uint8_t *data, size_t size) {
    jpeg_create_decompress(cinfo);
    cinfo->progress = &guard->progress;
    memset(source, 0, sizeof *source);
    source->guard = guard;
    source->manager.init_source = source_init;
    source->manager.fill_input_buffer = source_fill;
    source->manager.skip_input_data = source_skip;
    source->manager.resync_to_restart = jpeg_resync_to_restart;
    source->manager.term_source = source_term;
    source->manager.next_input_byte = data;
    source->manager.bytes_in_buffer = size;
    cinfo->src = &source->manager;
    jpeg_save_markers(cinfo, JPEG_APP0 + 1, 0xffff);
    jpeg_read_header(cinfo, TRUE);
    guard->past_header = 1;
}

static int orientation_of(struct jpeg_decompress_struct *cinfo) {
    for (jpeg_saved_marker_ptr marker = cinfo->marker_list; marker != NULL; marker = marker->next) {
        if (marker->marker != JPEG_APP0 + 1) continue;
        if (marker->data_length >= 6 && memcmp(marker->data, "Exif\0\0", 6) == 0)
            return segue_exif_orientation(marker->data, marker->data_length);
    }
    return 1;
}

segue_codec_status segue_jpeg_probe(const uint8_t *data, size_t size, segue_picture_header *header,
                                    char *message, size_t message_size) {
    struct jpeg_decompress_struct cinfo;
    struct jpeg_guard guard;
    struct memory_source source;
    guard_install(&guard, &cinfo, NULL, message, message_size);
    if (setjmp(guard.jump)) {
        jpeg_destroy_decompress(&cinfo);
        return guard.status;
    }
    start(&cinfo, &guard, &source, data, size);
    header->format = SEGUE_PICTURE_JPEG;
    header->width = cinfo.image_width;
    header->height = cinfo.image_height;
    header->orientation = orientation_of(&cinfo);
    header->has_alpha = 0;
    jpeg_destroy_decompress(&cinfo);
    return SEGUE_CODEC_OK;
}

/// The colour space libjpeg-turbo converts to ARGB32 itself; CMYK files need our conversion.
static int is_cmyk(const struct jpeg_decompress_struct *cinfo) {
    return cinfo->jpeg_color_space == JCS_CMYK || cinfo->jpeg_color_space == JCS_YCCK;
}

/// Picks the smallest n/8 whose output still covers the request, using libjpeg's own rounding.
static void choose_scale(struct jpeg_decompress_struct *cinfo, uint32_t min_width, uint32_t min_height) {
    cinfo->out_color_space = is_cmyk(cinfo) ? JCS_CMYK : JCS_EXT_BGRA;
    cinfo->scale_denom = 8;
    // 0 × 0 asks for the full size, which every scale would otherwise cover.
    unsigned first = min_width == 0 && min_height == 0 ? 8 : 1;
    for (unsigned num = first; num <= 8; num++) {
        cinfo->scale_num = num;
        jpeg_calc_output_dimensions(cinfo);
        if (cinfo->output_width >= min_width && cinfo->output_height >= min_height) return;
    }
}

segue_codec_status segue_jpeg_plan(const uint8_t *data, size_t size, uint32_t min_width, uint32_t min_height,
                                   segue_decode_plan *plan, char *message, size_t message_size) {
    struct jpeg_decompress_struct cinfo;
    struct jpeg_guard guard;
    struct memory_source source;
    guard_install(&guard, &cinfo, NULL, message, message_size);
    if (setjmp(guard.jump)) {
        jpeg_destroy_decompress(&cinfo);
        return guard.status;
    }
    start(&cinfo, &guard, &source, data, size);
    choose_scale(&cinfo, min_width, min_height);
    plan->format = SEGUE_PICTURE_JPEG;
    plan->width = cinfo.output_width;
    plan->height = cinfo.output_height;
    plan->scale_num = (int)cinfo.scale_num;
    jpeg_destroy_decompress(&cinfo);
    return SEGUE_CODEC_OK;
}

/// Adobe's CMYK JPEGs store inverted ink; without its marker the values are plain ink.
static void cmyk_row_to_argb(const uint8_t *cmyk, uint8_t *out, uint32_t width, int inverted) {
    for (uint32_t x = 0; x < width; x++) {
        unsigned c = cmyk[4 * x], m = cmyk[4 * x + 1], y = cmyk[4 * x + 2], k = cmyk[4 * x + 3];
        if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
        out[4 * x] = (uint8_t)((y * k + 127) / 255);
        out[4 * x + 1] = (uint8_t)((m * k + 127) / 255);
        out[4 * x + 2] = (uint8_t)((c * k + 127) / 255);
        out[4 * x + 3] = 255;
    }
}

segue_codec_status segue_jpeg_decode(const uint8_t *data, size_t size, const segue_decode_plan *plan,
                                     uint8_t *pixels, size_t stride, const segue_cancel_flag *cancel,
                                     char *message, size_t message_size) {
    struct jpeg_decompress_struct cinfo;
    struct jpeg_guard guard;
    struct memory_source source;
    // Allocated before the jump is armed, so the landing site sees its final value.
    uint8_t *volatile cmyk_row = NULL;
    guard_install(&guard, &cinfo, cancel, message, message_size);
    if (setjmp(guard.jump)) {
        jpeg_destroy_decompress(&cinfo);
        free(cmyk_row);
        return guard.status;
    }
    start(&cinfo, &guard, &source, data, size);
    cinfo.out_color_space = is_cmyk(&cinfo) ? JCS_CMYK : JCS_EXT_BGRA;
    cinfo.scale_denom = 8;
    cinfo.scale_num = (unsigned)plan->scale_num;
    jpeg_calc_output_dimensions(&cinfo);
    if (cinfo.output_width != plan->width || cinfo.output_height != plan->height) {
        segue_codec_message(message, message_size, "the JPEG's header changed between plan and decode");
        jpeg_destroy_decompress(&cinfo);
        return SEGUE_CODEC_CORRUPT;
    }
    int cmyk = is_cmyk(&cinfo);
    if (cmyk) {
        cmyk_row = malloc(4 * (size_t)plan->width);
        if (cmyk_row == NULL) {
            jpeg_destroy_decompress(&cinfo);
            return SEGUE_CODEC_NO_MEMORY;
        }
    }
    jpeg_start_decompress(&cinfo);
    while (cinfo.output_scanline < cinfo.output_height) {
        if (segue_cancel_flag_is_raised(cancel)) {
            guard.status = SEGUE_CODEC_CANCELLED;
            longjmp(guard.jump, 1);
        }
        uint8_t *row = pixels + (size_t)cinfo.output_scanline * stride;
        JSAMPROW target = cmyk ? cmyk_row : row;
        // A memory source never suspends, so no row means libjpeg gave up without saying so.
        if (jpeg_read_scanlines(&cinfo, &target, 1) != 1) {
            guard.status = SEGUE_CODEC_CORRUPT;
            segue_codec_message(message, message_size, "libjpeg returned no row");
            longjmp(guard.jump, 1);
        }
        if (cmyk) cmyk_row_to_argb(cmyk_row, row, plan->width, cinfo.saw_Adobe_marker);
    }
    // No jpeg_finish_decompress: every row is in, and a file whose EOI marker alone is
    // missing should not fail for it.
    jpeg_destroy_decompress(&cinfo);
    free(cmyk_row);
    return SEGUE_CODEC_OK;
}
