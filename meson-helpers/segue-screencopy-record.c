/*
 * segue-screencopy-record — every frame a wlroots compositor (sway) shows, a few rows of
 * each, in order: the frame-exact e2e check's recorder for sway.
 *
 * Connects to $WAYLAND_DISPLAY and copies its first output with zwlr_screencopy_frame_v1's
 * copy_with_damage, frame after frame: each copy is asked for as soon as the previous one
 * is ready, and the compositor answers it at the first output commit with new damage, so
 * every frame that changed the screen is kept unless two arrive within one round trip.
 * Commands on stdin, one reply line each ("ok ..." or "error: ..."), the grammar of
 * mutter-driver.py's recorder:
 *
 *   record start PATH Y1,Y2,...   keep rows Y1, Y2, ... (output pixels, top to bottom
 *                                 order as given) of every frame from now on
 *   record count                  "ok N": frames kept so far
 *   record stop                   writes them to PATH: each frame its rows in the order
 *                                 given, each row the output's full width as R G B bytes;
 *                                 "ok N"
 *   quit | exit                   "ok", exit 0
 *
 * Exit status: 0 on EOF or quit; 1 when the connection is lost or a global is missing.
 */

#define _GNU_SOURCE

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <wayland-client.h>

#include "wlr-screencopy-unstable-v1-client-protocol.h"
#include "line-protocol.h"

#define MAX_ROWS 64
/* A compositor that fails this many copies in a row is not going to record anything. */
#define MAX_FAILURES 50

static struct wl_display *display;
static struct wl_shm *shm;
static struct wl_output *output;
static struct zwlr_screencopy_manager_v1 *manager;
static uint32_t manager_version;

/* The one wl_shm buffer copies land in, remade when the described size changes. */
static struct {
	struct wl_buffer *buffer;
	void *data;
	size_t size;
	uint32_t format, width, height, stride;
} shot;

/* The recording: rows kept per frame, written when it stops. */
static struct {
	bool on;
	char *path;
	int rows[MAX_ROWS];
	int row_count;
	unsigned char *frames;
	size_t bytes, capacity;
	unsigned long count;
	int failures;
} rec;

static struct zwlr_screencopy_frame_v1 *pending;
static uint32_t described_format, described_width, described_height, described_stride;
static bool described, y_invert;

static void capture_next(void);

static void
die_connection(const char *what)
{
	int err = wl_display_get_error(display);

	fprintf(stderr, "segue-screencopy-record: connection lost during %s: %s\n", what,
		strerror(err ? err : EPIPE));
	exit(1);
}

/* --------------------------------------------------------------- */
/* the shm buffer                                                   */

static bool
make_buffer(uint32_t format, uint32_t width, uint32_t height, uint32_t stride)
{
	size_t size = (size_t)stride * height;
	struct wl_shm_pool *pool;
	int fd;

	if (shot.buffer && shot.format == format && shot.width == width &&
	    shot.height == height && shot.stride == stride)
		return true;
	if (shot.buffer) {
		wl_buffer_destroy(shot.buffer);
		munmap(shot.data, shot.size);
		shot.buffer = NULL;
	}
	fd = memfd_create("segue-screencopy", MFD_CLOEXEC);
	if (fd < 0 || ftruncate(fd, (off_t)size) < 0) {
		if (fd >= 0)
			close(fd);
		return false;
	}
	shot.data = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (shot.data == MAP_FAILED) {
		close(fd);
		return false;
	}
	pool = wl_shm_create_pool(shm, fd, (int32_t)size);
	shot.buffer = wl_shm_pool_create_buffer(pool, 0, (int32_t)width, (int32_t)height,
						(int32_t)stride, format);
	wl_shm_pool_destroy(pool);
	close(fd);
	shot.size = size;
	shot.format = format;
	shot.width = width;
	shot.height = height;
	shot.stride = stride;
	return true;
}

