/*
 * segue-probe — a minimal xdg-shell client used by selftest.sh to prove
 * that input injected through segue_test reaches a real client and that
 * captures contain client pixels.
 *
 * It maps one toplevel filled with a solid colour (default 0x20c040, or
 * argv[1] as hex RRGGBB) and prints one line per received input event on
 * stdout (flushed), e.g.
 *
 *   seat name segue-test
 *   mapped 640 400
 *   pointer enter 10.00 20.00
 *   pointer motion 100 10.00 20.00
 *   pointer button 110 272 1
 *   pointer axis 130 0 10.00
 *   keyboard keymap xkb_v1 <size>
 *   keyboard enter
 *   keyboard key 140 30 1
 *   touch down 160 0 5.00 5.00
 *
 * Times are the raw "time" arguments of the wl_pointer/wl_keyboard/
 * wl_touch events, i.e. the time_ms passed to segue_test. It exits when
 * the compositor goes away.
 */

#define _GNU_SOURCE

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <wayland-client.h>

#include "xdg-shell-client-protocol.h"

static struct wl_compositor *compositor;
static struct wl_shm *shm;
static struct xdg_wm_base *wm_base;
static struct wl_seat *seat;
static struct wl_surface *surface;
static struct xdg_surface *xdg_surface;
static struct xdg_toplevel *toplevel;
static struct wl_buffer *buffer;
static struct wl_pointer *pointer;
static struct wl_keyboard *keyboard;
static struct wl_touch *touch;
static uint32_t colour = 0xff20c040;
static int width = 320, height = 240;
static bool mapped_reported;

static void
out(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void
out(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfprintf(stdout, fmt, ap);
	va_end(ap);
	fputc('\n', stdout);
	fflush(stdout);
}

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

static const struct wl_seat_listener seat_listener = {
	.capabilities = seat_capabilities,
	.name = seat_name,
};

/* ---- surface --------------------------------------------------- */

static struct wl_buffer *
make_buffer(int w, int h)
{
	int stride = w * 4, size = stride * h, fd, i;
	struct wl_shm_pool *pool;
	struct wl_buffer *buf;
	uint32_t *data;

	fd = memfd_create("segue-probe", MFD_CLOEXEC);
	if (fd < 0 || ftruncate(fd, size) < 0) {
		perror("memfd");
		exit(1);
	}
	data = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (data == MAP_FAILED) {
		perror("mmap");
		exit(1);
	}
	for (i = 0; i < w * h; i++)
		data[i] = colour;
	munmap(data, size);
	pool = wl_shm_create_pool(shm, fd, size);
	buf = wl_shm_pool_create_buffer(pool, 0, w, h, stride,
					WL_SHM_FORMAT_XRGB8888);
	wl_shm_pool_destroy(pool);
	close(fd);
	return buf;
}

static void
frame_done(void *d, struct wl_callback *cb, uint32_t time)
{
	(void)d; (void)time;
	wl_callback_destroy(cb);
	if (!mapped_reported) {
		mapped_reported = true;
		out("mapped %d %d", width, height);
	}
}

static const struct wl_callback_listener frame_listener = {
	.done = frame_done,
};

static void
xdg_surface_configure(void *d, struct xdg_surface *xs, uint32_t serial)
{
	struct wl_callback *cb;

	(void)d;
	xdg_surface_ack_configure(xs, serial);
	if (buffer)
		wl_buffer_destroy(buffer);
	buffer = make_buffer(width, height);
	wl_surface_attach(surface, buffer, 0, 0);
	wl_surface_damage(surface, 0, 0, width, height);
	if (!mapped_reported) {
		cb = wl_surface_frame(surface);
		wl_callback_add_listener(cb, &frame_listener, NULL);
	}
	wl_surface_commit(surface);
}

static const struct xdg_surface_listener xdg_surface_listener = {
	.configure = xdg_surface_configure,
};

static void
toplevel_configure(void *d, struct xdg_toplevel *t, int32_t w, int32_t h,
		   struct wl_array *states)
{
	(void)d; (void)t; (void)states;
	if (w > 0 && h > 0) {
		width = w;
		height = h;
	}
}

static void
toplevel_close(void *d, struct xdg_toplevel *t)
{
	(void)d; (void)t;
	out("close");
	exit(0);
}

static const struct xdg_toplevel_listener toplevel_listener = {
	.configure = toplevel_configure,
	.close = toplevel_close,
};

static void
wm_base_ping(void *d, struct xdg_wm_base *b, uint32_t serial)
{
	(void)d;
	xdg_wm_base_pong(b, serial);
}

static const struct xdg_wm_base_listener wm_base_listener = {
	.ping = wm_base_ping,
};

/* ---- registry -------------------------------------------------- */

static void
registry_global(void *d, struct wl_registry *r, uint32_t name,
		const char *iface, uint32_t version)
{
	(void)d;
	if (!strcmp(iface, wl_compositor_interface.name))
		compositor = wl_registry_bind(r, name, &wl_compositor_interface,
					      4);
	else if (!strcmp(iface, wl_shm_interface.name))
		shm = wl_registry_bind(r, name, &wl_shm_interface, 1);
	else if (!strcmp(iface, xdg_wm_base_interface.name)) {
		wm_base = wl_registry_bind(r, name, &xdg_wm_base_interface, 1);
		xdg_wm_base_add_listener(wm_base, &wm_base_listener, NULL);
	} else if (!strcmp(iface, wl_seat_interface.name) && !seat &&
		   version >= 5) {
		seat = wl_registry_bind(r, name, &wl_seat_interface, 5);
		wl_seat_add_listener(seat, &seat_listener, NULL);
	}
}

static void
registry_global_remove(void *d, struct wl_registry *r, uint32_t name)
{
	(void)d; (void)r; (void)name;
}

static const struct wl_registry_listener registry_listener = {
	.global = registry_global,
	.global_remove = registry_global_remove,
};

int
main(int argc, char *argv[])
{
	struct wl_display *display;
	struct wl_registry *registry;

	if (argc > 1)
		colour = 0xff000000 | (uint32_t)strtoul(argv[1], NULL, 16);

	display = wl_display_connect(NULL);
	if (!display) {
		fprintf(stderr, "segue-probe: cannot connect: %s\n",
			strerror(errno));
		return 1;
	}
	registry = wl_display_get_registry(display);
	wl_registry_add_listener(registry, &registry_listener, NULL);
	wl_display_roundtrip(display);
	if (!compositor || !shm || !wm_base) {
		fprintf(stderr, "segue-probe: missing globals\n");
		return 1;
	}
	if (!seat)
		out("seat none");

	surface = wl_compositor_create_surface(compositor);
	xdg_surface = xdg_wm_base_get_xdg_surface(wm_base, surface);
	xdg_surface_add_listener(xdg_surface, &xdg_surface_listener, NULL);
	toplevel = xdg_surface_get_toplevel(xdg_surface);
	xdg_toplevel_add_listener(toplevel, &toplevel_listener, NULL);
	xdg_toplevel_set_title(toplevel, "segue-probe");
	xdg_toplevel_set_app_id(toplevel, "segue-probe");
	wl_surface_commit(surface);

	while (wl_display_dispatch(display) >= 0)
		;
	out("disconnected");
	return 0;
}
