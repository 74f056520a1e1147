/*
 * segue-copy-floor — the copy floor of Segue's swipe benchmark (issue 24).
 *
 * The least a wl_shm client can do to show a new full-window picture every frame: it maps one
 * fullscreen xdg_toplevel at the output's scale, prepares a picture twice the window's width
 * once, and for every frame of a held drag copies one full window of it (rows from an offset
 * that follows the pointer, so the output really moves) into a free wl_shm buffer, damages
 * all of it and commits. No layout, no drawing, no compositing: what segue-demo's tab swipe
 * costs beyond this is what the toolkit adds.
 *
 * It draws when segue-demo does: a pointer motion during the drag draws at once when no frame
 * callback is pending, otherwise the next wl_callback.done draws if the pointer moved since.
 *
 * It speaks segue-demo's stats protocol, so SegueTestKit's PerformanceRun drives it like the
 * other sides: `--stats FILE`; SIGUSR1 rewrites FILE with a JSON snapshot, SIGTERM writes it
 * once more and exits 0. Fields: commits, frames_drawn (commits with a new buffer),
 * frame_requests, frame_callbacks, cpu_ms (getrusage, user + system), painted_bytes,
 * launch_to_first_frame_ms / main_to_first_frame_ms (CLOCK_MONOTONIC from
 * SEGUE_LAUNCH_MONOTONIC_MS and from main() to just after the first commit with a buffer),
 * buffer_width, buffer_height, buffer_scale, rss_kb, voluntary_ctxt_switches, time_ms, and
 * renderer ("memcpy"), which tells the harness it is not segue-demo.
 *
 *     segue-copy-floor --stats /tmp/stats.json
 */

#define _GNU_SOURCE

#include <errno.h>
#include <linux/input-event-codes.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <time.h>
#include <unistd.h>

#include <wayland-client.h>

#include "xdg-shell-client-protocol.h"

enum { BUFFER_COUNT = 2 };

struct shm_buffer {
	struct wl_buffer *buffer;
	uint32_t *pixels;
	size_t size;
	bool busy;
};

static struct wl_compositor *compositor;
static struct wl_shm *shm;
static struct xdg_wm_base *wm_base;
static struct wl_surface *surface;
static struct xdg_surface *xdg_surface;
static struct xdg_toplevel *toplevel;
static struct wl_callback *frame_callback;
static struct shm_buffer buffers[BUFFER_COUNT];

/* Logical size (from the configure), output scale, device-pixel size of the buffers. */
static int width = 1280, height = 800, scale = 1;
static int buffer_width, buffer_height;
/* The prepared picture: 2 × buffer_width by buffer_height, opaque ARGB (as segue-demo's buffers). */
static uint32_t *picture;

static bool configured, button_held, moved_since_frame;
static double pointer_x, press_x;

static const char *stats_path;
static unsigned long commits, frames_drawn, frame_requests, frame_callbacks;
static unsigned long long painted_bytes;
static double main_start, launch_time, first_frame_time;

static double
monotonic_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

static void
fail(const char *what)
{
	fprintf(stderr, "segue-copy-floor: %s: %s\n", what, strerror(errno));
	exit(1);
}

/* ---- stats ------------------------------------------------------ */

static long
proc_status(const char *key)
{
	FILE *file = fopen("/proc/self/status", "r");
	char line[256];
	long value = 0;
	size_t length = strlen(key);

	if (!file)
		return 0;
	while (fgets(line, sizeof line, file))
		if (strncmp(line, key, length) == 0)
			value = strtol(line + length, NULL, 10);
	fclose(file);
	return value;
}

