#!/usr/bin/python3
"""Photo viewers side by side in one headless weston set-up: launch, paging, memory, CPU.

    scripts/photos-bench/run.py [--runs 5] [--sizes 100,1000,10000] [--pages 20]
                                [--viewers eog,loupe,segue] [--out artifacts/photos-bench.md]

Peers: Eye of GNOME 43 (Debian 12, this host) and Loupe 48 (Debian 13, in the trixie root of
scripts/trixie-root.sh, run there with chroot but drawing into the same host weston through a
socket that lies inside the root). Segue Photos joins when SEGUE_PHOTOS=/path/to/segue-photos is
set. Every viewer is run the same way: docs/PHOTOS-BENCH.md says how, and what that leaves out.

Debian's /usr/bin/python3 only (plus python3-pil for make-folder.py); no Swift is built.
"""
import argparse
import hashlib
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
HELPERS = os.path.join(REPO, "meson-helpers", "build")
ROOT = os.environ.get("SEGUE_TRIXIE_ROOT", "/var/lib/segue/trixie")
WIDTH, HEIGHT = 1280, 800
# 64 rows (the recorder's most) spread evenly down the output: a frame's fingerprint. The
# pictures are large and varied, so a new picture changes most of these rows.
ROWS = [int((i + 0.5) * HEIGHT / 64) for i in range(64)]
FRAME_BYTES = len(ROWS) * WIDTH * 3
KEY_RIGHT = 106  # evdev KEY_RIGHT
# One grid scroll step: a wheel turn of 240 (wl_pointer.axis units, surface pixels; weston sends
# 10 per notch from a real wheel, so this is a quick flick of about two dozen notches).
GRID_WHEEL = 240
# The continuous scroll of a grid run: a wheel event of SCROLL_STEP pixels every display period
# (60 Hz) for SCROLL_PX in all. Segue Photos' grid keeps cells, and decodes their thumbnails, one
# window's height below the visible rows (749 px at 1280×800). The 100-picture grid's rows are
# 160.25 px apart and its 13th and last row holds 4 pictures where larger folders have 8; that
# row starts at 1,923 px, which the margin reaches once the grid has scrolled past 425 px.
# Scrolled 400 px, every folder decodes the same twelve full rows over the same distance, and
# only its size differs.
SCROLL_STEP = 16
SCROLL_PX = 400
PERIOD_S = 1 / 60
# A double-click zooms a Segue Photos page to 2.5× and the next one back out, each animated.
POLL_S = 0.004
CLK_TCK = os.sysconf("SC_CLK_TCK")
PAGE_KB = os.sysconf("SC_PAGE_SIZE") // 1024


def log(*args):
    print("photos-bench:", *args, file=sys.stderr, flush=True)


# ---------------------------------------------------------------- /proc

def proc_table():
    """pid -> (ppid, comm, utime+stime ticks) for every process now."""
    table = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % entry) as f:
                stat = f.read()
        except OSError:
            continue
        # comm may hold spaces and parentheses: split after its last ')'.
        comm = stat[stat.index("(") + 1:stat.rindex(")")]
        fields = stat[stat.rindex(")") + 2:].split()
        table[int(entry)] = (int(fields[1]), comm, int(fields[11]) + int(fields[12]),
                             int(fields[13]) + int(fields[14]))
    return table


def descendants(pid, table=None):
    table = table or proc_table()
    children = {}
    for p, (ppid, _, _, _) in table.items():
        children.setdefault(ppid, []).append(p)
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        for c in children.get(p, []):
            out.append(c)
            todo.append(c)
    return out


def status_kb(pid, field):
    try:
        with open("/proc/%d/status" % pid) as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


def cpu_ms(pids, table):
    """User+system time of these processes, with their reaped children's, in ms."""
    ticks = sum(table[p][2] + table[p][3] for p in pids if p in table)
    return ticks * 1000.0 / CLK_TCK


# ---------------------------------------------------------------- the session

