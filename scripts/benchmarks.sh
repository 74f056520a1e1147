#!/bin/sh
# Writes BENCHMARKS.md from one run of segue-bench (offscreen frame costs) and segue-perf
# (the real app in headless weston), release builds, with the machine and the date.
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

cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')
{
    echo "# Benchmarks"
    echo
    echo "Written by \`scripts/benchmarks.sh\` on $(date -u '+%Y-%m-%d %H:%M UTC'); commit $(git rev-parse --short HEAD)$(git diff --quiet || echo ' (with local changes)')."
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
    echo "## Reference: libadwaita"
    echo
    echo "libadwaita 1.2's carousel swipe costs about 2.1 ms of client CPU per frame (GTK's cairo renderer)."
    echo "That figure is the one quoted in issue 6, not measured here: libadwaita-1 1.2.2 is installable"
    echo "from Debian, but a side-by-side run (a GTK4 program with an AdwCarousel driven by the same injected"
    echo "drags) has not been built yet."
} > BENCHMARKS.md
echo "wrote BENCHMARKS.md"
