// WebP through libwebp, which scales while decoding and writes premultiplied B, G, R, A
// (MODE_bgrA) itself.

#include "CodecInternal.h"

#include <string.h>

#include <webp/decode.h>

static segue_codec_status status_of(VP8StatusCode code, char *message, size_t message_size) {
    switch (code) {
    case VP8_STATUS_OK: return SEGUE_CODEC_OK;
    case VP8_STATUS_NOT_ENOUGH_DATA:
        segue_codec_message(message, message_size, "the WebP data ends early");
        return SEGUE_CODEC_TRUNCATED;
    case VP8_STATUS_OUT_OF_MEMORY: return SEGUE_CODEC_NO_MEMORY;
    case VP8_STATUS_UNSUPPORTED_FEATURE:
        segue_codec_message(message, message_size, "a WebP feature libwebp cannot decode");
        return SEGUE_CODEC_UNSUPPORTED;
    case VP8_STATUS_BITSTREAM_ERROR:
        segue_codec_message(message, message_size, "a damaged WebP bitstream");
        return SEGUE_CODEC_CORRUPT;
    default:
        segue_codec_message(message, message_size, "libwebp status %d", (int)code);
        return SEGUE_CODEC_CORRUPT;
    }
}

segue_codec_status segue_webp_probe(const uint8_t *data, size_t size, segue_picture_header *header,
                                    char *message, size_t message_size) {
    WebPBitstreamFeatures features;
    segue_codec_status status = status_of(WebPGetFeatures(data, size, &features), message, message_size);
    if (status != SEGUE_CODEC_OK) return status;
    if (features.has_animation) {
        // WebPDecode shows no frame of an animation; the demuxer it needs is another library.
        segue_codec_message(message, message_size, "animated WebP");
        return SEGUE_CODEC_UNSUPPORTED;
    }
    header->format = SEGUE_PICTURE_WEBP;
    header->width = (uint32_t)features.width;
    header->height = (uint32_t)features.height;
    header->orientation = 1;
    header->has_alpha = features.has_alpha;
    return SEGUE_CODEC_OK;
}

segue_codec_status segue_webp_decode(const uint8_t *data, size_t size, const segue_decode_plan *plan,
                                     uint8_t *pixels, size_t stride, const segue_cancel_flag *cancel,
                                     char *message, size_t message_size) {
    // One call decodes the whole picture, so cancelling is seen only before it starts.
    (void)cancel;
    WebPDecoderConfig config;
    if (!WebPInitDecoderConfig(&config)) return SEGUE_CODEC_UNSUPPORTED;
    segue_codec_status status = status_of(WebPGetFeatures(data, size, &config.input), message, message_size);
    if (status != SEGUE_CODEC_OK) return status;
    if ((uint32_t)config.input.width != plan->width || (uint32_t)config.input.height != plan->height) {
        config.options.use_scaling = 1;
        config.options.scaled_width = (int)plan->width;
        config.options.scaled_height = (int)plan->height;
    }
    config.output.colorspace = MODE_bgrA;
    config.output.is_external_memory = 1;
    config.output.u.RGBA.rgba = pixels;
    config.output.u.RGBA.stride = (int)stride;
    config.output.u.RGBA.size = stride * plan->height;
    status = status_of(WebPDecode(data, size, &config), message, message_size);
    WebPFreeDecBuffer(&config.output);
    return status;
}
