# Segue — set-up and everyday commands. Both `make demo` and `make test` work on a fresh
# Debian bookworm machine as root: they install what they need first.

SWIFT ?= swift
## Release builds carry the Swift runtime inside the binary: nothing to find on the library path
## once installed, and measured against the shared runtime (5 launches each, the same weston):
## launch → first frame 5-8 ms sooner, about 2.5 MB less RSS (fewer pages relocated and touched).
## Every release build uses the same flags, so they share one build directory.
RELEASE = -c release --static-swift-stdlib
APT_PACKAGES = libwayland-dev libwayland-bin wayland-protocols libxkbcommon-dev libcairo2-dev \
	libpango1.0-dev libsystemd-dev weston libweston-10-dev meson ninja-build fonts-dejavu-core pkg-config \
	gettext libjpeg62-turbo-dev libpng-dev libwebp-dev
## What only the tests need: the other compositors the e2e suites run the app in (sway, mutter,
## KWin) with their screenshot and input tools, the validators of assets/, and at-spi2-core,
## pyatspi and Orca (with the Xwayland and X tools Orca runs at start) for the accessibility suites.
TEST_PACKAGES = sway grim wtype \
	mutter pipewire pipewire-bin wireplumber gstreamer1.0-pipewire gstreamer1.0-tools \
	gstreamer1.0-plugins-good python3-dbus python3-gi dbus-daemon \
	kwin-wayland breeze plasma-wayland-protocols \
	desktop-file-utils appstream \
	at-spi2-core python3-pyatspi orca xwayland x11-xkb-utils x11-xserver-utils
HELPERS = meson-helpers/build

.PHONY: print-packages deps test-deps helpers build translations merge-asset-translations test demo protocols check-protocols clean adw-carousel bench-adw bench-adw-scale2 bench-adw-mutter bench-adw-mutter48 bench-photos \
	release install uninstall check-assets test-asan examples docs trixie-root test-desktops check-architecture check-doc-blocks \
	photos release-photos

## The one list of Debian packages, for .ci/run (which installs them on a fresh machine).
print-packages:
	@echo $(APT_PACKAGES) $(TEST_PACKAGES)

## Installs the Debian packages (skipped when all are present).
deps:
	@if ! dpkg -s $(APT_PACKAGES) >/dev/null 2>&1; then \
		apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y $(APT_PACKAGES); \
	fi

## The test-only packages (skipped when all are present).
test-deps: deps
	@if ! dpkg -s $(TEST_PACKAGES) >/dev/null 2>&1; then \
		apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y $(TEST_PACKAGES); \
	fi

## Builds the weston test plugin and the input drivers.
helpers: deps
	@[ -f $(HELPERS)/build.ninja ] || meson setup $(HELPERS) meson-helpers
	ninja -C $(HELPERS)

build: deps translations
	$(SWIFT) build

## The translations (GNU gettext): po/DOMAIN/LANG.po compiled by msgfmt into
## .build/locale/LANG/LC_MESSAGES/DOMAIN.mo, where an uninstalled build finds them; `install`
## puts them under $(PREFIX)/share/locale. Domains: segue (the toolkit's strings), segue-demo
## (the demo's) and segue-photos (Segue Photos'); languages: po/DOMAIN/LINGUAS.
TEXT_DOMAINS = segue segue-demo segue-photos
LOCALE_BUILD = .build/locale
CATALOGUES = $(foreach d,$(TEXT_DOMAINS),$(foreach l,$(shell cat po/$(d)/LINGUAS),$(LOCALE_BUILD)/$(l)/LC_MESSAGES/$(d).mo))
translations: $(CATALOGUES)
.SECONDEXPANSION:
$(LOCALE_BUILD)/%.mo: po/$$(notdir $$*)/$$(firstword $$(subst /, ,$$*)).po | deps
	@mkdir -p $(dir $@)
	msgfmt --check -o $@ po/$(notdir $*)/$(firstword $(subst /, ,$*)).po

