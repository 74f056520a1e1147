#!/usr/bin/env bash
# The Debian 13 (trixie) root the second e2e lane runs its compositors in (docs/TRIXIE-LANE.md).
#
#   scripts/trixie-root.sh            create or update the root, mount it, build the weston 14 module
#   scripts/trixie-root.sh mount      only the mounts (idempotent; what every test session calls)
#   scripts/trixie-root.sh umount     takes the mounts away (by hand, never while a test runs)
#   scripts/trixie-root.sh versions   the compositors' exact versions, one per line
#
# Root path: SEGUE_TRIXIE_ROOT (default /var/lib/segue/trixie). Every step is skipped when already
# done, so `make test` runs it each time and it costs about a second on a ready root.
set -euo pipefail
cd "$(dirname "$0")/.."

root=${SEGUE_TRIXIE_ROOT:-/var/lib/segue/trixie}
mirror=${SEGUE_TRIXIE_MIRROR:-http://deb.debian.org/debian}
# What the lane runs inside the root: the four compositors, their screenshot and input tools,
# mutter's screen-cast stack and D-Bus, and what building the weston 14 module needs.
packages=(
	mutter pipewire pipewire-bin wireplumber gstreamer1.0-pipewire gstreamer1.0-tools
	gstreamer1.0-plugins-good python3-dbus python3-gi gir1.2-glib-2.0 dbus dbus-daemon kwin-wayland
	breeze plasma-wayland-protocols sway grim wtype weston fonts-dejavu-core xkb-data libgl1-mesa-dri
	libegl-mesa0 libgbm1 libweston-14-dev libwayland-dev wayland-protocols meson ninja-build gcc
	pkg-config libc6-dev libcairo2-dev libpixman-1-dev
)
# The packages whose versions the lane records (docs/TRIXIE-LANE.md, artifacts/trixie-versions.txt).
compositors=(mutter kwin-wayland sway weston)

say() { echo "trixie-root: $*"; }
fail() { echo "trixie-root: FAIL: $*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || fail "must run as root (debootstrap, chroot and mount need it)"

# Test sessions call `mount` concurrently: one at a time, and a mount that is there stays
# (nothing here unmounts behind a running session's back).
mount_all() {
	exec 9>"$root/.segue-mount.lock"
	flock 9
	local dir
	for dir in proc sys dev dev/pts dev/shm; do
		mkdir -p "$root/$dir"
		mountpoint -q "$root/$dir" && continue
		case $dir in
			proc) mount -t proc proc "$root/proc" ;;
			sys) mount --rbind /sys "$root/sys" && mount --make-rslave "$root/sys" ;;
			*) mount --bind "/$dir" "$root/$dir" ;;
		esac
	done
	flock -u 9
}

umount_all() {
	local dir
	for dir in dev/shm dev/pts dev sys proc; do
		mountpoint -q "$root/$dir" && umount -R "$root/$dir"
	done
	return 0
}

versions() {
	local package
	for package in "${compositors[@]}"; do
		chroot "$root" dpkg-query -W -f='${Package} ${Version}\n' "$package"
	done
}

case ${1:-} in
	mount) mount_all; exit 0 ;;
	umount) umount_all; exit 0 ;;
	versions) versions; exit 0 ;;
	"") ;;
	*) fail "unknown action '$1' (none, mount, umount or versions)" ;;
esac

# One run at a time (CI starts one in the background and `make test` another): the second waits
# for the first and then finds everything done.
mkdir -p "$(dirname "$root")"
exec 8>"$root.lock"
flock 8

if [ ! -x "$root/usr/bin/apt-get" ]; then
	command -v debootstrap >/dev/null || {
		apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y debootstrap
	}
	say "debootstrap trixie into $root (a few minutes)"
	mkdir -p "$root"
	debootstrap --variant=minbase trixie "$root" "$mirror"
fi

# No package may start a daemon inside the root.
printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
chmod 755 "$root/usr/sbin/policy-rc.d"
cp -L /etc/resolv.conf "$root/etc/resolv.conf"
mount_all

if ! chroot "$root" dpkg -s "${packages[@]}" >/dev/null 2>&1; then
	say "installing the lane's packages into $root"
	chroot "$root" apt-get update
	chroot "$root" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${packages[@]}"
fi

# The weston 14 test module, built inside the root against its libweston-14 from the same
# sources as the host's weston 10 module (meson option libweston=14). The copy keeps the files'
# times, so ninja rebuilds only what changed.
src="$root/opt/segue/src"
rm -rf "$src"
mkdir -p "$src"
cp -a meson-helpers "$src/meson-helpers"
rm -rf "$src/meson-helpers/build"
cp -a protocols "$src/protocols"
if [ ! -f "$root/opt/segue/build/build.ninja" ]; then
	chroot "$root" meson setup -Dlibweston=14 /opt/segue/build /opt/segue/src/meson-helpers
fi
# ninja goes by times, and the copies keep their checkout's: sources copied from another
# checkout (another worktree, an older commit) may be older than the module built from a
# newer one (meson.build too, which ninja would otherwise not re-read). So the sources'
# digest decides: when it is not the one the module was built from, the build is
# reconfigured and everything rebuilt.
digest=$(cd "$src" && find meson-helpers protocols -type f | LC_ALL=C sort | xargs sha256sum | sha256sum | cut -d' ' -f1)
stamp="$root/opt/segue/build/.sources-digest"
if [ "$(cat "$stamp" 2>/dev/null)" != "$digest" ]; then
	chroot "$root" meson setup --reconfigure -Dlibweston=14 /opt/segue/build /opt/segue/src/meson-helpers >/dev/null
	chroot "$root" ninja -C /opt/segue/build -t clean >/dev/null
fi
chroot "$root" ninja -C /opt/segue/build segue-test-plugin.so
echo "$digest" > "$stamp"
versions
say "ready: $root"
