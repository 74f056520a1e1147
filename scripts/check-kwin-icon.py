#!/usr/bin/python3
"""Checks that, once installed, segue-demo's window shows the project's icon on KWin's title bar.

Stages `make install` in a scratch DESTDIR (with BINARY, default .build/debug/segue-demo, as
bin/segue-demo), then runs headless KWin (Breeze decorations) twice in a private D-Bus session
and runtime dir: once with the staged share/ in XDG_DATA_DIRS, once without. Each time it starts
the staged binary, captures the workspace (org.kde.KWin.ScreenShot2) and counts the pixels of the
title bar's icon slot that have the icon's blue (#3478F6, the project's accent). Installed, the slot
must show them; not installed, KWin's generic icon must not. Screenshots go to artifacts/kwin-icon/.
Needs kwin-wayland, breeze, python3-dbus, libcairo2. Exit status 0 on success; on failure one line
"check-kwin-icon: FAIL: ...".

    scripts/check-kwin-icon.py [BINARY]
"""
import ctypes
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ARTIFACTS = os.path.join(ROOT, "artifacts", "kwin-icon")
ACCENT = (0x34, 0x78, 0xF6)
SOCKET = "segue-kwin-icon"


def fail(message):
    print(f"check-kwin-icon: FAIL: {message}", file=sys.stderr)
    sys.exit(1)


def write_png(data, width, height, stride, path):
    cairo = ctypes.CDLL("libcairo.so.2")
    cairo.cairo_image_surface_create_for_data.restype = ctypes.c_void_p
    cairo.cairo_image_surface_create_for_data.argtypes = [ctypes.c_char_p] + [ctypes.c_int] * 4
    cairo.cairo_surface_write_to_png.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
    cairo.cairo_surface_destroy.argtypes = [ctypes.c_void_p]
    buf = ctypes.create_string_buffer(data, len(data))
    surface = cairo.cairo_image_surface_create_for_data(buf, 0, width, height, stride)  # ARGB32
    cairo.cairo_surface_write_to_png(surface, path.encode())
    cairo.cairo_surface_destroy(surface)


def capture():
    """The workspace as (bytes, width, height, stride), BGRA premultiplied; None while KWin is not ready."""
    import dbus
    try:
        proxy = dbus.SessionBus().get_object("org.kde.KWin", "/org/kde/KWin/ScreenShot2")
        read_end, write_end = os.pipe()
        try:
            result = dbus.Interface(proxy, "org.kde.KWin.ScreenShot2").CaptureWorkspace(
                {"native-resolution": dbus.Boolean(True)}, dbus.types.UnixFd(write_end))
        finally:
            os.close(write_end)
        chunks = []
        while chunk := os.read(read_end, 1 << 20):
            chunks.append(chunk)
        os.close(read_end)
    except dbus.exceptions.DBusException:
        return None
    # QImage::Format_ARGB32_Premultiplied (6) and Format_RGB32 (4) are cairo's ARGB32/RGB24 layout.
    if int(result["format"]) not in (4, 5, 6):
        fail(f"KWin returned image format {int(result['format'])}, expected a 32-bit ARGB format")
    return b"".join(chunks), int(result["width"]), int(result["height"]), int(result["stride"])


def pixel(shot, x, y):
    data, _, _, stride = shot
    b, g, r = data[y * stride + 4 * x: y * stride + 4 * x + 3]
    return r, g, b


def title_bar_origin(shot):
    """Top-left of the first light rows on the black, wallpaper-less output: Breeze's title bar."""
    data, width, height, stride = shot
    for y in range(height):
        if max(data[y * stride + 1: y * stride + 4 * width: 4]) <= 180:  # no light green: skip the row
            continue
        for x in range(width):
            if min(pixel(shot, x, y)) > 180:
                return x, y
    return None


def accent_pixels(shot, origin):
    """Pixels near #3478F6 in the title bar's icon slot (its first 40 × 36 logical px)."""
    _, width, height, _ = shot
    ox, oy = origin
    count = 0
    for y in range(oy, min(oy + 36, height)):
        for x in range(max(ox - 8, 0), min(ox + 40, width)):
            if all(abs(c - a) <= 40 for c, a in zip(pixel(shot, x, y), ACCENT)):
                count += 1
    return count


