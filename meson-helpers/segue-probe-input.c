/*
 * segue-probe-input.c — segue-probe's input half: one line per event of the
 * seat, its pointer, keyboard and touch (the format is in segue-probe.c).
 */

#define _GNU_SOURCE

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "segue-probe.h"

static struct wl_pointer *pointer;
static struct wl_keyboard *keyboard;
static struct wl_touch *touch;

/* ---- pointer --------------------------------------------------- */

static void
pointer_enter(void *d, struct wl_pointer *p, uint32_t serial,
	      struct wl_surface *s, wl_fixed_t x, wl_fixed_t y)
{
	(void)d; (void)p; (void)serial; (void)s;
	out("pointer enter %.2f %.2f", wl_fixed_to_double(x),
	    wl_fixed_to_double(y));
}

static void
pointer_leave(void *d, struct wl_pointer *p, uint32_t serial,
	      struct wl_surface *s)
{
	(void)d; (void)p; (void)serial; (void)s;
	out("pointer leave");
}

static void
pointer_motion(void *d, struct wl_pointer *p, uint32_t time, wl_fixed_t x,
	       wl_fixed_t y)
{
	(void)d; (void)p;
	out("pointer motion %u %.2f %.2f", time, wl_fixed_to_double(x),
	    wl_fixed_to_double(y));
}

static void
pointer_button(void *d, struct wl_pointer *p, uint32_t serial,
	       uint32_t time, uint32_t button, uint32_t state)
{
	(void)d; (void)p; (void)serial;
	out("pointer button %u %u %u", time, button, state);
}

static void
pointer_axis(void *d, struct wl_pointer *p, uint32_t time, uint32_t axis,
	     wl_fixed_t value)
{
	(void)d; (void)p;
	out("pointer axis %u %u %.2f", time, axis, wl_fixed_to_double(value));
}

static void
pointer_frame(void *d, struct wl_pointer *p)
{
	(void)d; (void)p;
	out("pointer frame");
}

static void
pointer_axis_source(void *d, struct wl_pointer *p, uint32_t source)
{
	(void)d; (void)p;
	out("pointer axis_source %u", source);
}

static void
pointer_axis_stop(void *d, struct wl_pointer *p, uint32_t time,
		  uint32_t axis)
{
	(void)d; (void)p;
	out("pointer axis_stop %u %u", time, axis);
}

static void
pointer_axis_discrete(void *d, struct wl_pointer *p, uint32_t axis,
		      int32_t discrete)
{
	(void)d; (void)p;
	out("pointer axis_discrete %u %d", axis, discrete);
}

static const struct wl_pointer_listener pointer_listener = {
	.enter = pointer_enter,
	.leave = pointer_leave,
	.motion = pointer_motion,
	.button = pointer_button,
	.axis = pointer_axis,
	.frame = pointer_frame,
	.axis_source = pointer_axis_source,
	.axis_stop = pointer_axis_stop,
	.axis_discrete = pointer_axis_discrete,
};

/* ---- keyboard -------------------------------------------------- */

static void
keyboard_keymap(void *d, struct wl_keyboard *k, uint32_t format, int32_t fd,
		uint32_t size)
{
	char *map;
	bool looks_ok = false;

	(void)d; (void)k;
	map = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
	if (map != MAP_FAILED) {
		looks_ok = memmem(map, size, "xkb_keymap", 10) != NULL;
		munmap(map, size);
	}
	close(fd);
	out("keyboard keymap %s %u %s",
	    format == WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1 ? "xkb_v1" : "other",
	    size, looks_ok ? "valid" : "invalid");
}

static void
keyboard_enter(void *d, struct wl_keyboard *k, uint32_t serial,
	       struct wl_surface *s, struct wl_array *keys)
{
	(void)d; (void)k; (void)serial; (void)s; (void)keys;
	out("keyboard enter");
}

static void
keyboard_leave(void *d, struct wl_keyboard *k, uint32_t serial,
	       struct wl_surface *s)
{
	(void)d; (void)k; (void)serial; (void)s;
	out("keyboard leave");
}

static void
keyboard_key(void *d, struct wl_keyboard *k, uint32_t serial, uint32_t time,
	     uint32_t key, uint32_t state)
{
	(void)d; (void)k; (void)serial;
	out("keyboard key %u %u %u", time, key, state);
}

