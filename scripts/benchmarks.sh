#!/bin/sh
# Writes BENCHMARKS.md from one run of segue-bench (offscreen frame costs) and segue-perf
# (the real app in headless weston; beside libadwaita's AdwCarousel when libadwaita-1-dev is
# installed), release builds, with the machine and the date.
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
"$SWIFT" build -c release --product segue-bench >/dev/null
"$SWIFT" build -c release --product segue-demo >/dev/null
"$SWIFT" build --product segue-perf >/dev/null

bench_cmd="swift build -c release --product segue-bench && .build/release/segue-bench --repeat $REPEAT --transitions 1000"
perf_cmd="swift build -c release --product segue-demo && swift build --product segue-perf && SEGUE_BIN_DIR=.build/release .build/debug/segue-perf"
bench_out=$(.build/release/segue-bench --repeat "$REPEAT" --transitions 1000)
perf_out=$(SEGUE_BIN_DIR=.build/release .build/debug/segue-perf)
# The libadwaita peer only where libadwaita-1-dev is installed (`make adw-carousel`); never installed here.
adw_cmd="make adw-carousel && swift build -c release --product segue-demo && swift build --product segue-perf && SEGUE_BIN_DIR=.build/release .build/debug/segue-perf --peer adw --rounds 3"
adw_out=""
if pkg-config --exists libadwaita-1 2>/dev/null; then
    make -s adw-carousel >/dev/null
    adw_out=$(SEGUE_BIN_DIR=.build/release .build/debug/segue-perf --peer adw --rounds 3)
fi

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
    echo "## Offscreen frame costs"
    echo
    echo "Command: \`$bench_cmd\`"
    echo
    echo "$bench_out" | sed '1d'
    echo
    echo "## In the compositor"
    echo
    echo "Command: \`$perf_cmd\`"
    echo
    echo "The release \`segue-demo --stats\` in headless weston 10 (pixman, 1280×800, \`[core] repaint-window=16\`"
    echo "for about 60 Hz frame callbacks), driven by \`segue-inject\`: 3 s idle, then a full-window tab swipe"
    echo "held for about 2 s (120 motions 16 ms apart), release, SIGTERM. Each phase is the difference of two"
    echo "snapshots (SIGUSR1). Latency runs from the moment the event's bytes were read from the socket in"
    echo "the client to the \`wl_surface.commit\` of the first frame drawn after it (not the compositor's"
    echo "timestamp, which is another clock). CPU is the process's user+system time (getrusage)."
    echo
    echo "$perf_out"
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
        echo "pixman renderer now composites the pages from positioned surfaces. So the third side, the same binary with"
        echo "\`SEGUE_SUBSURFACES=0\` (every frame drawn into the window's own buffer), runs in the same rounds, and weston's"
        echo "own CPU (\`/proc/PID/task/*/schedstat\`) is read beside each side's."
        echo
        echo "$adw_out" | grep -v '^Mid-drag screenshots'
    else
        echo "Not measured in this run: libadwaita-1-dev is not installed (it is not needed by the build, the tests"
        echo "or CI). To measure it: \`make bench-adw\` (installs libadwaita-1-dev 1.2.2 from Debian bookworm, builds"
        echo "\`bench/adw-carousel/\`, and runs \`segue-perf --peer adw\`), then rerun this script to put the figures here."
        echo "DESIGN.md quotes about 2.1 ms of client CPU per frame for libadwaita 1.2's carousel swipe (issue 6) and"
        echo "sets Segue's target at half of the figure measured this way."
    fi
} > BENCHMARKS.md
echo "wrote BENCHMARKS.md"