def stop(process):
    if process and process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def inner(kwin, data_dirs, binary, name):
    """Inside dbus-run-session: KWin, the app, a screenshot; prints the accent pixel count."""
    runtime = tempfile.mkdtemp(prefix="segue-kwin-icon-")  # mode 0700
    env = dict(os.environ, XDG_RUNTIME_DIR=runtime, XDG_DATA_DIRS=data_dirs)
    kwin_log = open(os.path.join(ARTIFACTS, f"{name}.kwin.log"), "w")
    app_log = open(os.path.join(ARTIFACTS, f"{name}.app.log"), "w")
    compositor = app = None
    try:
        compositor = subprocess.Popen(
            [kwin, "--virtual", "--width", "800", "--height", "700", "--socket", SOCKET, "--no-lockscreen"],
            env=dict(env, KWIN_SCREENSHOT_NO_PERMISSION_CHECKS="1", QT_QPA_PLATFORM="offscreen"),
            stdout=kwin_log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while not os.path.exists(os.path.join(runtime, SOCKET)):
            if compositor.poll() is not None:
                fail(f"kwin_wayland exited ({compositor.returncode}); see {kwin_log.name}")
            if time.monotonic() > deadline:
                fail(f"kwin_wayland did not open its socket in 30 s; see {kwin_log.name}")
            time.sleep(0.1)
        app = subprocess.Popen([binary], env=dict(env, WAYLAND_DISPLAY=SOCKET), stdout=app_log,
                               stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        origin = None
        while origin is None:
            if app.poll() is not None:
                fail(f"segue-demo exited ({app.returncode}) before its window appeared; see {app_log.name}")
            if time.monotonic() > deadline:
                fail(f"no window appeared on KWin in 30 s; see {ARTIFACTS}")
            time.sleep(0.5)
            shot = capture()
            origin = shot and title_bar_origin(shot)
        time.sleep(1)  # the decoration may draw the icon a frame after the title bar
        shot = capture()
        if app.poll() is not None:
            fail(f"segue-demo exited ({app.returncode}) while on screen; see {app_log.name}")
        write_png(*shot, os.path.join(ARTIFACTS, f"{name}.png"))
        origin = title_bar_origin(shot)
        if origin is None:
            fail(f"the window went away; see {ARTIFACTS}/{name}.png")
        print(accent_pixels(shot, origin))
    finally:
        stop(app)
        stop(compositor)
        shutil.rmtree(runtime, ignore_errors=True)


def main():
    if len(sys.argv) >= 2 and sys.argv[1] == "--inner":
        inner(*sys.argv[2:6])
        return
    binary = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build/debug/segue-demo"))
    if not os.access(binary, os.X_OK):
        fail(f"{binary} is missing: build it first (swift build --product segue-demo)")
    for tool in ("kwin_wayland", "dbus-run-session", "make"):
        if not shutil.which(tool):
            fail(f"{tool} is not installed (kwin-wayland, dbus, make)")
    try:
        import dbus  # noqa: F401
    except ImportError:
        fail("python3-dbus is not installed")
    os.makedirs(ARTIFACTS, exist_ok=True)
    scratch = tempfile.mkdtemp(prefix="segue-kwin-icon-")
    try:
        # /usr/bin/kwin_wayland has file capabilities an unprivileged container will not execute.
        kwin = os.path.join(scratch, "kwin_wayland")
        shutil.copy(shutil.which("kwin_wayland"), kwin)
        stage = os.path.join(scratch, "stage")
        subprocess.run(["make", "-s", "--no-print-directory", "-C", ROOT, "install", f"DESTDIR={stage}",
                        "PREFIX=/usr", f"INSTALL_BINARY={binary}"], check=True)
        installed = os.path.join(stage, "usr/bin/segue-demo")
        counts = {}
        for name, data_dirs in (("installed", f"{stage}/usr/share:/usr/share"), ("not-installed", "/usr/share")):
            run = subprocess.run(["timeout", "120", "dbus-run-session", "--", sys.executable, os.path.abspath(__file__),
                                  "--inner", kwin, data_dirs, installed, name],
                                 stdout=subprocess.PIPE, text=True)
            if run.returncode != 0:
                fail(f"the {name} run failed ({run.returncode}); see {ARTIFACTS}")
            counts[name] = int(run.stdout.split()[-1])
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    if counts["installed"] < 20:
        fail(f"installed, the title bar's icon slot has {counts['installed']} px of #3478F6, expected ≥ 20 "
             f"(the project's icon); see {ARTIFACTS}/installed.png")
    if counts["not-installed"] > 2:
        fail(f"not installed, the title bar's icon slot already has {counts['not-installed']} px of #3478F6: "
             f"the check cannot tell the icons apart; see {ARTIFACTS}/not-installed.png")
    print(f"check-kwin-icon: OK (KWin's title bar shows the project's icon: {counts['installed']} accent px "
          f"installed, {counts['not-installed']} without; {ARTIFACTS})")


if __name__ == "__main__":
    main()
