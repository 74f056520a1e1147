/*
 * segue-vpointer — drive a wlroots compositor's pointer from a line-based stdin script.
 *
 * Connects to $WAYLAND_DISPLAY, creates a zwlr_virtual_pointer_v1 (protocol described in
 * wlr-virtual-pointer-unstable-v1.xml beside it) and answers every input line with
 * exactly one output line: "ok" or "error: <reason>". "ok" comes after a roundtrip, i.e.
 * after the compositor has handled the request and queued what it sends to clients.
 *
 *   motion X Y [T]                   absolute position in layout (logical) pixels, + frame
 *   button left|right|middle|CODE down|up [T]                                       + frame
 *   axis vertical|horizontal VALUE [T]   axis_source wheel + axis,                   + frame
 *   sync                             roundtrip only
 *   quit | exit                      "ok", exit 0
 *
 * X and Y are doubles: motion_absolute carries uints, so they are sent as X·256 out of an
 * extent of W·256 (W×H the logical size of the one output, followed from its wl_output
 * mode and scale events, so a live scale change is honoured). T is a uint32 time in ms
 * (default CLOCK_MONOTONIC ms), what the client receives as the event time.
 *
 * Exit status: 0 on EOF or quit; 1 on connection failure, a lost connection or a missing
 * global.
 */

#define _GNU_SOURCE

#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <wayland-client.h>

#include "wlr-virtual-pointer-unstable-v1-client-protocol.h"
#include "line-protocol.h"

#define SUBPIXEL 256

static struct wl_display *display;
static struct zwlr_virtual_pointer_manager_v1 *manager;
static struct zwlr_virtual_pointer_v1 *pointer;
static struct wl_output *output;
static int32_t mode_width, mode_height, output_scale = 1, output_transform;

static void
die_connection(const char *what)
{
	int err = wl_display_get_error(display);

	reply("error: connection lost during %s: %s", what, strerror(err ? err : EPIPE));
	exit(1);
}

/* --------------------------------------------------------------- */
/* output: its logical size is the extent of absolute motion        */

static void
output_geometry(void *data, struct wl_output *o, int32_t x, int32_t y, int32_t pw, int32_t ph,
		int32_t subpixel, const char *make, const char *model, int32_t transform)
{
	(void)data; (void)o; (void)x; (void)y; (void)pw; (void)ph;
	(void)subpixel; (void)make; (void)model;
	output_transform = transform;
}

static void
output_mode(void *data, struct wl_output *o, uint32_t flags, int32_t w, int32_t h, int32_t refresh)
{
	(void)data; (void)o; (void)refresh;
	if (flags & WL_OUTPUT_MODE_CURRENT) {
		mode_width = w;
		mode_height = h;
	}
}

static void
output_done(void *data, struct wl_output *o)
{
	(void)data; (void)o;
}

static void
output_scale_event(void *data, struct wl_output *o, int32_t factor)
{
	(void)data; (void)o;
	output_scale = factor > 0 ? factor : 1;
}

/* Bound at version 2: name and description (version 4) never come. */
static const struct wl_output_listener output_listener = {
	.geometry = output_geometry,
	.mode = output_mode,
	.done = output_done,
	.scale = output_scale_event,
};

static void
logical_size(uint32_t *w, uint32_t *h)
{
	int32_t lw = mode_width / output_scale, lh = mode_height / output_scale;

	/* 90° and 270° transforms (odd values, also when flipped) swap the axes. */
	if (output_transform & 1) {
		int32_t t = lw;
		lw = lh;
		lh = t;
	}
	*w = lw > 0 ? (uint32_t)lw : 0;
	*h = lh > 0 ? (uint32_t)lh : 0;
}

/* --------------------------------------------------------------- */
/* registry                                                        */

static void
registry_global(void *data, struct wl_registry *registry, uint32_t name, const char *interface,
		uint32_t version)
{
	(void)data;
	(void)version;
	if (!strcmp(interface, zwlr_virtual_pointer_manager_v1_interface.name) && !manager)
		/* Version 1 is all this needs: create_virtual_pointer and the pointer's requests. */
		manager = wl_registry_bind(registry, name, &zwlr_virtual_pointer_manager_v1_interface, 1);
	else if (!strcmp(interface, wl_output_interface.name) && !output && version >= 2) {
		output = wl_registry_bind(registry, name, &wl_output_interface, 2);
		wl_output_add_listener(output, &output_listener, NULL);
	}
}

static void
registry_global_remove(void *data, struct wl_registry *registry, uint32_t name)
{
	(void)data; (void)registry; (void)name;
}

static const struct wl_registry_listener registry_listener = {
	registry_global,
	registry_global_remove,
};

/* --------------------------------------------------------------- */
/* parsing                                                         */

static uint32_t
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint32_t)((int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000);
}

static bool
parse_time(const char *s, uint32_t *out)
{
	if (!s) {
		*out = now_ms();
		return true;
	}
	return parse_u32(s, out);
}

