/*
 * segue-inject — drive the segue_test global from a line-based stdin script.
 *
 * Connects to $WAYLAND_DISPLAY in $XDG_RUNTIME_DIR, binds segue_test and
 * answers every input line with exactly one output line: "ok" or
 * "error: <reason>". See README.md for the command language.
 *
 * Exit status: 0 on EOF or "quit", 1 on connection failure / lost
 * connection / missing global.
 *
 * This file holds the connection and the loop that reads lines, sends
 * their requests and answers them; the command language is in
 * segue-inject-commands.c, the capture's wait in segue-inject-capture.c,
 * the recording in segue-inject-record.c.
 */

#define _GNU_SOURCE

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "segue-inject.h"
#include "line-protocol.h"

struct wl_display *display;
struct segue_test *test;
uint32_t test_version;

void
die_connection(const char *what)
{
	int err = wl_display_get_error(display);

	reply("error: connection lost during %s: %s", what,
	      strerror(err ? err : EPIPE));
	exit(1);
}

/* --------------------------------------------------------------- */
/* registry                                                        */

static void
registry_global(void *data, struct wl_registry *registry, uint32_t name,
		const char *interface, uint32_t version)
{
	(void)data;
	if (strcmp(interface, segue_test_interface.name) == 0 && !test) {
		/* A module older than this client (version 1) lacks only the recording. */
		test_version = version < 2 ? version : 2;
		test = wl_registry_bind(registry, name, &segue_test_interface,
					test_version);
		recording_listen();
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

int64_t
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* --------------------------------------------------------------- */
/* batching (segue-fuzz): bursts of input sent without roundtrips   */

/* While on, input commands are answered as soon as they are queued, without a roundtrip,
 * so a burst reaches the client as fast as the compositor forwards it. */
static bool batching;
static unsigned batched_since_roundtrip;
/* libwayland's output buffer is 4 KiB and a full one with a busy compositor is fatal:
 * a roundtrip every so many batched requests (each under 40 bytes) keeps it well below. */
#define BATCH_ROUNDTRIP_EVERY 32

/* batch on|off: "off" ends with a roundtrip, so its "ok" means everything was processed. */
bool
run_batch(int argc, char **argv)
{
	if (argc != 2 || (strcmp(argv[1], "on") && strcmp(argv[1], "off"))) {
		reply("error: usage: batch on|off");
		return false;
	}
	batching = !strcmp(argv[1], "on");
	batched_since_roundtrip = 0;
	if (batching)
		reply("ok");
	return !batching;
}

/* After an input command in batch mode: flush, with a roundtrip now and then. */
static void
batched_sent(const char *what)
{
	if (++batched_since_roundtrip >= BATCH_ROUNDTRIP_EVERY) {
		batched_since_roundtrip = 0;
		if (wl_display_roundtrip(display) < 0)
			die_connection(what);
	} else if (wl_display_flush(display) < 0 && errno != EAGAIN) {
		die_connection(what);
	}
	reply("ok");
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
		fprintf(stderr,
			"usage: segue-inject < script\n"
			"Connects to $WAYLAND_DISPLAY, reads commands from "
			"stdin, answers each line with 'ok' or 'error: ...'.\n");
		return 2;
	}

	signal(SIGPIPE, SIG_IGN);

	display = wl_display_connect(NULL);
	if (!display) {
		reply("error: cannot connect to wayland display '%s': %s",
		      getenv("WAYLAND_DISPLAY") ? getenv("WAYLAND_DISPLAY")
						: "wayland-0",
		      strerror(errno));
		return 1;
	}

	registry = wl_display_get_registry(display);
	wl_registry_add_listener(registry, &registry_listener, NULL);
	if (wl_display_roundtrip(display) < 0)
		die_connection("registry roundtrip");
	if (!test) {
		reply("error: compositor does not advertise segue_test "
		      "(is segue-test-plugin.so loaded via --modules?)");
		return 1;
	}

	while ((len = getline(&line, &cap, stdin)) >= 0) {
		char *args[MAX_ARGS + 1];
		char *save = NULL, *tok;
		int n = 0;
		bool overflow = false;

		while (len > 0 &&
		       (line[len - 1] == '\n' || line[len - 1] == '\r'))
			line[--len] = '\0';

		for (tok = strtok_r(line, " \t", &save); tok;
		     tok = strtok_r(NULL, " \t", &save)) {
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

		/* Batched: input commands only; "sync" and "batch off" still roundtrip. */
		bool batched = batching && strcmp(args[0], "sync") &&
			       strcmp(args[0], "batch");

		if (!run_command(n, args)) {
			if (wl_display_get_error(display))
				die_connection(args[0]);
		} else if (batched) {
			batched_sent(args[0]);
		} else {
			if (wl_display_roundtrip(display) < 0)
				die_connection(args[0]);
			reply("ok");
		}
	}

	free(line);
	segue_test_destroy(test);
	wl_registry_destroy(registry);
	wl_display_roundtrip(display);
	wl_display_disconnect(display);
	return 0;
}
