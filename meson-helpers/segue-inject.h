/*
 * segue-inject.h — what the parts of segue-inject share: the connection,
 * the bound segue_test, and each part's entry points.
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#include <wayland-client.h>

#include "segue-test-client-protocol.h"

extern struct wl_display *display;
extern struct segue_test *test;
/* The version segue_test was bound with (2 has the recording). */
extern uint32_t test_version;

/* Says "error: connection lost during WHAT" and exits 1. */
void
die_connection(const char *what) __attribute__((noreturn));

/* CLOCK_MONOTONIC in ms. */
int64_t
now_ms(void);

/* segue-inject-capture.c: "capture PATH"; answers the line itself. */
void
do_capture(const char *path);

/* segue-inject-record.c: the recording_state listener, set once test is bound. */
void
recording_listen(void);

/* segue-inject-record.c: "record start PATH ROWS | record count | record stop";
 * answers the line itself. */
void
run_record(int argc, char **argv);

/* segue-inject-commands.c: parses one command and sends its request.
 * Returns true when a request was sent and still needs its "ok" (after a
 * roundtrip, or at once while batching); false when the line is answered. */
bool
run_command(int argc, char **argv);

/* segue-inject.c: "batch on|off", which the main loop also consults. */
bool
run_batch(int argc, char **argv);
