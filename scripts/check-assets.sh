#!/usr/bin/env bash
# Checks the desktop integration files in assets/: the desktop entry and the AppStream metainfo
# pass their validators, the icons are well-formed SVG, and `make install` / `make uninstall`
# put exactly the expected files under DESTDIR/PREFIX and take them all away again. A stand-in
# binary is installed (INSTALL_BINARY), so no release build is needed. Any failure ends the
# script with a non-zero status and one "check-assets: FAIL: ..." line.
set -euo pipefail
cd "$(dirname "$0")/.."

app=org.segue.Demo
desktop=assets/$app.desktop
metainfo=assets/$app.metainfo.xml
icon=assets/icons/hicolor/scalable/apps/$app.svg
symbolic=assets/icons/hicolor/symbolic/apps/$app-symbolic.svg

fail() { echo "check-assets: FAIL: $*" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for tool in desktop-file-validate appstreamcli msgfmt python3 make install; do
  command -v "$tool" >/dev/null || fail "$tool is not installed (make deps installs it)"
done
for f in "$desktop" "$metainfo" "$icon" "$symbolic"; do
  [ -f "$f" ] || fail "$f is missing"
done

# A committed desktop entry and metainfo are their templates with a text domain's translations
# merged in (make merge-asset-translations): regenerating them changes nothing, and every
# language of the domain has a comment and a summary.
check_merged() {  # DESKTOP METAINFO PO-DIRECTORY
  local desktop_file=$1 metainfo_file=$2 po=$3 stem
  stem=$tmp/$(basename "$desktop_file" .desktop)
  msgfmt --desktop --template="$desktop_file.in" -d "$po" -o "$stem.desktop" ||
    fail "msgfmt cannot merge the translations into $desktop_file.in"
  msgfmt --xml --template="$metainfo_file.in" -d "$po" -o "$stem.metainfo.xml" ||
    fail "msgfmt cannot merge the translations into $metainfo_file.in"
  cmp -s "$stem.desktop" "$desktop_file" || fail "$desktop_file is stale: run make merge-asset-translations"
  cmp -s "$stem.metainfo.xml" "$metainfo_file" || fail "$metainfo_file is stale: run make merge-asset-translations"
  for lang in $(cat "$po/LINGUAS"); do
    grep -q "^Comment\[$lang\]=" "$desktop_file" || fail "$desktop_file has no $lang comment"
    grep -q "<summary xml:lang=\"$lang\">" "$metainfo_file" || fail "$metainfo_file has no $lang summary"
  done
}
check_merged "$desktop" "$metainfo" po/segue-demo

# desktop-file-validate exits 0 on hints; any message at all fails here.
if ! out=$(desktop-file-validate "$desktop" 2>&1) || [ -n "$out" ]; then
  echo "$out" >&2
  fail "desktop-file-validate rejects $desktop"
fi
# --strict fails on every issue it reports (errors, warnings and infos).
if ! out=$(appstreamcli validate --no-net --strict "$metainfo" 2>&1); then
  echo "$out" >&2
  fail "appstreamcli validate rejects $metainfo"
fi

# Names that must agree with each other and with the app id the window sets (xdg_toplevel.set_app_id):
# the compositor finds the desktop entry, and from it the icon, by that id.
key() { sed -n "s/^$1=//p" "$desktop"; }
[ "$(key Icon)" = "$app" ] || fail "$desktop: Icon=$(key Icon), expected $app"
[ "$(key Exec)" = "segue-demo" ] || fail "$desktop: Exec=$(key Exec), expected segue-demo"
grep -q "<id>$app</id>" "$metainfo" || fail "$metainfo: component id is not $app"
grep -q "<launchable type=\"desktop-id\">$app.desktop</launchable>" "$metainfo" ||
  fail "$metainfo: launchable is not $app.desktop"
grep -q "<binary>segue-demo</binary>" "$metainfo" || fail "$metainfo: does not provide binary segue-demo"

# Well-formed SVG with the icon grid's canvas; the symbolic icon uses a single colour.
python3 - "$icon" "0 0 128 128" "$symbolic" "0 0 16 16" <<'PY' || fail "the icons are not valid (see above)"
import re, sys, xml.etree.ElementTree as ET
ok = True
for path, box in zip(sys.argv[1::2], sys.argv[2::2]):
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as e:
        print(f"{path}: not well-formed XML: {e}", file=sys.stderr); ok = False; continue
    if root.tag != "{http://www.w3.org/2000/svg}svg":
        print(f"{path}: root element is {root.tag}, not an SVG <svg>", file=sys.stderr); ok = False
    if root.get("viewBox") != box:
        print(f"{path}: viewBox is {root.get('viewBox')!r}, expected {box!r}", file=sys.stderr); ok = False
    if path.endswith("-symbolic.svg"):
        colours = {v.lower() for el in root.iter() for a in ("fill", "stroke", "stop-color")
                   if (v := el.get(a)) and v != "none"}
        colours |= {c.lower() for c in re.findall(r"#[0-9a-fA-F]{3,6}", open(path).read())}
        if len(colours) != 1:
            print(f"{path}: a symbolic icon has one colour, found {sorted(colours)}", file=sys.stderr); ok = False
sys.exit(0 if ok else 1)
PY

# Segue Photos' entry, metainfo and icons: the same validators and names, and the picture types
# it opens (files come as %F, several at once).
photos=org.segue.Photos
photos_desktop=assets/$photos.desktop
photos_metainfo=assets/$photos.metainfo.xml
photos_icon=assets/icons/hicolor/scalable/apps/$photos.svg
photos_symbolic=assets/icons/hicolor/symbolic/apps/$photos-symbolic.svg
for f in "$photos_desktop" "$photos_metainfo" "$photos_icon" "$photos_symbolic"; do
  [ -f "$f" ] || fail "$f is missing"
done
# Its translations come from po/segue-photos, merged as the demo's are.
check_merged "$photos_desktop" "$photos_metainfo" po/segue-photos
if ! out=$(desktop-file-validate "$photos_desktop" 2>&1) || [ -n "$out" ]; then
  echo "$out" >&2
  fail "desktop-file-validate rejects $photos_desktop"
fi
if ! out=$(appstreamcli validate --no-net --strict "$photos_metainfo" 2>&1); then
  echo "$out" >&2
  fail "appstreamcli validate rejects $photos_metainfo"
fi
photos_key() { sed -n "s/^$1=//p" "$photos_desktop"; }
[ "$(photos_key Icon)" = "$photos" ] || fail "$photos_desktop: Icon=$(photos_key Icon), expected $photos"
[ "$(photos_key Exec)" = "segue-photos %F" ] || fail "$photos_desktop: Exec=$(photos_key Exec), expected 'segue-photos %F'"
[ "$(photos_key MimeType)" = "image/jpeg;image/png;image/webp;" ] ||
  fail "$photos_desktop: MimeType=$(photos_key MimeType), expected image/jpeg;image/png;image/webp;"
grep -q "<id>$photos</id>" "$photos_metainfo" || fail "$photos_metainfo: component id is not $photos"
grep -q "<launchable type=\"desktop-id\">$photos.desktop</launchable>" "$photos_metainfo" ||
  fail "$photos_metainfo: launchable is not $photos.desktop"
grep -q "<binary>segue-photos</binary>" "$photos_metainfo" || fail "$photos_metainfo: does not provide binary segue-photos"
python3 - "$photos_icon" "0 0 128 128" "$photos_symbolic" "0 0 16 16" <<'PY' || fail "the Photos icons are not valid (see above)"
import re, sys, xml.etree.ElementTree as ET
ok = True
for path, box in zip(sys.argv[1::2], sys.argv[2::2]):
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as e:
        print(f"{path}: not well-formed XML: {e}", file=sys.stderr); ok = False; continue
    if root.tag != "{http://www.w3.org/2000/svg}svg" or root.get("viewBox") != box:
        print(f"{path}: not an SVG with viewBox {box!r}", file=sys.stderr); ok = False
    if path.endswith("-symbolic.svg"):
        colours = {v.lower() for el in root.iter() for a in ("fill", "stroke", "stop-color")
                   if (v := el.get(a)) and v != "none"}
        colours |= {c.lower() for c in re.findall(r"#[0-9a-fA-F]{3,6}", open(path).read())}
        if len(colours) != 1:
            print(f"{path}: a symbolic icon has one colour, found {sorted(colours)}", file=sys.stderr); ok = False
sys.exit(0 if ok else 1)
PY

# Install and uninstall into a scratch DESTDIR (the translations' catalogues included), with the default PREFIX and with another one.
printf '#!/bin/sh\nexit 0\n' >"$tmp/segue-demo"
chmod 644 "$tmp/segue-demo"   # install must set the mode itself
cp "$tmp/segue-demo" "$tmp/segue-photos"
for prefix in /usr/local /usr; do
  dest=$tmp/dest$( [ "$prefix" = /usr/local ] && echo -default || echo -usr )
  args=(DESTDIR="$dest" INSTALL_BINARY="$tmp/segue-demo" PHOTOS_INSTALL_BINARY="$tmp/segue-photos")
  [ "$prefix" = /usr/local ] || args+=(PREFIX="$prefix")
  make -s --no-print-directory install "${args[@]}" >"$tmp/log" 2>&1 ||
    { cat "$tmp/log" >&2; fail "make install ${args[*]} failed"; }

  expected=$(printf '%s\n' \
    "$prefix/bin/segue-demo" \
    "$prefix/share/applications/$app.desktop" \
    "$prefix/share/icons/hicolor/scalable/apps/$app.svg" \
    "$prefix/share/icons/hicolor/symbolic/apps/$app-symbolic.svg" \
    "$prefix/share/metainfo/$app.metainfo.xml" \
    "$prefix/bin/segue-photos" \
    "$prefix/share/applications/$photos.desktop" \
    "$prefix/share/icons/hicolor/scalable/apps/$photos.svg" \
    "$prefix/share/icons/hicolor/symbolic/apps/$photos-symbolic.svg" \
    "$prefix/share/metainfo/$photos.metainfo.xml" \
    $(for domain in segue segue-demo segue-photos; do for lang in $(cat po/$domain/LINGUAS); do
        echo "$prefix/share/locale/$lang/LC_MESSAGES/$domain.mo"; done; done) | sort)
  actual=$(cd "$dest" && find . ! -type d | sed 's|^\.||' | sort)
  [ "$actual" = "$expected" ] || {
    diff <(echo "$expected") <(echo "$actual") >&2 || true
    fail "make install (PREFIX=$prefix) installed a different set of files (diff above: < expected, > installed)"
  }
  [ -f "$dest$prefix/share/icons/hicolor/scalable/apps/$(key Icon).svg" ] ||
    fail "make install: no scalable hicolor icon named after Icon=$(key Icon)"
  [ -x "$dest$prefix/bin/segue-demo" ] || fail "make install: bin/segue-demo is not executable"
  [ -x "$dest$prefix/bin/segue-photos" ] || fail "make install: bin/segue-photos is not executable"
  cmp -s "$desktop" "$dest$prefix/share/applications/$app.desktop" || fail "make install: the desktop entry differs from $desktop"
  while read -r f; do
    [ "$(stat -c %a "$dest$f")" = 644 ] || fail "make install: $f has mode $(stat -c %a "$dest$f"), expected 644"
  done < <(echo "$expected" | grep -v /bin/)

  # The installed tree as a whole: metainfo, desktop entry and icon found together.
  if ! out=$(appstreamcli validate-tree --no-net "$dest$prefix" 2>&1); then
    echo "$out" >&2
    fail "appstreamcli validate-tree rejects the installed tree (PREFIX=$prefix)"
  fi

  make -s --no-print-directory uninstall "${args[@]}" >"$tmp/log" 2>&1 ||
    { cat "$tmp/log" >&2; fail "make uninstall ${args[*]} failed"; }
  left=$(cd "$dest" && find . ! -type d | sed 's|^\.||')
  [ -z "$left" ] || { echo "$left" >&2; fail "make uninstall (PREFIX=$prefix) left files behind (listed above)"; }
done

echo "check-assets: OK (desktop entries, metainfo, icons of the demo and Photos; install and uninstall under /usr/local and /usr)"
