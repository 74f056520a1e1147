/*
 * segue-inject-commands.c — the command language: each line's words parsed
 * into one segue_test request (see README.md for the commands).
 */

#define _GNU_SOURCE

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "segue-inject.h"
#include "line-protocol.h"


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
/* randomized input (segue-fuzz): axis sources, pauses              */

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

/* --------------------------------------------------------------- */
/* hot-plug: the test seat and outputs                              */

/* seat remove|add */
static bool
run_seat(int argc, char **argv)
{
	if (argc == 2 && !strcmp(argv[1], "remove"))
		segue_test_remove_seat(test);
	else if (argc == 2 && !strcmp(argv[1], "add"))
		segue_test_add_seat(test);
	else {
		reply("error: usage: seat remove|add");
		return false;
	}
	return true;
}

/* output add|remove NAME */
static bool
run_output(int argc, char **argv)
{
	if (argc == 3 && !strcmp(argv[1], "add"))
		segue_test_add_output(test, argv[2]);
	else if (argc == 3 && !strcmp(argv[1], "remove"))
		segue_test_remove_output(test, argv[2]);
	else {
		reply("error: usage: output add|remove NAME");
		return false;
	}
	return true;
}

/* --------------------------------------------------------------- */
/* the commands                                                     */

bool
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
		if (!parse_button(argv[1], &code)) {
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

	if (!strcmp(cmd, "record")) {
		run_record(argc, argv);
		return false;
	}

	if (!strcmp(cmd, "axis-source"))
		return run_axis_source(argc, argv);
	if (!strcmp(cmd, "seat"))
		return run_seat(argc, argv);
	if (!strcmp(cmd, "output"))
		return run_output(argc, argv);
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
