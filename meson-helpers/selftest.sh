#!/usr/bin/env bash
# Self-test for segue-test-plugin.so + segue-inject (+ segue-probe).
#
# Starts a private headless weston (pixman, kiosk-shell, 640x400) with its
# own XDG_RUNTIME_DIR and socket, then checks:
#   1. the module loads (log line) and weston logs no errors;
#   2. a capture of the empty output is 640x400 and entirely the configured
#      kiosk background colour;
#   3. injected pointer/keyboard/touch events reach a real xdg-shell client
#      (segue-probe) with the exact timestamps and coordinates, the client
#      gets a valid xkb keymap, and a capture shows the client's pixels;
#   4. segue-inject's error replies, EOF exit 0, and exit 1 + error line on
#      a lost connection.
# Exits non-zero on the first failure. Weston is killed on every path.
#
# Usage: meson-helpers/selftest.sh            (builds into meson-helpers/build)
#        SEGUE_HELPERS_BUILD=/abs/dir meson-helpers/selftest.sh
#        SEGUE_SELFTEST_KEEP=1 ...            (keep the temp dir for debugging)

set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
BUILD="${SEGUE_HELPERS_BUILD:-$HERE/build}"

if [[ ! -f "$BUILD/build.ninja" ]]; then
    meson setup "$BUILD" "$HERE" >/dev/null
fi
ninja -C "$BUILD" >/dev/null
BUILD="$(cd "$BUILD" && pwd)"
PLUGIN="$BUILD/segue-test-plugin.so"
INJECT="$BUILD/segue-inject"
PROBE="$BUILD/segue-probe"

WIDTH=640
HEIGHT=400
BG=336699        # kiosk background, RRGGBB
PROBE_COLOUR=20c040

RT="$(mktemp -d "${TMPDIR:-/tmp}/segue-selftest.XXXXXX")"
chmod 0700 "$RT"
SOCK="segue-selftest-$$"
WESTON_PID=""
PROBE_PID=""

cleanup() {
    local rc=$?
    for pid in $PROBE_PID $WESTON_PID; do
        if kill -0 "$pid" 2>/dev/null; then
            kill "$pid" 2>/dev/null || true
            for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
            kill -9 "$pid" 2>/dev/null || true
        fi
        wait "$pid" 2>/dev/null || true
    done
    if [[ $rc -ne 0 ]]; then
        echo "--- weston.log ---" >&2; cat "$RT/weston.log" >&2 2>/dev/null || true
        echo "--- probe.log ---" >&2; cat "$RT/probe.log" >&2 2>/dev/null || true
        echo "selftest: FAILED (temp dir $RT)" >&2
    elif [[ -z "${SEGUE_SELFTEST_KEEP:-}" ]]; then
        rm -rf "$RT"
    fi
    exit $rc
}
trap cleanup EXIT
trap 'exit 130' INT TERM

fail() { echo "selftest: FAIL: $*" >&2; exit 1; }
pass() { echo "selftest: ok: $*"; }

# Wait until file $1 contains a line matching the ERE $2 (timeout $3 s).
wait_for_line() {
    local file=$1 re=$2 timeout=${3:-5} i
    for ((i = 0; i < timeout * 20; i++)); do
        grep -Eq -- "$re" "$file" 2>/dev/null && return 0
        sleep 0.05
    done
    return 1
}

# check_png PATH W H MODE ARG: MODE=all -> every pixel is ARG (RRGGBB);
# MODE=at:X,Y -> pixel (X,Y) is ARG.
check_png() {
    python3 - "$@" <<'PY'
import struct, sys, zlib
path, w_exp, h_exp, mode, colour = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5]
d = open(path, 'rb').read()
if d[:8] != b'\x89PNG\r\n\x1a\n':
    sys.exit('%s: not a PNG' % path)
pos, idat, hdr = 8, b'', None
while pos < len(d):
    ln, = struct.unpack('>I', d[pos:pos + 4]); typ = d[pos + 4:pos + 8]
    body = d[pos + 8:pos + 8 + ln]; pos += 12 + ln
    if typ == b'IHDR': hdr = struct.unpack('>IIBBBBB', body)
    elif typ == b'IDAT': idat += body
    elif typ == b'IEND': break
w, h, depth, ctype, _, _, interlace = hdr
if (w, h) != (w_exp, h_exp):
    sys.exit('%s: size %dx%d, expected %dx%d' % (path, w, h, w_exp, h_exp))
