#!/usr/bin/env bash
# Refreshes the README's "Runs on" pictures from the screenshots the e2e suites keep in
# artifacts/ (run `make test` first), and shows libadwaita's window beside segue-demo's on
# weston's desktop shell (needs `make adw-carousel`, which installs libadwaita-1-dev).
set -euo pipefail
cd "$(dirname "$0")/.."
out=docs/images
declare -A shots=(
  [desktop-floating]=runs-on-weston
  [sway-decorations]=runs-on-sway
  [mutter-csd]=runs-on-gnome
  [kwin-ssd]=runs-on-kwin
  [trixie-weston-desktop]=runs-on-weston-14
  [trixie-sway-decorations]=runs-on-sway-1.10
  [trixie-mutter-csd]=runs-on-gnome-48
  [trixie-kwin-ssd]=runs-on-kwin-6
  [settings-dark-weston]=settings-dark-weston
  [settings-dark-mutter]=settings-dark-mutter
  [i18n-he-desktop]=language-hebrew
  [i18n-he-container-held]=language-hebrew-container-swipe
  [i18n-fr-320-pushed]=language-french-320
)
for shot in "${!shots[@]}"; do
  [ -f "artifacts/$shot.png" ] || { echo "readme-images: artifacts/$shot.png missing (run make test)" >&2; exit 1; }
  cp "artifacts/$shot.png" "$out/${shots[$shot]}.png"
done

# libadwaita 1.2's window, the same size, on the same compositor.
adw=bench/adw-carousel/build/adw-carousel
[ -x "$adw" ] || make adw-carousel
runtime=$(mktemp -d); chmod 700 "$runtime"
trap 'kill $weston_pid $adw_pid 2>/dev/null || true; rm -rf "$runtime"' EXIT
env -u WAYLAND_DISPLAY -u DISPLAY XDG_RUNTIME_DIR="$runtime" weston --backend=headless-backend.so \
  --use-pixman --shell=desktop-shell.so --width=1280 --height=800 --socket=readme --idle-time=0 \
  --no-config --log="$runtime/weston.log" --modules="$PWD/meson-helpers/build/segue-test-plugin.so" &
weston_pid=$!
for _ in $(seq 50); do [ -S "$runtime/readme" ] && break; sleep 0.1; done
XDG_RUNTIME_DIR="$runtime" WAYLAND_DISPLAY=readme "$adw" --windowed >/dev/null 2>&1 &
adw_pid=$!
sleep 4
printf 'motion 1279 799\ncapture %s\n' "$PWD/$out/runs-on-weston-libadwaita.png" |
  XDG_RUNTIME_DIR="$runtime" WAYLAND_DISPLAY=readme meson-helpers/build/segue-inject >/dev/null
echo "readme-images: wrote $out/runs-on-*.png"
