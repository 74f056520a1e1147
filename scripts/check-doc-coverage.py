#!/usr/bin/python3
"""Counts the public and open declarations of the library modules that have no `///` comment.

Reads the symbol graphs that `make docs` extracts (swift-docc-plugin writes them to
.build/<triple>/extracted-symbols/<package>/<Module>/), so it sees exactly what the compiler
calls public at the time: no source parsing. A declaration counts when it has a source location
and is not synthesized; members the compiler adds (Equatable's `!=`, OptionSet's `insert`, a
protocol extension's default implementation) have no line of this project's to document and are
skipped, as are extension blocks. A declaration is documented when its own `///` (or `/** */`)
comment precedes it: the symbol graph also hands an undocumented override or protocol witness
the doc comment of the declaration it overrides or implements, and that does not count.

Prints each undocumented declaration as `file:line: name`, then
`doc coverage: N public declarations, M without ///`; exit status 1 when M > 0, 2 when a
module's symbol graph is missing (run `make docs`, or the plugin's generate-documentation, first).

    scripts/check-doc-coverage.py [MODULE ...]    (default: Segue Motion Canvas SegueKit SegueWayland)
"""
import glob
import json
import os
import sys
from urllib.parse import unquote, urlparse

DEFAULT_MODULES = ["Segue", "Motion", "Canvas", "SegueKit", "SegueWayland"]
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def graph_files(module):
    """The newest extraction of MODULE's symbol graph (its main file and any `Module@Other` ones)."""
    dirs = glob.glob(os.path.join(ROOT, ".build", "*", "extracted-symbols", "*", module))
    dirs = [d for d in dirs if glob.glob(os.path.join(d, "*.symbols.json"))]
    if not dirs:
        return []
    newest = max(dirs, key=lambda d: max(os.path.getmtime(f) for f in glob.glob(os.path.join(d, "*.symbols.json"))))
    return sorted(glob.glob(os.path.join(newest, "*.symbols.json")))


def path_of(uri):
    path = unquote(urlparse(uri).path)
    return os.path.relpath(path, ROOT) if path.startswith(ROOT + os.sep) else path


def main(modules):
    symbols = {}  # precise identifier → symbol; SegueKit's graph repeats what it re-exports
    for module in modules:
        files = graph_files(module)
        if not files:
            print(f"check-doc-coverage: no symbol graph for {module} under .build (run make docs first)",
                  file=sys.stderr)
            return 2
        for name in files:
            with open(name) as f:
                for symbol in json.load(f)["symbols"]:
                    symbols.setdefault(symbol["identifier"]["precise"], symbol)

    declarations = [s for s in symbols.values()
                    if "location" in s
                    and "::SYNTHESIZED::" not in s["identifier"]["precise"]
                    and s["kind"]["identifier"] != "swift.extension"
                    and s.get("accessLevel") in ("public", "open")]

    def comment_key(symbol):
        doc = symbol.get("docComment")
        lines = doc.get("lines", []) if doc else []
        if not doc or "uri" not in doc or not any(line["text"].strip() for line in lines):
            return None
        return doc["uri"], lines[0]["range"]["start"]["line"], lines[-1]["range"]["end"]["line"]

    # Each doc comment belongs to the first declaration after it (several when they share that
    # line, as in `public var a, b: Double`); any other symbol carrying it inherited it.
    owner_line = {}
    for symbol in symbols.values():
        key, location = comment_key(symbol), symbol.get("location")
        if key and location and key[0] == location["uri"] and location["position"]["line"] >= key[2]:
            owner_line[key] = min(owner_line.get(key, location["position"]["line"]), location["position"]["line"])

    missing = []
    for symbol in declarations:
        key, location = comment_key(symbol), symbol["location"]
        if key is None or owner_line.get(key) != location["position"]["line"]:
            name = ".".join(symbol["pathComponents"])
            missing.append((path_of(location["uri"]), location["position"]["line"] + 1, name))

    for path, line, name in sorted(missing):
        print(f"{path}:{line}: {name}")
    print(f"doc coverage: {len(declarations)} public declarations, {len(missing)} without ///")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:] or DEFAULT_MODULES))
