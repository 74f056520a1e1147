// Thin shim: the Wayland client core and cursor library, nothing else.
// The Swift side reaches protocol-specific interfaces through CWaylandProtocols.
#pragma once
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <wayland-client.h>
#include <wayland-cursor.h>
#include <sys/mman.h>
#include <poll.h>
#include <sys/timerfd.h>
#include <unistd.h>
#include <fcntl.h>
#include <errno.h>

// Swift cannot take the address of a C `const` global: accessors for wl_registry_bind.
static inline const struct wl_interface *segue_wl_compositor_interface(void) { return &wl_compositor_interface; }
static inline const struct wl_interface *segue_wl_shm_interface(void) { return &wl_shm_interface; }
static inline const struct wl_interface *segue_wl_seat_interface(void) { return &wl_seat_interface; }
static inline const struct wl_interface *segue_wl_output_interface(void) { return &wl_output_interface; }
static inline const struct wl_interface *segue_wl_subcompositor_interface(void) { return &wl_subcompositor_interface; }

/// The highest wl_seat version whose wl_pointer events this header's `wl_pointer_listener` has
/// room for. Binding above it would let the compositor send an event past the end of the
/// listener (libwayland calls through it unchecked): libwayland 1.21 (Debian bookworm) stops
/// at 8 (`axis_value120`); 1.23 adds 9 (`axis_relative_direction`).
static inline uint32_t segue_wl_seat_listener_version(void) {
#ifdef WL_POINTER_AXIS_RELATIVE_DIRECTION_SINCE_VERSION
    return 9;
#else
    return 8;
#endif
}

/// The version of an interface as the linked libwayland declares it (`wl_seat_interface.version`
/// …): its tables cannot decode events of a newer version.
static inline uint32_t segue_interface_version(const struct wl_interface *interface) {
    return interface->version > 0 ? (uint32_t)interface->version : 1;
}

/// Sets `axis_relative_direction` (wl_pointer v9) where this header's listener has the field;
/// without it, wl_seat is never bound at 9 (``segue_wl_seat_listener_version``), so the
/// event cannot arrive.
static inline void segue_wl_pointer_listener_set_relative_direction(
    struct wl_pointer_listener *listener,
    void (*handler)(void *data, struct wl_pointer *pointer, uint32_t axis, uint32_t direction)) {
#ifdef WL_POINTER_AXIS_RELATIVE_DIRECTION_SINCE_VERSION
    listener->axis_relative_direction = handler;
#else
    (void)listener;
    (void)handler;
#endif
}

#include <sys/syscall.h>
#include <time.h>
#include <string.h>

/// memfd_create through syscall(2): glibc declares it only under _GNU_SOURCE, which the
/// Swift Glibc module may have been built without.
static inline int segue_memfd_create(const char *name) {
    return (int)syscall(SYS_memfd_create, name, MFD_CLOEXEC | MFD_ALLOW_SEALING);
}

#include <malloc.h>

/// Returns the free memory at the top and in the middle of malloc's heaps to the system
/// (malloc_trim(3); the Swift Glibc module does not export <malloc.h>).
static inline void segue_return_free_memory(void) {
    malloc_trim(0);
}

/// Milliseconds on CLOCK_MONOTONIC, the clock Wayland compositors stamp events with.
static inline double segue_monotonic_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}
