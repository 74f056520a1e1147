/*
 * segue-inject-record.c — "record start PATH ROWS", "record count", "record stop": the
 * module's recording of every frame the output shows (segue_test.start_recording), in the
 * grammar mutter-driver.py's and segue-screencopy-record's recorders answer too.
 *
 *   record start PATH Y1,Y2,...   "ok"
 *   record count                  "ok N": frames written so far
 *   record stop                   "ok N": the file at PATH is complete
 */

#define _GNU_SOURCE

#include <string.h>

#include "segue-inject.h"
#include "line-protocol.h"

static struct {
	bool answered;
	uint32_t frames, width;
} state;

static void
handle_recording_state(void *data, struct segue_test *segue_test, uint32_t frames,
		       uint32_t width)
{
	(void)data;
	(void)segue_test;
	state.answered = true;
	state.frames = frames;
	state.width = width;
}

static const struct segue_test_listener test_listener = {
	.recording_state = handle_recording_state,
};

void
recording_listen(void)
{
	segue_test_add_listener(test, &test_listener, NULL);
}

/* Asks the module how many frames it wrote; the roundtrip also makes sure every request
 * before it was handled. */
static bool
query(void)
{
	state.answered = false;
	segue_test_query_recording(test);
	if (wl_display_roundtrip(display) < 0)
		die_connection("record");
	return state.answered;
}

void
run_record(int argc, char **argv)
{
	if (test_version < 2) {
		reply("error: the weston module is older than this segue-inject (segue_test v%u has "
		      "no recording): rebuild meson-helpers", test_version);
		return;
	}
	if (argc == 4 && !strcmp(argv[1], "start")) {
		if (argv[2][0] != '/') {
			reply("error: record start wants an absolute path");
			return;
		}
		segue_test_start_recording(test, argv[2], argv[3]);
		if (wl_display_roundtrip(display) < 0)
			die_connection("record start");
		reply("ok");
	} else if (argc == 2 && (!strcmp(argv[1], "count") || !strcmp(argv[1], "stop"))) {
		if (!strcmp(argv[1], "stop"))
			segue_test_stop_recording(test);
		if (!query())
			reply("error: the module did not answer query_recording");
		else
			reply("ok %u", state.frames);
	} else {
		reply("error: usage: record start PATH Y1,Y2,... | record count | record stop");
	}
}
