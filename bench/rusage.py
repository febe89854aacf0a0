#!/usr/bin/env python3
"""Runs a command and appends what it used to a file, one line:
LABEL USER_SECONDS SYSTEM_SECONDS PEAK_KIB (the child's own rusage, from
wait4; its output is discarded). The bench scripts use it instead of
/usr/bin/time, which a fresh Debian 12 machine may not have.

usage: bench/rusage.py OUT LABEL COMMAND...  (LABEL may hold spaces)
"""
import os
import subprocess
import sys

out, label, command = sys.argv[1], sys.argv[2], sys.argv[3:]
child = subprocess.Popen(command, stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL)
_, _, usage = os.wait4(child.pid, 0)
with open(out, "a") as f:
    f.write(f"{label} {usage.ru_utime:.2f} {usage.ru_stime:.2f} {usage.ru_maxrss}\n")
