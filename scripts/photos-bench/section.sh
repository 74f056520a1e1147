#!/usr/bin/env bash
# Prints BENCHMARKS.md's photo-viewer section from the last `make bench-photos` run
# (artifacts/photos-bench.md and .json): its table, then issue 32's targets against it.
# scripts/benchmarks.sh includes it; the photo bench itself (about 15 minutes) is run on its own.
set -euo pipefail
cd "$(dirname "$0")/../.."
echo "## Photo viewers side by side (issue 32)"
echo
if [ -f artifacts/photos-bench.json ] && [ -f artifacts/photos-bench.md ]; then
    echo "From the last \`make bench-photos\` (its own run, written as it says below; docs/PHOTOS-BENCH.md)."
    echo
    echo "### Issue 32's targets, that run"
    echo
    python3 scripts/photos-bench/targets.py artifacts/photos-bench.json
    echo
    # The table, without its own top heading.
    sed '1{/^## /d}' artifacts/photos-bench.md | sed '1{/^$/d}' | sed 's/^### /#### /'
else
    echo "Not measured: \`make bench-photos\` has not been run on this machine (it installs eog, and loupe in the"
    echo "trixie root, and takes about 15 minutes); rerun this script after it."
fi