## The Debian 13 (trixie) root of the second e2e lane (docs/TRIXIE-LANE.md): weston 14, sway 1.10,
## mutter 48 and KWin 6.3 in a debootstrapped root at SEGUE_TRIXIE_ROOT (default
## /var/lib/segue/trixie), mounted, with the weston 14 test module built inside. Made once
## (about 4 min from scratch, network-bound; 2.0 GB), then reused: a ready root costs 0.4 s.
trixie-root:
	scripts/trixie-root.sh

## Unit, render and end-to-end tests (the e2e tests run the real app in headless weston, sway,
## mutter and KWin: Debian 12's on this machine, and Debian 13's in the trixie root, whose whole
## matrix, TrixieDesktopsE2ETests, takes about a minute). KWin's input driver is built only once
## plasma-wayland-protocols is there.
test: test-deps helpers check-protocols check-assets check-architecture check-doc-blocks build translations examples docs trixie-root
	@[ -x $(HELPERS)/segue-kwin-input ] || { meson setup --reconfigure $(HELPERS) meson-helpers && ninja -C $(HELPERS); }
	$(SWIFT) test
	scripts/check-kwin-icon.py .build/debug/segue-demo

## The Debian 13 lane alone: the app in weston 14, sway 1.10, mutter 48 and KWin 6.3 (the same
## suite `make test` runs among the others).
test-desktops: test-deps helpers trixie-root build translations
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --disable-xctest --filter TrixieDesktopsE2ETests

## docs/ARCHITECTURE.md's module table against Package.swift's targets and dependencies, and
## every target's `import` lines against its row (scripts/check-architecture.py).
check-architecture:
	scripts/check-architecture.py

## Every code block of README.md and the DocC catalogs is either compiled (found line for line in
## Examples/Sources, e.g. doc-examples, or in a test) or marked sh, text or json.
check-doc-blocks:
	scripts/check-doc-blocks.py

## AddressSanitizer (and LeakSanitizer) build in its own scratch path, so it never thrashes the
## normal one: the offscreen suites, then the e2e fuzz (3 seeds) and the seat and output
## hot-plug suite (objects whose global went away) against the ASan segue-demo, one after the
## other: three fuzzing westons beside the hot-plug weston, all under ASan, starved its held drag.
## Leak reports are limited to the project's code by scripts/lsan.supp (system libraries only);
## ASAN_LEAKS=0 checks memory errors alone. Each fuzz run ends the app with Ctrl+Q, so its exit
## status carries the app's own leak check. No XCTest pass (there are no XCTest tests, and its
## runner's weak side tables would read as leaks).
## The fuzz's memory-growth check is off here: ASan's quarantine keeps freed memory resident.
ASAN_BUILD = .build/asan
ASAN_LEAKS ?= 1
ASAN_ENV = ASAN_OPTIONS=detect_leaks=$(ASAN_LEAKS) \
	LSAN_OPTIONS=suppressions=$(CURDIR)/scripts/lsan.supp:print_suppressions=0
test-asan: helpers check-protocols
	$(SWIFT) build --build-tests --sanitize=address --scratch-path $(ASAN_BUILD)
	$(ASAN_ENV) $(SWIFT) test --skip-build --disable-xctest --sanitize=address --scratch-path $(ASAN_BUILD) \
		--filter 'MotionTests|CanvasTests|SegueTests|DemosTests|UIKitConformanceTests|FuzzToolTests'
	SEGUE_BIN_DIR=$(ASAN_BUILD)/debug SEGUE_FUZZ_RSS_LIMIT=0 $(ASAN_ENV) \
		$(SWIFT) test --skip-build --disable-xctest --no-parallel --sanitize=address --scratch-path $(ASAN_BUILD) --filter 'FuzzE2ETests|HotplugE2ETests'

## The DocC documentation of the library modules (the catalog is Sources/Segue/Segue.docc);
## fails on any DocC warning. Archives land in .build/plugins/Swift-DocC/outputs/.
## Then scripts/check-doc-coverage.py reads the symbol graphs DocC was built from and fails
## when a public or open declaration of these modules has no `///` comment.
DOC_TARGETS = Segue Geometry Motion Canvas SegueDiagnostics SegueKit SegueWayland SegueTesting
docs: deps
	@for target in $(DOC_TARGETS); do \
		log=$$($(SWIFT) package --disable-sandbox generate-documentation --target $$target 2>&1) || { echo "$$log"; exit 1; }; \
		warnings=$$(echo "$$log" | grep 'warning:' | grep -v 'prohibited flag' || true); \
		if [ -n "$$warnings" ]; then echo "$$warnings"; echo "docs: DocC warnings in $$target"; exit 1; fi; \
		echo "docs: $$target built without warnings"; \
	done
	scripts/check-doc-coverage.py $(DOC_TARGETS)

