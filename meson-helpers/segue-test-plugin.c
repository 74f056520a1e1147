/*
 * segue-test-plugin.so — a weston 10 module for Segue's e2e tests.
 *
 * Load with:  weston ... --modules=/abs/path/segue-test-plugin.so
 *
 * It creates a seat "segue-test" (pointer + keyboard + touch) and exposes
 * the private global segue_test (protocols/segue-test.xml) which injects
 * input through that seat and captures the first output to a PNG.
 */

#define _GNU_SOURCE

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cairo.h>
#include <pixman.h>
#include <wayland-server.h>
#include <libweston/libweston.h>

#include "segue-test-server-protocol.h"

/*
 * libweston 10 exports the following symbols but only declares them in its
 * private headers (libweston/backend.h and libweston/libweston-internal.h),
 * which are not installed. The prototypes below are copied from weston 10.0
 * (they were stable from weston 8 to 11; weston 12 switched the coordinates
 * to struct weston_coord_global, so this file must not be built against a
 * newer libweston without revisiting them — meson pins libweston-10).
 *
 * Checked against the disassembly of Debian's libweston-10.so.0 (10.0.1):
 * notify_touch_normalized takes x/y in xmm0/xmm1, norm in rcx, touch_type in
 * r8d; weston_seat_init_pointer returns int.
 */

/* libweston/backend.h */
void
notify_axis(struct weston_seat *seat, const struct timespec *time,
	    struct weston_pointer_axis_event *event);
void
notify_axis_source(struct weston_seat *seat, uint32_t source);
void
notify_button(struct weston_seat *seat, const struct timespec *time,
	      int32_t button, enum wl_pointer_button_state state);
void
notify_key(struct weston_seat *seat, const struct timespec *time, uint32_t key,
	   enum wl_keyboard_key_state state,
	   enum weston_key_state_update update_state);
void
notify_motion_absolute(struct weston_seat *seat, const struct timespec *time,
		       double x, double y);
void
notify_pointer_frame(struct weston_seat *seat);
void
notify_touch_normalized(struct weston_touch_device *device,
			const struct timespec *time,
			int touch_id,
			double x, double y,
			const struct weston_point2d_device_normalized *norm,
			int touch_type);
void
notify_touch_frame(struct weston_touch_device *device);
void
weston_output_damage(struct weston_output *output);

/* libweston/libweston-internal.h */
void
weston_seat_init(struct weston_seat *seat, struct weston_compositor *ec,
		 const char *seat_name);
void
weston_seat_release(struct weston_seat *seat);
int
weston_seat_init_pointer(struct weston_seat *seat);
int
weston_seat_init_keyboard(struct weston_seat *seat, struct xkb_keymap *keymap);
int
weston_seat_init_touch(struct weston_seat *seat);
struct weston_touch_device *
weston_touch_create_touch_device(struct weston_touch *touch,
				 const char *syspath,
				 void *backend_data,
				 const struct weston_touch_device_ops *ops);
void
weston_touch_device_destroy(struct weston_touch_device *device);

#define SEAT_NAME "segue-test"
#define LOG_PREFIX "segue-test: "

struct segue_test {
	struct weston_compositor *compositor;
	struct weston_seat seat;
	bool seat_initialized;
	struct weston_touch_device *touch_device;
	struct wl_global *global;
	struct wl_listener destroy_listener;
	struct wl_list captures; /* struct capture::link */
};

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
ms_to_timespec(uint32_t ms, struct timespec *ts)
{
	ts->tv_sec = ms / 1000;
	ts->tv_nsec = (long)(ms % 1000) * 1000000L;
}

