/*
 * segue-test-input.c — input injected through the test seat: pointer,
 * scrolling, keys, touch, and a protocol error posted on the focused client.
 */

#define _GNU_SOURCE

#include <string.h>

#include "segue-test-plugin.h"
#include "segue-test-server-protocol.h"

static void
ms_to_timespec(uint32_t ms, struct timespec *ts)
{
	ts->tv_sec = ms / 1000;
	ts->tv_nsec = (long)(ms % 1000) * 1000000L;
}

/* The test seat, or NULL after posting no_seat while it is removed. */
static struct weston_seat *
require_seat(struct wl_resource *resource)
{
	struct segue_test *test = test_from_resource(resource);

	if (test->seat_initialized)
		return &test->seat;
	wl_resource_post_error(resource, SEGUE_TEST_ERROR_NO_SEAT,
			       "the test seat is removed (add_seat first)");
	return NULL;
}

void
test_move_pointer(struct wl_client *client, struct wl_resource *resource,
		  wl_fixed_t x, wl_fixed_t y, uint32_t time_ms)
{
	struct weston_seat *seat = require_seat(resource);
	struct timespec ts;

	(void)client;
	if (!seat)
		return;
	ms_to_timespec(time_ms, &ts);
	segue_notify_motion_absolute(seat, &ts, wl_fixed_to_double(x),
				     wl_fixed_to_double(y));
	notify_pointer_frame(seat);
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

void
test_button(struct wl_client *client, struct wl_resource *resource,
	    uint32_t button, uint32_t state, uint32_t time_ms)
{
	struct weston_seat *seat;
	struct timespec ts;

	(void)client;
	if (!require_binary(resource, state, "button state") ||
	    !(seat = require_seat(resource)))
		return;
	ms_to_timespec(time_ms, &ts);
	notify_button(seat, &ts, (int32_t)button,
		      state ? WL_POINTER_BUTTON_STATE_PRESSED :
			      WL_POINTER_BUTTON_STATE_RELEASED);
	notify_pointer_frame(seat);
}

/* One axis event from a source, then a frame. weston sends wl_pointer.axis_stop
 * for an axis event whose value is 0. */
static void
send_axis(struct wl_resource *resource, uint32_t source, uint32_t axis,
	  double value, uint32_t time_ms)
{
	struct weston_seat *seat;
	struct weston_pointer_axis_event event;
	struct timespec ts;

	if (!require_binary(resource, axis, "axis") ||
	    !(seat = require_seat(resource)))
		return;
	ms_to_timespec(time_ms, &ts);
	memset(&event, 0, sizeof event);
	event.axis = axis; /* WL_POINTER_AXIS_{VERTICAL,HORIZONTAL}_SCROLL */
	event.value = value;
	event.has_discrete = false;
	event.discrete = 0;
	notify_axis_source(seat, source);
	notify_axis(seat, &ts, &event);
	notify_pointer_frame(seat);
}

void
test_axis(struct wl_client *client, struct wl_resource *resource,
	  uint32_t axis, wl_fixed_t value, uint32_t time_ms)
{
	(void)client;
	send_axis(resource, WL_POINTER_AXIS_SOURCE_WHEEL, axis,
		  wl_fixed_to_double(value), time_ms);
}

void
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

void
test_finger_axis_stop(struct wl_client *client, struct wl_resource *resource,
		      uint32_t axis, uint32_t time_ms)
{
	(void)client;
	send_axis(resource, WL_POINTER_AXIS_SOURCE_FINGER, axis, 0, time_ms);
}

/* Randomized input (segue-fuzz): a scroll announced with any wl_pointer.axis_source. */
void
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

void
test_key(struct wl_client *client, struct wl_resource *resource,
	 uint32_t key, uint32_t state, uint32_t time_ms)
{
	struct weston_seat *seat;
	struct timespec ts;

	(void)client;
	if (!require_binary(resource, state, "key state") ||
	    !(seat = require_seat(resource)))
		return;
	ms_to_timespec(time_ms, &ts);
	notify_key(seat, &ts, key,
		   state ? WL_KEYBOARD_KEY_STATE_PRESSED :
			   WL_KEYBOARD_KEY_STATE_RELEASED,
		   STATE_UPDATE_AUTOMATIC);
}

static void
touch_common(struct wl_resource *resource, int32_t id, wl_fixed_t x,
	     wl_fixed_t y, uint32_t time_ms, int type)
{
	struct segue_test *test = test_from_resource(resource);
	struct wl_client *focus_client = NULL;
	struct weston_touch *touch;
	struct wl_resource *res;
	struct timespec ts;

	if (!require_seat(resource))
		return;
	touch = test->seat.touch_state;
	if (!test->touch_device || !touch)
		return;

	if (type == WL_TOUCH_UP && touch->focus &&
	    touch->focus->surface->resource)
		focus_client =
			wl_resource_get_client(touch->focus->surface->resource);

	ms_to_timespec(time_ms, &ts);
	segue_notify_touch(test->touch_device, &ts, id, wl_fixed_to_double(x),
			   wl_fixed_to_double(y), type);
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

void
test_touch_down(struct wl_client *client, struct wl_resource *resource,
		int32_t id, wl_fixed_t x, wl_fixed_t y, uint32_t time_ms)
{
	(void)client;
	touch_common(resource, id, x, y, time_ms, WL_TOUCH_DOWN);
}

void
test_touch_motion(struct wl_client *client, struct wl_resource *resource,
		  int32_t id, wl_fixed_t x, wl_fixed_t y, uint32_t time_ms)
{
	(void)client;
	touch_common(resource, id, x, y, time_ms, WL_TOUCH_MOTION);
}

void
test_touch_up(struct wl_client *client, struct wl_resource *resource,
	      int32_t id, uint32_t time_ms)
{
	(void)client;
	touch_common(resource, id, 0, 0, time_ms, WL_TOUCH_UP);
}

/* A fault: the focused client ends with a protocol error. */

void
test_post_client_error(struct wl_client *client, struct wl_resource *resource,
		       uint32_t code, const char *message)
{
	struct weston_seat *seat = require_seat(resource);
	struct weston_keyboard *keyboard;
	struct weston_pointer *pointer;
	struct weston_surface *surface = NULL;

	(void)client;
	if (!seat)
		return;
	keyboard = weston_seat_get_keyboard(seat);
	pointer = weston_seat_get_pointer(seat);
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