## Examples/: an app in a package of its own that depends on Segue by path (ExamplesE2ETests runs it).
## SwiftPM's build of a path dependency went stale when files were added to the root package
## (seen twice: a new file not found, and a hello-segue mixing objects built against an older
## View layout, crashing at launch; and again when a member added to View shifted its vtable),
## so the examples' build starts afresh whenever Segue's source files or their contents change.
examples: deps
	@list=$$(find Sources Package.swift -type f | LC_ALL=C sort | xargs cksum | cksum); \
	if [ "$$(cat Examples/.build/segue-sources 2>/dev/null)" != "$$list" ]; then \
		rm -rf Examples/.build; mkdir -p Examples/.build; echo "$$list" > Examples/.build/segue-sources; fi
	$(SWIFT) build --package-path Examples

## Opens the demo in your Wayland session, or runs the headless tour when there is none.
demo: helpers build
	@if [ -n "$$WAYLAND_DISPLAY" ] && [ -S "$${XDG_RUNTIME_DIR}/$$WAYLAND_DISPLAY" -o -S "$$WAYLAND_DISPLAY" ]; then \
		$(SWIFT) run segue-demo; \
	else \
		echo "No Wayland session: running the headless tour (weston + real drags)."; \
		$(SWIFT) run segue-tour; \
	fi

## Opens Segue Photos in your Wayland session: PHOTOS_ARGS="DIR|FILE…" (default: the pictures folder).
photos: deps build
	$(SWIFT) run segue-photos $(PHOTOS_ARGS)

## Regenerates the protocol glue; check-protocols fails if it drifted from the XML.
protocols:
	scripts/generate-protocols.sh

check-protocols: deps
	scripts/generate-protocols.sh --check

## Installs the release binary, the desktop entry, the icons and the AppStream metainfo under
## $(DESTDIR)$(PREFIX); `uninstall` removes exactly those files. INSTALL_BINARY=FILE installs
## FILE as bin/segue-demo instead of building the release binary (scripts/check-assets.sh uses it).
PREFIX ?= /usr/local
APP_ID = org.segue.Demo
RELEASE_BINARY = .build/release/segue-demo
INSTALL_BINARY ?= $(RELEASE_BINARY)
INSTALLED = $(PREFIX)/bin/segue-demo \
	$(PREFIX)/share/applications/$(APP_ID).desktop \
	$(PREFIX)/share/icons/hicolor/scalable/apps/$(APP_ID).svg \
	$(PREFIX)/share/icons/hicolor/symbolic/apps/$(APP_ID)-symbolic.svg \
	$(PREFIX)/share/metainfo/$(APP_ID).metainfo.xml \
	$(patsubst $(LOCALE_BUILD)/%,$(PREFIX)/share/locale/%,$(CATALOGUES))
## Segue Photos beside the demo; PHOTOS_INSTALL_BINARY=FILE as INSTALL_BINARY for it.
PHOTOS_APP_ID = org.segue.Photos
PHOTOS_INSTALL_BINARY ?= .build/release/segue-photos
INSTALLED += $(PREFIX)/bin/segue-photos \
	$(PREFIX)/share/applications/$(PHOTOS_APP_ID).desktop \
	$(PREFIX)/share/icons/hicolor/scalable/apps/$(PHOTOS_APP_ID).svg \
	$(PREFIX)/share/icons/hicolor/symbolic/apps/$(PHOTOS_APP_ID)-symbolic.svg \
	$(PREFIX)/share/metainfo/$(PHOTOS_APP_ID).metainfo.xml
