#!/usr/bin/env python3
"""Scaling of `tablelint lint -j N` over the annotated code inputs.

Writes a compile database for every test-inputs/code/**/*.cpp (the mock SDK
headers on the include path), then times `tablelint lint --format json -j 1`
against `-j 2` (and more with JOBS) in interleaved rounds, so machine noise
hits every variant alike. Prints the median wall time per variant, the
speedup over -j1, and checks that the report is byte-identical for every -j.
Usage: bench/lint_jobs.py [ROUNDS] [JOBS...]   (build first: scripts/build.sh)
"""
import json, os, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = os.environ.get("TABLELINT_BUILD", os.path.join(ROOT, "build"))
TABLELINT = os.path.join(BUILD, "bin", "tablelint")
INPUTS = os.path.join(ROOT, "test-inputs", "code")
INCLUDE = os.path.join(INPUTS, "include")


def sources():
    out = []
    for d, _, files in os.walk(INPUTS):
        if d.startswith(INCLUDE):
            continue
        out += [os.path.join(d, f) for f in files if f.endswith(".cpp")]
    return sorted(out)


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    jobs = [int(j) for j in sys.argv[2:]] or [1, 2]
    tus = sources()
    with tempfile.TemporaryDirectory() as tmp:
        db = [{"directory": ROOT, "file": f,
               "arguments": ["clang++", "-std=c++17", "-I" + INCLUDE, "-c", f]} for f in tus]
        with open(os.path.join(tmp, "compile_commands.json"), "w") as out:
            json.dump(db, out)
        times = {j: [] for j in jobs}
        reports = {}
        for _ in range(rounds):
            for j in jobs:
                cmd = [TABLELINT, "lint", "-p", tmp, "--format", "json",
                       "--fail-on", "never", "-j", str(j), INPUTS]
                start = time.perf_counter()
                r = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
                times[j].append(time.perf_counter() - start)
                reports.setdefault(j, r.stdout)
                if r.returncode not in (0, 2):
                    sys.exit(f"tablelint failed ({r.returncode}): {r.stderr}")
    findings = len(json.loads(reports[jobs[0]])["findings"])
    base = statistics.median(times[jobs[0]])
    print(f"{len(tus)} translation units, {findings} findings, {rounds} rounds, {os.cpu_count()} cores")
    print(f"{'jobs':>4}{'median s':>10}{'TU/s':>8}{'speedup':>9}")
    for j in jobs:
        m = statistics.median(times[j])
        print(f"{j:>4}{m:>10.2f}{len(tus) / m:>8.1f}{base / m:>9.2f}")
    same = all(reports[j] == reports[jobs[0]] for j in jobs)
    print("reports identical for every -j:", "yes" if same else "NO")
    sys.exit(0 if same else 1)


if __name__ == "__main__":
    main()
