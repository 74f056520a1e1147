/*
 * segue-weston-abi.h — the libweston-internal calls whose signatures changed
 * between weston 10 (Debian 12) and weston 14 (Debian 13), behind one
 * signature each. SEGUE_LIBWESTON is the major version meson builds against
 * (option libweston). weston 12 moved global coordinates into
 * struct weston_coord_global and made the renderer's read_pixels take a
 * struct pixel_format_info; the weston 14 prototypes are copied from its
 * libweston/backend.h and libweston/libweston-internal.h (14.0).
 */
#pragma once

#include <pixman.h>
#include <libweston/libweston.h>

#ifndef SEGUE_LIBWESTON
#error "SEGUE_LIBWESTON (10 or 14) is set by meson-helpers/meson.build"
#endif

#if SEGUE_LIBWESTON == 10

void
notify_motion_absolute(struct weston_seat *seat, const struct timespec *time,
		       double x, double y);
void
notify_touch_normalized(struct weston_touch_device *device,
			const struct timespec *time, int touch_id,
			double x, double y,
			const struct weston_point2d_device_normalized *norm,
			int touch_type);

static inline void
segue_notify_motion_absolute(struct weston_seat *seat,
			     const struct timespec *time, double x, double y)
{
	notify_motion_absolute(seat, time, x, y);
}

static inline void
segue_notify_touch(struct weston_touch_device *device,
		   const struct timespec *time, int id, double x, double y,
		   int type)
{
	notify_touch_normalized(device, time, id, x, y, NULL, type);
}

/* Reads the output's pixels as PIXMAN_a8r8g8b8 (cairo's RGB24 layout). */
static inline int
segue_read_pixels(struct weston_output *output, void *pixels,
		  uint32_t width, uint32_t height)
{
	return output->compositor->renderer->read_pixels(
		output, PIXMAN_a8r8g8b8, pixels, 0, 0, width, height);
}

#elif SEGUE_LIBWESTON == 14

struct pixel_format_info;

void
notify_motion_absolute(struct weston_seat *seat, const struct timespec *time,
		       struct weston_coord_global pos);
void
notify_touch_normalized(struct weston_touch_device *device,
			const struct timespec *time, int touch_id,
			const struct weston_coord_global *pos,
			const struct weston_point2d_device_normalized *norm,
			int touch_type);
const struct pixel_format_info *
pixel_format_get_info_by_pixman(pixman_format_code_t pixman_format);

/* The head of libweston 14's internal struct weston_renderer: read_pixels is
 * its first member (the public header only declares the struct). */
struct segue_renderer_head {
	int (*read_pixels)(struct weston_output *output,
			   const struct pixel_format_info *format, void *pixels,
			   uint32_t x, uint32_t y,
			   uint32_t width, uint32_t height);
};

static inline void
segue_notify_motion_absolute(struct weston_seat *seat,
			     const struct timespec *time, double x, double y)
{
	struct weston_coord_global pos = { .c = { .x = x, .y = y } };

	notify_motion_absolute(seat, time, pos);
}

static inline void
segue_notify_touch(struct weston_touch_device *device,
		   const struct timespec *time, int id, double x, double y,
		   int type)
{
	struct weston_coord_global pos = { .c = { .x = x, .y = y } };

	/* weston 14 reads no position for an up. */
	notify_touch_normalized(device, time, id,
				type == WL_TOUCH_UP ? NULL : &pos, NULL, type);
}

static inline int
segue_read_pixels(struct weston_output *output, void *pixels,
		  uint32_t width, uint32_t height)
{
	const struct segue_renderer_head *renderer =
		(const struct segue_renderer_head *)output->compositor->renderer;
	const struct pixel_format_info *format =
		pixel_format_get_info_by_pixman(PIXMAN_a8r8g8b8);

	if (!format)
		return -1;
	return renderer->read_pixels(output, format, pixels, 0, 0, width,
				     height);
}

#else
#error "SEGUE_LIBWESTON must be 10 or 14"
#endif

/* Whether the backend can create a head by name (weston_windowed_output_api):
 * weston 12 made create_head take the backend, which a module cannot reach. */
#define SEGUE_CAN_CREATE_HEADS (SEGUE_LIBWESTON == 10)
