#!/usr/bin/python3
"""Runs Debian's Orca (/usr/bin/orca) with its debug output written line by line.

Orca writes its debug output (--debug-file FILE), where each utterance is a
"SPEECH OUTPUT: '...'" line, through a block-buffered file: a test reading it while Orca runs
sees nothing for a long while, and Orca does not always finish its shutdown on SIGTERM. This
opens that one file line-buffered and runs Orca unchanged, with the same arguments.

    orca-headless.py [orca's arguments] --debug-file FILE
"""
import builtins
import runpy
import sys

ORCA = "/usr/bin/orca"

if "--debug-file" not in sys.argv[1:]:
    sys.stderr.write("orca-headless.py: --debug-file FILE is required\n")
    sys.exit(64)
debug_path = sys.argv[sys.argv.index("--debug-file") + 1]
system_open = builtins.open


def open_debug_line_buffered(file, mode="r", *args, **kwargs):
    if file == debug_path and "w" in mode:
        return system_open(file, mode, buffering=1)
    return system_open(file, mode, *args, **kwargs)


builtins.open = open_debug_line_buffered
sys.argv[0] = ORCA
runpy.run_path(ORCA, run_name="__main__")
