/*
 * segue-test-capture.c — the first enabled output's pixels, read back after
 * its next repaint and written as a PNG (segue_test.capture).
 */

#define _GNU_SOURCE

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <cairo.h>
#include <pixman.h>

#include "segue-test-plugin.h"
#include "segue-test-server-protocol.h"

struct capture {
	struct segue_test *test;
	struct wl_list link;
	struct wl_resource *resource;
	struct weston_output *output;
	struct wl_listener frame_listener;
	struct wl_listener output_destroy_listener;
	char *path;
};

static void
capture_finish(struct capture *cap, int status)
{
	wl_list_remove(&cap->link);
	wl_list_remove(&cap->frame_listener.link);
	wl_list_remove(&cap->output_destroy_listener.link);
	if (cap->resource) {
		segue_test_capture_send_done(cap->resource, status);
		/* resource destructor sees cap->resource == NULL and
		 * leaves the memory to us */
		struct wl_resource *res = cap->resource;
		cap->resource = NULL;
		wl_resource_set_user_data(res, NULL);
		wl_resource_destroy(res);
	}
	free(cap->path);
	free(cap);
}

static int
capture_write_png(struct capture *cap)
{
	struct weston_output *output = cap->output;
	struct weston_compositor *ec = output->compositor;
	int width, height, stride, i;
	uint8_t *pixels;
	cairo_surface_t *surface;
	cairo_status_t cst;

	if (!output->current_mode)
		return -ENODEV;
	width = output->current_mode->width;
	height = output->current_mode->height;
	stride = cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, width);
	if (stride != width * 4) /* read_pixels writes tightly packed rows */
		return -EIO;

	pixels = malloc((size_t)stride * height);
	if (!pixels)
		return -ENOMEM;

	/* PIXMAN_a8r8g8b8 is cairo's ARGB32/RGB24 layout on every
	 * endianness (native-endian 32-bit words). Both the pixman and the
	 * GL renderer support it. */
	if (segue_read_pixels(output, pixels, width, height) < 0) {
		free(pixels);
		return -EIO;
	}

	if (ec->capabilities & WESTON_CAP_CAPTURE_YFLIP) {
		uint8_t *row = malloc(stride);
		if (!row) {
			free(pixels);
			return -ENOMEM;
		}
		for (i = 0; i < height / 2; i++) {
			uint8_t *a = pixels + (size_t)i * stride;
			uint8_t *b = pixels + (size_t)(height - 1 - i) * stride;
			memcpy(row, a, stride);
			memcpy(a, b, stride);
			memcpy(b, row, stride);
		}
		free(row);
	}

	surface = cairo_image_surface_create_for_data(pixels,
						      CAIRO_FORMAT_RGB24,
						      width, height, stride);
	cst = cairo_surface_write_to_png(surface, cap->path);
	cairo_surface_destroy(surface);
	free(pixels);

	if (cst != CAIRO_STATUS_SUCCESS) {
		weston_log(LOG_PREFIX "writing %s failed: %s\n", cap->path,
			   cairo_status_to_string(cst));
		return -EIO;
	}
	return 0;
}

static void
capture_handle_frame(struct wl_listener *listener, void *data)
{
	struct capture *cap = wl_container_of(listener, cap, frame_listener);

	(void)data; /* pixman passes the damage region, GL the output */
	capture_finish(cap, capture_write_png(cap));
}

static void
capture_handle_output_destroy(struct wl_listener *listener, void *data)
{
	struct capture *cap =
		wl_container_of(listener, cap, output_destroy_listener);

	(void)data;
	capture_finish(cap, -ENODEV);
}

static void
capture_resource_destroy(struct wl_resource *resource)
{
	struct capture *cap = wl_resource_get_user_data(resource);

	/* Client went away (or destroyed the proxy's connection) before the
	 * capture finished: keep the capture pending, just forget the
	 * resource so we do not send to it. */
	if (cap)
		cap->resource = NULL;
}

struct weston_output *
first_enabled_output(struct weston_compositor *ec)
{
	struct weston_output *output;

	wl_list_for_each(output, &ec->output_list, link)
		if (output->enabled)
			return output;
	return NULL;
}

void
test_capture(struct wl_client *client, struct wl_resource *resource,
	     uint32_t callback, const char *path)
{
	struct segue_test *test = test_from_resource(resource);
	struct wl_resource *cb;
	struct capture *cap;
	struct weston_output *output;

	cb = wl_resource_create(client, &segue_test_capture_interface, 1,
				callback);
	if (!cb) {
		wl_client_post_no_memory(client);
		return;
	}

	if (!path || path[0] != '/') {
		segue_test_capture_send_done(cb, -EINVAL);
		wl_resource_destroy(cb);
		return;
	}

	output = first_enabled_output(test->compositor);
	if (!output) {
		segue_test_capture_send_done(cb, -ENODEV);
		wl_resource_destroy(cb);
		return;
	}

	cap = calloc(1, sizeof *cap);
	if (cap)
		cap->path = strdup(path);
	if (!cap || !cap->path) {
		free(cap);
		segue_test_capture_send_done(cb, -ENOMEM);
		wl_resource_destroy(cb);
		return;
	}

	cap->test = test;
	cap->resource = cb;
	cap->output = output;
	wl_resource_set_implementation(cb, NULL, cap,
				       capture_resource_destroy);
	wl_list_insert(test->captures.prev, &cap->link);

	cap->frame_listener.notify = capture_handle_frame;
	wl_signal_add(&output->frame_signal, &cap->frame_listener);
	cap->output_destroy_listener.notify = capture_handle_output_destroy;
	wl_signal_add(&output->destroy_signal, &cap->output_destroy_listener);

	/* Make sure a repaint happens even if nothing changed, and that an
	 * idle (sleeping) compositor repaints at all. */
	weston_compositor_wake(test->compositor);
	weston_output_damage(output);
	weston_output_schedule_repaint(output);
}

void
captures_cancel_all(struct segue_test *test, int status)
{
	struct capture *cap, *tmp;

	wl_list_for_each_safe(cap, tmp, &test->captures, link)
		capture_finish(cap, status);
}
