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
Each TU runs twice: with the SDK headers included with -I (the hard case:
their code counts as the project's and is analysed) and with -isystem (an
installed SDK, which the checks skip); the second row is marked "[-isystem]".
A last table measures schema-drift on the bundled example (its five sources
and its schema, SDK headers with -I): lint with the rule on against the same
lint with --disable schema-drift (the drift's own cost), for this build and
the baseline build.
Usage: bench/code_checks.py [ROUNDS]   (build first: scripts/build.sh)
"""
import os, resource, statistics, subprocess, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = os.environ.get("TABLELINT_BUILD", os.path.join(ROOT, "build"))
INCLUDE = os.path.join(ROOT, "test-inputs", "code", "include")
INCLUDE_MODES = {"-I": ["-std=c++17", "-I" + INCLUDE],
                 "-isystem": ["-std=c++17", "-isystem", INCLUDE]}
TUS = [
    "test-inputs/code/query-scope/orders_repository.cpp",
    "test-inputs/code/rest-queries/hand_written_rest.cpp",
    "test-inputs/code/query-scope/data_tables.cpp",
    "bench/inputs/large_headers.cpp",
    "bench/inputs/std_only.cpp",
]
TIDY = "/usr/lib/llvm-19/bin/clang-tidy"
BASELINE = os.environ.get("TABLELINT_BASELINE_BUILD")


def lint_command(build, tu, flags):
    return [os.path.join(build, "bin", "tablelint"), "lint", "--fail-on", "never", tu, "--"] + flags


def plugin_command(build, tu, flags):
    plugin = os.path.join(build, "lib", "libtablelint-tidy-19.so")
    return [TIDY, "--load=" + plugin, "--checks=-*,tablelint-*", "--quiet", tu, "--"] + flags


def commands(tu, flags):
    cmds = {
        "parse": ["clang++-19", "-fsyntax-only"] + flags + [tu],
        "lint": lint_command(BUILD, tu, flags),
        "plugin": plugin_command(BUILD, tu, flags),
        "tidy": [TIDY, "--checks=-*,misc-unused-alias-decls", "--quiet", tu, "--"] + flags,
    }
    if BASELINE:
        cmds["base lint"] = lint_command(BASELINE, tu, flags)
        cmds["base plugin"] = plugin_command(BASELINE, tu, flags)
    return cmds


def row(name, parse, lint, plugin, tidy):
    return (f"{name:<44}{parse:>9.0f}{lint:>9.0f}{plugin:>10.0f}{tidy:>9.0f}"
            f"{lint / parse:>11.2f}{plugin / parse:>13.2f}{plugin / tidy:>12.2f}")


def run(cmd):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


EXAMPLE = "examples/telemetry-service"
EXAMPLE_SOURCES = [f"{EXAMPLE}/src/{f}" for f in
                   ["DeviceRegistry.cpp", "ReadingStore.cpp", "RequestHandler.cpp",
                    "Retry.cpp", "main.cpp"]]


def drift_commands(build):
    lint = [os.path.join(build, "bin", "tablelint"), "lint", "--fail-on", "never", "-j", "1"]
    inputs = EXAMPLE_SOURCES + [f"{EXAMPLE}/schema/telemetry.yaml", "--"] + INCLUDE_MODES["-I"]
    return {"drift": lint + inputs, "no drift": lint + ["--disable", "schema-drift"] + inputs}


def drift_table(rounds):
    builds = {"this build": BUILD}
    if BASELINE:
        builds["baseline build"] = BASELINE
    cmds = {(b, k): c for b, d in builds.items() for k, c in drift_commands(d).items()}
    for c in cmds.values():
        run(c)
    times = {k: [] for k in cmds}
    for _ in range(rounds):
        for k, c in cmds.items():
            times[k].append(run(c))
    print(f"\n{'schema-drift on the example':<44}{'drift ms':>9}{'no drift ms':>12}{'drift/no drift':>15}")
    for b in builds:
        on = statistics.median(times[(b, "drift")]) * 1000
        off = statistics.median(times[(b, "no drift")]) * 1000
        print(f"{b:<44}{on:>9.0f}{off:>12.0f}{on / off:>15.2f}", flush=True)


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 11
    os.chdir(ROOT)
    print(f"{'TU':<44}{'parse ms':>9}{'lint ms':>9}{'plugin ms':>10}{'tidy ms':>9}"
          f"{'lint/parse':>11}{'plugin/parse':>13}{'plugin/tidy':>12}")
    for tu, mode in [(tu, mode) for tu in TUS for mode in INCLUDE_MODES]:
        cmds = commands(tu, INCLUDE_MODES[mode])
        name = tu.split("/", 2)[-1] if tu.startswith("test-inputs/") else tu
        if mode != "-I":
            name += f" [{mode}]"
        for c in cmds.values():  # warm the page cache
            run(c)
        times = {k: [] for k in cmds}
        for _ in range(rounds):
            for k, c in cmds.items():
                times[k].append(run(c))
        m = {k: statistics.median(v) * 1000 for k, v in times.items()}
        print(row(name, m["parse"], m["lint"], m["plugin"], m["tidy"]), flush=True)
        if BASELINE:
            print(row("  baseline build", m["parse"], m["base lint"], m["base plugin"], m["tidy"]),
                  flush=True)
    drift_table(rounds)


if __name__ == "__main__":
    main()
