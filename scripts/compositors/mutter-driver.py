#!/usr/bin/python3
"""mutter-driver: input and screenshots for a headless mutter, from a line-based stdin script.

Runs inside the session bus of a headless mutter (DBUS_SESSION_BUS_ADDRESS and XDG_RUNTIME_DIR
set by the caller, with pipewire running in that runtime directory). At start it

  1. waits for org.gnome.Mutter.RemoteDesktop and org.gnome.Mutter.ScreenCast on the bus,
  2. creates a RemoteDesktop session and a ScreenCast session linked to it (its
     remote-desktop-session-id), records the primary monitor (cursor hidden), starts the
     RemoteDesktop session and waits for the stream's PipeWireStreamAdded node id,
  3. runs one long-lived `gst-launch-1.0 pipewiresrc path=NODE ! videoconvert ! RGB ! fdsink`
     whose raw frames a reader thread keeps reading, so the newest frame is always at hand,

and prints "ok" (or "error: ..." and exits 1). Then every input line gets exactly one reply
line, "ok" or "error: <reason>":

  motion X Y [TIME]            NotifyPointerMotionAbsolute in the stream's (logical) coordinates
  button left|right|middle down|up [TIME]      NotifyPointerButton (evdev 272, 273, 274)
  key CODE down|up [TIME]      NotifyKeyboardKeycode (evdev key code)
  axis-discrete vertical|horizontal CLICKS     NotifyPointerAxisDiscrete (wheel clicks)
  axis-wheel vertical|horizontal PX            NotifyPointerAxis from a wheel: a high-resolution
                               wheel's turn of PX px, 10 a click (axis_value120 = 12 × PX)
  capture PATH.png             the screen as an RGB PNG (see below)
  record start PATH Y1,Y2,...  from now on keep rows Y1, Y2, ... (RGB, the stream's full width)
                               of EVERY frame the stream sends, in order (frame by frame checks)
  record count                 replies "ok N": the frames kept so far
  record stop                  writes them to PATH, frame after frame, each the rows in the
                               order given (width × 3 bytes a row, no padding); "ok N"
  quit                         replies ok and exits 0

A TIME argument (the weston driver's event time) is accepted and ignored: mutter stamps
injected events with its own clock.

Fresh frames: mutter's screen cast only sends a frame when the stage repaints. "capture"
takes the first frame that arrives after the command was read; if none arrives within a quiet
period (0.25 s) the screen has not changed and the newest frame already received is current.
The stream's first frame is never taken on its own: start-up waits for it and then for the
stream to be quiet, so no buffer from before the driver's own session can be handed out.

Frame size: the stream's "size" parameter, unless `--size WxH` gives the monitor's mode: with
mutter's scale-monitor-framebuffer (a fractional scale) the parameter is the logical size while
the frames come at the mode's device pixels.

Exit status: 0 on EOF or "quit", 1 when set-up fails or the session is closed under it.
"""

import ctypes
import os
import signal
import struct
import subprocess
import sys
import threading
import time
import zlib

try:
    import dbus
    from dbus.mainloop.glib import DBusGMainLoop
    from gi.repository import GLib
except ImportError as error:  # a clear line for the harness, not a traceback
    print(f"error: {error} (apt-get install python3-dbus python3-gi)", flush=True)
    sys.exit(1)

RD_NAME = "org.gnome.Mutter.RemoteDesktop"
RD_PATH = "/org/gnome/Mutter/RemoteDesktop"
RD_SESSION = "org.gnome.Mutter.RemoteDesktop.Session"
SC_NAME = "org.gnome.Mutter.ScreenCast"
SC_PATH = "/org/gnome/Mutter/ScreenCast"
SC_SESSION = "org.gnome.Mutter.ScreenCast.Session"
SC_STREAM = "org.gnome.Mutter.ScreenCast.Stream"
PROPS = "org.freedesktop.DBus.Properties"

BUTTONS = {"left": 0x110, "right": 0x111, "middle": 0x112}
STARTUP_TIMEOUT = float(os.environ.get("MUTTER_DRIVER_TIMEOUT", "20"))
QUIET_SECONDS = 0.25
FIRST_FRAME_TIMEOUT = 10.0