class Injector:
    """segue-inject: one line out, one line back (meson-helpers/README.md)."""

    def __init__(self, env):
        self.proc = subprocess.Popen([os.path.join(HELPERS, "segue-inject")], env=env,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def __call__(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        answer = self.proc.stdout.readline().strip()
        if not answer.startswith("ok"):
            raise RuntimeError("segue-inject %r: %r" % (line, answer))
        return answer

    def close(self):
        try:
            self("quit")
        except Exception:
            pass
        self.proc.wait(timeout=5)


class Recording:
    """The frames weston repaints, as ROWS of each, each stamped when first seen here.

    The test module appends the rows of every repainted frame to a file and flushes it
    (segue-test-record.c); polling that file's size every few ms is far cheaper for weston
    than a PNG screenshot every 20 ms, and it sees every frame, not one in 20 ms."""

    def __init__(self, path):
        self.path = path
        self.frames = []  # [seen at, digest, rows (only while a wait may still need them)]
        self.offset = 0
        self.file = None

    def poll(self):
        if self.file is None:
            try:
                self.file = open(self.path, "rb")
            except OSError:
                return
        now = time.monotonic()
        while True:
            self.file.seek(self.offset)
            data = self.file.read(FRAME_BYTES)
            if len(data) < FRAME_BYTES:
                return
            self.offset += FRAME_BYTES
            self.frames.append([now, hashlib.blake2b(data, digest_size=12).digest(), data])

    def wait(self, since_index, quiet_s, timeout_s, proc=None):
        """Waits until a frame after since_index differs from the frame before it, and then
        nothing new was shown for quiet_s.

        Returns (first change, picture shown, settled) as monotonic times, or None each; the
        picture counts as shown from the first frame that already matches the settled frame
        in nine of ten sampled pixels (what changes after it is chrome: a title, a zoom label,
        a thumbnail strip)."""
        deadline = time.monotonic() + timeout_s
        before = self.frames[since_index - 1][1] if since_index > 0 else None
        first = settled = None
        last_digest = before
        index = since_index
        while True:
            self.poll()
            for frame in self.frames[index:]:
                index += 1
                if frame[1] != last_digest:
                    if first is None:
                        first = frame[0]
                    settled = frame[0]
                    last_digest = frame[1]
            if first is not None and time.monotonic() - settled >= quiet_s:
                break
            if time.monotonic() > deadline or (proc is not None and proc.poll() is not None):
                return first, None, None
            time.sleep(POLL_S)
        picture = None
        final = self.frames[-1][2]
        for frame in self.frames[since_index:]:
            if same_share(frame[2], final) >= 0.9:
                picture = frame[0]
                break
        for frame in self.frames[:-1]:
            frame[2] = None  # only the last frame's rows are needed again (the next wait's start)
        return first, picture, settled


def coloured_share(data):
    """The share of sampled pixels with a clear colour (channels more than 40 apart).

    The bench's pictures are gradients and shapes in random colours: each of the 100 has at
    least 15 % of such pixels, so with a viewer's chrome around it a screen showing one has
    more than 5 %. Window chrome, error pages and broken-image placeholders are grey (Loupe's
    error page and a grid of placeholders: about 1 %), so below 5 % no picture is shown."""
    if data is None:
        return 0.0
    coloured = total = 0
    for i in range(0, len(data), 27):
        r, g, b = data[i], data[i + 1], data[i + 2]
        total += 1
        if max(r, g, b) - min(r, g, b) > 40:
            coloured += 1
    return coloured / total


SHOWS_PICTURE = 0.05


def same_share(a, b):
    """The share of pixels two frames' rows have alike (compared in 12-byte runs: 4 pixels)."""
    if a is None or b is None:
        return 0.0
    step = 12
    alike = sum(1 for i in range(0, len(a), step) if a[i:i + step] == b[i:i + step])
    return alike * step / len(a)


# ---------------------------------------------------------------- viewers

def session_env(rundir, socket):
    home = os.path.join(rundir, "home")
    for sub in ("", "/.config", "/.cache", "/.local/share"):
        os.makedirs(home + sub, exist_ok=True)
    return {
        "PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
        "LANG": "C.UTF-8",
        # A fresh home, settings and caches each run: nothing one run leaves (EoG's window
        # state, thumbnails) changes the next.
        "HOME": home,
        "XDG_CONFIG_HOME": home + "/.config",
        "XDG_CACHE_HOME": home + "/.cache",
        "XDG_DATA_HOME": home + "/.local/share",
        "GSETTINGS_BACKEND": "keyfile",
        "XDG_RUNTIME_DIR": rundir,
        "WAYLAND_DISPLAY": socket,
        "GDK_BACKEND": "wayland",
        # No GPU here and weston's pixman renderer takes no dmabuf: GTK 4 would otherwise try GL
        # (llvmpipe) first; cairo is what it falls back to anyway. GTK 3 always uses cairo.
        "GSK_RENDERER": "cairo",
        # No accessibility bus and no portals: the private D-Bus below activates nothing, and
        # the toolkits are told not to look (each would only time out or log).
        "NO_AT_BRIDGE": "1",
        "GTK_A11Y": "none",
        "GTK_USE_PORTAL": "0",
        "GDK_DEBUG": "no-portals",
    } | dict(v.split("=", 1) for v in os.environ.get("PHOTOS_BENCH_ENV", "").split() if "=" in v)


BUS_CONFIG = """<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:path=%s/bus</listen>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
"""


class Viewer:
    def __init__(self, key, label, comm, argv_for, in_root=False, available=None,
                 grid_argv_for=None, no_grid=None):
        self.key, self.label, self.comm = key, label, comm
        self.argv_for = argv_for  # folder (as the viewer sees it) -> argv, opening its first file
        self.grid_argv_for = grid_argv_for  # the same, opening the folder as a grid
        self.no_grid = no_grid  # why there is no grid figure
        self.in_root = in_root
        self.available = available  # None, or why it cannot run
        self.stats = False  # a Segue app: it writes its own frame figures with --stats FILE

    def command(self, rundir, socket, folder, grid=False):
        """The whole command line: the viewer in its own D-Bus session (GApplication wants one)."""
        env = session_env(rundir, socket)
        inner_rundir = rundir[len(ROOT):] if self.in_root else rundir
        if self.in_root:
            env.update({k: v[len(ROOT):] if v.startswith(ROOT) else v for k, v in env.items()})
            folder = folder[len(ROOT):]
        with open(os.path.join(rundir, "bus.conf"), "w") as f:
            f.write(BUS_CONFIG % inner_rundir)
        viewer_argv = (self.grid_argv_for if grid else self.argv_for)(folder)
        if self.stats:
            viewer_argv = viewer_argv[:1] + ["--stats", os.path.join(rundir, "stats.json")] + viewer_argv[1:]
        argv = ["dbus-run-session", "--config-file=%s/bus.conf" % inner_rundir, "--"] + viewer_argv
        argv = ["env", "-i"] + ["%s=%s" % kv for kv in sorted(env.items())] + argv
        if self.in_root:
            # Loupe decodes in glycin's loaders, each started in a bubblewrap sandbox with a user
            # namespace of its own, which the kernel refuses to a chrooted process. So the root
            # becomes the real root instead, of a mount namespace private to this run: bound
            # onto itself, pivot_root into it, the host's tree detached (nobody else sees any
            # of it). The weston socket lies inside the root, so Loupe still finds it.
            argv = ["unshare", "--mount", "--propagation", "private", "sh", "-c",
                    'mount --rbind "$0" "$0" && cd "$0" && pivot_root . mnt && cd / && '
                    'umount -l /mnt && exec "$@"', ROOT] + argv
        return argv


def viewers(wanted):
    eog = Viewer("eog", "Eye of GNOME " + package_version("eog", host=True), "eog",
                 lambda folder: ["eog", os.path.join(folder, "img00001.jpg")],
                 no_grid="no grid: its only overview is the image gallery, a one-row strip of "
                 "thumbnails under the picture, off by default (F9), which neither opens by itself "
                 "nor scrolls by rows")
    if not shutil.which("eog"):
        eog.available = "eog is not installed (apt-get install eog)"
    loupe = Viewer("loupe", "Loupe " + package_version("loupe", host=False), "loupe",
                   lambda folder: ["loupe", os.path.join(folder, "img00001.jpg")], in_root=True,
                   no_grid="no grid or gallery at all (a folder given on its command line is "
                   "not browsed as one)")
    if not os.path.exists(os.path.join(ROOT, "usr/bin/loupe")):
        loupe.available = "loupe is not installed in %s (make trixie-root; chroot %s apt-get install loupe)" % (ROOT, ROOT)
    photos_bin = os.environ.get("SEGUE_PHOTOS", "")
    segue = Viewer("segue", "Segue Photos", os.path.basename(photos_bin)[:15] or "segue-photos",
                   lambda folder: [photos_bin, os.path.join(folder, "img00001.jpg")],
                   grid_argv_for=lambda folder: [photos_bin, folder])
    segue.stats = True
    if not photos_bin:
        segue.available = "SEGUE_PHOTOS is not set"
    elif not os.access(photos_bin, os.X_OK):
        segue.available = "SEGUE_PHOTOS=%s is not an executable" % photos_bin
    return [v for v in (eog, loupe, segue) if v.key in wanted]


def package_version(name, host):
    cmd = ["dpkg-query", "-W", "-f=${Version}", name]
    if not host:
        cmd = ["chroot", ROOT] + cmd
    try:
        return subprocess.run(cmd, capture_output=True, text=True).stdout.split("-")[0] or "?"
    except OSError:
        return "?"


# ---------------------------------------------------------------- one run

def kill_session(rundir, spared=()):
    """Ends every process started for this run: they all carry its private XDG_RUNTIME_DIR
    (the root's processes the path inside the root), which no other process here has."""
    marks = {("XDG_RUNTIME_DIR=" + rundir).encode(), ("XDG_RUNTIME_DIR=" + rundir[len(ROOT):]).encode()}
    for sig in (signal.SIGTERM, signal.SIGKILL):
        found = []
        for entry in os.listdir("/proc"):
            if not entry.isdigit() or int(entry) == os.getpid() or int(entry) in spared:
                continue
            try:
                with open("/proc/%s/environ" % entry, "rb") as f:
                    environ = f.read().split(b"\0")
            except OSError:
                continue
            if marks & set(environ):
                found.append(int(entry))
        for pid in found:
            try:
                os.kill(pid, sig)
            except ProcessLookupError:
                pass
        if not found:
            return
        time.sleep(0.5)


def one_run(viewer, folder, pages, quiet_launch, quiet_page, keep_shots, grid=False):
    """One viewer in one fresh weston: launch, then `pages` steps (the Right key; with grid, a
    wheel turn over the middle of the window), each waited for until the screen settles."""
    base = os.path.join(ROOT, "run") if os.path.isdir(os.path.join(ROOT, "run")) else tempfile.gettempdir()
    rundir = tempfile.mkdtemp(prefix="xdg-photos-bench-", dir=base)
    os.chmod(rundir, 0o700)
    socket = "photos-bench"
    env = {"PATH": os.environ["PATH"], "XDG_RUNTIME_DIR": rundir, "LANG": "C.UTF-8"}
    weston = subprocess.Popen([
        "weston", "--backend=headless-backend.so", "--use-pixman", "--shell=kiosk-shell.so",
        "--width=%d" % WIDTH, "--height=%d" % HEIGHT, "--socket=" + socket, "--idle-time=0",
        "--no-config", "--log=%s/weston.log" % rundir,
        "--modules=%s/segue-test-plugin.so" % HELPERS], env=env,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    result = {"viewer": viewer.key, "folder": folder}
    app = inject = None
    try:
        deadline = time.monotonic() + 10
        while "global segue_test v" not in read(rundir + "/weston.log"):
            if time.monotonic() > deadline or weston.poll() is not None:
                raise RuntimeError("weston did not start: " + read(rundir + "/weston.log")[-500:])
            time.sleep(0.05)
        inject = Injector(dict(env, WAYLAND_DISPLAY=socket))
        record = Recording(os.path.join(rundir, "frames.rgb"))
        inject("record start %s %s" % (record.path, ",".join(map(str, ROWS))))
        # weston's own first frames (the kiosk background) come before the viewer starts.
        time.sleep(0.3)
        record.poll()
        start_index = len(record.frames)
        app_log = open(os.path.join(rundir, "viewer.log"), "w")
        t0 = time.monotonic()
        app = subprocess.Popen(viewer.command(rundir, socket, folder, grid), stdout=app_log,
                               stderr=subprocess.STDOUT, start_new_session=True)
        first, picture, settled = record.wait(start_index, quiet_launch, 30, proc=app)
        result["launch_first_ms"] = ms(first, t0)
        result["launch_picture_ms"] = ms(picture, t0)
        result["launch_settled_ms"] = ms(settled, t0)
        table = proc_table()
        pid = viewer_pid(app.pid, viewer.comm, table)
        if pid is None:
            raise RuntimeError("no %s process under the command; its last words: %s"
                               % (viewer.comm, last_words(rundir + "/viewer.log")))
        tree = [pid] + descendants(pid, table)
        result["rss_open_kb"] = status_kb(pid, "VmRSS")
        result["rss_tree_open_kb"] = sum(status_kb(p, "VmRSS") or 0 for p in tree)
        if keep_shots:
            inject("capture %s/open.png" % keep_shots)
        if settled is None:
            raise RuntimeError("the screen did not settle within 30 s; the viewer's last words: %s"
                               % last_words(rundir + "/viewer.log"))
        share = coloured_share(record.frames[-1][2])
        if share < SHOWS_PICTURE:
            raise RuntimeError("no picture on the screen after launch (%.0f %% of the sampled pixels "
                               "coloured: an error page or placeholders; --shots keeps a screenshot); "
                               "the viewer's last words: %s" % (share * 100, last_words(rundir + "/viewer.log")))

        if grid:
            # The pointer comes over the grid first (hover may repaint), and is let settle.
            inject("motion %d %d" % (WIDTH // 2, HEIGHT // 2))
            record.wait(len(record.frames), quiet_page, 3)
            if viewer.stats:
                def scroll():
                    since, start = len(record.frames), time.monotonic()
                    for i in range(SCROLL_PX // SCROLL_STEP):
                        time.sleep(max(0, start + i * PERIOD_S - time.monotonic()))
                        inject("axis vertical %d" % SCROLL_STEP)
                    record.wait(since, quiet_page, 10, proc=app)
                result["scroll"] = measured_phase(pid, rundir, tree, weston.pid, record, scroll)
        # Read now, after the screenshot above: weston's PNG encoding is not the paging's.
        table = proc_table()
        tree = [p for p in tree if p in table]
        cpu0 = cpu_ms(tree, table), cpu_ms([weston.pid], table)
        frames0 = len(record.frames)
        wall0 = time.monotonic()
        blank = same = 0
        firsts, pictures, settles, misses = [], [], [], 0
        previous = record.frames[-1][2]
        for _ in range(pages):
            since = len(record.frames)
            t = time.monotonic()
            if grid:
                inject("axis vertical %d" % GRID_WHEEL)
            else:
                inject("key %d down" % KEY_RIGHT)
                inject("key %d up" % KEY_RIGHT)
            first, picture, settled = record.wait(since, quiet_page, 10, proc=app)
            if settled is None:
                misses += 1
                continue
            now = record.frames[-1][2]
            if coloured_share(now) < SHOWS_PICTURE:
                blank += 1
            # A new picture changes most of the screen; chrome alone (a header bar shown or hidden
            # on input, a label) changes little. A press that left half of the sampled pixels as
            # they were showed no new picture: it is counted, and its times are left out.
            if same_share(now, previous) >= 0.5:
                same += 1
                continue
            previous = now
            firsts.append(first - t)
            pictures.append(picture - t)
            settles.append(settled - t)
        table = proc_table()
        tree = [p for p in [pid] + descendants(pid, table) if p in table]
        cpu1 = cpu_ms(tree, table), cpu_ms([weston.pid], table)
        result.update({
            "page_first_ms": [round(x * 1000, 1) for x in firsts],
            "page_picture_ms": [round(x * 1000, 1) for x in pictures],
            "page_settled_ms": [round(x * 1000, 1) for x in settles],
            "page_misses": misses,
            "page_blank": blank,
            "page_same": same,
            "paging_wall_s": round(time.monotonic() - wall0, 2),
            "cpu_viewer_ms": round(cpu1[0] - cpu0[0], 1),
            "cpu_weston_ms": round(cpu1[1] - cpu0[1], 1),
            "rss_paged_kb": status_kb(pid, "VmRSS"),
            "hwm_paged_kb": status_kb(pid, "VmHWM"),
            "rss_tree_paged_kb": sum(status_kb(p, "VmRSS") or 0 for p in tree),
            "frames": len(record.frames) - start_index,
            "step_frames": len(record.frames) - frames0,
        })
        if viewer.stats and not grid:
            # Zoom: a double-click in the middle of the picture zooms it in, the next one back
            # out, each animated; measured after the paging's CPU and RSS were read, so apart from them.
            def double_click():
                since = len(record.frames)
                for _ in range(2):
                    inject("button left down")
                    inject("button left up")
                    time.sleep(0.05)
                record.wait(since, quiet_page, 10, proc=app)
            inject("motion %d %d" % (WIDTH // 2, HEIGHT // 2))
            record.wait(len(record.frames), quiet_page, 3)
            zoom_in = measured_phase(pid, rundir, tree, weston.pid, record, double_click)
            if keep_shots:
                inject("capture %s/zoomed.png" % keep_shots)
            zoom_out = measured_phase(pid, rundir, tree, weston.pid, record, double_click)
            result["zoom"] = {k: zoom_in[k] + zoom_out[k] for k in zoom_in}
        if viewer.stats:
            # The app's own count of its frames, over the whole run (launch, thumbnails streaming
            # in, the steps).
            try:
                stats = app_stats(pid, rundir)
                result["app_frames_drawn"] = stats.get("frames_drawn")
                result["app_frames_over_two_periods"] = stats.get("frames_over_two_periods")
            except (OSError, ValueError) as error:
                result["stats_error"] = str(error)
        if keep_shots:
            inject("capture %s/paged.png" % keep_shots)
    except Exception as error:  # the run is reported as failed, with why; the others go on
        result["error"] = str(error)
    finally:
        if inject:
            inject.close()
        spared = {weston.pid}
        kill_session(rundir, spared)
        weston.terminate()
        try:
            weston.wait(timeout=5)
        except subprocess.TimeoutExpired:
            weston.kill()
        kill_session(rundir)
        if keep_shots:
            shutil.copy(os.path.join(rundir, "viewer.log"), keep_shots)
        shutil.rmtree(rundir, ignore_errors=True)
    return result


def app_stats(pid, rundir):
    """A Segue app's --stats figures now: SIGUSR1 makes it rewrite the file."""
    path = os.path.join(rundir, "stats.json")
    before = os.path.getmtime(path) if os.path.exists(path) else 0
    os.kill(pid, signal.SIGUSR1)
    deadline = time.monotonic() + 2
    while time.monotonic() < deadline and not (os.path.exists(path) and os.path.getmtime(path) > before):
        time.sleep(0.02)
    with open(path) as f:
        return json.load(f)


def measured_phase(pid, rundir, tree, weston_pid, record, act):
    """Runs `act` (which returns once the screen settled) and returns what it cost: the app's
    frames, its main thread's CPU and its frames over two periods (its own figures), the whole
    process's CPU and weston's, and the frames weston repainted."""
    table = proc_table()
    cpu0 = cpu_ms([p for p in tree if p in table], table), cpu_ms([weston_pid], table)
    s0 = app_stats(pid, rundir)
    frames0 = len(record.frames)
    act()
    s1 = app_stats(pid, rundir)
    table = proc_table()
    cpu1 = cpu_ms([p for p in tree if p in table], table), cpu_ms([weston_pid], table)
    return {
        "frames": len(record.frames) - frames0,
        "app_frames": s1["frames_drawn"] - s0["frames_drawn"],
        "main_cpu_ms": round(s1["main_thread_cpu_ms"] - s0["main_thread_cpu_ms"], 2),
        "over_two": s1["frames_over_two_periods"] - s0["frames_over_two_periods"],
        "cpu_viewer_ms": round(cpu1[0] - cpu0[0], 1),
        "cpu_weston_ms": round(cpu1[1] - cpu0[1], 1),
    }


def viewer_pid(root_pid, comm, table):
    for p in descendants(root_pid, table):
        if table[p][1] == comm:
            return p
    return None


def ms(t, t0):
    return None if t is None else round((t - t0) * 1000, 1)


def last_words(path):
    """The viewer's last line of output that is not its private bus's own noise."""
    lines = [l.strip() for l in read(path).splitlines() if l.strip() and not l.startswith("dbus-daemon")]
    return lines[-1][:300] if lines else "(no output)"


def read(path):
    try:
        with open(path, errors="replace") as f:
            return f.read()
    except OSError:
        return ""


# ---------------------------------------------------------------- folders and the table

def bench_base():
    """Where the folders live: inside the trixie root when there is one, so the host's EoG and
    the root's Loupe open the very same files (the same inodes, the same page cache)."""
    if os.path.isdir(os.path.join(ROOT, "var/tmp")):
        return os.path.join(ROOT, "var/tmp/segue-photos-bench")
    return "/var/tmp/segue-photos-bench"


def make_folder(size, distinct):
    folder = os.path.join(bench_base(), "folder-%d" % size)
    subprocess.run(["/usr/bin/python3", os.path.join(os.path.dirname(__file__), "make-folder.py"),
                    folder, str(size), "--distinct", str(distinct),
                    "--cache", os.path.join(bench_base(), "distinct-%d" % distinct)],
                   check=True, stdout=subprocess.DEVNULL)
    return folder


def warm(folder):
    """Every viewer starts from a warm page cache: the distinct pictures are read once first."""
    for entry in sorted(os.listdir(folder))[:200]:
        with open(os.path.join(folder, entry), "rb") as f:
            while f.read(1 << 20):
                pass


def med(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def summarise(runs, pages):
    ok = [r for r in runs if "error" not in r]
    s = {"runs": len(ok), "failed": len(runs) - len(ok),
         "errors": sorted({" ".join(r["error"].split()) for r in runs if "error" in r})}
    if not ok:
        return s
    s["launch_picture_ms"] = med(r["launch_picture_ms"] for r in ok)
    s["launch_settled_ms"] = med(r["launch_settled_ms"] for r in ok)
    s["page_first_ms"] = med(med(r["page_first_ms"]) for r in ok)
    s["page_picture_ms"] = med(med(r["page_picture_ms"]) for r in ok)
    s["page_settled_ms"] = med(med(r["page_settled_ms"]) for r in ok)
    s["page_misses"] = sum(r["page_misses"] for r in ok)
    s["page_blank"] = sum(r["page_blank"] for r in ok)
    s["page_same"] = sum(r["page_same"] for r in ok)
    s["rss_open_mb"] = med(r["rss_open_kb"] for r in ok) / 1024
    s["rss_paged_mb"] = med(r["rss_paged_kb"] for r in ok) / 1024
    s["hwm_paged_mb"] = med(r["hwm_paged_kb"] for r in ok) / 1024
    s["rss_tree_paged_mb"] = med(r["rss_tree_paged_kb"] for r in ok) / 1024
    done = [r for r in ok if r["page_settled_ms"]]
    s["cpu_viewer_ms_per_page"] = med(r["cpu_viewer_ms"] / max(1, len(r["page_settled_ms"])) for r in done)
    s["cpu_weston_ms_per_page"] = med(r["cpu_weston_ms"] / max(1, len(r["page_settled_ms"])) for r in done)
    # Per frame weston repainted during the steps: what scrolling costs, whatever the folder's size.
    framed = [r for r in ok if r.get("step_frames")]
    if framed:
        s["cpu_viewer_ms_per_frame"] = med(r["cpu_viewer_ms"] / r["step_frames"] for r in framed)
    # The app's own count (Segue apps only): frames later than two display periods, over the
    # whole run, thumbnails streaming in included; the worst run is shown.
    for phase in ("scroll", "zoom"):
        measured = [r[phase] for r in ok if r.get(phase) and r[phase]["app_frames"] and r[phase]["frames"]]
        if measured:
            s[phase + "_main_cpu_ms_per_frame"] = med(m["main_cpu_ms"] / m["app_frames"] for m in measured)
            s[phase + "_cpu_viewer_ms_per_frame"] = med(m["cpu_viewer_ms"] / m["frames"] for m in measured)
            s[phase + "_frames"] = med(m["frames"] for m in measured)
            s[phase + "_over_two"] = max(m["over_two"] for m in measured)
    counted = [r["app_frames_over_two_periods"] for r in ok if r.get("app_frames_over_two_periods") is not None]
    if counted:
        s["app_frames_over_two_periods"] = max(counted)
    return s


FIGURES = [
    ("launch → picture shown (ms)", "launch_picture_ms", "%.0f"),
    ("launch → settled (ms)", "launch_settled_ms", "%.0f"),
    ("Right key → screen changes (ms)", "page_first_ms", "%.0f"),
    ("Right key → next picture shown (ms)", "page_picture_ms", "%.0f"),
    ("Right key → settled (ms)", "page_settled_ms", "%.0f"),
    ("RSS after opening (MB)", "rss_open_mb", "%.1f"),
    ("RSS after paging (MB)", "rss_paged_mb", "%.1f"),
    ("peak RSS, VmHWM (MB)", "hwm_paged_mb", "%.1f"),
    ("RSS after paging, with helper processes (MB)", "rss_tree_paged_mb", "%.1f"),
    ("viewer CPU per page (ms)", "cpu_viewer_ms_per_page", "%.1f"),
    ("weston CPU per page (ms)", "cpu_weston_ms_per_page", "%.1f"),
    ("frames over two periods (the app's count, worst run)", "app_frames_over_two_periods", "%d"),
    ("double-click zoom in and out: frames weston repainted", "zoom_frames", "%.0f"),
    ("zoom: main thread CPU per frame the app drew (ms)", "zoom_main_cpu_ms_per_frame", "%.2f"),
    ("zoom: viewer CPU per frame repainted (ms)", "zoom_cpu_viewer_ms_per_frame", "%.2f"),
    ("zoom: frames over two periods (worst run)", "zoom_over_two", "%d"),
]


GRID_FIGURES = [
    ("launch → grid shown (ms)", "launch_picture_ms", "%.0f"),
    ("launch → grid settled (ms)", "launch_settled_ms", "%.0f"),
    ("wheel turn → screen changes (ms)", "page_first_ms", "%.0f"),
    ("wheel turn → settled (ms)", "page_settled_ms", "%.0f"),
    ("RSS after opening (MB)", "rss_open_mb", "%.1f"),
    ("RSS after scrolling (MB)", "rss_paged_mb", "%.1f"),
    ("peak RSS, VmHWM (MB)", "hwm_paged_mb", "%.1f"),
    ("viewer CPU per wheel turn (ms)", "cpu_viewer_ms_per_page", "%.1f"),
    ("weston CPU per wheel turn (ms)", "cpu_weston_ms_per_page", "%.1f"),
    ("viewer CPU per frame over the wheel turns (ms)", "cpu_viewer_ms_per_frame", "%.2f"),
    ("continuous scroll: frames weston repainted", "scroll_frames", "%.0f"),
    ("continuous scroll: main thread CPU per frame the app drew (ms)", "scroll_main_cpu_ms_per_frame", "%.2f"),
    ("continuous scroll: viewer CPU per frame repainted (ms)", "scroll_cpu_viewer_ms_per_frame", "%.2f"),
    ("continuous scroll: frames over two periods (worst run)", "scroll_over_two", "%d"),
    ("frames over two periods, whole run (the app's count, worst run)", "app_frames_over_two_periods", "%d"),
]


def table(results, all_viewers, sizes, args, commands):
    lines = []
    cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
    commit = subprocess.run(["git", "-C", REPO, "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    dirty = subprocess.run(["git", "-C", REPO, "diff", "--quiet", "HEAD"]).returncode != 0
    lines += [
        "## Photo viewers side by side (issue 32)",
        "",
        "Written by `scripts/photos-bench/run.py` on %s; commit %s%s." % (
            time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), commit, " (with local changes)" if dirty else ""),
        "Machine: %s, nproc %d, %s; load average at start: %s." % (
            cpu, os.cpu_count(), " ".join(os.uname()[i] for i in (0, 2)), args.load),
        "The machine is shared with other builders: compare the viewers within this run, not across runs.",
        "",
        "Command: `%s`" % args.command_line,
        "",
        "Each viewer in its own fresh headless weston 10 (pixman, %d×%d, scale 1, kiosk shell: one "
        "full-output window), opening `img00001.jpg` of a folder of 4000×3000 JPEGs; the Right "
        "key injected %d times through the project's weston test module. Median of %d runs (the "
        "viewers take turns), each run's paging figure the median of its %d pages. Times run from "
        "the exec (or the key press) to the first repainted frame that changed (screen changes), "
        "to the first that already matches the settled frame in nine of ten sampled pixels "
        "(picture shown), and to the last change before %.1f s (launch) / %.1f s (page) without "
        "one (settled): docs/PHOTOS-BENCH.md." % (WIDTH, HEIGHT, args.pages, args.runs, args.pages, args.quiet_launch, args.quiet_page),
        "",
    ]
    head = "| figure | folder | " + " | ".join(v.label for v in all_viewers) + " |"
    lines += [head, "|---|---:|" + "---:|" * len(all_viewers)]
    def rows(figures, grid):
        """A row per figure and folder size, a cell per viewer (n/a where it cannot run, or has
        no grid for the grid's figures)."""
        out = []
        for label, key, fmt in figures:
            for size in sizes:
                cells = []
                for v in all_viewers:
                    s = results.get((v.key, size, "grid") if grid else (v.key, size))
                    if v.available or (grid and not v.grid_argv_for):
                        cells.append("n/a")
                    elif not s or s.get(key) is None:
                        cells.append("failed" if s and s["failed"] else "–")
                    else:
                        cells.append(fmt % s[key])
                out.append("| %s | %s | %s |" % (label, "{:,}".format(size), " | ".join(cells)))
        return out

    lines += rows(FIGURES, grid=False)
    lines.append("")
    grid_rows = rows(GRID_FIGURES, grid=True)
    lines += [
        "Grid: the viewer opens the folder itself (`segue-photos DIR`). The pointer comes over the "
        "middle of the window; first a continuous scroll of %d px, a wheel event of %d px every 1/60 s "
        "(short of where the 100-picture grid's decoding margin meets its last, shorter row, so every "
        "size decodes the same pictures over the same distance), waited for "
        "as above; then the wheel is turned %d times (%d each, through the test module), each waited "
        "for as above. Segue Photos' paging runs end with a double-click zoom in and one out." % (
            SCROLL_PX, SCROLL_STEP, args.pages, GRID_WHEEL),
        "",
        head, "|---|---:|" + "---:|" * len(all_viewers),
    ] + grid_rows + [""]
    notes = []
    for v in all_viewers:
        if v.available:
            notes.append("- %s: n/a — %s." % (v.label, v.available))
            continue
        notes.append("- %s: `%s`" % (v.label, commands.get(v.key, "")))
        if v.grid_argv_for:
            notes.append("  - grid: `%s`" % commands.get((v.key, "grid"), ""))
        else:
            notes.append("  - grid: n/a — %s." % v.no_grid)
        for size, mode in [(size, mode) for size in sizes for mode in ("page", "grid")]:
            s = results.get((v.key, size) if mode == "page" else (v.key, size, "grid")) or {}
            extra = []
            if s.get("failed"):
                extra.append("%d of %d runs failed: %s" % (s["failed"], s["failed"] + s["runs"], "; ".join(s["errors"])[:600]))
            step = "wheel turns" if mode == "grid" else "key presses"
            if s.get("page_misses"):
                extra.append("%d %s showed no change within 10 s" % (s["page_misses"], step))
            if s.get("page_blank"):
                extra.append("after %d %s the screen showed no picture" % (s["page_blank"], step))
            if s.get("page_same"):
                extra.append("%d of the %d %s (all runs) showed no new picture (half the screen or more "
                             "as before) and are left out of the times" % (s["page_same"], args.pages * s["runs"], step))
            if extra:
                notes.append("  - %s files%s: %s" % ("{:,}".format(size), ", grid" if mode == "grid" else "", "; ".join(extra)))
    lines += notes
    lines += [
        "- The folders hold %d distinct pictures hard-linked under COUNT names: every file is opened and "
        "decoded by itself, but the page cache holds each distinct picture once (and it is warm before "
        "every run)." % args.distinct,
    ]
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--sizes", default="100,1000,10000")
    parser.add_argument("--pages", type=int, default=20)
    parser.add_argument("--distinct", type=int, default=100)
    parser.add_argument("--viewers", default="eog,loupe,segue")
    parser.add_argument("--quiet-launch", type=float, default=1.0)
    parser.add_argument("--quiet-page", type=float, default=0.6)
    parser.add_argument("--out", default=os.path.join(REPO, "artifacts", "photos-bench.md"))
    parser.add_argument("--shots", action="store_true", help="keep a screenshot after opening and after paging")
    args = parser.parse_args()
    args.command_line = "scripts/photos-bench/run.py " + " ".join(sys.argv[1:]) if sys.argv[1:] else "make bench-photos"
    if os.environ.get("SEGUE_PHOTOS"):
        args.command_line = "SEGUE_PHOTOS=%s %s" % (os.environ["SEGUE_PHOTOS"], args.command_line)
    args.load = " ".join(open("/proc/loadavg").read().split()[:3])
    sizes = [int(s) for s in args.sizes.split(",")]
    if not os.path.exists(os.path.join(HELPERS, "segue-test-plugin.so")):
        sys.exit("photos-bench: the weston test module is not built: make helpers")
    all_viewers = viewers(args.viewers.split(","))
    runnable = [v for v in all_viewers if not v.available]
    for v in all_viewers:
        if v.available:
            log("%s: n/a (%s)" % (v.label, v.available))
    out_dir = os.path.dirname(os.path.abspath(args.out))
    os.makedirs(out_dir, exist_ok=True)
    raw, results, commands = [], {}, {}
    for size in sizes:
        folder = make_folder(size, args.distinct)
        for v in runnable:
            # The note names the folder as folder-N: one line stands for every size.
            seen = (folder[len(ROOT):] if v.in_root else folder)[:-len(str(size))] + "N"
            commands[v.key] = " ".join(v.argv_for(seen)) + (
                "  (in the trixie root, `chroot %s`)" % ROOT if v.in_root else "")
            if v.grid_argv_for:
                commands[(v.key, "grid")] = " ".join(v.grid_argv_for(seen))
        runs = {v.key: [] for v in runnable}
        for n in range(args.runs):
            order = runnable[n % len(runnable):] + runnable[:n % len(runnable)] if runnable else []
            for v in order:
                warm(folder)
                shots = None
                if args.shots and n == 0:
                    shots = os.path.join(out_dir, "photos-bench-shots", "%s-%d" % (v.key, size))
                    os.makedirs(shots, exist_ok=True)
                r = one_run(v, folder, args.pages, args.quiet_launch, args.quiet_page, shots)
                r["size"], r["run"] = size, n
                raw.append(r)
                runs[v.key].append(r)
                log("%s %d files, run %d: %s" % (v.key, size, n + 1, r.get("error") or
                    "picture %s ms, settled %s ms, page %s ms, rss %s kB, cpu %s+%s ms" % (
                        r["launch_picture_ms"], r["launch_settled_ms"], med(r["page_settled_ms"]),
                        r["rss_paged_kb"], r["cpu_viewer_ms"], r["cpu_weston_ms"])))
        for v in runnable:
            results[(v.key, size)] = summarise(runs[v.key], args.pages)
        # Grids: only viewers that have one (the peers do not).
        for v in [v for v in runnable if v.grid_argv_for]:
            grid_runs = []
            for n in range(args.runs):
                warm(folder)
                shots = None
                if args.shots and n == 0:
                    shots = os.path.join(out_dir, "photos-bench-shots", "%s-grid-%d" % (v.key, size))
                    os.makedirs(shots, exist_ok=True)
                r = one_run(v, folder, args.pages, args.quiet_launch, args.quiet_page, shots, grid=True)
                r["size"], r["run"], r["grid"] = size, n, True
                raw.append(r)
                grid_runs.append(r)
                log("%s grid %d files, run %d: %s" % (v.key, size, n + 1, r.get("error") or
                    "shown %s ms, settled %s ms, wheel %s ms, rss %s kB, cpu %s+%s ms" % (
                        r["launch_picture_ms"], r["launch_settled_ms"], med(r["page_settled_ms"]),
                        r["rss_paged_kb"], r["cpu_viewer_ms"], r["cpu_weston_ms"])))
            results[(v.key, size, "grid")] = summarise(grid_runs, args.pages)
    text = table(results, all_viewers, sizes, args, commands)
    with open(args.out, "w") as f:
        f.write(text + "\n")
    with open(os.path.splitext(args.out)[0] + ".json", "w") as f:
        json.dump(raw, f, indent=1)
    print(text)


if __name__ == "__main__":
    main()
