/*
 * segue-kwin-input — pointer and keyboard input into KWin through
 * org_kde_kwin_fake_input (plasma-wayland-protocols), from a line-based stdin
 * script. Every input line gets exactly one output line: "ok" or
 * "error: <reason>".
 *
 * Commands (a trailing timestamp argument is accepted and ignored: KWin stamps
 * fake input with its own clock):
 *   ping                           the global is bound and authenticated
 *   motion X Y                     pointer_motion_absolute (global logical px)
 *   button left|right|middle|CODE down|up
 *   axis vertical|horizontal VALUE
 *   key EVDEV_CODE down|up         keyboard_key (needs v4)
 *   quit
 *
 * KWin hides org_kde_kwin_fake_input from clients unless their executable's
 * desktop file lists it in X-KDE-Wayland-Interfaces, or KWin runs with
 * KWIN_WAYLAND_NO_PERMISSION_CHECKS=1 (what the test harness does). The
 * authenticate request itself is always granted by KWin 5.27.
 *
 * Exit status: 0 on EOF or "quit", 1 on connection failure, lost connection
 * or a missing global.
 */

#define _GNU_SOURCE

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <wayland-client.h>

#include "fake-input-client-protocol.h"
#include "line-protocol.h"

/* wl_pointer axis values, as fake_input's axis request takes them */
#define AXIS_VERTICAL 0
#define AXIS_HORIZONTAL 1

static struct wl_display *display;
static struct org_kde_kwin_fake_input *fake;
static uint32_t fake_version;

static void
registry_global(void *data, struct wl_registry *registry, uint32_t name,
		const char *interface, uint32_t version)
{
	(void)data;
	if (strcmp(interface, org_kde_kwin_fake_input_interface.name) == 0 &&
	    !fake) {
		fake_version = version < 4 ? version : 4;
		fake = wl_registry_bind(registry, name,
					&org_kde_kwin_fake_input_interface,
					fake_version);
	}
}

static void
registry_global_remove(void *data, struct wl_registry *registry,
		       uint32_t name)
{
	(void)data;
	(void)registry;
	(void)name;
}

static const struct wl_registry_listener registry_listener = {
	registry_global,
	registry_global_remove,
};

/* Returns true if a request was sent (the caller round-trips, then says ok). */
static bool
run_command(int argc, char **argv)
{
	const char *cmd = argv[0];
	uint32_t code;
	double x, y, v;
	int st;

	if (!strcmp(cmd, "ping")) {
		if (argc != 1) {
			reply("error: usage: ping");
			return false;
		}
		return true;
	}

	if (!strcmp(cmd, "motion")) {
		if (argc < 3 || argc > 4 || !parse_double(argv[1], &x) ||
		    !parse_double(argv[2], &y)) {
			reply("error: usage: motion X Y");
			return false;
		}
		if (fake_version < 3) {
			reply("error: pointer_motion_absolute needs v3, KWin offers v%u",
			      fake_version);
			return false;
		}
		org_kde_kwin_fake_input_pointer_motion_absolute(
			fake, wl_fixed_from_double(x), wl_fixed_from_double(y));
		return true;
	}

	if (!strcmp(cmd, "button")) {
		if (argc < 3 || argc > 4) {
			reply("error: usage: button left|right|middle|CODE down|up");
			return false;
		}
		if (!parse_button(argv[1], &code)) {
			reply("error: bad button '%s'", argv[1]);
			return false;
		}
		st = parse_updown(argv[2]);
		if (st < 0) {
			reply("error: usage: button left|right|middle|CODE down|up");
			return false;
		}
		org_kde_kwin_fake_input_button(fake, code, (uint32_t)st);
		return true;
	}

	if (!strcmp(cmd, "axis") || !strcmp(cmd, "scroll")) {
		uint32_t axis;

		if (argc < 3 || argc > 4) {
			reply("error: usage: axis vertical|horizontal VALUE");
			return false;
		}
		if (!strcmp(argv[1], "vertical") || !strcmp(argv[1], "v"))
			axis = AXIS_VERTICAL;
		else if (!strcmp(argv[1], "horizontal") || !strcmp(argv[1], "h"))
			axis = AXIS_HORIZONTAL;
		else {
			reply("error: bad axis '%s'", argv[1]);
			return false;
		}
		if (!parse_double(argv[2], &v)) {
			reply("error: usage: axis vertical|horizontal VALUE");
			return false;
		}
		org_kde_kwin_fake_input_axis(fake, axis, wl_fixed_from_double(v));
		return true;
	}

	if (!strcmp(cmd, "key")) {
		if (argc < 3 || argc > 4 || !parse_u32(argv[1], &code) ||
		    (st = parse_updown(argv[2])) < 0) {
			reply("error: usage: key EVDEV_CODE down|up");
			return false;
		}
		if (fake_version < 4) {
			reply("error: keyboard_key needs v4, KWin offers v%u",
			      fake_version);
			return false;
		}
		org_kde_kwin_fake_input_keyboard_key(fake, code, (uint32_t)st);
		return true;
	}

	reply("error: unknown command '%s'", cmd);
	return false;
}

#define MAX_ARGS 8

int
main(void)
{
	struct wl_registry *registry;
	char *line = NULL;
	size_t cap = 0;

	display = wl_display_connect(NULL);
	if (!display) {
		fprintf(stderr, "segue-kwin-input: cannot connect to '%s': %s\n",
			getenv("WAYLAND_DISPLAY") ? getenv("WAYLAND_DISPLAY")
						  : "wayland-0",
			strerror(errno));
		return 1;
	}
	registry = wl_display_get_registry(display);
	wl_registry_add_listener(registry, &registry_listener, NULL);
	if (wl_display_roundtrip(display) < 0) {
		fprintf(stderr, "segue-kwin-input: initial roundtrip failed\n");
		return 1;
	}
	if (!fake) {
		fprintf(stderr,
			"segue-kwin-input: the compositor does not offer "
			"org_kde_kwin_fake_input to this client (KWin: "
			"KWIN_WAYLAND_NO_PERMISSION_CHECKS=1, or a desktop file "
			"with X-KDE-Wayland-Interfaces=org_kde_kwin_fake_input)\n");
		return 1;
	}
	org_kde_kwin_fake_input_authenticate(fake, "segue-kwin-input",
					     "end-to-end tests of segue-demo");
	if (wl_display_roundtrip(display) < 0) {
		fprintf(stderr, "segue-kwin-input: authenticate failed\n");
		return 1;
	}

	while (getline(&line, &cap, stdin) >= 0) {
		char *argv[MAX_ARGS + 1];
		int argc = 0;
		char *save = NULL;

		for (char *tok = strtok_r(line, " \t\r\n", &save);
		     tok && argc <= MAX_ARGS;
		     tok = strtok_r(NULL, " \t\r\n", &save))
			argv[argc++] = tok;
		if (argc == 0) {
			reply("error: empty command");
			continue;
		}
		if (argc > MAX_ARGS) {
			reply("error: too many arguments");
			continue;
		}
		if (!strcmp(argv[0], "quit")) {
			reply("ok");
			break;
		}
		if (run_command(argc, argv)) {
			if (wl_display_roundtrip(display) < 0) {
				int err = wl_display_get_error(display);

				reply("error: connection lost: %s",
				      strerror(err ? err : EPIPE));
				return 1;
			}
			reply("ok");
		}
	}
	free(line);
	org_kde_kwin_fake_input_destroy(fake);
	wl_display_disconnect(display);
	return 0;
}
