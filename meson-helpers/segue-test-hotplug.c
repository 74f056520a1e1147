/*
 * segue-test-hotplug.c — the test seat and the outputs coming and going, as
 * when input devices and monitors are unplugged and plugged back in: what a
 * client must survive without leaving a dangling object behind.
 */

#define _GNU_SOURCE

#include <stdlib.h>
#include <string.h>

/* windowed-output-api.h (weston 14) names it before declaring it. */
struct weston_backend;
#include <libweston/windowed-output-api.h>

#include "segue-test-plugin.h"
#include "segue-test-server-protocol.h"

bool
test_seat_create(struct segue_test *test)
{
	weston_seat_init(&test->seat, test->compositor, SEAT_NAME);
	test->seat_initialized = true;

	if (weston_seat_init_pointer(&test->seat) < 0)
		return false;
	/* NULL keymap: use the compositor's global keymap (weston.ini
	 * [keyboard] rules or the default "us"), so clients get a real
	 * xkb keymap in wl_keyboard.keymap. */
	if (weston_seat_init_keyboard(&test->seat, NULL) < 0)
		return false;
	if (weston_seat_init_touch(&test->seat) < 0)
		return false;
	test->touch_device = weston_touch_create_touch_device(
		test->seat.touch_state, "segue-test-touch", NULL, NULL);
	return test->touch_device != NULL;
}

void
test_seat_destroy(struct segue_test *test)
{
	if (test->touch_device)
		weston_touch_device_destroy(test->touch_device);
	test->touch_device = NULL;
	/* The global goes, and with it the seat's pointer, keyboard and touch:
	 * clients get wl_registry.global_remove and no leave events first. */
	if (test->seat_initialized)
		weston_seat_release(&test->seat);
	test->seat_initialized = false;
}

void
test_remove_seat(struct wl_client *client, struct wl_resource *resource)
{
	struct segue_test *test = test_from_resource(resource);

	(void)client;
	if (!test->seat_initialized) {
		wl_resource_post_error(resource, SEGUE_TEST_ERROR_NO_SEAT,
				       "remove_seat: the test seat is already removed");
		return;
	}
	test_seat_destroy(test);
	weston_log(LOG_PREFIX "seat \"%s\" removed\n", SEAT_NAME);
}

void
test_add_seat(struct wl_client *client, struct wl_resource *resource)
{
	struct segue_test *test = test_from_resource(resource);

	(void)client;
	if (test->seat_initialized) {
		wl_resource_post_error(resource, SEGUE_TEST_ERROR_INVALID_ARGUMENT,
				       "add_seat: the test seat exists");
		return;
	}
	if (!test_seat_create(test)) {
		test_seat_destroy(test);
		wl_client_post_no_memory(wl_resource_get_client(resource));
		return;
	}
	weston_log(LOG_PREFIX "seat \"%s\" added again\n", SEAT_NAME);
}

static struct weston_head *
find_head(struct weston_compositor *compositor, const char *name)
{
	struct weston_head *head = NULL;

	while ((head = weston_compositor_iterate_heads(compositor, head)))
		if (strcmp(weston_head_get_name(head), name) == 0)
			return head;
	return NULL;
}

/* Asks the backend for a new head called `name`; false when it cannot. */
static bool
backend_create_head(struct weston_compositor *compositor, const char *name)
{
#if SEGUE_CAN_CREATE_HEADS
	const struct weston_windowed_output_api *api =
		weston_windowed_output_get_api(compositor);

	return api && api->create_head(compositor, name) >= 0;
#else
	(void)compositor;
	(void)name;
	return false;
#endif
}

/* Plugs a head in: weston's front end gives every connected head an output
 * (configured as the command line's --width, --height and --scale, to the
 * right of the others) as soon as it handles the heads-changed notification,
 * which the flush makes happen before the request returns. */
void
test_add_output(struct wl_client *client, struct wl_resource *resource,
		const char *name)
{
	struct segue_test *test = test_from_resource(resource);
	struct weston_head *head = find_head(test->compositor, name);

	(void)client;
	if (head && weston_head_is_connected(head)) {
		wl_resource_post_error(resource, SEGUE_TEST_ERROR_BAD_OUTPUT,
				       "add_output: '%s' is connected", name);
		return;
	}
	if (head) {
		weston_head_set_connection_status(head, true);
	} else {
		if (!backend_create_head(test->compositor, name)) {
			wl_resource_post_error(resource, SEGUE_TEST_ERROR_BAD_OUTPUT,
					       "add_output: the backend cannot create '%s'", name);
			return;
		}
		head = find_head(test->compositor, name);
	}
	weston_compositor_flush_heads_changed(test->compositor);
	if (!head || !weston_head_is_enabled(head)) {
		wl_resource_post_error(resource, SEGUE_TEST_ERROR_BAD_OUTPUT,
				       "add_output: weston gave '%s' no output", name);
		return;
	}
	weston_log(LOG_PREFIX "output \"%s\" added\n", name);
}

/* Unplugs a head: the front end destroys its output, so the wl_output global
 * goes (surfaces on it get wl_surface.leave first). Each wl_output a client
 * bound then gets one more done event, as a compositor may send until the
 * client's release reaches it: the object outlives its global. */
void
test_remove_output(struct wl_client *client, struct wl_resource *resource,
		   const char *name)
{
	struct segue_test *test = test_from_resource(resource);
	struct weston_head *head = find_head(test->compositor, name);
	struct wl_resource **bound = NULL, *output;
	size_t count = 0, i = 0;

	(void)client;
	if (!head || !weston_head_is_enabled(head)) {
		wl_resource_post_error(resource, SEGUE_TEST_ERROR_BAD_OUTPUT,
				       "remove_output: no output '%s'", name);
		return;
	}
	/* Taken before the global goes, which unlinks them from the head; none
	 * can be destroyed before this request returns. */
	wl_resource_for_each(output, &head->resource_list)
		count++;
	if (count && !(bound = calloc(count, sizeof *bound))) {
		wl_client_post_no_memory(wl_resource_get_client(resource));
		return;
	}
	wl_resource_for_each(output, &head->resource_list)
		bound[i++] = output;

	weston_head_set_connection_status(head, false);
	weston_compositor_flush_heads_changed(test->compositor);

	for (i = 0; i < count; i++)
		if (wl_resource_get_version(bound[i]) >= WL_OUTPUT_DONE_SINCE_VERSION)
			wl_output_send_done(bound[i]);
	free(bound);
	weston_log(LOG_PREFIX "output \"%s\" removed (%zu bound)\n", name, count);
}
