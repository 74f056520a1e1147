// Thin shim: the Wayland client core and cursor library, nothing else.
// The Swift side reaches protocol-specific interfaces through CWaylandProtocols.
#pragma once
#include <wayland-client.h>
#include <wayland-cursor.h>
#include <sys/mman.h>
#include <poll.h>
#include <sys/timerfd.h>
#include <unistd.h>
#include <fcntl.h>
#include <errno.h>