static void
write_stats(void)
{
	struct rusage usage;
	char temporary[4096], first_frame[160] = "";
	FILE *file;
	double cpu;

	if (!stats_path)
		return;
	getrusage(RUSAGE_SELF, &usage);
	cpu = (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000.0 +
	      (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1000.0;
	if (first_frame_time != 0) {
		int length = snprintf(first_frame, sizeof first_frame,
				      "\"main_to_first_frame_ms\":%.3f,",
				      first_frame_time - main_start);
		if (launch_time != 0)
			snprintf(first_frame + length, sizeof first_frame - length,
				 "\"launch_to_first_frame_ms\":%.3f,",
				 first_frame_time - launch_time);
	}
	snprintf(temporary, sizeof temporary, "%s.tmp", stats_path);
	file = fopen(temporary, "w");
	if (!file)
		return;
	fprintf(file,
		"{%s\"buffer_width\":%d,\"buffer_height\":%d,\"buffer_scale\":%d,"
		"\"time_ms\":%.3f,\"commits\":%lu,\"frames_drawn\":%lu,"
		"\"frame_requests\":%lu,\"frame_callbacks\":%lu,"
		"\"painted_bytes\":%llu,\"cpu_ms\":%.3f,"
		"\"voluntary_ctxt_switches\":%ld,\"rss_kb\":%ld,"
		"\"renderer\":\"memcpy\"}\n",
		first_frame, buffer_width, buffer_height, scale, monotonic_ms(),
		commits, frames_drawn, frame_requests, frame_callbacks,
		painted_bytes, cpu, proc_status("voluntary_ctxt_switches:"),
		proc_status("VmRSS:"));
	fclose(file);
	rename(temporary, stats_path);
}

/* ---- buffers and the picture ----------------------------------- */

static void draw(void);

static void
buffer_release(void *data, struct wl_buffer *buffer)
{
	(void)buffer;
	((struct shm_buffer *)data)->busy = false;
	/* A frame that found both buffers on screen is drawn now. */
	if (moved_since_frame && !frame_callback)
		draw();
}

static const struct wl_buffer_listener buffer_listener = {
	.release = buffer_release,
};

static void
destroy_buffers(void)
{
	for (int i = 0; i < BUFFER_COUNT; i++) {
		if (!buffers[i].buffer)
			continue;
		wl_buffer_destroy(buffers[i].buffer);
		munmap(buffers[i].pixels, buffers[i].size);
		buffers[i] = (struct shm_buffer){ 0 };
	}
}

static void
create_buffers(void)
{
	int stride = buffer_width * 4;
	size_t size = (size_t)stride * buffer_height;

	for (int i = 0; i < BUFFER_COUNT; i++) {
		struct wl_shm_pool *pool;
		int fd = memfd_create("segue-copy-floor", MFD_CLOEXEC);

		if (fd < 0 || ftruncate(fd, size) < 0)
			fail("memfd");
		buffers[i].pixels = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
		if (buffers[i].pixels == MAP_FAILED)
			fail("mmap");
		buffers[i].size = size;
		pool = wl_shm_create_pool(shm, fd, size);
		buffers[i].buffer = wl_shm_pool_create_buffer(pool, 0, buffer_width, buffer_height,
							      stride, WL_SHM_FORMAT_ARGB8888);
		wl_shm_pool_destroy(pool);
		close(fd);
		wl_buffer_add_listener(buffers[i].buffer, &buffer_listener, &buffers[i]);
	}
}

/* Two full-window "pages" side by side, each a colour with a title block and row lines, so a
 * moved frame differs from the last one across the whole window. */
static void
prepare_picture(void)
{
	static const uint32_t pages[2] = { 0xffe8743b, 0xff3b7fe8 };
	size_t picture_width = 2 * (size_t)buffer_width;

	free(picture);
	picture = malloc(picture_width * buffer_height * 4);
	if (!picture)
		fail("malloc");
	for (int y = 0; y < buffer_height; y++) {
		uint32_t *row = picture + (size_t)y * picture_width;
		int logical_y = y / scale;
		bool title = logical_y >= 48 && logical_y < 88;
		bool row_line = logical_y > 120 && logical_y % 48 == 0;
		for (int page = 0; page < 2; page++) {
			uint32_t *start = row + (size_t)page * buffer_width;
			for (int x = 0; x < buffer_width; x++)
				start[x] = pages[page];
			/* white from logical x 64: to 360 for the title, to the edge for a row line */
			int from = 64 * scale, to = title ? 360 * scale : row_line ? buffer_width : from;
			for (int x = from; x < to && x < buffer_width; x++)
				start[x] = 0xffffffff;
		}
	}
}

/* ---- frames ----------------------------------------------------- */

static void
frame_done(void *data, struct wl_callback *callback, uint32_t time)
{
	(void)data; (void)time;
	wl_callback_destroy(callback);
	frame_callback = NULL;
	frame_callbacks++;
	if (moved_since_frame)
		draw();
}

static const struct wl_callback_listener frame_listener = {
	.done = frame_done,
};

/* Copies one full window of the picture into a free buffer, damages all, commits. */
static void
draw(void)
{
	struct shm_buffer *target = NULL;
	int offset, picture_width = 2 * buffer_width;

	for (int i = 0; i < BUFFER_COUNT && !target; i++)
		if (!buffers[i].busy)
			target = &buffers[i];
	if (!target)
		return; /* both on screen: the next release or callback draws */
	offset = (int)((press_x - pointer_x) * scale);
	if (!button_held || offset < 0)
		offset = 0;
	if (offset > buffer_width)
		offset = buffer_width;
	/* painted_bytes counts what the copies wrote, row by row. */
	for (int y = 0; y < buffer_height; y++) {
		memcpy(target->pixels + (size_t)y * buffer_width,
		       picture + (size_t)y * picture_width + offset, (size_t)buffer_width * 4);
		painted_bytes += (unsigned long long)buffer_width * 4;
	}
	moved_since_frame = false;
	target->busy = true;
	wl_surface_set_buffer_scale(surface, scale);
	wl_surface_attach(surface, target->buffer, 0, 0);
	wl_surface_damage_buffer(surface, 0, 0, buffer_width, buffer_height);
	if (button_held) {
		frame_callback = wl_surface_frame(surface);
		wl_callback_add_listener(frame_callback, &frame_listener, NULL);
		frame_requests++;
	}
	wl_surface_commit(surface);
	commits++;
	frames_drawn++;
	if (first_frame_time == 0)
		first_frame_time = monotonic_ms();
}

/* ---- pointer ---------------------------------------------------- */

static void
pointer_moved(void)
{
	if (!button_held)
		return;
	moved_since_frame = true;
	if (!frame_callback)
		draw();
}

static void
pointer_enter(void *d, struct wl_pointer *p, uint32_t serial, struct wl_surface *s,
	      wl_fixed_t x, wl_fixed_t y)
{
	(void)d; (void)p; (void)serial; (void)s; (void)y;
	pointer_x = wl_fixed_to_double(x);
}

static void
pointer_leave(void *d, struct wl_pointer *p, uint32_t serial, struct wl_surface *s)
{
	(void)d; (void)p; (void)serial; (void)s;
}

static void
pointer_motion(void *d, struct wl_pointer *p, uint32_t time, wl_fixed_t x, wl_fixed_t y)
{
	(void)d; (void)p; (void)time; (void)y;
	pointer_x = wl_fixed_to_double(x);
	pointer_moved();
}

static void
pointer_button(void *d, struct wl_pointer *p, uint32_t serial, uint32_t time, uint32_t button,
	       uint32_t state)
{
	(void)d; (void)p; (void)serial; (void)time;
	if (button != BTN_LEFT)
		return;
	button_held = state == WL_POINTER_BUTTON_STATE_PRESSED;
	if (button_held) {
		press_x = pointer_x;
		pointer_moved();
	}
}

static void
pointer_axis(void *d, struct wl_pointer *p, uint32_t time, uint32_t axis, wl_fixed_t value)
{
	(void)d; (void)p; (void)time; (void)axis; (void)value;
}

static const struct wl_pointer_listener pointer_listener = {
	.enter = pointer_enter,
	.leave = pointer_leave,
	.motion = pointer_motion,
	.button = pointer_button,
	.axis = pointer_axis,
};

static void
seat_capabilities(void *d, struct wl_seat *s, uint32_t capabilities)
{
	/* Each seat's pointer once (weston's test seat is not the first). */
	if ((capabilities & WL_SEAT_CAPABILITY_POINTER) && !d) {
		struct wl_pointer *pointer = wl_seat_get_pointer(s);
		wl_pointer_add_listener(pointer, &pointer_listener, NULL);
		wl_seat_set_user_data(s, pointer);
	}
}

static void
seat_name(void *d, struct wl_seat *s, const char *name)
{
	(void)d; (void)s; (void)name;
}

static const struct wl_seat_listener seat_listener = {
	.capabilities = seat_capabilities,
	.name = seat_name,
};

/* ---- window ----------------------------------------------------- */

static void
xdg_surface_configure(void *d, struct xdg_surface *xs, uint32_t serial)
{
	(void)d;
	xdg_surface_ack_configure(xs, serial);
	if (configured && buffer_width == width * scale && buffer_height == height * scale)
		return;
	configured = true;
	destroy_buffers();
	buffer_width = width * scale;
	buffer_height = height * scale;
	create_buffers();
	prepare_picture();
	/* Opaque, as segue-demo's window: the compositor copies it rather than blending it. */
	struct wl_region *region = wl_compositor_create_region(compositor);
	wl_region_add(region, 0, 0, width, height);
	wl_surface_set_opaque_region(surface, region);
	wl_region_destroy(region);
	draw();
}

static const struct xdg_surface_listener xdg_surface_listener = {
	.configure = xdg_surface_configure,
};

static void
toplevel_configure(void *d, struct xdg_toplevel *t, int32_t w, int32_t h, struct wl_array *states)
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
	write_stats();
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

/* ---- outputs and registry -------------------------------------- */

static void
output_geometry(void *d, struct wl_output *o, int32_t x, int32_t y, int32_t pw, int32_t ph,
		int32_t subpixel, const char *make, const char *model, int32_t transform)
{
	(void)d; (void)o; (void)x; (void)y; (void)pw; (void)ph; (void)subpixel; (void)make;
	(void)model; (void)transform;
}

static void
output_mode(void *d, struct wl_output *o, uint32_t flags, int32_t w, int32_t h, int32_t refresh)
{
	(void)d; (void)o; (void)flags; (void)w; (void)h; (void)refresh;
}

static void
output_done(void *d, struct wl_output *o)
{
	(void)d; (void)o;
}

/* One output in the benchmark's compositors: its scale is the buffers'. */
static void
output_scale(void *d, struct wl_output *o, int32_t factor)
{
	(void)d; (void)o;
	if (factor > scale)
		scale = factor;
}

static const struct wl_output_listener output_listener = {
	.geometry = output_geometry,
	.mode = output_mode,
	.done = output_done,
	.scale = output_scale,
};

static void
registry_global(void *d, struct wl_registry *r, uint32_t name, const char *iface, uint32_t version)
{
	(void)d;
	if (!strcmp(iface, wl_compositor_interface.name) && version >= 4)
		compositor = wl_registry_bind(r, name, &wl_compositor_interface, 4);
	else if (!strcmp(iface, wl_shm_interface.name))
		shm = wl_registry_bind(r, name, &wl_shm_interface, 1);
	else if (!strcmp(iface, xdg_wm_base_interface.name)) {
		wm_base = wl_registry_bind(r, name, &xdg_wm_base_interface, 1);
		xdg_wm_base_add_listener(wm_base, &wm_base_listener, NULL);
	} else if (!strcmp(iface, wl_seat_interface.name)) {
		struct wl_seat *seat = wl_registry_bind(r, name, &wl_seat_interface, 1);
		wl_seat_add_listener(seat, &seat_listener, NULL);
	} else if (!strcmp(iface, wl_output_interface.name) && version >= 2) {
		struct wl_output *output = wl_registry_bind(r, name, &wl_output_interface, 2);
		wl_output_add_listener(output, &output_listener, NULL);
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

/* ---- main loop -------------------------------------------------- */

static int
signal_descriptor(void)
{
	sigset_t mask;
	int fd;

	sigemptyset(&mask);
	sigaddset(&mask, SIGUSR1);
	sigaddset(&mask, SIGTERM);
	sigaddset(&mask, SIGINT);
	if (sigprocmask(SIG_BLOCK, &mask, NULL) < 0 || (fd = signalfd(-1, &mask, SFD_CLOEXEC)) < 0)
		fail("signalfd");
	return fd;
}

/* Returns false when the process should exit. */
static bool
handle_signal(int fd)
{
	struct signalfd_siginfo info;

	if (read(fd, &info, sizeof info) != sizeof info)
		return true;
	write_stats();
	return info.ssi_signo == SIGUSR1;
}

int
main(int argc, char *argv[])
{
	struct wl_display *display;
	struct wl_registry *registry;
	const char *launch = getenv("SEGUE_LAUNCH_MONOTONIC_MS");
	int signals;

	main_start = monotonic_ms();
	if (launch)
		launch_time = strtod(launch, NULL);
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--stats") && i + 1 < argc)
			stats_path = argv[++i];
		else if (!strcmp(argv[i], "--windowed"))
			continue; /* the peers' flag: the floor is always fullscreen */
		else {
			fprintf(stderr, "segue-copy-floor: unknown argument %s (usage: segue-copy-floor [--stats FILE])\n",
				argv[i]);
			return 2;
		}
	}
	signals = signal_descriptor();

	display = wl_display_connect(NULL);
	if (!display) {
		fprintf(stderr, "segue-copy-floor: cannot connect to the Wayland display: %s\n", strerror(errno));
		return 1;
	}
	registry = wl_display_get_registry(display);
	wl_registry_add_listener(registry, &registry_listener, NULL);
	/* The globals, then the outputs' scale events. */
	wl_display_roundtrip(display);
	wl_display_roundtrip(display);
	if (!compositor || !shm || !wm_base) {
		fprintf(stderr, "segue-copy-floor: the compositor lacks wl_compositor v4, wl_shm or xdg_wm_base\n");
		return 1;
	}

	surface = wl_compositor_create_surface(compositor);
	xdg_surface = xdg_wm_base_get_xdg_surface(wm_base, surface);
	xdg_surface_add_listener(xdg_surface, &xdg_surface_listener, NULL);
	toplevel = xdg_surface_get_toplevel(xdg_surface);
	xdg_toplevel_add_listener(toplevel, &toplevel_listener, NULL);
	xdg_toplevel_set_title(toplevel, "segue-copy-floor");
	xdg_toplevel_set_app_id(toplevel, "org.segue.CopyFloor");
	xdg_toplevel_set_fullscreen(toplevel, NULL);
	wl_surface_commit(surface);

	for (;;) {
		struct pollfd fds[2] = {
			{ .fd = wl_display_get_fd(display), .events = POLLIN },
			{ .fd = signals, .events = POLLIN },
		};

		while (wl_display_prepare_read(display) != 0)
			if (wl_display_dispatch_pending(display) < 0)
				goto disconnected;
		if (wl_display_flush(display) < 0 && errno != EAGAIN) {
			wl_display_cancel_read(display);
			goto disconnected;
		}
		if (poll(fds, 2, -1) < 0) {
			wl_display_cancel_read(display);
			if (errno == EINTR)
				continue;
			fail("poll");
		}
		if (fds[0].revents & POLLIN) {
			if (wl_display_read_events(display) < 0)
				goto disconnected;
		} else {
			wl_display_cancel_read(display);
		}
		if (wl_display_dispatch_pending(display) < 0)
			goto disconnected;
		if ((fds[1].revents & POLLIN) && !handle_signal(signals))
			return 0;
		if (fds[0].revents & (POLLERR | POLLHUP))
			goto disconnected;
	}
disconnected:
	write_stats();
	fprintf(stderr, "segue-copy-floor: the compositor closed the connection\n");
	return 1;
}