static void
keyboard_modifiers(void *d, struct wl_keyboard *k, uint32_t serial,
		   uint32_t depressed, uint32_t latched, uint32_t locked,
		   uint32_t group)
{
	(void)d; (void)k; (void)serial;
	out("keyboard modifiers %u %u %u %u", depressed, latched, locked,
	    group);
}

static void
keyboard_repeat_info(void *d, struct wl_keyboard *k, int32_t rate,
		     int32_t delay)
{
	(void)d; (void)k;
	out("keyboard repeat_info %d %d", rate, delay);
}

static const struct wl_keyboard_listener keyboard_listener = {
	.keymap = keyboard_keymap,
	.enter = keyboard_enter,
	.leave = keyboard_leave,
	.key = keyboard_key,
	.modifiers = keyboard_modifiers,
	.repeat_info = keyboard_repeat_info,
};

/* ---- touch ----------------------------------------------------- */

static void
touch_down(void *d, struct wl_touch *t, uint32_t serial, uint32_t time,
	   struct wl_surface *s, int32_t id, wl_fixed_t x, wl_fixed_t y)
{
	(void)d; (void)t; (void)serial; (void)s;
	out("touch down %u %d %.2f %.2f", time, id, wl_fixed_to_double(x),
	    wl_fixed_to_double(y));
}

static void
touch_up(void *d, struct wl_touch *t, uint32_t serial, uint32_t time,
	 int32_t id)
{
	(void)d; (void)t; (void)serial;
	out("touch up %u %d", time, id);
}

static void
touch_motion(void *d, struct wl_touch *t, uint32_t time, int32_t id,
	     wl_fixed_t x, wl_fixed_t y)
{
	(void)d; (void)t;
	out("touch motion %u %d %.2f %.2f", time, id, wl_fixed_to_double(x),
	    wl_fixed_to_double(y));
}

static void
touch_frame(void *d, struct wl_touch *t)
{
	(void)d; (void)t;
	out("touch frame");
}

static void
touch_cancel(void *d, struct wl_touch *t)
{
	(void)d; (void)t;
	out("touch cancel");
}

static void
touch_shape(void *d, struct wl_touch *t, int32_t id, wl_fixed_t major,
	    wl_fixed_t minor)
{
	(void)d; (void)t; (void)id; (void)major; (void)minor;
}

static void
touch_orientation(void *d, struct wl_touch *t, int32_t id,
		  wl_fixed_t orientation)
{
	(void)d; (void)t; (void)id; (void)orientation;
}

static const struct wl_touch_listener touch_listener = {
	.down = touch_down,
	.up = touch_up,
	.motion = touch_motion,
	.frame = touch_frame,
	.cancel = touch_cancel,
	.shape = touch_shape,
	.orientation = touch_orientation,
};

/* ---- seat ------------------------------------------------------ */

static void
seat_capabilities(void *d, struct wl_seat *s, uint32_t caps)
{
	(void)d;
	out("seat capabilities%s%s%s",
	    caps & WL_SEAT_CAPABILITY_POINTER ? " pointer" : "",
	    caps & WL_SEAT_CAPABILITY_KEYBOARD ? " keyboard" : "",
	    caps & WL_SEAT_CAPABILITY_TOUCH ? " touch" : "");
	if ((caps & WL_SEAT_CAPABILITY_POINTER) && !pointer) {
		pointer = wl_seat_get_pointer(s);
		wl_pointer_add_listener(pointer, &pointer_listener, NULL);
	}
	if ((caps & WL_SEAT_CAPABILITY_KEYBOARD) && !keyboard) {
		keyboard = wl_seat_get_keyboard(s);
		wl_keyboard_add_listener(keyboard, &keyboard_listener, NULL);
	}
	if ((caps & WL_SEAT_CAPABILITY_TOUCH) && !touch) {
		touch = wl_seat_get_touch(s);
		wl_touch_add_listener(touch, &touch_listener, NULL);
	}
}

static void
seat_name(void *d, struct wl_seat *s, const char *name)
{
	(void)d; (void)s;
	out("seat name %s", name);
}

const struct wl_seat_listener seat_listener = {
	.capabilities = seat_capabilities,
	.name = seat_name,
};

