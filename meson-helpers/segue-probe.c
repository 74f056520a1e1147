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
 *
 * This file maps the window; segue-probe-input.c prints the input.
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
#include "segue-probe.h"

static struct wl_compositor *compositor;
static struct wl_shm *shm;
static struct xdg_wm_base *wm_base;
static struct wl_seat *seat;
static struct wl_surface *surface;
static struct xdg_surface *xdg_surface;
static struct xdg_toplevel *toplevel;
static struct wl_buffer *buffer;
static uint32_t colour = 0xff20c040;
static int width = 320, height = 240;
static bool mapped_reported;

void
out(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfprintf(stdout, fmt, ap);
	va_end(ap);
	fputc('\n', stdout);
	fflush(stdout);
}

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