/* Byte offsets of red, green and blue in a pixel of the 32-bit formats the copy may use
 * (wl_shm formats are little-endian words). */
static bool
channel_offsets(uint32_t format, int *r, int *g, int *b)
{
	switch (format) {
	case WL_SHM_FORMAT_ARGB8888:
	case WL_SHM_FORMAT_XRGB8888:
		*r = 2, *g = 1, *b = 0;
		return true;
	case WL_SHM_FORMAT_ABGR8888:
	case WL_SHM_FORMAT_XBGR8888:
		*r = 0, *g = 1, *b = 2;
		return true;
	default:
		return false;
	}
}

/* --------------------------------------------------------------- */
/* one copy                                                         */

static void
keep_frame(void)
{
	size_t row_bytes = (size_t)shot.width * 3, need = row_bytes * rec.row_count;
	int r, g, b, i;

	if (!channel_offsets(shot.format, &r, &g, &b))
		return;
	if (rec.bytes + need > rec.capacity) {
		size_t capacity = rec.capacity ? rec.capacity * 2 : need * 256;
		unsigned char *grown;

		while (capacity < rec.bytes + need)
			capacity *= 2;
		grown = realloc(rec.frames, capacity);
		if (!grown) {
			fprintf(stderr, "segue-screencopy-record: out of memory after %lu frames\n", rec.count);
			return;
		}
		rec.frames = grown;
		rec.capacity = capacity;
	}
	for (i = 0; i < rec.row_count; i++) {
		int y = rec.rows[i];
		const unsigned char *src;
		unsigned char *dst = rec.frames + rec.bytes + row_bytes * i;
		uint32_t x;

		if (y < 0 || (uint32_t)y >= shot.height) {
			memset(dst, 0, row_bytes);
			continue;
		}
		if (y_invert)
			y = (int)shot.height - 1 - y;
		src = (const unsigned char *)shot.data + (size_t)shot.stride * y;
		for (x = 0; x < shot.width; x++, src += 4, dst += 3) {
			dst[0] = src[r];
			dst[1] = src[g];
			dst[2] = src[b];
		}
	}
	rec.bytes += need;
	rec.count++;
}

static void
frame_buffer(void *data, struct zwlr_screencopy_frame_v1 *frame, uint32_t format,
	     uint32_t width, uint32_t height, uint32_t stride)
{
	int r, g, b;

	(void)data;
	(void)frame;
	if (described || !channel_offsets(format, &r, &g, &b))
		return;
	described = true;
	described_format = format;
	described_width = width;
	described_height = height;
	described_stride = stride;
}

static void
copy_described(struct zwlr_screencopy_frame_v1 *frame)
{
	if (!described || !make_buffer(described_format, described_width, described_height,
				       described_stride)) {
		fprintf(stderr, "segue-screencopy-record: no 32-bit wl_shm format offered for the copy\n");
		zwlr_screencopy_frame_v1_destroy(frame);
		pending = NULL;
		rec.failures = MAX_FAILURES;
		return;
	}
	zwlr_screencopy_frame_v1_copy_with_damage(frame, shot.buffer);
}

static void
frame_flags(void *data, struct zwlr_screencopy_frame_v1 *frame, uint32_t flags)
{
	(void)data;
	(void)frame;
	y_invert = flags & ZWLR_SCREENCOPY_FRAME_V1_FLAGS_Y_INVERT;
}

static void
frame_ready(void *data, struct zwlr_screencopy_frame_v1 *frame, uint32_t sec_hi,
	    uint32_t sec_lo, uint32_t nsec)
{
	(void)data;
	(void)sec_hi;
	(void)sec_lo;
	(void)nsec;
	zwlr_screencopy_frame_v1_destroy(frame);
	pending = NULL;
	rec.failures = 0;
	if (rec.on) {
		keep_frame();
		capture_next();
	}
}

