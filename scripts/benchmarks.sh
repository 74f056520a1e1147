#!/bin/sh
# Writes BENCHMARKS.md from one run of segue-bench (offscreen frame costs) and segue-perf
# (the real app in headless weston; beside libadwaita's AdwCarousel when libadwaita-1-dev is
# installed: in weston at scale 1 and 2, and in headless mutter when it is installed), release
# builds, with the machine and the date.
# No number in BENCHMARKS.md is typed by hand: rerun this script to refresh them all.
#
#     scripts/benchmarks.sh [--repeat N]
set -eu
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-$(command -v swift || echo /opt/swift/usr/bin/swift)}
REPEAT=4
if [ "${1:-}" = "--repeat" ]; then REPEAT=$2; fi

[ -f meson-helpers/build/build.ninja ] || meson setup meson-helpers/build meson-helpers >/dev/null
ninja -C meson-helpers/build >/dev/null
# The same flags as the Makefile's release builds (RELEASE there): the Swift runtime linked in.
RELEASE="-c release --static-swift-stdlib"
"$SWIFT" build $RELEASE --product segue-bench >/dev/null
"$SWIFT" build $RELEASE --product segue-demo >/dev/null
"$SWIFT" build --product segue-perf >/dev/null

bench_cmd="swift build -c release --static-swift-stdlib --product segue-bench && .build/release/segue-bench --repeat $REPEAT --transitions 1000"
perf_cmd="swift build -c release --static-swift-stdlib --product segue-demo && swift build --product segue-perf && SEGUE_BIN_DIR=.build/release .build/debug/segue-perf"
bench_out=$(.build/release/segue-bench --repeat "$REPEAT" --transitions 1000)
# The same transitions as a user who asked for reduced motion sees them (cross-fades); --only ''
# keeps every transition and leaves out the ablation and memory sections.
reduced_cmd="swift build -c release --static-swift-stdlib --product segue-bench && .build/release/segue-bench --repeat $REPEAT --reduced-motion --only ''"
reduced_out=$(.build/release/segue-bench --repeat "$REPEAT" --reduced-motion --only '')
perf_out=$(SEGUE_BIN_DIR=.build/release .build/debug/segue-perf)
# The libadwaita peer only where libadwaita-1-dev is installed (`make adw-carousel`); never installed here.
adw_cmd="make adw-carousel && swift build -c release --static-swift-stdlib --product segue-demo && swift build --product segue-perf && SEGUE_BIN_DIR=.build/release .build/debug/segue-perf --peer adw --rounds 3"
adw_out=""
# The same at output scale 2 (2 sides, no subsurfaces side, so the whole script stays near 10
# minutes) and in headless mutter (3 sides: mutter offers no dmabuf headless, so whether
# subsurfaces pay there is measured, not assumed): 3 rounds each.
scale2_cmd="$adw_cmd --scale 2"
mutter_cmd="$adw_cmd --compositor mutter"
scale2_out=""
mutter_out=""
mutter48_out=""
mutter_missing=""
for tool in mutter pipewire wireplumber gst-launch-1.0 dbus-daemon; do
    command -v "$tool" >/dev/null 2>&1 || mutter_missing="$mutter_missing $tool"
done
if pkg-config --exists libadwaita-1 2>/dev/null; then
    make -s adw-carousel >/dev/null
    adw_out=$(SEGUE_BIN_DIR=.build/release .build/debug/segue-perf --peer adw --rounds 3)
    scale2_out=$(SEGUE_BIN_DIR=.build/release .build/debug/segue-perf --peer adw --rounds 3 --scale 2)
    if [ -z "$mutter_missing" ]; then
        mutter_out=$(SEGUE_BIN_DIR=.build/release .build/debug/segue-perf --peer adw --rounds 3 --compositor mutter)
    fi
    # mutter 48 in the Debian 13 lane's root (make trixie-root): its promoted side is forced (not the default on mutter).
    if scripts/trixie-root.sh >/dev/null 2>&1; then
        mutter48_out=$(SEGUE_BIN_DIR=.build/release .build/debug/segue-perf --peer adw --rounds 3 --compositor mutter48)
    fi
