/*
 * segue-inject-capture.c — "capture PATH": asks for a PNG of the output and
 * waits (at most CAPTURE_TIMEOUT_MS) for the compositor to say it is written.
 */

#define _GNU_SOURCE

#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "segue-inject.h"
#include "line-protocol.h"

#define CAPTURE_TIMEOUT_MS 5000

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

void
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
