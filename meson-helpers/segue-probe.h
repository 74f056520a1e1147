/*
 * segue-probe.h — what the two halves of segue-probe share: its output
 * lines and the seat listener (segue-probe-input.c) the registry binds.
 */
#pragma once

#include <wayland-client.h>

/* One line on stdout, flushed. */
void
out(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Prints every event of the seat and of the pointer, keyboard and touch
 * it gets for it. */
extern const struct wl_seat_listener seat_listener;