def reply(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def log(line):
    sys.stderr.write(f"mutter-driver: {line}\n")
    sys.stderr.flush()


def die_with_parent():
    """Child processes get SIGTERM when this driver dies, even by SIGKILL."""
    libc = ctypes.CDLL(None, use_errno=True)
    PR_SET_PDEATHSIG = 1
    libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


class Frames:
    """The newest raw RGB frame from gst-launch's stdout, read by a thread."""

    def __init__(self, process, width, height):
        self.process = process
        self.width = width
        self.height = height
        # GStreamer pads RGB rows to 4 bytes.
        self.stride = (width * 3 + 3) & ~3
        self.size = self.stride * height
        self.lock = threading.Condition()
        self.latest = None
        self.seq = 0
        self.arrived = 0.0
        self.ended = None
        # While recording: the rows kept of every frame (record start/stop), in arrival order.
        self.record_rows = None
        self.recorded = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        stream = self.process.stdout
        while True:
            data = bytearray()
            while len(data) < self.size:
                chunk = stream.read(self.size - len(data))
                if not chunk:
                    with self.lock:
                        self.ended = "gst-launch-1.0 stopped sending frames"
                        self.lock.notify_all()
                    return
                data += chunk
            with self.lock:
                self.latest = bytes(data)
                if self.record_rows is not None:
                    # A few rows, not the frame: a thousand frames stay a few tens of MB.
                    row_bytes = self.width * 3
                    self.recorded.append(b"".join(self.latest[y * self.stride:y * self.stride + row_bytes]
                                                  for y in self.record_rows))
                self.seq += 1
                self.arrived = time.monotonic()
                self.lock.notify_all()

    def wait_first(self, timeout):
        with self.lock:
            deadline = time.monotonic() + timeout
            while self.latest is None and self.ended is None:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self.lock.wait(left)
            return self.latest is not None

    def wait_quiet(self, quiet, timeout):
        """Waits until no frame has arrived for `quiet` seconds (bounded by `timeout`)."""
        deadline = time.monotonic() + timeout
        with self.lock:
            while time.monotonic() < deadline:
                since = time.monotonic() - self.arrived
                if since >= quiet:
                    return
                self.lock.wait(quiet - since)

    def fresh(self, quiet):
        """The first frame after now, or the newest one if the screen stays unchanged."""
        with self.lock:
            start = self.seq
            deadline = time.monotonic() + quiet
            while self.seq == start and self.ended is None:
                left = deadline - time.monotonic()
                if left <= 0:
                    break
                self.lock.wait(left)
            if self.latest is None:
                raise RuntimeError(self.ended or "no frame from the screen cast yet")
            return self.latest

    def record_start(self, rows):
        if any(y < 0 or y >= self.height for y in rows):
            raise ValueError(f"rows {rows} outside the frame's 0..{self.height - 1}")
        with self.lock:
            self.recorded = []
            self.record_rows = rows

    def record_count(self):
        with self.lock:
            return len(self.recorded)

    def record_stop(self, path):
        with self.lock:
            frames, self.recorded, self.record_rows = self.recorded, [], None
        temporary = path + ".part"
        with open(temporary, "wb") as file:
            for frame in frames:
                file.write(frame)
        os.replace(temporary, path)
        return len(frames)

    def write_png(self, path, data):
        rows = bytearray()
        row_bytes = self.width * 3
        for y in range(self.height):
            offset = y * self.stride
            rows.append(0)  # filter: none
            rows += data[offset:offset + row_bytes]

        def chunk(kind, body):
            return (struct.pack(">I", len(body)) + kind + body
                    + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF))

        header = struct.pack(">IIBBBBB", self.width, self.height, 8, 2, 0, 0, 0)  # 8-bit RGB
        png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
               + chunk(b"IDAT", zlib.compress(bytes(rows), 1)) + chunk(b"IEND", b""))
        temporary = path + ".part"
        with open(temporary, "wb") as file:
            file.write(png)
        os.replace(temporary, path)


