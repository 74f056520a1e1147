#!/usr/bin/env bash
# The soak: `make test` (README's test command) on a clean clone of this repository's HEAD,
# several times in a row, one run with a CPU hog on every core beside it. One line per run;
# exits non-zero when any run failed. A newcomer's first run must pass, and so must a loaded one.
#
#   scripts/soak.sh                 3 runs, the second under `stress-ng --cpu N` (N = cores)
#   SOAK_RUNS=5 SOAK_HOG_RUN=0 scripts/soak.sh   5 runs, none loaded
#   SOAK_DIR=/tmp/soak scripts/soak.sh           where the clone and the logs go
#
# The clone is made once (its first run builds everything, as a fresh clone does); later runs
# reuse its build, as a developer's second `make test` does. Logs: $SOAK_DIR/run-N.log.
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
runs=${SOAK_RUNS:-3}
hog_run=${SOAK_HOG_RUN:-2}
dir=${SOAK_DIR:-/tmp/segue-soak}
cores=$(nproc)
export PATH="/opt/swift/usr/bin:$PATH"

if [ "$hog_run" -gt 0 ] && ! command -v stress-ng >/dev/null; then
	apt-get update >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y stress-ng >/dev/null \
		|| { echo "soak: stress-ng is not installed and could not be"; exit 2; }
fi

rm -rf "$dir"
mkdir -p "$dir"
git clone -q "$here" "$dir/clone" || { echo "soak: cannot clone $here"; exit 2; }
commit=$(git -C "$dir/clone" rev-parse --short HEAD)

failed=0
for run in $(seq 1 "$runs"); do
	log="$dir/run-$run.log"
	load="quiet"
	hog=""
	if [ "$run" -eq "$hog_run" ]; then
		load="stress-ng --cpu $cores"
		stress-ng --cpu "$cores" --quiet --timeout 0 >/dev/null 2>&1 &
		hog=$!
	fi
	start=$(date +%s)
	(cd "$dir/clone" && make test) >"$log" 2>&1
	status=$?
	[ -n "$hog" ] && { kill "$hog" 2>/dev/null; wait "$hog" 2>/dev/null; pkill -f 'stress-ng --cpu' 2>/dev/null; }
	seconds=$(( $(date +%s) - start ))
	# Swift Testing's closing line: "Test run with N tests in M suites passed after …" or
	# "… failed after … with K issues".
	summary=$(grep -E '^.{0,4}Test run with [0-9]+ tests' "$log" | tail -1 | sed -E 's/^.{0,4}Test run with //')
	if [ "$status" -eq 0 ]; then verdict="pass"; else verdict="FAIL (exit $status)"; failed=$((failed + 1)); fi
	echo "soak run $run/$runs at $commit, $load: $verdict in ${seconds} s; ${summary:-no test summary (see $log)}"
	if [ "$status" -ne 0 ]; then
		grep -E '✘|recorded an issue|error:' "$log" | head -5 | sed 's/^/    /'
	fi
done
echo "soak: $failed of $runs runs failed (logs in $dir)"
[ "$failed" -eq 0 ]
