/*
 * segue-test-plugin.so — a weston 10 module for Segue's e2e tests.
 *
 * Load with:  weston ... --modules=/abs/path/segue-test-plugin.so
 *
 * It creates a seat "segue-test" (pointer + keyboard + touch) and exposes
 * the private global segue_test (protocols/segue-test.xml) which injects
 * input through that seat (segue-test-input.c), captures the first output
 * to a PNG (segue-test-capture.c), and removes and adds back the seat and
 * outputs (segue-test-hotplug.c). This file binds the global and owns the
 * module's lifetime.
 */

#define _GNU_SOURCE

#include <errno.h>
#include <stdlib.h>

#include "segue-test-plugin.h"
#include "segue-test-server-protocol.h"

static void
test_destroy(struct wl_client *client, struct wl_resource *resource)
{
	(void)client;
	wl_resource_destroy(resource);
}

static const struct segue_test_interface test_implementation = {
	.destroy = test_destroy,
	.move_pointer = test_move_pointer,
	.button = test_button,
	.axis = test_axis,
	.key = test_key,
	.touch_down = test_touch_down,
	.touch_motion = test_touch_motion,
	.touch_up = test_touch_up,
	.capture = test_capture,
	.finger_axis = test_finger_axis,
	.finger_axis_stop = test_finger_axis_stop,
	.post_client_error = test_post_client_error,
	.source_axis = test_source_axis,
	.remove_seat = test_remove_seat,
	.add_seat = test_add_seat,
	.add_output = test_add_output,
	.remove_output = test_remove_output,
	.start_recording = test_start_recording,
	.stop_recording = test_stop_recording,
	.query_recording = test_query_recording,
};

struct segue_test *
test_from_resource(struct wl_resource *resource)
{
	return wl_resource_get_user_data(resource);
}

static void
bind_test(struct wl_client *client, void *data, uint32_t version,
	  uint32_t id)
{
	struct segue_test *test = data;
	struct wl_resource *resource;

	resource = wl_resource_create(client, &segue_test_interface,
				      version, id);
	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &test_implementation,
				       test, NULL);
}

static void
handle_compositor_destroy(struct wl_listener *listener, void *data)
{
	struct segue_test *test =
		wl_container_of(listener, test, destroy_listener);

	(void)data;
	wl_list_remove(&test->destroy_listener.link);
	captures_cancel_all(test, -ECANCELED);
	recording_destroy(test);
	if (test->global)
		wl_global_destroy(test->global);
	test_seat_destroy(test);
	free(test);
}

WL_EXPORT int
wet_module_init(struct weston_compositor *compositor, int *argc,
		char *argv[])
{
	struct segue_test *test;

	(void)argc;
	(void)argv;

	test = calloc(1, sizeof *test);
	if (!test)
		return -1;
	test->compositor = compositor;
	wl_list_init(&test->captures);

	if (!weston_compositor_add_destroy_listener_once(
			compositor, &test->destroy_listener,
			handle_compositor_destroy)) {
		/* already loaded once */
		free(test);
		return 0;
	}

	if (!test_seat_create(test))
		goto fail;

	test->global = wl_global_create(compositor->wl_display,
					&segue_test_interface, 2, test,
					bind_test);
	if (!test->global)
		goto fail;

	weston_log(LOG_PREFIX "seat \"%s\" (pointer, keyboard, touch) and "
		   "global segue_test v2 ready\n", SEAT_NAME);
	return 0;

fail:
	weston_log(LOG_PREFIX "initialisation failed\n");
	handle_compositor_destroy(&test->destroy_listener, NULL);
	return -1;
}