class Driver:
    def __init__(self, size=None):
        self.size = size
        DBusGMainLoop(set_as_default=True)
        self.loop = GLib.MainLoop()
        self.bus = None
        self.rd = None
        self.gst = None
        self.frames = None
        self.node = None
        self.closed = None

    # ---- set-up -------------------------------------------------------------------------

    def connect(self):
        self.bus = dbus.SessionBus()

    def wait_for_names(self):
        deadline = time.monotonic() + STARTUP_TIMEOUT
        daemon = self.bus.get_object("org.freedesktop.DBus", "/org/freedesktop/DBus")
        for name in (RD_NAME, SC_NAME):
            while not daemon.NameHasOwner(name, dbus_interface="org.freedesktop.DBus"):
                if time.monotonic() > deadline:
                    raise RuntimeError(f"{name} did not appear on the session bus within "
                                       f"{STARTUP_TIMEOUT:.0f} s (is mutter running in this bus?)")
                time.sleep(0.05)

    def start_sessions(self):
        remote = self.bus.get_object(RD_NAME, RD_PATH)
        rd_path = remote.CreateSession(dbus_interface=RD_NAME)
        self.rd = dbus.Interface(self.bus.get_object(RD_NAME, rd_path), RD_SESSION)
        rd_props = dbus.Interface(self.bus.get_object(RD_NAME, rd_path), PROPS)
        session_id = rd_props.Get(RD_SESSION, "SessionId")
        self.bus.add_signal_receiver(self.on_closed, signal_name="Closed", dbus_interface=RD_SESSION,
                                     path=rd_path)

        cast = self.bus.get_object(SC_NAME, SC_PATH)
        sc_path = cast.CreateSession({"remote-desktop-session-id": session_id}, dbus_interface=SC_NAME)
        session = dbus.Interface(self.bus.get_object(SC_NAME, sc_path), SC_SESSION)
        # "" is the primary monitor; cursor-mode 0: hidden (the screenshots carry no pointer).
        self.stream_path = session.RecordMonitor("", {"cursor-mode": dbus.UInt32(0)})
        self.bus.add_signal_receiver(self.on_stream_added, signal_name="PipeWireStreamAdded",
                                     dbus_interface=SC_STREAM, path=self.stream_path)
        # A linked screen cast is started by starting its remote desktop session.
        self.rd.Start()

        timeout = GLib.timeout_add(int(STARTUP_TIMEOUT * 1000), self.loop.quit)
        self.loop.run()
        if self.node is None:
            raise RuntimeError(self.closed or "no PipeWireStreamAdded signal from the screen cast stream")
        GLib.source_remove(timeout)

        stream_props = dbus.Interface(self.bus.get_object(SC_NAME, self.stream_path), PROPS)
        parameters = stream_props.Get(SC_STREAM, "Parameters")
        self.width, self.height = self.size or (int(v) for v in parameters["size"])
        log(f"stream {self.stream_path} node {self.node} size {self.width}x{self.height}")

    def on_stream_added(self, node):
        self.node = int(node)
        self.loop.quit()

    def on_closed(self):
        self.closed = "mutter closed the remote desktop session"
        log(self.closed)
        if self.loop.is_running():
            self.loop.quit()

    def start_frames(self):
        caps = f"video/x-raw,format=RGB,width={self.width},height={self.height}"
        command = ["gst-launch-1.0", "-q", "pipewiresrc", f"path={self.node}", "always-copy=true",
                   "!", "videoconvert", "!", caps, "!", "fdsink", "fd=1", "sync=false"]
        self.gst = subprocess.Popen(command, stdout=subprocess.PIPE, stdin=subprocess.DEVNULL,
                                    preexec_fn=die_with_parent)
        self.frames = Frames(self.gst, self.width, self.height)
        # The first frame proves the stream works; then let it go quiet so that no frame from
        # before our commands is taken for a fresh one.
        if not self.frames.wait_first(FIRST_FRAME_TIMEOUT):
            code = self.gst.poll()
            raise RuntimeError(f"no frame from pipewiresrc path={self.node} within "
                               f"{FIRST_FRAME_TIMEOUT:.0f} s" + ("" if code is None else f" (gst-launch exited {code})"))
        self.frames.wait_quiet(QUIET_SECONDS, 3.0)

    # ---- commands -----------------------------------------------------------------------

    def handle(self, line):
        words = line.split()
        if not words:
            return "error: empty command"
        command, args = words[0], words[1:]
        if self.closed:
            return f"error: {self.closed}"
        try:
            if command == "motion" and len(args) in (2, 3):
                self.rd.NotifyPointerMotionAbsolute(self.stream_path, float(args[0]), float(args[1]))
            elif command == "button" and len(args) in (2, 3) and args[0] in BUTTONS and args[1] in ("down", "up"):
                self.rd.NotifyPointerButton(dbus.Int32(BUTTONS[args[0]]), args[1] == "down")
            elif command == "axis-discrete" and len(args) == 2 and args[0] in ("vertical", "horizontal"):
                # Wheel clicks: mutter sends wl_pointer.axis (10 px a click) with axis_discrete.
                self.rd.NotifyPointerAxisDiscrete(dbus.UInt32(0 if args[0] == "vertical" else 1), dbus.Int32(int(args[1])))
            elif command == "axis-wheel" and len(args) == 2 and args[0] in ("vertical", "horizontal"):
                # A high-resolution wheel turned by PX pixels (mutter: 10 a click): the remote
                # desktop's smooth axis with the wheel as its source (flag 2). mutter 43 sends
                # wl_pointer v8 clients axis_value120 = PX × 12 with it, fractions of a click.
                px = float(args[1])
                dx, dy = (0.0, px) if args[0] == "vertical" else (px, 0.0)
                self.rd.NotifyPointerAxis(dx, dy, dbus.UInt32(2))
            elif command == "touch" and len(args) == 4 and args[0] in ("down", "motion"):
                # Absolute on the screen-cast stream, as the pointer's motion.
                notify = self.rd.NotifyTouchDown if args[0] == "down" else self.rd.NotifyTouchMotion
                notify(self.stream_path, dbus.UInt32(int(args[1])), float(args[2]), float(args[3]))
            elif command == "touch" and len(args) == 2 and args[0] == "up":
                self.rd.NotifyTouchUp(dbus.UInt32(int(args[1])))
            elif command == "key" and len(args) in (2, 3) and args[1] in ("down", "up"):
                self.rd.NotifyKeyboardKeycode(dbus.UInt32(int(args[0])), args[1] == "down")
            elif command == "capture" and len(args) == 1:
                data = self.frames.fresh(QUIET_SECONDS)
                self.frames.write_png(args[0], data)
            elif command == "record" and len(args) == 3 and args[0] == "start":
                self.record_path = args[1]
                self.frames.record_start([int(y) for y in args[2].split(",")])
            elif command == "record" and args == ["count"]:
                return f"ok {self.frames.record_count()}"
            elif command == "record" and args == ["stop"]:
                if getattr(self, "record_path", None) is None:
                    return "error: record stop without record start"
                path, self.record_path = self.record_path, None
                return f"ok {self.frames.record_stop(path)}"
            elif command == "quit":
                return "ok"
            else:
                return f"error: bad command '{line}'"
        except dbus.DBusException as error:
            return f"error: {error.get_dbus_name()}: {error.get_dbus_message()}"
        except (ValueError, OSError, RuntimeError) as error:
            return f"error: {error}"
        return "ok"

    def on_stdin(self, fd, condition):
        # os.read, not sys.stdin.readline: lines that arrive together must all be answered,
        # and a buffered reader would hide the second one from the watch.
        chunk = os.read(fd, 65536)
        if not chunk:
            self.loop.quit()
            return False
        self.pending += chunk
        while b"\n" in self.pending:
            raw, self.pending = self.pending.split(b"\n", 1)
            line = raw.decode("utf-8", "replace").strip()
            reply(self.handle(line))
            if line == "quit":
                self.loop.quit()
                return False
        return True

    def run(self):
        self.pending = b""
        GLib.io_add_watch(sys.stdin.fileno(), GLib.PRIORITY_DEFAULT, GLib.IO_IN | GLib.IO_HUP, self.on_stdin)
        self.loop.run()

    def stop(self):
        try:
            if self.rd is not None:
                self.rd.Stop()
        except dbus.DBusException:
            pass
        if self.gst and self.gst.poll() is None:
            self.gst.terminate()
            try:
                self.gst.wait(2)
            except subprocess.TimeoutExpired:
                self.gst.kill()
                self.gst.wait()


def main():
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    size = None
    if len(sys.argv) == 3 and sys.argv[1] == "--size":
        size = tuple(int(v) for v in sys.argv[2].split("x"))
    driver = Driver(size)
    try:
        driver.connect()
        driver.wait_for_names()
        driver.start_sessions()
        driver.start_frames()
    except (RuntimeError, dbus.DBusException) as error:
        reply(f"error: {error}")
        driver.stop()
        return 1
    reply("ok")
    try:
        driver.run()
    finally:
        driver.stop()
    return 1 if driver.closed else 0


if __name__ == "__main__":
    sys.exit(main())
