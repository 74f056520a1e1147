/*
 * segue-inject — drive the segue_test global from a line-based stdin script.
 *
 * Connects to $WAYLAND_DISPLAY in $XDG_RUNTIME_DIR, binds segue_test and
 * answers every input line with exactly one output line: "ok" or
 * "error: <reason>". See README.md for the command language.
 *
 * Exit status: 0 on EOF or "quit", 1 on connection failure / lost
 * connection / missing global.
 */

#define _GNU_SOURCE

#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <wayland-client.h>

#include "segue-test-client-protocol.h"
#include "line-protocol.h"

#define CAPTURE_TIMEOUT_MS 5000
#define BTN_LEFT 0x110
#define BTN_RIGHT 0x111
#define BTN_MIDDLE 0x112

static struct wl_display *display;
static struct segue_test *test;

static void
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
	(void)version;
	if (strcmp(interface, segue_test_interface.name) == 0 && !test)
		test = wl_registry_bind(registry, name, &segue_test_interface,
					1);
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

/* --------------------------------------------------------------- */
/* capture                                                         */

struct capture_state {
	bool done;
	int32_t status;
};

static void
capture_done(void *data, struct segue_test_capture *capture, int32_t status)
{
	struct capture_state *st = data;

	(void)capture;
	st->done = true;
	st->status = status;
}

static const struct segue_test_capture_listener capture_listener = {
	capture_done,
};

static int64_t
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Returns 1 when done, 0 on timeout; exits on connection loss. */
static int
wait_capture(struct capture_state *st)
{
	int64_t deadline = now_ms() + CAPTURE_TIMEOUT_MS;
	struct pollfd pfd;

	while (!st->done) {
		int64_t left;
		int ret;

		while (wl_display_prepare_read(display) != 0) {
			if (wl_display_dispatch_pending(display) < 0)
				die_connection("capture");
		}
		if (st->done) {
			wl_display_cancel_read(display);
			break;
		}
		/* flush; EAGAIN just means the socket buffer is full */
		if (wl_display_flush(display) < 0 && errno != EAGAIN) {
			wl_display_cancel_read(display);
			die_connection("capture");
		}

		left = deadline - now_ms();
		if (left <= 0) {
			wl_display_cancel_read(display);
			return 0;
		}
		pfd.fd = wl_display_get_fd(display);
		pfd.events = POLLIN;
		pfd.revents = 0;
		ret = poll(&pfd, 1, (int)left);
		if (ret < 0) {
			wl_display_cancel_read(display);
			if (errno == EINTR)
				continue;
			die_connection("capture (poll)");
		}
		if (ret == 0) {
			wl_display_cancel_read(display);
			continue; /* deadline check at top of next loop */
		}
		if (wl_display_read_events(display) < 0)
			die_connection("capture");
		if (wl_display_dispatch_pending(display) < 0)
			die_connection("capture");
	}
	return 1;
}

static void
do_capture(const char *path)
{
	struct capture_state st = { false, 0 };
	struct segue_test_capture *cap;
	char *abs = NULL;

	if (path[0] != '/') {
		char cwd[PATH_MAX];

		if (!getcwd(cwd, sizeof cwd)) {
			reply("error: getcwd: %s", strerror(errno));
			return;
		}
		if (asprintf(&abs, "%s/%s", cwd, path) < 0) {
			reply("error: out of memory");
			return;
		}
		path = abs;
	}

	cap = segue_test_capture(test, path);
	free(abs);
	segue_test_capture_add_listener(cap, &capture_listener, &st);

	if (!wait_capture(&st)) {
		/* The compositor may still answer later; destroying the
		 * proxy makes libwayland drop that event. */
		segue_test_capture_destroy(cap);
		reply("error: capture timeout");
		return;
	}
	segue_test_capture_destroy(cap);
	if (st.status == 0)
		reply("ok");
	else
		reply("error: capture failed: status %d (%s)", st.status,
		      strerror(-st.status));
}

/* --------------------------------------------------------------- */
/* parsing                                                         */

static bool
parse_axis(const char *s, uint32_t *axis)
{
	if (!strcmp(s, "vertical") || !strcmp(s, "v"))
		*axis = SEGUE_TEST_AXIS_VERTICAL_SCROLL;
	else if (!strcmp(s, "horizontal") || !strcmp(s, "h"))
		*axis = SEGUE_TEST_AXIS_HORIZONTAL_SCROLL;
	else
		return false;
	return true;
}