static void
frame_failed(void *data, struct zwlr_screencopy_frame_v1 *frame)
{
	(void)data;
	zwlr_screencopy_frame_v1_destroy(frame);
	pending = NULL;
	if (++rec.failures == MAX_FAILURES)
		fprintf(stderr, "segue-screencopy-record: %d copies failed in a row; stopped asking\n",
			MAX_FAILURES);
	if (rec.on)
		capture_next();
}

static void
frame_damage(void *data, struct zwlr_screencopy_frame_v1 *frame, uint32_t x, uint32_t y,
	     uint32_t w, uint32_t h)
{
	(void)data, (void)frame, (void)x, (void)y, (void)w, (void)h;
}

static void
frame_linux_dmabuf(void *data, struct zwlr_screencopy_frame_v1 *frame, uint32_t format,
		   uint32_t width, uint32_t height)
{
	(void)data, (void)frame, (void)format, (void)width, (void)height;
}

static void
frame_buffer_done(void *data, struct zwlr_screencopy_frame_v1 *frame)
{
	(void)data;
	copy_described(frame);
}

static const struct zwlr_screencopy_frame_v1_listener frame_listener = {
	.buffer = frame_buffer,
	.flags = frame_flags,
	.ready = frame_ready,
	.failed = frame_failed,
	.damage = frame_damage,
	.linux_dmabuf = frame_linux_dmabuf,
	.buffer_done = frame_buffer_done,
};

static void
capture_next(void)
{
	if (pending || rec.failures >= MAX_FAILURES)
		return;
	described = false;
	y_invert = false;
	pending = zwlr_screencopy_manager_v1_capture_output(manager, 0, output);
	zwlr_screencopy_frame_v1_add_listener(pending, &frame_listener, NULL);
	/* Before version 3 the buffer event is the whole description: copy once it came. */
	if (manager_version < 3) {
		if (wl_display_roundtrip(display) < 0)
			die_connection("capture_output");
		if (pending)
			copy_described(pending);
	}
}

/* --------------------------------------------------------------- */
/* globals                                                          */

static void
registry_global(void *data, struct wl_registry *registry, uint32_t name,
		const char *interface, uint32_t version)
{
	(void)data;
	if (!strcmp(interface, wl_shm_interface.name)) {
		shm = wl_registry_bind(registry, name, &wl_shm_interface, 1);
	} else if (!strcmp(interface, wl_output_interface.name) && !output) {
		output = wl_registry_bind(registry, name, &wl_output_interface, 1);
	} else if (!strcmp(interface, zwlr_screencopy_manager_v1_interface.name)) {
		manager_version = version < 3 ? version : 3;
		manager = wl_registry_bind(registry, name, &zwlr_screencopy_manager_v1_interface,
					   manager_version);
	}
}

static void
registry_global_remove(void *data, struct wl_registry *registry, uint32_t name)
{
	(void)data, (void)registry, (void)name;
}

static const struct wl_registry_listener registry_listener = {
	.global = registry_global,
	.global_remove = registry_global_remove,
};

/* --------------------------------------------------------------- */
/* commands                                                         */

