#!/usr/bin/env python3
"""Counts how far each tutorial port in Tests/TutorialPortsTests/Ports strays from the tutorial's
own text in Tests/TutorialPortsTests/Originals (issue 25).

Each port `Ports/NAME.swift` is compared with `Originals/NAME.swift.txt`, line by line, after
dropping from both: blank lines, `import` lines, and the port's leading `//` header (the comment
that names the tutorial and lists the changes). Leading and trailing whitespace is ignored.

A port line is
  - unchanged: the original line as printed;
  - prefix only: the original line with the UIKit/Core Graphics/Core Animation prefixes dropped
    (`UIView` → `View`, `CGRect` → `Rect`, `CATransform3DIdentity` → `Transform3DIdentity`);
  - other: anything else (a line changed otherwise, added or removed).

Prints a table per class and the total, and exits 1 when the other changes exceed 10 % of the
original lines in total (`--limit` to change it). `--list` prints every other change.
"""

import argparse
import difflib
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
PORTS = ROOT / "Tests" / "TutorialPortsTests" / "Ports"
ORIGINALS = ROOT / "Tests" / "TutorialPortsTests" / "Originals"
PREFIX = re.compile(r"\b(?:UI|CG|CA)(?=[A-Z])")


def code_lines(path, strip_header):
    """(line number, stripped text) of the lines that count."""
    lines = path.read_text(encoding="utf-8").splitlines()
    result = []
    in_header = strip_header
    for number, raw in enumerate(lines, 1):
        text = raw.strip()
        if in_header:
            if text.startswith("//") or not text:
                continue
            in_header = False
        if not text or re.match(r"^(@testable\s+)?import\s", text):
            continue
        result.append((number, text))
    return result


def drop_prefixes(text):
    return PREFIX.sub("", text)


def compare(original, port):
    """Counts and the list of other changes for one class."""
    o_text = [drop_prefixes(t) for _, t in original]
    p_text = [t for _, t in port]
    unchanged = prefix_only = 0
    others = []
    matcher = difflib.SequenceMatcher(a=o_text, b=p_text, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            for k in range(i2 - i1):
                if original[i1 + k][1] == port[j1 + k][1]:
                    unchanged += 1
                else:
                    prefix_only += 1
            continue
        pairs = min(i2 - i1, j2 - j1)
        for k in range(pairs):
            others.append(("changed", original[i1 + k], port[j1 + k]))
        for k in range(pairs, i2 - i1):
            others.append(("removed", original[i1 + k], None))
        for k in range(pairs, j2 - j1):
            others.append(("added", None, port[j1 + k]))
    return unchanged, prefix_only, others


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=float, default=10.0, help="percent of other changes allowed in total")
    parser.add_argument("--list", action="store_true", help="print every other change")
    args = parser.parse_args()

    ports = sorted(PORTS.glob("*.swift"))
    if not ports:
        print(f"count-port-changes: no ports in {PORTS}", file=sys.stderr)
        return 1
    total_lines = total_prefix = total_other = 0
    print(f"{'class':46} {'lines':>5} {'same':>5} {'prefix':>6} {'other':>5} {'other %':>7}")
    details = []
    for port_path in ports:
        original_path = ORIGINALS / (port_path.stem + ".swift.txt")
        if not original_path.exists():
            print(f"count-port-changes: {port_path.name} has no original {original_path.name}", file=sys.stderr)
            return 1
        original = code_lines(original_path, strip_header=False)
        port = code_lines(port_path, strip_header=True)
        unchanged, prefix_only, others = compare(original, port)
        other = len(others)
        total_lines += len(original)
        total_prefix += prefix_only
        total_other += other
        share = 100.0 * other / max(len(original), 1)
        print(f"{port_path.stem:46} {len(original):5} {unchanged:5} {prefix_only:6} {other:5} {share:6.1f}%")
        details.append((port_path.name, others))
    share = 100.0 * total_other / max(total_lines, 1)
    print(f"{'total':46} {total_lines:5} {'':5} {total_prefix:6} {total_other:5} {share:6.1f}%")
    if args.list:
        for name, others in details:
            for kind, o, p in others:
                where = f"{name}:{p[0]}" if p else f"{name} (original line {o[0]})"
                print(f"  {where}: {kind}")
                if o:
                    print(f"      - {o[1]}")
                if p:
                    print(f"      + {p[1]}")
    if share > args.limit:
        print(f"count-port-changes: {share:.1f} % of the tutorials' lines changed beyond prefixes "
              f"(limit {args.limit:g} %)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
