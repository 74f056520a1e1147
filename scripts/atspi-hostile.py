#!/usr/bin/python3
"""A hostile AT-SPI client for the e2e tests: it talks to the app's accessible objects over the
accessibility bus directly (GDBus, no libatspi in between), as a buggy or malicious client would.

    atspi-hostile.py wrong-args APP   calls of the wrong shape and Properties.Set of read-only
                                      properties; prints one JSON object: call -> the D-Bus error
                                      name it got, or "ok: VALUE" when it got a reply
    atspi-hostile.py flood APP        prints "ready" once it found APP, then floods it while on:
                                      SIGUSR1 turns the flood on, SIGUSR2 off; on each toggle
                                      and at SIGTERM it prints the counts so far as JSON
                                      ({"sent", "answered", "errors", "items_sent"})

The flood is at least the issue's (10,000 requests in 10 s, Cache.GetItems 8 in flight): 1,000
mixed calls a second that a screen reader makes (GetState, GetChildren, Name, GetRole,
GetExtents), and on top of them Cache.GetItems kept 8 in flight, each answer sending the next.
The app is found as a screen reader finds it: a child of the registry's desktop with that name.
The accessibility bus is the one org.a11y.Bus names on DBUS_SESSION_BUS_ADDRESS.
"""
import json
import signal
import sys
import time

from gi.repository import Gio, GLib

REGISTRY = "org.a11y.atspi.Registry"
ROOT = "/org/a11y/atspi/accessible/root"
ACCESSIBLE = "org.a11y.atspi.Accessible"
PROPERTIES = "org.freedesktop.DBus.Properties"
RATE = 1000  # mixed requests a second while flooding, besides GetItems
IN_FLIGHT = 8  # Cache.GetItems calls kept waiting


def a11y_bus():
    session = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    reply = session.call_sync("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress", None,
                              GLib.VariantType("(s)"), Gio.DBusCallFlags.NONE, 5000, None)
    address = reply.unpack()[0]
    flags = Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION
    return Gio.DBusConnection.new_for_address_sync(address, flags, None, None)


