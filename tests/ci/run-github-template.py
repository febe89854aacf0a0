#!/usr/bin/env python3
"""Runs docs/ci/github-actions.yml as GitHub would, on this machine.

The jobs run in order (needs:), once per matrix entry, each in a fresh
workspace; their `run:` steps run with bash -eo pipefail exactly as written
(after substituting ${{ matrix.* }} and ${{ env.* }}), with GITHUB_PATH,
GITHUB_ENV and GITHUB_WORKSPACE; `if: always()` is honoured. The checked-out
repository is the bundled example (examples/telemetry-service) as a git
repository of its own.

Three things cannot happen here, and stand in for themselves:
  * the container (debian:12): this machine is Debian 12 already;
  * "apt-get update/install" lines: they install the runner's tools, which
    must be installed here already (checked with dpkg-query, not installed);
  * the "Install tablelint" steps download the release .deb from GitHub,
    which this machine cannot reach: the local build (--bin) stands in for
    it and is put on PATH the way the step's package would be. The .deb
    itself is tested by the package-chroot ctest.
The actions are emulated for what the workflow relies on: checkout (a clone
of the repository), upload/download-artifact (files between jobs), and
upload-sarif, which checks what code scanning needs: a SARIF 2.1.0 log
whose result locations are files of the checkout.

The template runs twice: first with no baseline committed (the lint steps
must exit 1 on the example's findings with a "no baseline yet" note, never 2;
the upload job still runs), then with a baseline written and committed
(every step exits 0).
"""
import argparse
import fnmatch
import itertools
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import yaml

failures = []


def fail(message):
    failures.append(message)
    print("FAIL: " + message, flush=True)


def check_static(workflow):
    """What the template must say before anything runs."""
    perms = workflow.get("permissions") or {}
    for key, value in (("contents", "read"), ("security-events", "write"),
                       ("actions", "read")):
        if perms.get(key) != value:
            fail(f"permissions: {key}: {value} is missing")
    for name, job in workflow["jobs"].items():
        uses = [s.get("uses", "") for s in job["steps"]]
        if not any(u.startswith("actions/checkout@") for u in uses):
            fail(f"job {name} has no checkout step")
        for u in uses:
            if u.startswith("github/codeql-action/upload-sarif@") and not u.endswith("@v4"):
                fail(f"job {name} uses {u}, not upload-sarif@v4")
        for step in job["steps"]:
            if step.get("name", "").startswith("Install tablelint"):
                run = step.get("run", "")
                if "GITHUB_PATH" in run and "apt-get install" not in run:
                    fail(f"job {name}: 'Install tablelint' only edits PATH")


def substitute(text, context):
    def one(m):
        expr = m.group(1).strip()
        scope, _, key = expr.partition(".")
        if scope in ("matrix", "env") and key in context[scope]:
            return str(context[scope][key])
        raise SystemExit(f"unsupported expression ${{{{ {expr} }}}}")
    return re.sub(r"\$\{\{(.*?)\}\}", one, text)


def installed(package):
    r = subprocess.run(["dpkg-query", "-W", "-f=${Status}", package],
                       capture_output=True, text=True)
    return "install ok installed" in r.stdout


def runner_setup_only(script):
    """A step whose every line is apt-get: the runner's own setup."""
    lines = [l.strip() for l in script.splitlines() if l.strip()]
    return lines and all(l.startswith("apt-get ") for l in lines)


def check_runner_setup(script, label):
    for line in script.splitlines():
        words = line.split()
        if len(words) < 2 or words[1] != "install":
            continue
        for p in words[2:]:
            if not p.startswith("-") and not installed(p):
                fail(f"{label}: package {p} is not installed on this machine")


