#!/usr/bin/env python3
"""check-doc-blocks.py: every code block of README.md and the DocC catalogs is compiled or plain.

A fenced block marked `swift` must appear, line for line and in order, in one Swift file that
the build compiles: Examples/Sources (`make examples`, where doc-examples holds the
documentation's examples word for word) or Tests/ (the test targets). The compiled copy may
hold more lines between them (what makes a fragment compile: an enclosing type, a test's extra
checks); indentation, blank lines, `import` lines and attributes (`@main`,
`@MainActor`, `@Test`) are not compared, since they depend on where the copy sits. Any other block must say what it is: `sh`, `shell`, `console`, `text` or `json`.
An unmarked fence fails, as does a `swift` block found nowhere. `make test` runs it.
"""
import glob
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PLAIN = {"sh", "shell", "console", "text", "json"}
FENCE = re.compile(r"^(\s*)```(\S*)\s*$")


def blocks(path):
    """(line number, language, lines) of each fenced block."""
    found, current = [], None
    for number, line in enumerate(open(path, encoding="utf-8"), 1):
        match = FENCE.match(line)
        if current is None:
            if match:
                current = (number, match.group(2), [])
        elif match and not match.group(2):
            found.append(current)
            current = None
        else:
            current[2].append(line)
    if current is not None:
        found.append(current)
    return found


ATTRIBUTES = re.compile(r"^(@\w+\s*)+$")


def significant(lines):
    kept = (re.sub(r"^(@\w+\s+)+(?=\S)", "", l.strip()) for l in lines)
    return [l for l in kept if l and not l.startswith("import ") and not ATTRIBUTES.match(l)]


def holds(file, wanted):
    """Whether `wanted` occurs in `file` in order, from some line equal to its first one on."""
    for start, line in enumerate(file):
        if line != wanted[0]:
            continue
        rest = iter(file[start + 1:])
        if all(any(candidate == want for candidate in rest) for want in wanted[1:]):
            return True
    return False


def main():
    docs = [os.path.join(ROOT, "README.md")] + sorted(glob.glob(os.path.join(ROOT, "Sources", "*", "*.docc", "*.md")))
    compiled = []
    for folder in ("Examples/Sources", "Tests"):
        for path in sorted(glob.glob(os.path.join(ROOT, folder, "**", "*.swift"), recursive=True)):
            compiled.append(significant(open(path, encoding="utf-8").read().splitlines()))
    problems, checked = [], 0
    for doc in docs:
        name = os.path.relpath(doc, ROOT)
        for number, language, lines in blocks(doc):
            checked += 1
            if language in PLAIN:
                continue
            if language != "swift":
                problems.append("%s:%d: a code block marked %r: mark it swift (and compile it) or %s"
                                % (name, number, language, ", ".join(sorted(PLAIN))))
                continue
            wanted = significant(lines)
            if wanted and not any(holds(file, wanted) for file in compiled):
                problems.append("%s:%d: this swift block is compiled nowhere: copy it word for word into "
                                "Examples/Sources/doc-examples (or a test)" % (name, number))
    for problem in problems:
        print(problem)
    if problems:
        print("check-doc-blocks: %d problem(s)" % len(problems))
        return 1
    print("check-doc-blocks: %d code blocks in %d files, every swift one compiled" % (checked, len(docs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
