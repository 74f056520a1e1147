// Thin shim: systemd's sd-bus, the D-Bus client the platform layer speaks to the session bus
// with (the settings portal) and to the accessibility bus. Single-threaded, with one fd to poll,
// so it joins the Wayland event loop without a thread of its own.
#pragma once
#include <systemd/sd-bus.h>
#include <errno.h>