# Refreshes the icon and desktop caches of a live install (not of a staged DESTDIR one).
REFRESH_CACHES = if [ -z "$(DESTDIR)" ]; then \
		if command -v gtk-update-icon-cache >/dev/null; then \
			gtk-update-icon-cache -q -t -f "$(PREFIX)/share/icons/hicolor" || true; fi; \
		if command -v update-desktop-database >/dev/null; then \
			update-desktop-database -q "$(PREFIX)/share/applications" || true; fi; \
	fi

release: deps
	$(SWIFT) build $(RELEASE) --product segue-demo

release-photos: deps
	$(SWIFT) build $(RELEASE) --product segue-photos

install: $(if $(filter file,$(origin INSTALL_BINARY)),release) $(if $(filter file,$(origin PHOTOS_INSTALL_BINARY)),release-photos)
	install -Dm755 "$(INSTALL_BINARY)" "$(DESTDIR)$(PREFIX)/bin/segue-demo"
	install -Dm644 assets/$(APP_ID).desktop "$(DESTDIR)$(PREFIX)/share/applications/$(APP_ID).desktop"
	install -Dm644 assets/icons/hicolor/scalable/apps/$(APP_ID).svg \
		"$(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps/$(APP_ID).svg"
	install -Dm644 assets/icons/hicolor/symbolic/apps/$(APP_ID)-symbolic.svg \
		"$(DESTDIR)$(PREFIX)/share/icons/hicolor/symbolic/apps/$(APP_ID)-symbolic.svg"
	install -Dm644 assets/$(APP_ID).metainfo.xml "$(DESTDIR)$(PREFIX)/share/metainfo/$(APP_ID).metainfo.xml"
	@$(MAKE) -s translations
	@for mo in $(CATALOGUES); do install -Dm644 "$$mo" "$(DESTDIR)$(PREFIX)/share/locale/$${mo#$(LOCALE_BUILD)/}"; done
	install -Dm755 "$(PHOTOS_INSTALL_BINARY)" "$(DESTDIR)$(PREFIX)/bin/segue-photos"
	install -Dm644 assets/$(PHOTOS_APP_ID).desktop "$(DESTDIR)$(PREFIX)/share/applications/$(PHOTOS_APP_ID).desktop"
	install -Dm644 assets/icons/hicolor/scalable/apps/$(PHOTOS_APP_ID).svg \
		"$(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps/$(PHOTOS_APP_ID).svg"
	install -Dm644 assets/icons/hicolor/symbolic/apps/$(PHOTOS_APP_ID)-symbolic.svg \
		"$(DESTDIR)$(PREFIX)/share/icons/hicolor/symbolic/apps/$(PHOTOS_APP_ID)-symbolic.svg"
	install -Dm644 assets/$(PHOTOS_APP_ID).metainfo.xml "$(DESTDIR)$(PREFIX)/share/metainfo/$(PHOTOS_APP_ID).metainfo.xml"
	@$(REFRESH_CACHES)

uninstall:
	rm -f $(foreach f,$(INSTALLED),"$(DESTDIR)$(f)")
	@$(REFRESH_CACHES)

## The desktop entries and the metainfo with their translations merged in, the demo's from
## po/segue-demo and Segue Photos' from po/segue-photos (msgfmt --desktop and --xml, on the
## templates assets/*.in); the merged files are committed, so installing needs neither gettext's
## ITS rules nor appstream, and check-assets fails when they are stale.
merge-asset-translations:
	msgfmt --desktop --template=assets/$(APP_ID).desktop.in -d po/segue-demo -o assets/$(APP_ID).desktop
	msgfmt --xml --template=assets/$(APP_ID).metainfo.xml.in -d po/segue-demo -o assets/$(APP_ID).metainfo.xml
	msgfmt --desktop --template=assets/$(PHOTOS_APP_ID).desktop.in -d po/segue-photos -o assets/$(PHOTOS_APP_ID).desktop
	msgfmt --xml --template=assets/$(PHOTOS_APP_ID).metainfo.xml.in -d po/segue-photos -o assets/$(PHOTOS_APP_ID).metainfo.xml

## Validates the desktop entry, the metainfo and the icons, then installs into a scratch DESTDIR
## (with a stand-in binary) and uninstalls again, checking the files each time.
check-assets: test-deps
	scripts/check-assets.sh