fi

# The targets table reads the outputs above from files.
outputs=$(mktemp -d)
trap 'rm -rf "$outputs"' EXIT

# Where the CPU goes: the single segue-perf run again, under a system-wide sampling profile,
# each process's samples by shared object (pixman and cairo ship without symbols here).
profile_cmd="perf record -a -e cpu-clock -F 999 -- env SEGUE_BIN_DIR=.build/release .build/debug/segue-perf; perf report --comms segue-demo,weston --sort comm,dso --percentage relative"
profile_out=""
if command -v perf >/dev/null 2>&1 \
    && perf record -q -a -e cpu-clock -F 999 -o "$outputs/perf.data" -- env SEGUE_BIN_DIR=.build/release .build/debug/segue-perf >/dev/null 2>&1; then
    profile_out=$(perf report -i "$outputs/perf.data" --comms segue-demo,weston --sort comm,dso --stdio \
        --percentage relative 2>/dev/null | grep -E '^ +[0-9]' | head -12 \
        | awk '{ printf "| %s | %s | %s |\n", $2, $3, $1 }')
fi
printf '%s\n' "$bench_out" > "$outputs/bench"
printf '%s\n' "$perf_out" > "$outputs/perf"
printf '%s\n' "$adw_out" > "$outputs/adw"
printf '%s\n' "$scale2_out" > "$outputs/scale2"
printf '%s\n' "$mutter_out" > "$outputs/mutter"
printf '%s\n' "$mutter48_out" > "$outputs/mutter48"
printf '%s\n' "$reduced_out" > "$outputs/reduced"
targets=$(python3 scripts/benchmark-targets.py "$outputs/bench" "$outputs/perf" "$outputs/adw" "$outputs/scale2" "$outputs/mutter" "$outputs/reduced" "$outputs/mutter48")

cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')
# Local changes other than BENCHMARKS.md itself (which the redirect below truncates first).
dirty=$(git diff --quiet HEAD -- . ':!BENCHMARKS.md' || echo ' (with local changes)')
{
    echo "# Benchmarks"
    echo
    echo "Written by \`scripts/benchmarks.sh\` on $(date -u '+%Y-%m-%d %H:%M UTC'); commit $(git rev-parse --short HEAD)$dirty."
    echo "Machine: $cpu, nproc $(nproc), $(uname -sr); load average at start: $(cut -d' ' -f1-3 /proc/loadavg)."
    echo "The machine is shared with other builders: timings are noisy. Compare the ratios measured"
    echo "in the same run, not absolute milliseconds across runs."
    echo
    echo "$targets"
    echo
    echo "## Offscreen frame costs"
    echo
    echo "Command: \`$bench_cmd\`"
    echo
    echo "$bench_out" | sed '1d'
    echo
    echo "## Offscreen frame costs with reduced motion"
    echo
    echo "Command: \`$reduced_cmd\`"
    echo
    echo "The same transitions with the motion preferences of a user who asked for reduced motion: the"
    echo "tutorials' animators then cross-fade instead of moving, zooming or flipping."
    echo
    echo "$reduced_out" | sed '1d' | sed 's/^worst transition median/worst transition median with reduced motion/'
    echo
    echo "## In the compositor"
    echo
    echo "Command: \`$perf_cmd\`"
    echo
    echo "The release \`segue-demo --stats\` in headless weston 10 (pixman, 1280×800, \`[core] repaint-window=16\`"
    echo "for about 60 Hz frame callbacks), driven by \`segue-inject\`: 3 s idle, then a full-window tab swipe"
    echo "held for about 2 s (120 motions 16 ms apart), release, 4.5 s of quiet (the app frees what it prepared after 3 s), SIGTERM. Each phase is the difference of two"
    echo "snapshots (SIGUSR1). Latency runs from the moment the event's bytes were read from the socket in"
    echo "the client to the \`wl_surface.commit\` of the first frame drawn after it (not the compositor's"
    echo "timestamp, which is another clock). CPU is the process's user+system time (getrusage)."
    echo
    echo "$perf_out"
    if [ -n "$profile_out" ]; then
        echo
        echo "Where the CPU went in the same kind of run, both processes together (\`$profile_cmd\`;"
        echo "the share of each process's samples by shared object, the twelve largest). weston's libpng and"
        echo "libz are the mid-drag capture (a PNG written inside weston), which the side-by-side figures leave out;"
        echo "segue-demo's libfontconfig is its launch (Pango sorting the installed fonts, $(fc-list 2>/dev/null | wc -l) here)."
        echo
        echo "| process | shared object | share of the samples |"
        echo "|---|---|---:|"
        echo "$profile_out"
    fi
    echo
    echo "## Side by side with libadwaita 1.2"
    echo
    if [ -n "$adw_out" ]; then
        echo "Command: \`$adw_cmd\`"
        echo
        echo "libadwaita's AdwCarousel (the program in \`bench/adw-carousel/\`: three full-window pages, each a"
        echo "CSS background, a title and ten rows of text; GTK 4 with \`GSK_RENDERER=cairo\`, so wl_shm buffers) and"
        echo "\`segue-demo\`'s tab swipe (release, without \`--trace\`), each in its own fresh headless weston set up"
        echo "as above, driven by the same script and the same injected drag: a press at x = 1000 (y = 400), 120"
        echo "motions 16 ms apart with explicit timestamps to x = 280, release. Rounds alternate which side goes first."
        echo "Both sides answer the same \`--stats\` snapshots (SIGUSR1). CPU is the process's user+system time"
        echo "(getrusage, RUSAGE_SELF, all threads) from just before the press to just after the last motion; a frame"
        echo "is a \`wl_surface.commit\` of the window's surface that carried a new buffer (or, for segue-demo, moved its"
        echo "promoted layers' subsurfaces: during the swipe every frame also repaints the tab bar). segue-demo counts its own"
        echo "commits; the peer counts GTK's by interposing \`wl_proxy_marshal_flags\` (the cursor surface is not"
        echo "counted on either side). Each side's screenshot halfway through the drag is compared with one taken"
        echo "just before the press (\"output changed\"), to show that the content really moved; the shots are left"
        echo "in \`artifacts/\`. DESIGN.md's target is at most half of libadwaita's CPU per frame."
        echo
        echo "segue-demo shows the two moving pages' cached layers in \`wl_subsurface\`s that weston moves"
        echo "(\`Window.promotesLayers\`, \`LayerSurfaces\`): a pure move copies no pixels in the client, but weston's"
        echo "pixman renderer then composites the pages from positioned surfaces, so they are off by default on this software"
        echo "compositor. The third side, the same binary with \`SEGUE_SUBSURFACES=1\`, runs in the same rounds, and weston's"
        echo "own CPU (\`/proc/PID/task/*/schedstat\`) is read beside each side's. Launch → first frame runs from the"
        echo "launcher's spawn (\`SEGUE_LAUNCH_MONOTONIC_MS\`, CLOCK_MONOTONIC) to just after the first \`wl_surface.commit\`"
        echo "of the window that carried a buffer, on both sides (the peer times it in its \`wl_proxy_marshal_flags\` interposer)."
        echo
        echo "The last side of every round is the copy floor (\`meson-helpers/segue-copy-floor.c\`): a C client that maps the"
        echo "same fullscreen window at the output's scale and, on every frame of the same drag (drawing when segue-demo"
        echo "would: at once for a motion when no frame callback is pending, else at the callback), memcpy's one full"
        echo "prepared frame into a free wl_shm buffer, damages all and commits. Its CPU per frame is what any wl_shm client"
        echo "pays to show a new full-window picture at that cadence; segue-demo's client CPU per frame over it is the"
        echo "summary line's client/floor (issue 24's target: ≤ 1.25×)."
        echo
        echo "$adw_out" | grep -v '^Mid-drag screenshots'
        echo
        echo "### At output scale 2 (2560×1600 device pixels)"
        echo
        echo "Command: \`$scale2_cmd\`"
        echo
        echo "The same two sides (3 rounds, no subsurfaces side) in headless weston started with \`--width=1280 --height=800"
        echo "--scale=2\`: weston 10's headless backend takes the size in logical pixels and multiplies it by the scale, so"
        echo "the output is 2560×1600 and the drag keeps its logical coordinates (the test plugin's motions are in weston's"
        echo "global, logical space). Both clients' buffers are checked below; the mid-drag shots stay in \`artifacts/\`."
        echo
        echo "$scale2_out" | grep -v '^Mid-drag screenshots'
        echo
        echo "### In headless mutter 43 (GNOME)"
        echo
        if [ -n "$mutter_out" ]; then
            echo "Command: \`$mutter_cmd\`"
            echo
            echo "The same three sides (3 rounds) in \`mutter --headless --wayland --no-x11 --virtual-monitor 1280x800\` inside a"
            echo "private session bus with pipewire and wireplumber (SegueTestKit's MutterSession). Input goes through"
            echo "\`org.gnome.Mutter.RemoteDesktop\` (absolute motion needs its linked screen cast, which also gives the"
            echo "screenshots); mutter stamps the events itself, so the 120 motions go out 16 ms apart on the wall clock."
            echo "Each client opens a normal window (segue-demo's 1024×700, the peer with \`--windowed\`, under its header"
            echo "bar), which is what launch → first frame measures here, then gets F11 and goes fullscreen before the idle"
            echo "phase and the drag, so both draw the same 1280×800 content as in weston. xdg-desktop-portal is started on"
            echo "the private bus before each client, as it runs in a GNOME session: GTK reads its settings from it at"
            echo "start-up and would otherwise wait about 0.5 s for its activation (in weston the clients get no session"
            echo "bus at all). mutter's CPU is the schedstat sum over all its threads (its llvmpipe rendering threads"
            echo "included); the whole-system figure is client + mutter."
            echo
            echo "$mutter_out" | grep -v '^Mid-drag screenshots'
        else
            echo "Not measured in this run: missing${mutter_missing:- nothing} (apt-get install mutter pipewire pipewire-bin"
            echo "wireplumber gstreamer1.0-pipewire gstreamer1.0-tools python3-dbus python3-gi). Command: \`$mutter_cmd\`"
        fi
        echo
        echo "### In headless mutter 48 (GNOME 48, the Debian 13 lane): the promoted path"
        echo
        if [ -n "$mutter48_out" ]; then
            echo "Command: \`$adw_cmd --compositor mutter48\`"
            echo
            echo "The same sides in mutter 48 from the trixie root \`make trixie-root\` builds (the bookworm-built clients on"
            echo "the host, mutter, its bus, pipewire and the driver in the root). mutter 48 offers \`zwp_linux_dmabuf_v1\`,"
            echo "but segue-demo's default does not promote there (mutter 48 showed wrong frames with its layers promoted,"
            echo "docs/TRIXIE-LANE.md); the third side forces promotion (\`SEGUE_SUBSURFACES=1\`). There is no GPU here:"
            echo "mutter composites with llvmpipe, so what promotion moves into the compositor is paid in its CPU too."
            echo
            echo "$mutter48_out" | grep -v '^Mid-drag screenshots'
        else
            echo "Not measured in this run: the Debian 13 root is not there (\`make trixie-root\`)."
        fi
    else
        echo "Not measured in this run: libadwaita-1-dev is not installed (it is not needed by the build, the tests"
        echo "or CI). To measure it: \`make bench-adw\` (installs libadwaita-1-dev 1.2.2 from Debian bookworm, builds"
        echo "\`bench/adw-carousel/\`, and runs \`segue-perf --peer adw\`), then rerun this script to put the figures here."
        echo "DESIGN.md quotes about 2.1 ms of client CPU per frame for libadwaita 1.2's carousel swipe (issue 6) and"
        echo "sets Segue's target at half of the figure measured this way."
    fi
    echo
    scripts/photos-bench/section.sh
} > BENCHMARKS.md
echo "wrote BENCHMARKS.md"
