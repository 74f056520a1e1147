/*
 * segue-test-record.c — a few rows of every frame the first output shows, read back after
 * each repaint and appended to a file (segue_test.start_recording): the frame-exact e2e
 * check's recorder for weston. Reading the whole output back each frame costs a copy of it;
 * only the rows asked for are kept.
 */

#define _GNU_SOURCE

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pixman.h>

#include "segue-test-plugin.h"
#include "segue-test-server-protocol.h"

#define MAX_ROWS 64

struct recording {
	struct segue_test *test;
	FILE *file;
	struct weston_output *output;
	struct wl_listener frame_listener;
	struct wl_listener output_destroy_listener;
	int rows[MAX_ROWS];
	int row_count;
	uint32_t *pixels;   /* one output-sized read-back */
	uint8_t *line;      /* one frame's kept rows as RGB */
	uint32_t width, height;
	uint32_t frames;
};

static void
recording_free_buffers(struct recording *rec)
{
	if (rec->file)
		fclose(rec->file);
	rec->file = NULL;
	free(rec->pixels);
	free(rec->line);
	rec->pixels = NULL;
	rec->line = NULL;
}

static void
recording_end(struct recording *rec)
{
	if (!rec->file)
		return;
	wl_list_remove(&rec->frame_listener.link);
	wl_list_remove(&rec->output_destroy_listener.link);
	recording_free_buffers(rec);
	rec->output = NULL;
}

static void
record_frame(struct wl_listener *listener, void *data)
{
	struct recording *rec = wl_container_of(listener, rec, frame_listener);
	struct weston_output *output = rec->output;
	bool yflip = output->compositor->capabilities & WESTON_CAP_CAPTURE_YFLIP;
	uint8_t *out = rec->line;
	int i;

	(void)data;
	if (!output->current_mode || (uint32_t)output->current_mode->width != rec->width ||
	    (uint32_t)output->current_mode->height != rec->height) {
		weston_log(LOG_PREFIX "the output changed size: recording ended after %u frames\n",
			   rec->frames);
		recording_end(rec);
		return;
	}
	if (segue_read_pixels(output, rec->pixels, rec->width, rec->height) < 0) {
		weston_log(LOG_PREFIX "read_pixels failed: recording ended after %u frames\n",
			   rec->frames);
		recording_end(rec);
		return;
	}
	for (i = 0; i < rec->row_count; i++) {
		int y = yflip ? (int)rec->height - 1 - rec->rows[i] : rec->rows[i];
		const uint32_t *src = rec->pixels + (size_t)rec->width * y;
		uint32_t x;

		/* PIXMAN_a8r8g8b8: native 32-bit words, red in bits 16-23 */
		for (x = 0; x < rec->width; x++) {
			*out++ = (uint8_t)(src[x] >> 16);
			*out++ = (uint8_t)(src[x] >> 8);
			*out++ = (uint8_t)src[x];
		}
	}
	if (fwrite(rec->line, 3 * rec->width, rec->row_count, rec->file) != (size_t)rec->row_count ||
	    fflush(rec->file) != 0) {
		weston_log(LOG_PREFIX "writing the recording failed: %s\n", strerror(errno));
		recording_end(rec);
		return;
	}
	rec->frames++;
}

static void
record_output_destroyed(struct wl_listener *listener, void *data)
{
	struct recording *rec = wl_container_of(listener, rec, output_destroy_listener);

	(void)data;
	recording_end(rec);
}

static bool
parse_rows(struct recording *rec, const char *list)
{
	const char *p = list;

	rec->row_count = 0;
	while (*p) {
		char *end;
		long y;

		errno = 0;
		y = strtol(p, &end, 10);
		if (errno || end == p || y < 0 || y > 65535 || rec->row_count == MAX_ROWS)
			return false;
		rec->rows[rec->row_count++] = (int)y;
		if (*end == ',')
			end++;
		else if (*end)
			return false;
		p = end;
	}
	return rec->row_count > 0;
}

void
test_start_recording(struct wl_client *client, struct wl_resource *resource,
		     const char *path, const char *rows)
{
	struct segue_test *test = test_from_resource(resource);
	struct weston_output *output;
	struct recording *rec;
	int i;

	(void)client;
	if (!test->recording) {
		test->recording = calloc(1, sizeof *test->recording);
		if (!test->recording) {
			wl_resource_post_no_memory(resource);
			return;
		}
		test->recording->test = test;
	}
	rec = test->recording;
	recording_end(rec);
	rec->frames = 0;
	if (!path || path[0] != '/' || !parse_rows(rec, rows)) {
		wl_resource_post_error(resource, SEGUE_TEST_ERROR_INVALID_ARGUMENT,
				       "start_recording wants an absolute path and 1 to %d "
				       "comma-separated rows", MAX_ROWS);
		return;
	}
	output = first_enabled_output(test->compositor);
	if (!output || !output->current_mode)
		return;
	rec->width = output->current_mode->width;
	rec->height = output->current_mode->height;
	for (i = 0; i < rec->row_count; i++)
		if ((uint32_t)rec->rows[i] >= rec->height) {
			wl_resource_post_error(resource, SEGUE_TEST_ERROR_INVALID_ARGUMENT,
					       "row %d is below the output's %u rows",
					       rec->rows[i], rec->height);
			return;
		}
	rec->pixels = malloc((size_t)rec->width * rec->height * 4);
	rec->line = malloc((size_t)rec->width * 3 * rec->row_count);
	rec->file = fopen(path, "wb");
	if (!rec->pixels || !rec->line || !rec->file) {
		weston_log(LOG_PREFIX "cannot record to %s: %s\n", path, strerror(errno));
		recording_free_buffers(rec);
		return;
	}
	rec->output = output;
	rec->frame_listener.notify = record_frame;
	wl_signal_add(&output->frame_signal, &rec->frame_listener);
	rec->output_destroy_listener.notify = record_output_destroyed;
	wl_signal_add(&output->destroy_signal, &rec->output_destroy_listener);
}

void
test_stop_recording(struct wl_client *client, struct wl_resource *resource)
{
	struct segue_test *test = test_from_resource(resource);

	(void)client;
	if (test->recording)
		recording_end(test->recording);
}

void
test_query_recording(struct wl_client *client, struct wl_resource *resource)
{
	struct segue_test *test = test_from_resource(resource);
	struct weston_output *output = first_enabled_output(test->compositor);
	uint32_t width = output && output->current_mode ? (uint32_t)output->current_mode->width : 0;

	(void)client;
	if (test->recording && test->recording->file)
		width = test->recording->width;
	segue_test_send_recording_state(resource, test->recording ? test->recording->frames : 0,
					width);
}

void
recording_destroy(struct segue_test *test)
{
	if (!test->recording)
		return;
	recording_end(test->recording);
	free(test->recording);
	test->recording = NULL;
}
