/*
 * segue-test-plugin.h — what the parts of segue-test-plugin.so share: the
 * module's state, the libweston-internal prototypes it calls, and the
 * request handlers each part implements (input, capture, hot-plug).
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#include <wayland-server.h>
#include <libweston/libweston.h>

#include "segue-weston-abi.h"

/*
 * libweston exports the following symbols but only declares them in its
 * private headers (libweston/backend.h and libweston/libweston-internal.h),
 * which are not installed. The ones whose signatures differ between the
 * libweston the module is built against (meson option libweston: 10 on
 * Debian 12, 14 on Debian 13) are in segue-weston-abi.h; the ones below were
 * copied from weston 10.0 and are unchanged in weston 14.
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
notify_pointer_frame(struct weston_seat *seat);
void
notify_touch_frame(struct weston_touch_device *device);
void
weston_output_damage(struct weston_output *output);
/* weston 14 returns bool (whether the status changed); nothing here reads it. */
void
weston_head_set_connection_status(struct weston_head *head, bool connected);

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
	/* Valid while seat_initialized: remove_seat releases it, add_seat
	 * initialises it again in place. */
	struct weston_seat seat;
	bool seat_initialized;
	struct weston_touch_device *touch_device;
	struct wl_global *global;
	struct wl_listener destroy_listener;
	struct wl_list captures; /* struct capture::link */
	struct recording *recording; /* segue-test-record.c; NULL when none ran */
};

/* segue-test-plugin.c */
/* The module's state behind a segue_test resource. */
struct segue_test *
test_from_resource(struct wl_resource *resource);

/* segue-test-input.c: injected input, through the test seat. Each one posts
 * no_seat on `resource` while the seat is removed. */
void
test_move_pointer(struct wl_client *client, struct wl_resource *resource,
		  wl_fixed_t x, wl_fixed_t y, uint32_t time_ms);
void
test_button(struct wl_client *client, struct wl_resource *resource,
	    uint32_t button, uint32_t state, uint32_t time_ms);
void
test_axis(struct wl_client *client, struct wl_resource *resource,
	  uint32_t axis, wl_fixed_t value, uint32_t time_ms);
void
test_finger_axis(struct wl_client *client, struct wl_resource *resource,
		 uint32_t axis, wl_fixed_t value, uint32_t time_ms);
void
test_finger_axis_stop(struct wl_client *client, struct wl_resource *resource,
		      uint32_t axis, uint32_t time_ms);
void
test_source_axis(struct wl_client *client, struct wl_resource *resource,
		 uint32_t source, uint32_t axis, wl_fixed_t value,
		 uint32_t time_ms);
void
test_key(struct wl_client *client, struct wl_resource *resource,
	 uint32_t key, uint32_t state, uint32_t time_ms);
void
test_touch_down(struct wl_client *client, struct wl_resource *resource,
		int32_t id, wl_fixed_t x, wl_fixed_t y, uint32_t time_ms);
void
test_touch_motion(struct wl_client *client, struct wl_resource *resource,
		  int32_t id, wl_fixed_t x, wl_fixed_t y, uint32_t time_ms);
void
test_touch_up(struct wl_client *client, struct wl_resource *resource,
	      int32_t id, uint32_t time_ms);
void
test_post_client_error(struct wl_client *client, struct wl_resource *resource,
		       uint32_t code, const char *message);

/* segue-test-capture.c */
void
test_capture(struct wl_client *client, struct wl_resource *resource,
	     uint32_t callback, const char *path);
/* Ends every pending capture with `status` (the compositor is going away). */
void
captures_cancel_all(struct segue_test *test, int status);

/* segue-test-hotplug.c: the seat and outputs coming and going. */
/* Creates the test seat (pointer, keyboard, touch); false on failure. */
bool
test_seat_create(struct segue_test *test);
/* Releases the test seat, if it exists. */
void
test_seat_destroy(struct segue_test *test);
void
test_remove_seat(struct wl_client *client, struct wl_resource *resource);
void
test_add_seat(struct wl_client *client, struct wl_resource *resource);
void
test_add_output(struct wl_client *client, struct wl_resource *resource,
		const char *name);
void
test_remove_output(struct wl_client *client, struct wl_resource *resource,
		   const char *name);

struct recording;

/* segue-test-capture.c: the output captures and recordings read (NULL when none is enabled). */
struct weston_output *
first_enabled_output(struct weston_compositor *ec);

void
test_start_recording(struct wl_client *client, struct wl_resource *resource,
		     const char *path, const char *rows);
void
test_stop_recording(struct wl_client *client, struct wl_resource *resource);
void
test_query_recording(struct wl_client *client, struct wl_resource *resource);
void
recording_destroy(struct segue_test *test);
