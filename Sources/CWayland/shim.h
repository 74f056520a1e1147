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