/* Returns true if requests were sent and a roundtrip is due. */
static bool
run_command(int argc, char **argv)
{
	const char *cmd = argv[0];
	uint32_t t, code, w, h;
	double x, y, v;
	int st;

	if (!strcmp(cmd, "motion")) {
		if (argc < 3 || argc > 4 || !parse_double(argv[1], &x) || !parse_double(argv[2], &y) ||
		    !parse_time(argc > 3 ? argv[3] : NULL, &t)) {
			reply("error: usage: motion X Y [T]");
			return false;
		}
		logical_size(&w, &h);
		if (w == 0 || h == 0) {
			reply("error: no output size known");
			return false;
		}
		/* Inside the output: [0, W) × [0, H). */
		if (x < 0)
			x = 0;
		if (y < 0)
			y = 0;
		if (x > w - 1.0 / SUBPIXEL)
			x = w - 1.0 / SUBPIXEL;
		if (y > h - 1.0 / SUBPIXEL)
			y = h - 1.0 / SUBPIXEL;
		zwlr_virtual_pointer_v1_motion_absolute(pointer, t, (uint32_t)(x * SUBPIXEL + 0.5),
							(uint32_t)(y * SUBPIXEL + 0.5), w * SUBPIXEL,
							h * SUBPIXEL);
		zwlr_virtual_pointer_v1_frame(pointer);
		return true;
	}

	if (!strcmp(cmd, "button")) {
		if (argc < 3 || argc > 4) {
			reply("error: usage: button left|right|middle|CODE down|up [T]");
			return false;
		}
		if (!parse_button(argv[1], &code)) {
			reply("error: bad button '%s'", argv[1]);
			return false;
		}
		st = parse_updown(argv[2]);
		if (st < 0 || !parse_time(argc > 3 ? argv[3] : NULL, &t)) {
			reply("error: usage: button left|right|middle|CODE down|up [T]");
			return false;
		}
		zwlr_virtual_pointer_v1_button(pointer, t, code,
					       st ? WL_POINTER_BUTTON_STATE_PRESSED
						  : WL_POINTER_BUTTON_STATE_RELEASED);
		zwlr_virtual_pointer_v1_frame(pointer);
		return true;
	}

	if (!strcmp(cmd, "axis") || !strcmp(cmd, "scroll")) {
		uint32_t axis;

		if (argc < 3 || argc > 4) {
			reply("error: usage: axis vertical|horizontal VALUE [T]");
			return false;
		}
		if (!strcmp(argv[1], "vertical") || !strcmp(argv[1], "v"))
			axis = WL_POINTER_AXIS_VERTICAL_SCROLL;
		else if (!strcmp(argv[1], "horizontal") || !strcmp(argv[1], "h"))
			axis = WL_POINTER_AXIS_HORIZONTAL_SCROLL;
		else {
			reply("error: bad axis '%s'", argv[1]);
			return false;
		}
		if (!parse_double(argv[2], &v) || !parse_time(argc > 3 ? argv[3] : NULL, &t)) {
			reply("error: usage: axis vertical|horizontal VALUE [T]");
			return false;
		}
		zwlr_virtual_pointer_v1_axis_source(pointer, WL_POINTER_AXIS_SOURCE_WHEEL);
		zwlr_virtual_pointer_v1_axis(pointer, t, axis, wl_fixed_from_double(v));
		zwlr_virtual_pointer_v1_frame(pointer);
		return true;
	}

	if (!strcmp(cmd, "sync"))
		return true;

	reply("error: unknown command '%s'", cmd);
	return false;
}

#define MAX_ARGS 8

int
main(int argc, char *argv[])
{
	struct wl_registry *registry;
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;

	(void)argv;
	if (argc > 1) {
		fprintf(stderr, "usage: segue-vpointer < script\n"
				"Connects to $WAYLAND_DISPLAY, reads commands from stdin, answers "
				"each line with 'ok' or 'error: ...'.\n");
		return 2;
	}
	signal(SIGPIPE, SIG_IGN);

	display = wl_display_connect(NULL);
	if (!display) {
		reply("error: cannot connect to wayland display '%s': %s",
		      getenv("WAYLAND_DISPLAY") ? getenv("WAYLAND_DISPLAY") : "wayland-0",
		      strerror(errno));
		return 1;
	}
	registry = wl_display_get_registry(display);
	wl_registry_add_listener(registry, &registry_listener, NULL);
	/* The second roundtrip collects the output's mode and scale. */
	if (wl_display_roundtrip(display) < 0 || wl_display_roundtrip(display) < 0)
		die_connection("registry roundtrip");
	if (!manager) {
		reply("error: compositor does not advertise zwlr_virtual_pointer_manager_v1");
		return 1;
	}
	if (!output) {
		reply("error: compositor advertises no wl_output (version >= 2)");
		return 1;
	}
	pointer = zwlr_virtual_pointer_manager_v1_create_virtual_pointer(manager, NULL);
	if (wl_display_roundtrip(display) < 0)
		die_connection("create_virtual_pointer");

	while ((len = getline(&line, &cap, stdin)) >= 0) {
		char *args[MAX_ARGS + 1];
		char *save = NULL, *tok;
		int n = 0;
		bool overflow = false;

		while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
			line[--len] = '\0';
		for (tok = strtok_r(line, " \t", &save); tok; tok = strtok_r(NULL, " \t", &save)) {
			if (n == MAX_ARGS) {
				overflow = true;
				break;
			}
			args[n++] = tok;
		}
		args[n] = NULL;
		if (n == 0) {
			reply("error: empty command");
			continue;
		}
		if (args[0][0] == '#') {
			reply("ok");
			continue;
		}
		if (overflow) {
			reply("error: too many arguments");
			continue;
		}
		if (!strcmp(args[0], "quit") || !strcmp(args[0], "exit")) {
			reply("ok");
			break;
		}
		/* Pick up output events (a live scale change) before using the extent. */
		if (wl_display_roundtrip(display) < 0)
			die_connection(args[0]);
		if (run_command(n, args)) {
			if (wl_display_roundtrip(display) < 0)
				die_connection(args[0]);
			reply("ok");
		} else if (wl_display_get_error(display)) {
			die_connection(args[0]);
		}
	}

	free(line);
	zwlr_virtual_pointer_v1_destroy(pointer);
	zwlr_virtual_pointer_manager_v1_destroy(manager);
	wl_output_destroy(output);
	wl_registry_destroy(registry);
	wl_display_roundtrip(display);
	wl_display_disconnect(display);
	return 0;
}