static bool
parse_rows(char *list)
{
	char *save = NULL, *tok;
	uint32_t y;

	rec.row_count = 0;
	for (tok = strtok_r(list, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (rec.row_count == MAX_ROWS || !parse_u32(tok, &y) || y > 65535)
			return false;
		rec.rows[rec.row_count++] = (int)y;
	}
	return rec.row_count > 0;
}

static bool
write_recording(void)
{
	FILE *f = fopen(rec.path, "wb");
	bool ok = f && fwrite(rec.frames, 1, rec.bytes, f) == rec.bytes;

	if (f && fclose(f) != 0)
		ok = false;
	return ok;
}

/* Returns false on quit. */
static bool
handle(char *line)
{
	char *args[5];
	char *save = NULL, *tok;
	int n = 0;

	for (tok = strtok_r(line, " \t\r", &save); tok && n < 5; tok = strtok_r(NULL, " \t\r", &save))
		args[n++] = tok;
	if (n == 0) {
		reply("error: empty command");
	} else if (!strcmp(args[0], "quit") || !strcmp(args[0], "exit")) {
		reply("ok");
		return false;
	} else if (n == 4 && !strcmp(args[0], "record") && !strcmp(args[1], "start")) {
		if (args[2][0] != '/') {
			reply("error: record start wants an absolute path");
		} else if (!parse_rows(args[3])) {
			reply("error: rows must be 1 to %d comma-separated numbers", MAX_ROWS);
		} else {
			free(rec.path);
			rec.path = strdup(args[2]);
			rec.bytes = 0;
			rec.count = 0;
			rec.failures = 0;
			rec.on = true;
			capture_next();
			reply("ok");
		}
	} else if (n == 2 && !strcmp(args[0], "record") && !strcmp(args[1], "count")) {
		if (rec.failures >= MAX_FAILURES)
			reply("error: the compositor failed %d copies in a row", MAX_FAILURES);
		else
			reply("ok %lu", rec.count);
	} else if (n == 2 && !strcmp(args[0], "record") && !strcmp(args[1], "stop")) {
		if (!rec.path) {
			reply("error: record stop without record start");
		} else {
			rec.on = false;
			if (write_recording())
				reply("ok %lu", rec.count);
			else
				reply("error: writing %s: %s", rec.path, strerror(errno));
			free(rec.path);
			rec.path = NULL;
		}
	} else {
		reply("error: unknown command '%s'", args[0]);
	}
	return true;
}

int
main(int argc, char *argv[])
{
	struct wl_registry *registry;
	char input[4096];
	size_t used = 0;
	bool running = true;

	(void)argv;
	if (argc > 1) {
		fprintf(stderr, "usage: segue-screencopy-record < commands\n"
				"Records a wlroots compositor's frames (record start PATH ROWS, "
				"record count, record stop).\n");
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
	if (wl_display_roundtrip(display) < 0)
		die_connection("registry roundtrip");
	if (!manager || manager_version < 2 || !shm || !output) {
		reply("error: the compositor lacks %s", !manager || manager_version < 2
		      ? "zwlr_screencopy_manager_v1 version 2" : !shm ? "wl_shm" : "a wl_output");
		return 1;
	}

	while (running) {
		struct pollfd fds[2] = {
			{ .fd = wl_display_get_fd(display), .events = POLLIN },
			{ .fd = STDIN_FILENO, .events = POLLIN },
		};
		ssize_t got;
		char *newline;

		while (wl_display_prepare_read(display) != 0)
			if (wl_display_dispatch_pending(display) < 0)
				die_connection("dispatch");
		if (wl_display_flush(display) < 0 && errno != EAGAIN) {
			wl_display_cancel_read(display);
			die_connection("flush");
		}
		if (poll(fds, 2, -1) < 0) {
			wl_display_cancel_read(display);
			if (errno == EINTR)
				continue;
			return 1;
		}
		if (fds[0].revents & POLLIN) {
			if (wl_display_read_events(display) < 0)
				die_connection("read");
		} else {
			wl_display_cancel_read(display);
		}
		if (fds[0].revents & (POLLERR | POLLHUP))
			die_connection("poll");
		if (wl_display_dispatch_pending(display) < 0)
			die_connection("dispatch");
		if (!(fds[1].revents & (POLLIN | POLLHUP)))
			continue;
		got = read(STDIN_FILENO, input + used, sizeof input - 1 - used);
		if (got <= 0)
			break;
		used += (size_t)got;
		input[used] = '\0';
		while (running && (newline = memchr(input, '\n', used))) {
			size_t consumed = (size_t)(newline - input) + 1;

			*newline = '\0';
			running = handle(input);
			memmove(input, input + consumed, used - consumed);
			used -= consumed;
			input[used] = '\0';
		}
		if (used == sizeof input - 1) {
			reply("error: command too long");
			used = 0;
		}
	}
	free(rec.frames);
	return 0;
}