## The libadwaita peer for the side-by-side swipe benchmark (issue 6). Not part of `make test`
## or CI: it installs libadwaita-1-dev (Debian bookworm: 1.2.2) only when asked for.
ADW_CAROUSEL = bench/adw-carousel/build/adw-carousel
adw-carousel: $(ADW_CAROUSEL)
$(ADW_CAROUSEL): bench/adw-carousel/adw-carousel.c
	@pkg-config --exists libadwaita-1 || { apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y libadwaita-1-dev; }
	@mkdir -p $(dir $@)
	$(CC) -O2 -g -Wall -Wextra -rdynamic $< $$(pkg-config --cflags --libs libadwaita-1 wayland-client) -o $@

## libadwaita's AdwCarousel and segue-demo's tab swipe, the same injected drag in the same
## headless weston set-up, one run: client CPU per frame of each and the ratio, and beside them
## the copy floor (meson-helpers/segue-copy-floor: one full-window memcpy per frame), over
## which segue-demo's client CPU per frame is the summary line's client/floor.
bench-adw: helpers $(ADW_CAROUSEL)
	$(SWIFT) build $(RELEASE) --product segue-demo
	$(SWIFT) build --product segue-perf
	SEGUE_BIN_DIR=.build/release .build/debug/segue-perf --peer adw

## The same side by side at output scale 2 (weston, 2560×1600 device pixels).
bench-adw-scale2: helpers $(ADW_CAROUSEL)
	$(SWIFT) build $(RELEASE) --product segue-demo
	$(SWIFT) build --product segue-perf
	SEGUE_BIN_DIR=.build/release .build/debug/segue-perf --peer adw --scale 2

## The same side by side in headless mutter 43 (apt-get install mutter pipewire-bin wireplumber
## gstreamer1.0-pipewire gstreamer1.0-tools python3-dbus python3-gi).
bench-adw-mutter: helpers $(ADW_CAROUSEL)
	$(SWIFT) build $(RELEASE) --product segue-demo
	$(SWIFT) build --product segue-perf
	SEGUE_BIN_DIR=.build/release .build/debug/segue-perf --peer adw --compositor mutter

## The same side by side in mutter 48, in the Debian 13 lane's root (make trixie-root): its
## headless mutter offers dmabuf, so segue-demo promotes its layers by default there; the
## third side runs it with SEGUE_SUBSURFACES=0.
bench-adw-mutter48: helpers trixie-root $(ADW_CAROUSEL)
	$(SWIFT) build $(RELEASE) --product segue-demo
	$(SWIFT) build --product segue-perf
	SEGUE_BIN_DIR=.build/release .build/debug/segue-perf --peer adw --compositor mutter48

## Photo viewers side by side (issue 32): Eye of GNOME 43 (this host) and Loupe 48 (Debian 13, from
## the trixie root), and Segue Photos (this tree's release build, or SEGUE_PHOTOS=path), each in its own
## headless weston driven by the test module: launch, paging with the Right key, RSS, CPU; folders
## of 100, 1,000 and 10,000 JPEGs (docs/PHOTOS-BENCH.md). Not part of `make test` or CI: it installs
## eog and python3-pil here, and loupe in the root, only when asked for. About 15 minutes; the table
## goes to stdout and artifacts/photos-bench.md. PHOTOS_BENCH_ARGS passes options (--runs, --sizes).
bench-photos: helpers trixie-root release-photos
	@dpkg -s eog python3-pil dbus-daemon >/dev/null 2>&1 || { apt-get update && \
		DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends eog python3-pil dbus-daemon; }
	@root=$${SEGUE_TRIXIE_ROOT:-/var/lib/segue/trixie}; chroot $$root dpkg -s loupe >/dev/null 2>&1 || \
		flock $$root.lock chroot $$root sh -c 'apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends loupe'
	SEGUE_PHOTOS=$${SEGUE_PHOTOS:-$(CURDIR)/.build/release/segue-photos} /usr/bin/python3 scripts/photos-bench/run.py $(PHOTOS_BENCH_ARGS)

clean:
	rm -rf .build $(HELPERS) artifacts bench/adw-carousel/build
