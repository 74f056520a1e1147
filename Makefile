# Segue — set-up and everyday commands. Both `make demo` and `make test` work on a fresh
# Debian bookworm machine as root: they install what they need first.

SWIFT ?= swift
APT_PACKAGES = libwayland-dev libwayland-bin wayland-protocols libxkbcommon-dev libcairo2-dev \
	libpango1.0-dev weston libweston-10-dev meson ninja-build fonts-dejavu-core pkg-config
HELPERS = meson-helpers/build

.PHONY: deps helpers build test demo protocols check-protocols clean adw-carousel bench-adw

## Installs the Debian packages (skipped when all are present).
deps:
	@if ! dpkg -s $(APT_PACKAGES) >/dev/null 2>&1; then \
		apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y $(APT_PACKAGES); \
	fi

## Builds the weston test plugin and the input driver.
helpers: deps
	@[ -f $(HELPERS)/build.ninja ] || meson setup $(HELPERS) meson-helpers
	ninja -C $(HELPERS)

build: deps
	$(SWIFT) build

## Unit, render and end-to-end tests (the e2e tests run the real app in headless weston).
test: helpers check-protocols build
	$(SWIFT) test

## Opens the demo in your Wayland session, or runs the headless tour when there is none.
demo: helpers build
	@if [ -n "$$WAYLAND_DISPLAY" ] && [ -S "$${XDG_RUNTIME_DIR}/$$WAYLAND_DISPLAY" -o -S "$$WAYLAND_DISPLAY" ]; then \
		$(SWIFT) run segue-demo; \
	else \
		echo "No Wayland session: running the headless tour (weston + real drags)."; \
		$(SWIFT) run segue-tour; \
	fi

## Regenerates the protocol glue; check-protocols fails if it drifted from the XML.
protocols:
	scripts/generate-protocols.sh

check-protocols: deps
	scripts/generate-protocols.sh --check

## The libadwaita peer for the side-by-side swipe benchmark (issue 6). Not part of `make test`
## or CI: it installs libadwaita-1-dev (Debian bookworm: 1.2.2) only when asked for.
ADW_CAROUSEL = bench/adw-carousel/build/adw-carousel
adw-carousel: $(ADW_CAROUSEL)
$(ADW_CAROUSEL): bench/adw-carousel/adw-carousel.c
	@pkg-config --exists libadwaita-1 || { apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y libadwaita-1-dev; }
	@mkdir -p $(dir $@)
	$(CC) -O2 -g -Wall -Wextra -rdynamic $< $$(pkg-config --cflags --libs libadwaita-1 wayland-client) -o $@

## libadwaita's AdwCarousel and segue-demo's tab swipe, the same injected drag in the same
## headless weston set-up, one run: client CPU per frame of each and the ratio.
bench-adw: helpers $(ADW_CAROUSEL)
	$(SWIFT) build -c release --product segue-demo
	$(SWIFT) build --product segue-perf
	SEGUE_BIN_DIR=.build/release .build/debug/segue-perf --peer adw

clean:
	rm -rf .build $(HELPERS) artifacts bench/adw-carousel/build