static bool
parse_i32(const char *s, int32_t *out)
{
	char *end;
	long long v;

	if (!s)
		return false;
	errno = 0;
	v = strtoll(s, &end, 0);
	if (errno || end == s || *end != '\0' || v < INT32_MIN ||
	    v > INT32_MAX)
		return false;
	*out = (int32_t)v;
	return true;
}

/* T is optional: when absent, use CLOCK_MONOTONIC in ms (truncated). */
static bool
parse_time(const char *s, uint32_t *out)
{
	if (!s) {
		*out = (uint32_t)now_ms();
		return true;
	}
	return parse_u32(s, out);
}

/* --------------------------------------------------------------- */
/* randomized input (segue-fuzz): axis sources, bursts, pauses      */

/* While on, input commands are answered as soon as they are queued, without a roundtrip,
 * so a burst reaches the client as fast as the compositor forwards it. */
static bool batching;
static unsigned batched_since_roundtrip;
/* libwayland's output buffer is 4 KiB and a full one with a busy compositor is fatal:
 * a roundtrip every so many batched requests (each under 40 bytes) keeps it well below. */
#define BATCH_ROUNDTRIP_EVERY 32

static bool
parse_axis_source(const char *s, uint32_t *source)
{
	if (!strcmp(s, "wheel"))
		*source = SEGUE_TEST_AXIS_SOURCE_WHEEL;
	else if (!strcmp(s, "finger"))
		*source = SEGUE_TEST_AXIS_SOURCE_FINGER;
	else if (!strcmp(s, "continuous"))
		*source = SEGUE_TEST_AXIS_SOURCE_CONTINUOUS;
	else if (!strcmp(s, "wheel-tilt"))
		*source = SEGUE_TEST_AXIS_SOURCE_WHEEL_TILT;
	else
		return false;
	return true;
}

static bool
parse_axis(const char *s, uint32_t *axis);

/* axis-source wheel|finger|continuous|wheel-tilt vertical|horizontal VALUE [T] */
static bool
run_axis_source(int argc, char **argv)
{
	uint32_t source, axis, t;
	double v;

	if (argc < 4 || argc > 5 || !parse_axis_source(argv[1], &source) ||
	    !parse_axis(argv[2], &axis) || !parse_double(argv[3], &v) ||
	    !parse_time(argc > 4 ? argv[4] : NULL, &t)) {
		reply("error: usage: axis-source wheel|finger|continuous|wheel-tilt "
		      "vertical|horizontal VALUE [T]");
		return false;
	}
	segue_test_source_axis(test, source, axis, wl_fixed_from_double(v), t);
	return true;
}

/* batch on|off: "off" ends with a roundtrip, so its "ok" means everything was processed. */
static bool
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