/* ------------------------------------------------------------------ */
/* capture                                                            */

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
	if (ec->renderer->read_pixels(output, PIXMAN_a8r8g8b8, pixels,
				      0, 0, width, height) < 0) {
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

static struct weston_output *
first_enabled_output(struct weston_compositor *ec)
{
	struct weston_output *output;

	wl_list_for_each(output, &ec->output_list, link)
		if (output->enabled)
			return output;
	return NULL;
}

static void
test_capture(struct wl_client *client, struct wl_resource *resource,
	     uint32_t callback, const char *path)
{
	struct segue_test *test = wl_resource_get_user_data(resource);
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

/* ------------------------------------------------------------------ */
/* input                                                              */

static void
test_destroy(struct wl_client *client, struct wl_resource *resource)
{
	(void)client;
	wl_resource_destroy(resource);
}

static void
test_move_pointer(struct wl_client *client, struct wl_resource *resource,
		  wl_fixed_t x, wl_fixed_t y, uint32_t time_ms)
{
	struct segue_test *test = wl_resource_get_user_data(resource);
	struct timespec ts;

	(void)client;
	ms_to_timespec(time_ms, &ts);
	notify_motion_absolute(&test->seat, &ts, wl_fixed_to_double(x),
			       wl_fixed_to_double(y));
	notify_pointer_frame(&test->seat);
}

/* Posts an error and returns false unless `value` is 0 or 1 (states, axes). */
static bool
require_binary(struct wl_resource *resource, uint32_t value, const char *what)
{
	if (value <= 1)
		return true;
	wl_resource_post_error(resource, SEGUE_TEST_ERROR_INVALID_ARGUMENT,
			       "%s %u is not 0 or 1", what, value);
	return false;
}

static void
test_button(struct wl_client *client, struct wl_resource *resource,
	    uint32_t button, uint32_t state, uint32_t time_ms)
{
	struct segue_test *test = wl_resource_get_user_data(resource);
	struct timespec ts;

	(void)client;
	if (!require_binary(resource, state, "button state"))
		return;
	ms_to_timespec(time_ms, &ts);
	notify_button(&test->seat, &ts, (int32_t)button,
		      state ? WL_POINTER_BUTTON_STATE_PRESSED :
			      WL_POINTER_BUTTON_STATE_RELEASED);
	notify_pointer_frame(&test->seat);
}

/* One axis event from a source, then a frame. weston sends wl_pointer.axis_stop
 * for an axis event whose value is 0. */
static void
send_axis(struct wl_resource *resource, uint32_t source, uint32_t axis,
	  double value, uint32_t time_ms)
{
	struct segue_test *test = wl_resource_get_user_data(resource);
	struct weston_pointer_axis_event event;
	struct timespec ts;

	if (!require_binary(resource, axis, "axis"))
		return;
	ms_to_timespec(time_ms, &ts);
	memset(&event, 0, sizeof event);
	event.axis = axis; /* WL_POINTER_AXIS_{VERTICAL,HORIZONTAL}_SCROLL */
	event.value = value;
	event.has_discrete = false;
	event.discrete = 0;
	notify_axis_source(&test->seat, source);
	notify_axis(&test->seat, &ts, &event);
	notify_pointer_frame(&test->seat);
}

static void
test_axis(struct wl_client *client, struct wl_resource *resource,
	  uint32_t axis, wl_fixed_t value, uint32_t time_ms)
{
	(void)client;
	send_axis(resource, WL_POINTER_AXIS_SOURCE_WHEEL, axis,
		  wl_fixed_to_double(value), time_ms);
}

static void
test_finger_axis(struct wl_client *client, struct wl_resource *resource,
		 uint32_t axis, wl_fixed_t value, uint32_t time_ms)
{
	(void)client;
	if (value == 0) {
		/* 0 would be read as the end of the sequence. */
		wl_resource_post_error(resource, SEGUE_TEST_ERROR_INVALID_ARGUMENT,
				       "finger_axis value must not be 0");
		return;
	}
	send_axis(resource, WL_POINTER_AXIS_SOURCE_FINGER, axis,
		  wl_fixed_to_double(value), time_ms);
}

static void
test_finger_axis_stop(struct wl_client *client, struct wl_resource *resource,
		      uint32_t axis, uint32_t time_ms)
{
	(void)client;
	send_axis(resource, WL_POINTER_AXIS_SOURCE_FINGER, axis, 0, time_ms);
}

/* Randomized input (segue-fuzz): a scroll announced with any wl_pointer.axis_source. */
static void
test_source_axis(struct wl_client *client, struct wl_resource *resource,
		 uint32_t source, uint32_t axis, wl_fixed_t value,
		 uint32_t time_ms)
{
	(void)client;
	if (source > SEGUE_TEST_AXIS_SOURCE_WHEEL_TILT) {
		wl_resource_post_error(resource, SEGUE_TEST_ERROR_INVALID_ARGUMENT,
				       "axis source %u is not 0..3", source);
		return;
	}
	send_axis(resource, source, axis, wl_fixed_to_double(value), time_ms);
}

static void
test_key(struct wl_client *client, struct wl_resource *resource,
	 uint32_t key, uint32_t state, uint32_t time_ms)
{
	struct segue_test *test = wl_resource_get_user_data(resource);
	struct timespec ts;

	(void)client;
	if (!require_binary(resource, state, "key state"))
		return;
	ms_to_timespec(time_ms, &ts);
	notify_key(&test->seat, &ts, key,
		   state ? WL_KEYBOARD_KEY_STATE_PRESSED :
			   WL_KEYBOARD_KEY_STATE_RELEASED,
		   STATE_UPDATE_AUTOMATIC);
}

static void
touch_common(struct wl_resource *resource, int32_t id, wl_fixed_t x,
	     wl_fixed_t y, uint32_t time_ms, int type)
{
	struct segue_test *test = wl_resource_get_user_data(resource);
	struct weston_touch *touch = test->seat.touch_state;
	struct wl_client *focus_client = NULL;
	struct wl_resource *res;
	struct timespec ts;

	if (!test->touch_device || !touch)
		return;

	if (type == WL_TOUCH_UP && touch->focus &&
	    touch->focus->surface->resource)
		focus_client =
			wl_resource_get_client(touch->focus->surface->resource);

	ms_to_timespec(time_ms, &ts);
	notify_touch_normalized(test->touch_device, &ts, id,
				wl_fixed_to_double(x), wl_fixed_to_double(y),
				NULL, type);
	notify_touch_frame(test->touch_device);

	/*
	 * Weston <= 10 bug (weston issue #44): when the last touch point
	 * goes up, the touch focus is cleared before notify_touch_frame(),
	 * so the client never gets the wl_touch.frame that terminates the
	 * up event. Clients that (correctly) batch touch events until the
	 * frame then never process the final up. Emulate the upstream fix:
	 * send the frame to the client that had the focus.
	 */
	if (focus_client && !touch->focus) {
		wl_resource_for_each(res, &touch->resource_list)
			if (wl_resource_get_client(res) == focus_client)
				wl_touch_send_frame(res);
	}
}

static void
test_touch_down(struct wl_client *client, struct wl_resource *resource,
		int32_t id, wl_fixed_t x, wl_fixed_t y, uint32_t time_ms)
{
	(void)client;
	touch_common(resource, id, x, y, time_ms, WL_TOUCH_DOWN);
}

static void
test_touch_motion(struct wl_client *client, struct wl_resource *resource,
		  int32_t id, wl_fixed_t x, wl_fixed_t y, uint32_t time_ms)
{
	(void)client;
	touch_common(resource, id, x, y, time_ms, WL_TOUCH_MOTION);
}

static void
test_touch_up(struct wl_client *client, struct wl_resource *resource,
	      int32_t id, uint32_t time_ms)
{
	(void)client;
	touch_common(resource, id, 0, 0, time_ms, WL_TOUCH_UP);
}

/* ------------------------------------------------------------------ */
/* faults                                                             */

static void
test_post_client_error(struct wl_client *client, struct wl_resource *resource,
		       uint32_t code, const char *message)
{
	struct segue_test *test = wl_resource_get_user_data(resource);
	struct weston_keyboard *keyboard = weston_seat_get_keyboard(&test->seat);
	struct weston_pointer *pointer = weston_seat_get_pointer(&test->seat);
	struct weston_surface *surface = NULL;

	(void)client;
	if (keyboard && keyboard->focus)
		surface = keyboard->focus;
	else if (pointer && pointer->focus)
		surface = pointer->focus->surface;
	if (!surface || !surface->resource) {
		wl_resource_post_error(resource, SEGUE_TEST_ERROR_INVALID_ARGUMENT,
				       "post_client_error: no focused surface");
		return;
	}
	wl_resource_post_error(surface->resource, code, "%s", message);
}

static const struct segue_test_interface test_implementation = {
	.destroy = test_destroy,
	.move_pointer = test_move_pointer,
	.button = test_button,
	.axis = test_axis,
	.key = test_key,
	.touch_down = test_touch_down,
	.touch_motion = test_touch_motion,
	.touch_up = test_touch_up,
	.capture = test_capture,
	.finger_axis = test_finger_axis,
	.finger_axis_stop = test_finger_axis_stop,
	.post_client_error = test_post_client_error,
	.source_axis = test_source_axis,
};

static void
bind_test(struct wl_client *client, void *data, uint32_t version,
	  uint32_t id)
{
	struct segue_test *test = data;
	struct wl_resource *resource;

	resource = wl_resource_create(client, &segue_test_interface,
				      version, id);
	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &test_implementation,
				       test, NULL);
}

/* ------------------------------------------------------------------ */
/* module lifecycle                                                   */

static void
handle_compositor_destroy(struct wl_listener *listener, void *data)
{
	struct segue_test *test =
		wl_container_of(listener, test, destroy_listener);
	struct capture *cap, *tmp;

	(void)data;
	wl_list_remove(&test->destroy_listener.link);
	wl_list_for_each_safe(cap, tmp, &test->captures, link)
		capture_finish(cap, -ECANCELED);
	if (test->global)
		wl_global_destroy(test->global);
	if (test->touch_device)
		weston_touch_device_destroy(test->touch_device);
	if (test->seat_initialized)
		weston_seat_release(&test->seat);
	free(test);
}

WL_EXPORT int
wet_module_init(struct weston_compositor *compositor, int *argc,
		char *argv[])
{
	struct segue_test *test;

	(void)argc;
	(void)argv;

	test = calloc(1, sizeof *test);
	if (!test)
		return -1;
	test->compositor = compositor;
	wl_list_init(&test->captures);

	if (!weston_compositor_add_destroy_listener_once(
			compositor, &test->destroy_listener,
			handle_compositor_destroy)) {
		/* already loaded once */
		free(test);
		return 0;
	}

	weston_seat_init(&test->seat, compositor, SEAT_NAME);
	test->seat_initialized = true;

	if (weston_seat_init_pointer(&test->seat) < 0)
		goto fail;
	/* NULL keymap: use the compositor's global keymap (weston.ini
	 * [keyboard] rules or the default "us"), so clients get a real
	 * xkb keymap in wl_keyboard.keymap. */
	if (weston_seat_init_keyboard(&test->seat, NULL) < 0)
		goto fail;
	if (weston_seat_init_touch(&test->seat) < 0)
		goto fail;
	test->touch_device = weston_touch_create_touch_device(
		test->seat.touch_state, "segue-test-touch", NULL, NULL);
	if (!test->touch_device)
		goto fail;

	test->global = wl_global_create(compositor->wl_display,
					&segue_test_interface, 1, test,
					bind_test);
	if (!test->global)
		goto fail;

	weston_log(LOG_PREFIX "seat \"%s\" (pointer, keyboard, touch) and "
		   "global segue_test v1 ready\n", SEAT_NAME);
	return 0;

fail:
	weston_log(LOG_PREFIX "initialisation failed\n");
	handle_compositor_destroy(&test->destroy_listener, NULL);
	return -1;
}
