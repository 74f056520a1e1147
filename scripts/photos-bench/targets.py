#!/usr/bin/env python3
"""Issue 32's targets against one photos-bench run (artifacts/photos-bench.json): each met or not,
with the measured figures. Prints a Markdown table; the medians are run.py's own (summarise)."""

import importlib.util
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("photos_bench_run", os.path.join(HERE, "run.py"))
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "..", "artifacts", "photos-bench.json")
    raw = json.load(open(path))
    groups = {}
    for r in raw:
        groups.setdefault((r["viewer"], r["size"], bool(r.get("grid"))), []).append(r)
    s = {key: bench.summarise(runs, 0) for key, runs in groups.items()}
    sizes = sorted({r["size"] for r in raw})
    small, large = sizes[0], sizes[-1]

    def fig(viewer, size, grid, key):
        return s.get((viewer, size, grid), {}).get(key)

    rows = []

    def ratio_row(target, what, a, b, limit):
        if a is None or b is None or b == 0:
            rows.append((target, "not measured", what))
            return
        r = a / b
        rows.append((target, "met" if r <= limit else "not met", "%s: %.2f× (%.3g ÷ %.3g)" % (what, r, a, b)))

    big = "{:,}".format(large)
    # Per frame, flat in the folder's size: the main thread's cost, then the process's with its
    # decoders, for the grid's continuous scroll and the page's zoom.
    for name, grid, phase, how in [("scroll", True, "scroll", "continuous scroll"),
                                   ("zoom", False, "zoom", "double-click zoom in and out")]:
        for suffix, key, measure in [("", "main_cpu_ms_per_frame", "the main thread's CPU per frame the app drew"),
                                     (", decoding included", "cpu_viewer_ms_per_frame",
                                      "the whole process's CPU (decoders too) per frame weston repainted")]:
            ratio_row("%s cost per frame flat%s: %s within 1.2× of %s" % (name, suffix, big, small),
                      "%s, %s, %s ÷ %s files" % (how, measure, big, small),
                      fig("segue", large, grid, phase + "_" + key), fig("segue", small, grid, phase + "_" + key), 1.2)
    ratio_row("RSS at %s within 1.5× of %s (grid, after scrolling)" % ("{:,}".format(large), small),
              "Segue Photos' RSS after the wheel turns", fig("segue", large, True, "rss_paged_mb"),
              fig("segue", small, True, "rss_paged_mb"), 1.5)
    ratio_row("RSS at %s within 1.5× of %s (paging)" % ("{:,}".format(large), small),
              "Segue Photos' RSS after paging", fig("segue", large, False, "rss_paged_mb"),
              fig("segue", small, False, "rss_paged_mb"), 1.5)
    for size in sizes:
        ratio_row("open a picture in ≤ 0.5× Loupe's time (%s files)" % "{:,}".format(size),
                  "launch → picture shown, Segue Photos ÷ Loupe", fig("segue", size, False, "launch_picture_ms"),
                  fig("loupe", size, False, "launch_picture_ms"), 0.5)
    for size in sizes:
        target = "no frame over 2 periods while thumbnails stream in (%s files)" % "{:,}".format(size)
        counts = [fig("segue", size, True, "scroll_over_two"), fig("segue", size, True, "app_frames_over_two_periods"),
                  fig("segue", size, False, "app_frames_over_two_periods"), fig("segue", size, False, "zoom_over_two")]
        if None in counts:
            rows.append((target, "not measured", "no --stats figures in this run"))
        else:
            rows.append((target, "met" if max(counts) == 0 else "not met",
                         "worst run: %d in the continuous scroll, %d over the whole grid run, %d over the whole "
                         "paging run, %d in its zoom (the app's own count)" % tuple(counts)))
    print("| target | | measured |")
    print("|---|---|---|")
    for target, verdict, measured in rows:
        print("| %s | %s | %s |" % (target, verdict, measured))


if __name__ == "__main__":
    main()
