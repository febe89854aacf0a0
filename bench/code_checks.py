#!/usr/bin/env python3
"""Cost of the code checks over clang's own parse.

For each TU, interleaved rounds (so machine noise hits every variant alike)
measure the CPU time (user + system, of the child process) of four commands
and report medians and ratios. CPU time, not wall time: on a shared machine
the wall clock measures the neighbours.
  parse     clang++-19 -fsyntax-only                 (the baseline)
  lint      tablelint lint (all tablelint checks)
  plugin    clang-tidy-19 --load libtablelint-tidy-19.so (all tablelint checks)
  tidy      clang-tidy-19 with one cheap built-in check (clang-tidy's own cost)
plugin/tidy isolates what tablelint's checks add to a clang-tidy run.
With TABLELINT_BASELINE_BUILD=DIR (a build of another commit: DIR/bin/tablelint
and DIR/lib/libtablelint-tidy-19.so), that build's lint and plugin run in the
same interleaved rounds and their ratios are printed on a second line per TU,
so a change is judged against its baseline on the same machine state.
Usage: bench/code_checks.py [ROUNDS]   (build first: scripts/build.sh)
"""
import os, resource, statistics, subprocess, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = os.environ.get("TABLELINT_BUILD", os.path.join(ROOT, "build"))
INCLUDE = os.path.join(ROOT, "test-inputs", "code", "include")
FLAGS = ["-std=c++17", "-I" + INCLUDE]
TUS = [
    "test-inputs/code/query-scope/orders_repository.cpp",
    "test-inputs/code/rest-queries/hand_written_rest.cpp",
    "test-inputs/code/query-scope/data_tables.cpp",
    "bench/inputs/large_headers.cpp",
    "bench/inputs/std_only.cpp",
]
TIDY = "/usr/lib/llvm-19/bin/clang-tidy"
BASELINE = os.environ.get("TABLELINT_BASELINE_BUILD")


def lint_command(build, tu):
    return [os.path.join(build, "bin", "tablelint"), "lint", "--fail-on", "never", tu, "--"] + FLAGS


def plugin_command(build, tu):
    plugin = os.path.join(build, "lib", "libtablelint-tidy-19.so")
    return [TIDY, "--load=" + plugin, "--checks=-*,tablelint-*", "--quiet", tu, "--"] + FLAGS


def commands(tu):
    cmds = {
        "parse": ["clang++-19", "-fsyntax-only"] + FLAGS + [tu],
        "lint": lint_command(BUILD, tu),
        "plugin": plugin_command(BUILD, tu),
        "tidy": [TIDY, "--checks=-*,misc-unused-alias-decls", "--quiet", tu, "--"] + FLAGS,
    }
    if BASELINE:
        cmds["base lint"] = lint_command(BASELINE, tu)
        cmds["base plugin"] = plugin_command(BASELINE, tu)
    return cmds


def row(name, parse, lint, plugin, tidy):
    return (f"{name:<44}{parse:>9.0f}{lint:>9.0f}{plugin:>10.0f}{tidy:>9.0f}"
            f"{lint / parse:>11.2f}{plugin / parse:>13.2f}{plugin / tidy:>12.2f}")


def run(cmd):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 11
    os.chdir(ROOT)
    print(f"{'TU':<44}{'parse ms':>9}{'lint ms':>9}{'plugin ms':>10}{'tidy ms':>9}"
          f"{'lint/parse':>11}{'plugin/parse':>13}{'plugin/tidy':>12}")
    for tu in TUS:
        cmds = commands(tu)
        for c in cmds.values():  # warm the page cache
            run(c)
        times = {k: [] for k in cmds}
        for _ in range(rounds):
            for k, c in cmds.items():
                times[k].append(run(c))
        m = {k: statistics.median(v) * 1000 for k, v in times.items()}
        print(row(tu, m["parse"], m["lint"], m["plugin"], m["tidy"]))
        if BASELINE:
            print(row("  baseline build", m["parse"], m["base lint"], m["base plugin"], m["tidy"]))


if __name__ == "__main__":
    main()
