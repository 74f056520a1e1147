#!/usr/bin/python3
"""A fake org.freedesktop.portal.Settings for the e2e tests, on the session bus it is given.

It owns org.freedesktop.portal.Desktop and serves /org/freedesktop/portal/desktop with the
Settings interface (version 2): ReadAll, ReadOne, Read, and the SettingChanged signal. A test
changes a setting through the extra interface org.segue.Test.FakePortal (method Set(s, s, v)),
which stores the value and emits SettingChanged, as the real portal does when the desktop's
setting changes.

    fake-settings-portal.py [--mode normal|silent|wrong-types] [--read-all-delay SECONDS]
                            [--set NAMESPACE KEY GVARIANT]...

--mode silent owns the name but never answers a call (a hung portal); --mode wrong-types answers
every key with a value of another type than the portal specifies. Values are GVariant text:
"uint32 1", "(0.2, 0.6, 0.3)", "true", "1.5". It prints "ready" once it owns the name.

--read-all-delay answers ReadAll that many seconds late (a slow portal; the main loop goes on
meanwhile). For hostile values GVariant text cannot write (NaN, a 1,000,000-character string),
org.segue.Test.FakePortal.SetPython(s, s, s) takes a Python expression over `dbus` and `math`
("dbus.Double(float('nan'))"); Flood(s, s, s, s, u, d) emits SettingChanged COUNT times over
SECONDS, alternating the two expressions' values, and answers when the last one went out.
"""
import math
import argparse
import sys

import dbus
import dbus.service
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib

PATH = "/org/freedesktop/portal/desktop"
SETTINGS = "org.freedesktop.portal.Settings"
CONTROL = "org.segue.Test.FakePortal"


def to_dbus(value):
    """A GLib.Variant as dbus-python's typed value (a variant's content keeps its signature)."""
    sig = value.get_type_string()
    if sig == "u":
        return dbus.UInt32(value.get_uint32())
    if sig == "i":
        return dbus.Int32(value.get_int32())
    if sig == "b":
        return dbus.Boolean(value.get_boolean())
    if sig == "d":
        return dbus.Double(value.get_double())
    if sig == "s":
        return dbus.String(value.get_string())
    if sig.startswith("("):
        return dbus.Struct([to_dbus(value.get_child_value(i)) for i in range(value.n_children())],
                           signature=sig[1:-1])
    raise ValueError("unsupported type " + sig)


class Portal(dbus.service.Object):
    def __init__(self, bus, mode, values, read_all_delay=0.0):
        super().__init__(bus, PATH)
        self.mode = mode
        self.read_all_delay = read_all_delay
        self.values = values  # {namespace: {key: dbus value}}

    def shown(self, value):
        if self.mode != "wrong-types":
            return value
        # Every value as a string: the wrong type for every key the app reads.
        return dbus.String("wrong")

    @dbus.service.method(SETTINGS, in_signature="as", out_signature="a{sa{sv}}",
                         async_callbacks=("reply", "error"))
    def ReadAll(self, namespaces, reply, error):
        if self.mode == "silent":
            return  # never answers
        result = {}
        for namespace, keys in self.values.items():
            if not namespaces or any(namespace == n or (n.endswith("*") and namespace.startswith(n[:-1]))
                                     for n in namespaces):
                result[namespace] = dbus.Dictionary({k: self.shown(v) for k, v in keys.items()}, signature="sv")
        answer = dbus.Dictionary(result, signature="sa{sv}")
        if self.read_all_delay > 0:
            GLib.timeout_add(int(self.read_all_delay * 1000), lambda: reply(answer) and False)
        else:
            reply(answer)

    @dbus.service.method(SETTINGS, in_signature="ss", out_signature="v", async_callbacks=("reply", "error"))
    def ReadOne(self, namespace, key, reply, error):
        if self.mode == "silent":
            return
        if namespace in self.values and key in self.values[namespace]:
            reply(self.shown(self.values[namespace][key]))
        else:
            error(dbus.exceptions.DBusException("Requested setting not found",
                                                name="org.freedesktop.portal.Error.NotFound"))

    @dbus.service.signal(SETTINGS, signature="ssv")
    def SettingChanged(self, namespace, key, value):
        pass

    @dbus.service.method(CONTROL, in_signature="sss", out_signature="")
    def Set(self, namespace, key, text):
        value = to_dbus(GLib.Variant.parse(None, text, None, None))
        self.values.setdefault(namespace, {})[key] = value
        self.SettingChanged(namespace, key, self.shown(value))


    @dbus.service.method(CONTROL, in_signature="sss", out_signature="")
    def SetPython(self, namespace, key, expression):
        value = eval(expression, {"dbus": dbus, "math": math})
        self.values.setdefault(namespace, {})[key] = value
        self.SettingChanged(namespace, key, self.shown(value))

    @dbus.service.method(CONTROL, in_signature="ssssud", out_signature="u", async_callbacks=("reply", "error"))
    def Flood(self, namespace, key, first, second, count, seconds, reply, error):
        values = [eval(first, {"dbus": dbus, "math": math}), eval(second, {"dbus": dbus, "math": math})]
        per_tick = max(1, int(math.ceil(count / max(seconds * 100, 1))))
        sent = [0]

        def tick():
            for _ in range(min(per_tick, count - sent[0])):
                self.SettingChanged(namespace, key, values[sent[0] % 2])
                sent[0] += 1
            if sent[0] >= count:
                reply(dbus.UInt32(sent[0]))
                return False
            return True

        GLib.timeout_add(10, tick)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--mode", choices=["normal", "silent", "wrong-types"], default="normal")
    parser.add_argument("--read-all-delay", type=float, default=0.0)
    parser.add_argument("--set", nargs=3, action="append", default=[], metavar=("NAMESPACE", "KEY", "GVARIANT"))
    args = parser.parse_args()
    values = {}
    for namespace, key, text in args.set:
        values.setdefault(namespace, {})[key] = to_dbus(GLib.Variant.parse(None, text, None, None))
    DBusGMainLoop(set_as_default=True)
    bus = dbus.SessionBus()
    name = dbus.service.BusName("org.freedesktop.portal.Desktop", bus, do_not_queue=True)
    portal = Portal(bus, args.mode, values, args.read_all_delay)
    print("ready", flush=True)
    loop = GLib.MainLoop()
    try:
        loop.run()
    finally:
        del name, portal


if __name__ == "__main__":
    sys.exit(main())