/* sleep MS: a pause between bursts, at most 10 s. */
static void
run_sleep(int argc, char **argv)
{
	uint32_t ms;

	if (argc != 2 || !parse_u32(argv[1], &ms) || ms > 10000) {
		reply("error: usage: sleep MS (0..10000)");
		return;
	}
	usleep(ms * 1000);
	reply("ok");
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

/* Returns true if a request was sent and a roundtrip is needed. */
static bool
run_command(int argc, char **argv)
{
	const char *cmd = argv[0];
	uint32_t t, code;
	double x, y, v;
	int32_t id;
	int st;

	if (!strcmp(cmd, "motion")) {
		if (argc < 3 || argc > 4 || !parse_double(argv[1], &x) ||
		    !parse_double(argv[2], &y) ||
		    !parse_time(argc > 3 ? argv[3] : NULL, &t)) {
			reply("error: usage: motion X Y [T]");
			return false;
		}
		segue_test_move_pointer(test, wl_fixed_from_double(x),
					wl_fixed_from_double(y), t);
		return true;
	}

	if (!strcmp(cmd, "button")) {
		if (argc < 3 || argc > 4) {
			reply("error: usage: button left|right|middle|CODE down|up [T]");
			return false;
		}
		if (!strcmp(argv[1], "left"))
			code = BTN_LEFT;
		else if (!strcmp(argv[1], "right"))
			code = BTN_RIGHT;
		else if (!strcmp(argv[1], "middle"))
			code = BTN_MIDDLE;
		else if (!parse_u32(argv[1], &code)) {
			reply("error: bad button '%s'", argv[1]);
			return false;
		}
		st = parse_updown(argv[2]);
		if (st < 0 || !parse_time(argc > 3 ? argv[3] : NULL, &t)) {
			reply("error: usage: button left|right|middle|CODE down|up [T]");
			return false;
		}
		segue_test_button(test, code, (uint32_t)st, t);
		return true;
	}

	if (!strcmp(cmd, "axis") || !strcmp(cmd, "scroll") ||
	    !strcmp(cmd, "finger")) {
		/* axis: a wheel; finger: a touchpad's two-finger scroll. */
		bool finger = !strcmp(cmd, "finger");
		uint32_t axis;

		if (argc < 3 || argc > 4 || !parse_axis(argv[1], &axis) ||
		    !parse_double(argv[2], &v) ||
		    !parse_time(argc > 3 ? argv[3] : NULL, &t)) {
			reply("error: usage: %s vertical|horizontal VALUE [T]", cmd);
			return false;
		}
		if (finger && v == 0) {
			reply("error: finger VALUE must not be 0 (use finger-stop)");
			return false;
		}
		if (finger)
			segue_test_finger_axis(test, axis, wl_fixed_from_double(v), t);
		else
			segue_test_axis(test, axis, wl_fixed_from_double(v), t);
		return true;
	}

	if (!strcmp(cmd, "finger-stop")) {
		uint32_t axis;

		if (argc < 2 || argc > 3 || !parse_axis(argv[1], &axis) ||
		    !parse_time(argc > 2 ? argv[2] : NULL, &t)) {
			reply("error: usage: finger-stop vertical|horizontal [T]");
			return false;
		}
		segue_test_finger_axis_stop(test, axis, t);
		return true;
	}

	if (!strcmp(cmd, "client-error")) {
		/* client-error CODE MESSAGE...: the rest of the line is the message */
		char message[512] = "";
		if (argc < 3 || !parse_u32(argv[1], &code)) {
			reply("error: usage: client-error CODE MESSAGE");
			return false;
		}
		for (int i = 2; i < argc; i++) {
			if (i > 2)
				strncat(message, " ", sizeof message - strlen(message) - 1);
			strncat(message, argv[i], sizeof message - strlen(message) - 1);
		}
		segue_test_post_client_error(test, code, message);
		return true;
	}

	if (!strcmp(cmd, "key")) {
		if (argc < 3 || argc > 4 || !parse_u32(argv[1], &code) ||
		    (st = parse_updown(argv[2])) < 0 ||
		    !parse_time(argc > 3 ? argv[3] : NULL, &t)) {
			reply("error: usage: key EVDEV_CODE down|up [T]");
			return false;
		}
		segue_test_key(test, code, (uint32_t)st, t);
		return true;
	}

	if (!strcmp(cmd, "touch")) {
		if (argc >= 2 && (!strcmp(argv[1], "down") ||
				  !strcmp(argv[1], "motion"))) {
			if (argc < 5 || argc > 6 ||
			    !parse_i32(argv[2], &id) ||
			    !parse_double(argv[3], &x) ||
			    !parse_double(argv[4], &y) ||
			    !parse_time(argc > 5 ? argv[5] : NULL, &t)) {
				reply("error: usage: touch down|motion ID X Y [T]");
				return false;
			}
			if (!strcmp(argv[1], "down"))
				segue_test_touch_down(test, id,
						      wl_fixed_from_double(x),
						      wl_fixed_from_double(y),
						      t);
			else
				segue_test_touch_motion(test, id,
							wl_fixed_from_double(x),
							wl_fixed_from_double(y),
							t);
			return true;
		}
		if (argc >= 2 && !strcmp(argv[1], "up")) {
			if (argc < 3 || argc > 4 ||
			    !parse_i32(argv[2], &id) ||
			    !parse_time(argc > 3 ? argv[3] : NULL, &t)) {
				reply("error: usage: touch up ID [T]");
				return false;
			}
			segue_test_touch_up(test, id, t);
			return true;
		}
		reply("error: usage: touch down|motion ID X Y [T] | touch up ID [T]");
		return false;
	}

	if (!strcmp(cmd, "capture")) {
		if (argc != 2) {
			reply("error: usage: capture PATH (no spaces)");
			return false;
		}
		do_capture(argv[1]);
		return false;
	}

	if (!strcmp(cmd, "axis-source"))
		return run_axis_source(argc, argv);
	if (!strcmp(cmd, "batch"))
		return run_batch(argc, argv);
	if (!strcmp(cmd, "sleep")) {
		run_sleep(argc, argv);
		return false;
	}

	if (!strcmp(cmd, "sync"))
		return true;

	reply("error: unknown command '%s'", cmd);
	return false;
}

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