class Run:
    def __init__(self, args, root, label):
        self.args = args
        self.root = root  # holds the repository, artifacts, job workspaces
        self.label = label
        self.artifacts = os.path.join(root, "artifacts")
        os.makedirs(self.artifacts, exist_ok=True)
        self.results = []  # (job label, step name, exit code, output)
        self.job_count = 0
        self.workspaces = {}  # job name -> the workspace of its last run

    def job_workspace(self):
        # The example finds its SDK headers at ../../test-inputs: the
        # workspace sits at the same depth as in this repository.
        self.job_count += 1
        base = os.path.join(self.root, f"job{self.job_count}")
        os.makedirs(os.path.join(base, "test-inputs", "code"))
        os.symlink(os.path.join(self.args.source_dir, "test-inputs", "code", "include"),
                   os.path.join(base, "test-inputs", "code", "include"))
        ws = os.path.join(base, "examples", "telemetry-service")
        os.makedirs(ws)
        return ws

    def uses(self, step, ws, context, label):
        action = step["uses"]
        with_ = {k: substitute(str(v), context) for k, v in (step.get("with") or {}).items()}
        name = action.split("@")[0]
        if name == "actions/checkout":
            shutil.rmtree(ws)
            r = subprocess.run(["git", "clone", "-q", self.args.repo, ws],
                               capture_output=True, text=True)
            return r.returncode, r.stdout + r.stderr
        if name == "actions/upload-artifact":
            dest = os.path.join(self.artifacts, with_["name"])
            os.makedirs(dest, exist_ok=True)
            src = os.path.join(ws, with_["path"])
            if not os.path.exists(src):
                return 1, f"upload-artifact: no file {with_['path']}"
            shutil.copy(src, dest)
            return 0, ""
        if name == "actions/download-artifact":
            pattern = with_.get("pattern", "*")
            found = 0
            for art in sorted(os.listdir(self.artifacts)):
                if fnmatch.fnmatch(art, pattern):
                    for f in os.listdir(os.path.join(self.artifacts, art)):
                        target = ws if with_.get("merge-multiple") == "True" else os.path.join(ws, art)
                        os.makedirs(target, exist_ok=True)
                        shutil.copy(os.path.join(self.artifacts, art, f), target)
                        found += 1
            return (0 if found else 1), f"download-artifact: {found} files"
        if name == "github/codeql-action/upload-sarif":
            return self.upload_sarif(os.path.join(ws, with_["sarif_file"]), ws)
        raise SystemExit(f"{label}: no emulation for action {action}")

    def upload_sarif(self, path, ws):
        try:
            with open(path) as f:
                log = json.load(f)
        except (OSError, ValueError) as e:
            return 1, f"upload-sarif: {e}"
        if log.get("version") != "2.1.0" or not log.get("runs"):
            return 1, "upload-sarif: not a SARIF 2.1.0 log with runs"
        results = 0
        for run in log["runs"]:
            # An alert's help link must lead somewhere for the people who
            # read it on GitHub: never a file on the runner.
            for rule in run["tool"]["driver"].get("rules", []):
                uri = rule.get("helpUri", "")
                if not uri.startswith("https://"):
                    return 1, f"upload-sarif: rule {rule.get('id')} has helpUri {uri!r}, not a web page (--rules-url)"
            for res in run.get("results", []):
                results += 1
                for loc in res.get("locations", []):
                    uri = loc["physicalLocation"]["artifactLocation"]["uri"]
                    base = loc["physicalLocation"]["artifactLocation"].get("uriBaseId")
                    if uri.startswith("file://") or os.path.isabs(uri):
                        return 1, f"upload-sarif: absolute location {uri}"
                    if not os.path.exists(os.path.join(ws, uri)):
                        return 1, f"upload-sarif: {uri} (base {base}) is not a file of the checkout"
        self.uploaded_results = results
        return 0, f"upload-sarif: {results} results"

    def run_job(self, name, job, workflow_env, matrix):
        label = name + (" " + json.dumps(matrix) if matrix else "")
        ws = self.job_workspace()
        env = dict(os.environ)
        env.update({k: str(v) for k, v in workflow_env.items()})
        env.update({k: str(v) for k, v in (job.get("env") or {}).items()})
        gh_path = os.path.join(self.root, f"path{self.job_count}")
        gh_env = os.path.join(self.root, f"env{self.job_count}")
        open(gh_path, "w").close()
        open(gh_env, "w").close()
        env.update(GITHUB_WORKSPACE=ws, GITHUB_PATH=gh_path, GITHUB_ENV=gh_env)
        failed = False
        for step in job["steps"]:
            step_name = step.get("name") or step.get("uses")
            if failed and "always()" not in str(step.get("if", "")):
                self.results.append((label, step_name, None, "skipped"))
                continue
            context = {"matrix": matrix, "env": env}
            if "uses" in step:
                code, out = self.uses(step, ws, context, label)
            else:
                script = substitute(step["run"], context)
                step_env = dict(env)
                step_env.update({k: substitute(str(v), context)
                                 for k, v in (step.get("env") or {}).items()})
                extra = [l.strip() for l in open(gh_path) if l.strip()]
                step_env["PATH"] = ":".join(reversed(extra)) + ":" + env["PATH"] if extra else env["PATH"]
                if step_name.startswith("Install tablelint"):
                    # Stand-in for the release .deb (see the docstring).
                    with open(gh_path, "a") as f:
                        f.write(self.args.bin + "\n")
                    code, out = 0, "local build stands in for the release package"
                elif runner_setup_only(script):
                    check_runner_setup(script, f"{label} / {step_name}")
                    code, out = 0, "runner setup: packages checked"
                else:
                    r = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script],
                                       cwd=ws, env=step_env, capture_output=True, text=True)
                    code, out = r.returncode, r.stdout + r.stderr
            self.results.append((label, step_name, code, out))
            print(f"[{self.label}] {label} / {step_name}: exit {code}", flush=True)
            if code != 0:
                failed = True
        return not failed, ws

    def run(self, workflow):
        done = {}
        for name, job in workflow["jobs"].items():
            needs = job.get("needs", [])
            needs = [needs] if isinstance(needs, str) else needs
            if not all(done.get(n) for n in needs) and "always()" not in str(job.get("if", "")):
                self.results.append((name, "(job)", None, "skipped"))
                continue
            matrix = (job.get("strategy") or {}).get("matrix") or {}
            keys = list(matrix)
            ok = True
            for values in itertools.product(*(matrix[k] for k in keys)) if keys else [()]:
                passed, ws = self.run_job(name, job, workflow.get("env") or {}, dict(zip(keys, values)))
                ok = ok and passed
                self.workspaces[name] = ws
            done[name] = ok

    def steps(self, name_prefix):
        return [r for r in self.results if r[1] == name_prefix]


