#!/usr/bin/env python3
"""check-architecture.py: docs/ARCHITECTURE.md's module table against Package.swift and the code.

Fails (exit 1), with one line per finding, when
  - a target of Package.swift has no row in the table, or a row names no target;
  - a row's "depends on" differs from the target's dependency list in Package.swift;
  - a Swift file of a target imports a module that is neither in its row's "depends on" nor in
    its "also imports".
`make test` runs it. Package.swift is read as text: each `.target`, `.executableTarget`,
`.testTarget` and `.systemLibrary` call, its `name:` and the quoted names and `.product(name:)`s
of its `dependencies:` list.
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# What every Swift file may import without asking: the standard library itself.
ALWAYS = {"Swift"}
IMPORT = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*import\s+"
                    r"(?:(?:class|struct|enum|func|typealias|protocol|var|let)\s+)?([A-Za-z_]\w*)")


def balanced(text, start, open_, close):
    """The text from `start` (an opening bracket) to its matching close, inclusive."""
    depth = 0
    for i in range(start, len(text)):
        if text[i] == open_:
            depth += 1
        elif text[i] == close:
            depth -= 1
            if depth == 0:
                return text[start:i + 1]
    raise SystemExit("check-architecture: unbalanced %s in Package.swift" % open_)


def package_targets(path):
    text = open(path, encoding="utf-8").read()
    text = re.sub(r"//[^\n]*", "", text)
    targets = {}
    for match in re.finditer(r"\.(target|executableTarget|testTarget|systemLibrary)\(", text):
        call = balanced(text, match.end() - 1, "(", ")")
        name = re.search(r'name:\s*"([^"]+)"', call).group(1)
        deps = set()
        found = re.search(r"dependencies:\s*\[", call)
        if found:
            listed = balanced(call, found.end() - 1, "[", "]")
            deps |= set(re.findall(r'\.product\(\s*name:\s*"([^"]+)"', listed))
            listed = re.sub(r"\.product\([^)]*\)", "", listed)
            deps |= set(re.findall(r'"([^"]+)"', listed))
        targets[name] = (match.group(1), deps)
    return targets


def table_rows(path):
    rows = {}
    for line in open(path, encoding="utf-8"):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 4 or not cells[0].startswith("`"):
            continue
        name = cells[0].strip("`")
        deps = set(re.findall(r"`([^`]+)`", cells[2]))
        # The modules named outside the parentheses; what a reason quotes does not count.
        also = set(re.findall(r"`([^`]+)`", re.sub(r"\([^)]*\)", "", cells[3])))
        rows[name] = (deps, also)
    return rows


def imports(directory):
    found = {}
    for base, _, files in os.walk(directory):
        for name in sorted(files):
            if not name.endswith(".swift"):
                continue
            path = os.path.join(base, name)
            for number, line in enumerate(open(path, encoding="utf-8"), 1):
                match = IMPORT.match(line)
                if match:
                    found.setdefault(match.group(1), []).append("%s:%d" % (os.path.relpath(path, ROOT), number))
    return found


def main():
    targets = package_targets(os.path.join(ROOT, "Package.swift"))
    rows = table_rows(os.path.join(ROOT, "docs", "ARCHITECTURE.md"))
    problems = []
    for name in sorted(set(targets) - set(rows)):
        problems.append("docs/ARCHITECTURE.md: no row for target %s" % name)
    for name in sorted(set(rows) - set(targets)):
        problems.append("docs/ARCHITECTURE.md: row %s names no target of Package.swift" % name)
    for name in sorted(set(targets) & set(rows)):
        kind, deps = targets[name]
        listed, also = rows[name]
        if deps != listed:
            problems.append("docs/ARCHITECTURE.md: %s depends on %s in Package.swift, but its row says %s"
                            % (name, ", ".join(sorted(deps)) or "nothing", ", ".join(sorted(listed)) or "nothing"))
        folder = os.path.join(ROOT, "Tests" if kind == "testTarget" else "Sources", name)
        allowed = deps | also | ALWAYS | {name}
        for module, places in sorted(imports(folder).items()):
            if module not in allowed:
                for place in places:
                    problems.append("%s: %s imports %s, which its row in docs/ARCHITECTURE.md does not allow"
                                    % (place, name, module))
    for problem in problems:
        print(problem)
    if problems:
        print("check-architecture: %d problem(s)" % len(problems))
        return 1
    print("check-architecture: %d targets, their dependencies and imports agree with docs/ARCHITECTURE.md"
          % len(targets))
    return 0


if __name__ == "__main__":
    sys.exit(main())