def find_app(bus, name, timeout=10.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        children = bus.call_sync(REGISTRY, ROOT, ACCESSIBLE, "GetChildren", None, None,
                                 Gio.DBusCallFlags.NONE, 5000, None).unpack()[0]
        for owner, path in children:
            try:
                got = bus.call_sync(owner, path, PROPERTIES, "Get", GLib.Variant("(ss)", (ACCESSIBLE, "Name")),
                                    None, Gio.DBusCallFlags.NONE, 5000, None).unpack()[0]
            except GLib.Error:
                continue
            if got == name:
                return owner, path
        time.sleep(0.1)
    sys.stderr.write("atspi-hostile: no application named %r on the desktop\n" % name)
    sys.exit(2)


def outcome(bus, owner, path, interface, member, arguments):
    try:
        reply = bus.call_sync(owner, path, interface, member, arguments, None, Gio.DBusCallFlags.NONE, 5000, None)
        return "ok: " + reply.print_(False)
    except GLib.Error as error:
        return Gio.DBusError.get_remote_error(error) or error.message


def wrong_args(name):
    bus = a11y_bus()
    owner, root = find_app(bus, name)
    frame = bus.call_sync(owner, root, ACCESSIBLE, "GetChildAtIndex", GLib.Variant("(i)", (0,)), None,
                          Gio.DBusCallFlags.NONE, 5000, None).unpack()[0][1]
    results = {
        "root GetChildAtIndex('x')": outcome(bus, owner, root, ACCESSIBLE, "GetChildAtIndex", GLib.Variant("(s)", ("x",))),
        "frame GetChildAtIndex('x')": outcome(bus, owner, frame, ACCESSIBLE, "GetChildAtIndex", GLib.Variant("(s)", ("x",))),
        "frame GetChildAtIndex()": outcome(bus, owner, frame, ACCESSIBLE, "GetChildAtIndex", None),
        "frame GetChildAtIndex(0, 1)": outcome(bus, owner, frame, ACCESSIBLE, "GetChildAtIndex",
                                               GLib.Variant("(ii)", (0, 1))),
        "frame Properties.Get(Name)": outcome(bus, owner, frame, PROPERTIES, "Get", GLib.Variant("(s)", (ACCESSIBLE,))),
        "frame Properties.Set(Name)": outcome(bus, owner, frame, PROPERTIES, "Set",
                                              GLib.Variant("(ssv)", (ACCESSIBLE, "Name", GLib.Variant("s", "hacked")))),
        "root Properties.Set(Name)": outcome(bus, owner, root, PROPERTIES, "Set",
                                             GLib.Variant("(ssv)", (ACCESSIBLE, "Name", GLib.Variant("s", "hacked")))),
        "frame Component.GetExtents('x')": outcome(bus, owner, frame, "org.a11y.atspi.Component", "GetExtents",
                                                   GLib.Variant("(s)", ("x",))),
        # The right shape, after all that: the app still answers, and nothing changed.
        "frame GetChildAtIndex(0)": outcome(bus, owner, frame, ACCESSIBLE, "GetChildAtIndex", GLib.Variant("(i)", (0,))),
        "frame Name": outcome(bus, owner, frame, PROPERTIES, "Get", GLib.Variant("(ss)", (ACCESSIBLE, "Name"))),
    }
    print(json.dumps(results), flush=True)


class Flood:
    def __init__(self, bus, owner, root):
        self.bus, self.owner = bus, owner
        items = bus.call_sync(owner, "/org/a11y/atspi/cache", "org.a11y.atspi.Cache", "GetItems", None, None,
                              Gio.DBusCallFlags.NONE, 5000, None).unpack()[0]
        self.paths = [item[0][1] for item in items] or [root]
        self.on = False
        self.sent = self.answered = self.errors = self.items_sent = 0
        self.items_waiting = 0
        self.next = 0
        self.tick_started = time.monotonic()
        self.owed = 0.0

    def done(self, connection, result, kind):
        try:
            connection.call_finish(result)
            self.answered += 1
        except GLib.Error:
            self.errors += 1
        if kind == "items":
            self.items_waiting -= 1
            self.fill_items()

    def send(self, path, interface, member, arguments, kind):
        self.sent += 1
        self.bus.call(self.owner, path, interface, member, arguments, None, Gio.DBusCallFlags.NONE, 25000, None,
                      self.done, kind)

    def fill_items(self):
        while self.on and self.items_waiting < IN_FLIGHT:
            self.items_waiting += 1
            self.items_sent += 1
            self.send("/org/a11y/atspi/cache", "org.a11y.atspi.Cache", "GetItems", None, "items")

    def tick(self):
        # Mixed requests owed at RATE since the last tick (GetItems go on their own).
        now = time.monotonic()
        if self.on:
            self.owed += (now - self.tick_started) * RATE
            self.fill_items()
            calls = [(ACCESSIBLE, "GetState", None), (ACCESSIBLE, "GetChildren", None),
                     (PROPERTIES, "Get", GLib.Variant("(ss)", (ACCESSIBLE, "Name"))), (ACCESSIBLE, "GetRole", None),
                     ("org.a11y.atspi.Component", "GetExtents", GLib.Variant("(u)", (0,)))]
            while self.owed >= 1:
                self.owed -= 1
                path = self.paths[self.next % len(self.paths)]
                interface, member, arguments = calls[self.next % len(calls)]
                self.next += 1
                self.send(path, interface, member, arguments, "mixed")
        self.tick_started = now
        return True

    def counts(self):
        print(json.dumps({"sent": self.sent, "answered": self.answered, "errors": self.errors,
                          "items_sent": self.items_sent}), flush=True)

    def toggle(self, on):
        self.on = on
        self.owed = 0.0
        self.tick_started = time.monotonic()
        if on:
            self.fill_items()
        self.counts()
        return True


def flood(name):
    bus = a11y_bus()
    owner, root = find_app(bus, name)
    loop = GLib.MainLoop()
    state = Flood(bus, owner, root)
    GLib.timeout_add(10, state.tick)
    GLib.unix_signal_add(GLib.PRIORITY_HIGH, signal.SIGUSR1, state.toggle, True)
    GLib.unix_signal_add(GLib.PRIORITY_HIGH, signal.SIGUSR2, state.toggle, False)

    def finish():
        state.counts()
        loop.quit()
        return False

    GLib.unix_signal_add(GLib.PRIORITY_HIGH, signal.SIGTERM, finish)
    print("ready", flush=True)
    loop.run()


def main(argv):
    if len(argv) < 3:
        sys.stderr.write(__doc__)
        return 64
    if argv[1] == "wrong-args":
        wrong_args(argv[2])
    elif argv[1] == "flood":
        flood(argv[2])
    else:
        sys.stderr.write("atspi-hostile: unknown command %r\n" % argv[1])
        return 64
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
