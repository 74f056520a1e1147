#!/usr/bin/python3
"""kwin-driver — screenshots (and window facts) from a running KWin 5.27 over D-Bus.

Runs on the session bus in $DBUS_SESSION_BUS_ADDRESS (the harness's private bus, where
kwin_wayland was started with KWIN_SCREENSHOT_NO_PERMISSION_CHECKS=1). Line-based like
meson-helpers/segue-inject: one command per stdin line, exactly one reply line per command,
"ok ..." or "error: <reason>".

Commands:
  capture PATH [native]   org.kde.KWin.ScreenShot2.CaptureWorkspace into a PNG at PATH;
                          "native" asks for the output's device pixels (native-resolution),
                          otherwise KWin's logical size. Replies "ok W H".
  ping                    is KWin's ScreenShot2 there? Replies "ok VERSION".
  quit                    exits 0 (so does EOF).

Needs python3-dbus (Debian) and nothing else: the pixels KWin writes to the pipe are
QImage rows (stride bytes each) in the QImage::Format it names; PNG is written with zlib.
"""

import os
import struct
import sys
import threading
import zlib

try:
    import dbus
except ImportError:  # reported on the first command, so the harness sees a reply
    dbus = None

SERVICE = "org.kde.KWin.ScreenShot2"
PATH = "/org/kde/KWin/ScreenShot2"
INTERFACE = "org.kde.KWin.ScreenShot2"

# QImage::Format values KWin uses for screenshots, and how to read a pixel's R, G, B, A
# from the row bytes (little-endian machine: 32-bit 0xAARRGGBB is stored B, G, R, A).
FORMATS = {
    4: ("RGB32", lambda p: (p[2], p[1], p[0], 255)),
    5: ("ARGB32", lambda p: (p[2], p[1], p[0], p[3])),
    6: ("ARGB32_Premultiplied", lambda p: (p[2], p[1], p[0], p[3])),
    16: ("RGBX8888", lambda p: (p[0], p[1], p[2], 255)),
    17: ("RGBA8888", lambda p: (p[0], p[1], p[2], p[3])),
    18: ("RGBA8888_Premultiplied", lambda p: (p[0], p[1], p[2], p[3])),
}


def reply(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def png_chunk(kind, data):
    chunk = kind + data
    return struct.pack(">I", len(data)) + chunk + struct.pack(">I", zlib.crc32(chunk) & 0xFFFFFFFF)


def write_png(path, width, height, stride, fmt, data):
    """Writes opaque RGB: a screenshot of a composited output has no meaningful alpha."""
    if fmt not in FORMATS:
        raise ValueError("unsupported QImage format %d" % fmt)
    if len(data) < stride * height:
        raise ValueError("short pixel data: %d bytes for %d rows of %d" % (len(data), height, stride))
    name, _ = FORMATS[fmt]
    raw = bytearray()
    for y in range(height):
        row = data[y * stride:y * stride + 4 * width]
        raw.append(0)  # filter: none
        if name in ("RGB32", "ARGB32", "ARGB32_Premultiplied"):
            # B G R A → R G B: reorder with slices, no per-pixel Python loop.
            out = bytearray(3 * width)
            out[0::3] = row[2::4]
            out[1::3] = row[1::4]
            out[2::3] = row[0::4]
        else:
            out = bytearray(3 * width)
            out[0::3] = row[0::4]
            out[1::3] = row[1::4]
            out[2::3] = row[2::4]
        raw += out
    png = b"\x89PNG\r\n\x1a\n"
    png += png_chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
    png += png_chunk(b"IDAT", zlib.compress(bytes(raw), 1))
    png += png_chunk(b"IEND", b"")
    tmp = path + ".part"
    with open(tmp, "wb") as f:
        f.write(png)
    os.replace(tmp, path)


class Driver:
    def __init__(self):
        self.bus = None
        self.proxy = None

    def screenshot2(self):
        if dbus is None:
            raise RuntimeError("python3-dbus is not installed (apt-get install python3-dbus)")
        if self.proxy is None:
            self.bus = dbus.SessionBus()
            obj = self.bus.get_object(SERVICE, PATH)
            self.proxy = dbus.Interface(obj, INTERFACE)
        return self.proxy

    def ping(self):
        proxy = self.screenshot2()
        props = dbus.Interface(proxy.proxy_object, "org.freedesktop.DBus.Properties")
        return int(props.Get(INTERFACE, "Version"))

    def capture(self, path, native):
        proxy = self.screenshot2()
        read_fd, write_fd = os.pipe()
        chunks = []

        def drain():
            with os.fdopen(read_fd, "rb") as f:
                while True:
                    chunk = f.read(1 << 20)
                    if not chunk:
                        break
                    chunks.append(chunk)

        # Read while KWin writes (from its own thread, after the reply or before it): a
        # full pipe must never block either side.
        reader = threading.Thread(target=drain, daemon=True)
        reader.start()
        options = {
            "include-cursor": dbus.Boolean(False),
            "native-resolution": dbus.Boolean(native),
        }
        try:
            results = proxy.CaptureWorkspace(dbus.Dictionary(options, signature="sv"),
                                             dbus.types.UnixFd(write_fd), timeout=10)
        finally:
            os.close(write_fd)  # KWin holds its own duplicate; EOF comes when it closes it
        reader.join(10)
        if reader.is_alive():
            raise RuntimeError("KWin did not close the screenshot pipe within 10 s")
        data = b"".join(chunks)
        kind = str(results.get("type", "raw"))
        if kind != "raw":
            raise RuntimeError("unexpected screenshot type %r" % kind)
        width = int(results["width"])
        height = int(results["height"])
        stride = int(results["stride"])
        fmt = int(results["format"])
        write_png(path, width, height, stride, fmt, data)
        return width, height


def main():
    driver = Driver()
    for line in sys.stdin:
        words = line.split()
        if not words:
            reply("error: empty command")
            continue
        cmd = words[0]
        try:
            if cmd == "quit":
                reply("ok")
                return 0
            elif cmd == "ping" and len(words) == 1:
                reply("ok %d" % driver.ping())
            elif cmd == "capture" and len(words) in (2, 3) and (len(words) == 2 or words[2] == "native"):
                width, height = driver.capture(words[1], len(words) == 3)
                reply("ok %d %d" % (width, height))
            else:
                reply("error: unknown command or usage: %s" % line.strip())
        except Exception as error:  # noqa: BLE001 — every failure is one reply line
            message = str(error).replace("\n", " ")
            reply("error: %s: %s" % (type(error).__name__, message))
    return 0


if __name__ == "__main__":
    sys.exit(main())