if depth != 8 or ctype not in (2, 6) or interlace:
    sys.exit('%s: unexpected PNG format %r' % (path, hdr))
bpp = 3 if ctype == 2 else 4
raw = zlib.decompress(idat); stride = w * bpp
rows, prev, i = [], bytearray(stride), 0
for _ in range(h):
    f = raw[i]; line = bytearray(raw[i + 1:i + 1 + stride]); i += 1 + stride
    for x in range(stride):
        a = line[x - bpp] if x >= bpp else 0; b = prev[x]; c = prev[x - bpp] if x >= bpp else 0
        if f == 1: line[x] = (line[x] + a) & 255
        elif f == 2: line[x] = (line[x] + b) & 255
        elif f == 3: line[x] = (line[x] + ((a + b) >> 1)) & 255
        elif f == 4:
            p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    rows.append(bytes(line)); prev = line
want = bytes.fromhex(colour)
px = lambda x, y: rows[y][x * bpp:x * bpp + 3]
if mode == 'all':
    bad = [(x, y) for y in range(h) for x in range(w) if px(x, y) != want]
    if bad:
        x, y = bad[0]
        sys.exit('%s: %d pixels differ from %s, first (%d,%d)=%s' % (path, len(bad), colour, x, y, px(x, y).hex()))
else:
    x, y = map(int, mode[3:].split(','))
    if px(x, y) != want:
        sys.exit('%s: pixel (%d,%d)=%s, expected %s' % (path, x, y, px(x, y).hex(), colour))
PY
}

# ---------------------------------------------------------------- weston
cat >"$RT/weston.ini" <<EOF
[core]
idle-time=0

[shell]
background-color=0xff$BG
EOF

export XDG_RUNTIME_DIR="$RT"
export WAYLAND_DISPLAY="$SOCK"
unset DISPLAY WAYLAND_SOCKET

weston --backend=headless-backend.so --use-pixman --shell=kiosk-shell.so \
    --socket="$SOCK" --width=$WIDTH --height=$HEIGHT --idle-time=0 \
    --config="$RT/weston.ini" --log="$RT/weston.log" \
    --modules="$PLUGIN" >"$RT/weston.stdout" 2>&1 &
WESTON_PID=$!

for _ in $(seq 100); do
    [[ -S "$RT/$SOCK" ]] && break
    kill -0 "$WESTON_PID" 2>/dev/null || fail "weston exited early"
    sleep 0.1
done
[[ -S "$RT/$SOCK" ]] || fail "weston socket $RT/$SOCK did not appear"
wait_for_line "$RT/weston.log" 'segue-test: seat "segue-test" .* ready' 5 ||
    fail "module did not report readiness in weston.log"
pass "weston up on $SOCK, module loaded"

# ------------------------------------------------- 1. empty-output capture
out="$(printf 'sync\ncapture %s\nquit\n' "$RT/empty.png" | "$INJECT")" ||
    fail "segue-inject failed: $out"
[[ "$out" == $'ok\nok\nok' ]] || fail "unexpected replies: $out"
check_png "$RT/empty.png" $WIDTH $HEIGHT all $BG || fail "empty-output capture"
pass "empty output capture is ${WIDTH}x${HEIGHT}, all #$BG"

# A second capture with nothing changed must not hang (forced repaint).
start=$(date +%s%N)
out="$(printf 'capture %s\n' "$RT/empty2.png" | "$INJECT")"
[[ "$out" == ok ]] || fail "idle capture: $out"
pass "idle capture took $(( ($(date +%s%N) - start) / 1000000 )) ms"

# ----------------------------------------------- 2. events reach a client
"$PROBE" $PROBE_COLOUR >"$RT/probe.log" 2>&1 &
PROBE_PID=$!
wait_for_line "$RT/probe.log" '^mapped ' 5 || fail "probe did not map"
grep -q "^mapped $WIDTH $HEIGHT\$" "$RT/probe.log" ||
    fail "probe not fullscreen: $(grep ^mapped "$RT/probe.log")"