def make_repository(args, root, with_baseline_from=None):
    repo = os.path.join(root, "origin")
    shutil.copytree(os.path.join(args.source_dir, "examples", "telemetry-service"), repo)
    if with_baseline_from:
        shutil.copy(with_baseline_from, os.path.join(repo, ".tablelint-baseline.json"))
    git = ["git", "-C", repo, "-c", "user.name=ci-template", "-c",
           "user.email=ci@tablelint.invalid", "-c", "commit.gpgsign=false"]
    subprocess.run(git + ["init", "-q"], check=True)
    subprocess.run(git + ["add", "."], check=True)
    subprocess.run(git + ["commit", "-qm", "example"], check=True)
    return repo


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--template", required=True)
    p.add_argument("--source-dir", required=True)
    p.add_argument("--bin", required=True, help="directory holding the tablelint binary")
    args = p.parse_args()
    args.bin = os.path.abspath(args.bin)
    args.source_dir = os.path.abspath(args.source_dir)
    with open(args.template) as f:
        workflow = yaml.safe_load(f)
    # YAML 1.1 reads the key `on` as True.
    check_static(workflow)

    work = tempfile.mkdtemp(prefix="ci-template-")
    try:
        # 1. The first run of a project: no baseline committed yet.
        first_root = os.path.join(work, "first")
        os.makedirs(first_root)
        args.repo = make_repository(args, first_root)
        first = Run(args, first_root, "no baseline")
        first.run(workflow)
        lint = first.steps("tablelint lint")
        if len(lint) != 2:
            fail(f"expected 2 lint shards, ran {len(lint)}")
        for label, _, code, out in lint:
            if code != 1:
                fail(f"{label}: tablelint lint exited {code}, expected 1 (findings, no baseline)\n{out}")
            if "note: no baseline yet" not in out:
                fail(f"{label}: no 'no baseline yet' note\n{out}")
        for label, name, code, out in first.results:
            if label.startswith("upload") and code != 0:
                fail(f"{label} / {name}: exit {code} (the upload job must run after failing shards)\n{out}")
        if getattr(first, "uploaded_results", 0) == 0:
            fail("the merged SARIF uploaded no results for the example's findings")

        # 2. The project adopts tablelint: a baseline of today's findings is
        # committed; the next run passes. Written where a lint job ran (its
        # build/ has the compile database).
        baseline = os.path.join(work, "baseline.json")
        ws = first.workspaces["lint"]
        r = subprocess.run([os.path.join(args.bin, "tablelint"), "lint", "-p", "build", "src", "schema",
                            "--write-baseline", baseline], cwd=ws, capture_output=True, text=True)
        if r.returncode != 0:
            fail(f"--write-baseline exited {r.returncode}: {r.stderr}")
        second_root = os.path.join(work, "second")
        os.makedirs(second_root)
        args.repo = make_repository(args, second_root, with_baseline_from=baseline)
        second = Run(args, second_root, "baseline")
        second.run(workflow)
        for label, name, code, out in second.results:
            if code != 0:
                fail(f"with a baseline: {label} / {name}: exit {code}\n{out}")
        if getattr(second, "uploaded_results", None) is None:
            fail("with a baseline: nothing was uploaded")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if failures:
        print(f"{len(failures)} problem(s) with docs/ci/github-actions.yml")
        return 1
    print("docs/ci/github-actions.yml ran as written")
    return 0


if __name__ == "__main__":
    sys.exit(main())
