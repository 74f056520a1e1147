// Thin shim: Cairo for drawing, Pango (through pangocairo) for text.
#pragma once
#include <cairo.h>
#include <pango/pangocairo.h>

#include <sys/mman.h>
#include <stdint.h>
#include <stdlib.h>

/// Where a mapped image's memory is, for the surface's destroy callback.
typedef struct {
    void *data;
    size_t length;
} segue_mapping;

static void segue_unmap_image(void *closure) {
    segue_mapping *mapping = closure;
    munmap(mapping->data, mapping->length);
    free(mapping);
}

/// An ARGB32 image surface over its own anonymous mapping (zeroed by the kernel), unmapped when
/// the surface is destroyed. malloc would keep a freed multi-megabyte image in the heap once
/// glibc's dynamic mmap threshold has grown past its size (it does after the first such free),
/// so a window's layers, freed after a transition, would stay in the process's RSS.
/// NULL when the mapping fails.
static inline cairo_surface_t *segue_image_surface_create_mapped(int width, int height) {
    int stride = cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, width);
    if (stride <= 0 || height <= 0) return NULL;
    size_t length = (size_t)stride * (size_t)height;
    void *data = mmap(NULL, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (data == MAP_FAILED) return NULL;
    // The mapping's record doubles as the user-data key: only its address matters, and it is
    // unique to this surface.
    segue_mapping *mapping = malloc(sizeof *mapping);
    if (!mapping) { munmap(data, length); return NULL; }
    mapping->data = data;
    mapping->length = length;
    cairo_surface_t *surface = cairo_image_surface_create_for_data(data, CAIRO_FORMAT_ARGB32, width, height, stride);
    if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS
        || cairo_surface_set_user_data(surface, (const cairo_user_data_key_t *)mapping, mapping, segue_unmap_image) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(surface);
        segue_unmap_image(mapping);
        return NULL;
    }
    return surface;
}