script=$(cat <<EOF
capture $RT/probe.png
motion 120 110 1000
button left down 1010
motion 150.5 120.25 1020
button left up 1030
axis vertical 10 1040
axis horizontal -2.5 1045
key 30 down 1050
key 30 up 1060
key 42 down 1061
key 42 up 1062
touch down 0 200 200 1070
touch motion 0 210 220 1080
touch up 0 1090
sync
EOF
)
out="$(printf '%s\n' "$script" | "$INJECT")" || fail "segue-inject failed: $out"
[[ "$(grep -c '^ok$' <<<"$out")" == 15 ]] || fail "unexpected replies: $out"
check_png "$RT/probe.png" $WIDTH $HEIGHT all $PROBE_COLOUR || fail "probe capture"
pass "capture shows the client's pixels (#$PROBE_COLOUR)"

expect=(
    '^seat name segue-test$'
    '^seat capabilities pointer keyboard touch$'
    '^keyboard keymap xkb_v1 [0-9]+ valid$'
    '^keyboard enter$'
    '^pointer motion 1000 120\.00 110\.00$'
    '^pointer button 1010 272 1$'
    '^pointer motion 1020 150\.50 120\.25$'
    '^pointer button 1030 272 0$'
    '^pointer axis_source 0$'
    '^pointer axis 1040 0 10\.00$'
    '^pointer axis 1045 1 -2\.50$'
    '^keyboard key 1050 30 1$'
    '^keyboard key 1060 30 0$'
    '^keyboard modifiers 1 0 0 0$'
    '^keyboard key 1062 42 0$'
    '^touch down 1070 0 200\.00 200\.00$'
    '^touch motion 1080 0 210\.00 220\.00$'
    '^touch up 1090 0$'
)
for re in "${expect[@]}"; do
    wait_for_line "$RT/probe.log" "$re" 3 || fail "probe never saw /$re/"
done
# Every touch event, including the final up, must be terminated by a frame
# (weston 10 itself drops the last one; the module compensates).
wait_for_line "$RT/probe.log" '^touch up 1090 0$' 3
sleep 0.1
grep '^touch ' "$RT/probe.log" | paste - - |
    grep -v $'\ttouch frame$' && fail "touch event not followed by wl_touch.frame"
pass "probe received ${#expect[@]} expected events (timestamps and coordinates exact)"

# ---------------------------------------------------- 3. error handling
out="$(printf 'bogus\nmotion 1\nbutton left sideways 5\n\n# comment\ncapture rel-%s.png\nsync\n' "$$" |
       (cd "$RT" && "$INJECT"))" || fail "segue-inject exit status on EOF"
want=$'error: unknown command \'bogus\'\nerror: usage: motion X Y [T]\nerror: usage: button left|right|middle|CODE down|up [T]\nerror: empty command\nok\nok\nok'
[[ "$out" == "$want" ]] || fail "error replies differ:"$'\n'"$out"
check_png "$RT/rel-$$.png" $WIDTH $HEIGHT at:1,1 $PROBE_COLOUR || fail "relative-path capture"
pass "error replies, relative capture path, EOF exit 0"

# ------------------------------------------- 4. weston log is clean so far
if grep -Ein 'error|fail|warn|undefined symbol|cannot|couldn' "$RT/weston.log"; then
    fail "weston.log contains complaints (above)"
fi
pass "weston.log has no errors/warnings"

# ------------------------------------------------- 5. lost connection
mkfifo "$RT/cmds"
"$INJECT" <"$RT/cmds" >"$RT/lost.out" 2>&1 &
inject_pid=$!
exec 3>"$RT/cmds"
echo sync >&3
wait_for_line "$RT/lost.out" '^ok$' 5 || fail "no reply before disconnect"
kill "$PROBE_PID"; wait "$PROBE_PID" 2>/dev/null || true; PROBE_PID=""
kill "$WESTON_PID"
for _ in $(seq 50); do kill -0 "$WESTON_PID" 2>/dev/null || break; sleep 0.1; done
wait "$WESTON_PID" 2>/dev/null || true
WESTON_PID=""
echo sync >&3
exec 3>&-
rc=0; wait "$inject_pid" || rc=$?
[[ $rc == 1 ]] || fail "segue-inject exit status after lost connection: $rc"
grep -q '^error: connection lost' "$RT/lost.out" || fail "no error line: $(cat "$RT/lost.out")"
pass "lost connection -> '$(tail -n1 "$RT/lost.out")', exit 1"

if grep -Ein 'error|fail|warn|undefined symbol|cannot|couldn' "$RT/weston.log"; then
    fail "weston.log contains complaints after shutdown (above)"
fi
pass "weston shut down cleanly"
echo "selftest: PASS"
