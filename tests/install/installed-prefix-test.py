#!/usr/bin/env python3
"""tablelint installed like a package, the checkout out of reach.

`cmake --install` into a temporary prefix, the prefix then moved elsewhere
(so nothing can lean on the path it was installed to), and the installed
binary run on a small project of its own (the mock SDK headers copied into
it). Checks what a user sees:
  * every SARIF rule's helpUri (and informationUri) is a file: URI into the
    moved prefix's share/doc/tablelint/docs/rules/, and the page exists;
  * `--rules-url` replaces it;
  * `tablelint lsp`, driven over stdio, links each diagnostic's code to the
    same installed page;
  * no output of the installed binary names the source tree or the build
    tree.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import urllib.parse

failures = []


def fail(message):
    failures.append(message)
    print("FAIL: " + message, flush=True)


SCAN = """#include <azure/data/tables.hpp>
using namespace Azure::Data::Tables;
void list(TableClient const &t) {
  t.QueryEntities();
}
"""


def make_project(source_dir, proj):
    os.makedirs(os.path.join(proj, ".git"))
    shutil.copytree(os.path.join(source_dir, "test-inputs", "code", "include"),
                    os.path.join(proj, "include"))
    scan = os.path.join(proj, "scan.cpp")
    with open(scan, "w") as f:
        f.write(SCAN)
    with open(os.path.join(proj, "compile_commands.json"), "w") as f:
        json.dump([{"directory": proj, "file": scan,
                    "arguments": ["clang++", "-std=c++17", "-Iinclude", "-c", scan]}], f)
    return scan


def check_no_tree_named(what, text, trees):
    for tree in trees:
        if tree in text:
            fail(f"{what} names {tree}")


def check_sarif(path, pages_uri, pages_dir):
    with open(path) as f:
        log = json.load(f)
    driver = log["runs"][0]["tool"]["driver"]
    if driver.get("informationUri") != pages_uri + "/README.md":
        fail(f"informationUri is {driver.get('informationUri')}, "
             f"expected {pages_uri}/README.md")
    for rule in driver["rules"]:
        uri = rule.get("helpUri", "")
        if uri != f"{pages_uri}/{rule['id']}.md":
            fail(f"{rule['id']}: helpUri {uri!r}, expected under {pages_uri}")
            continue
        page = urllib.parse.unquote(urllib.parse.urlparse(uri).path)
        if not page.startswith(pages_dir) or not os.path.isfile(page):
            fail(f"{rule['id']}: {page} is not an installed page")
    if not log["runs"][0]["results"]:
        fail("the SARIF log has no results: the project was not analysed")


def lsp_message(body):
    data = json.dumps(body).encode()
    return b"Content-Length: %d\r\n\r\n" % len(data) + data


def read_message(stream):
    length = None
    while True:
        line = stream.readline()
        if not line:
            return None
        line = line.strip()
        if not line:
            break
        name, _, value = line.partition(b":")
        if name.lower() == b"content-length":
            length = int(value)
    return json.loads(stream.read(length))


def check_lsp(tablelint, proj, scan, pages_uri, trees):
    uri = "file://" + urllib.parse.quote(scan)
    messages = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize",
         "params": {"processId": None, "rootUri": "file://" + proj,
                    "capabilities": {}}},
        {"jsonrpc": "2.0", "method": "initialized", "params": {}},
        {"jsonrpc": "2.0", "method": "textDocument/didOpen",
         "params": {"textDocument": {"uri": uri, "languageId": "cpp",
                                     "version": 1, "text": SCAN}}},
    ]
    server = subprocess.Popen([tablelint, "lsp"], cwd=proj, stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    for m in messages:
        server.stdin.write(lsp_message(m))
    server.stdin.flush()
    hrefs = []
    seen = []
    try:
        while True:
            msg = read_message(server.stdout)
            if msg is None:
                break
            seen.append(json.dumps(msg))
            if msg.get("method") == "textDocument/publishDiagnostics" and \
                    msg["params"]["uri"] == uri and msg["params"]["diagnostics"]:
                hrefs = [d.get("codeDescription", {}).get("href")
                         for d in msg["params"]["diagnostics"]]
                break
    finally:
        server.stdin.write(lsp_message({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}))
        server.stdin.write(lsp_message({"jsonrpc": "2.0", "method": "exit"}))
        server.stdin.close()
        try:
            server.wait(timeout=60)
        except subprocess.TimeoutExpired:
            server.kill()
    err = server.stderr.read().decode(errors="replace")
    check_no_tree_named("tablelint lsp", "\n".join(seen) + err, trees)
    if not hrefs:
        fail("tablelint lsp published no diagnostics for scan.cpp")
    for href in hrefs:
        if not href or not href.startswith(pages_uri + "/"):
            fail(f"tablelint lsp links {href!r}, expected a page under {pages_uri}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cmake", required=True)
    parser.add_argument("--build-dir", required=True)
    parser.add_argument("--source-dir", required=True)
    args = parser.parse_args()
    # Outside both trees, so that any mention of them in an output is the
    # binary's doing.
    work = tempfile.mkdtemp(prefix="tablelint-installed-")
    try:
        run(args, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def run(args, work):
    staged = os.path.join(work, "staged")
    installed = subprocess.run([args.cmake, "--install", args.build_dir,
                                "--prefix", staged],
                               capture_output=True, text=True)
    if installed.returncode != 0:
        print(installed.stdout + installed.stderr)
        fail("cmake --install failed")
        return
    # Moved after installing: the binary finds its pages from its own path.
    prefix = os.path.join(work, "moved", "opt tablelint")
    os.makedirs(os.path.dirname(prefix))
    shutil.move(staged, prefix)
    tablelint = os.path.join(prefix, "bin", "tablelint")
    pages_dir = os.path.join(prefix, "share", "doc", "tablelint", "docs", "rules")
    pages_uri = "file://" + urllib.parse.quote(pages_dir)
    trees = [os.path.realpath(args.source_dir), os.path.realpath(args.build_dir)]

    proj = os.path.join(work, "project")
    scan = make_project(args.source_dir, proj)
    env = {"PATH": "/usr/bin:/bin", "HOME": work}
    lint = subprocess.run([tablelint, "lint", "--format", "sarif", "-o", "out.sarif",
                           "scan.cpp"], cwd=proj, capture_output=True, text=True, env=env)
    if lint.returncode != 1:
        fail(f"lint exited {lint.returncode}, expected 1 (a finding): {lint.stderr}")
    check_no_tree_named("lint's stderr", lint.stdout + lint.stderr, trees)
    with open(os.path.join(proj, "out.sarif")) as f:
        check_no_tree_named("the SARIF log", f.read(), trees)
    check_sarif(os.path.join(proj, "out.sarif"), pages_uri, pages_dir)

    published = subprocess.run([tablelint, "lint", "--format", "sarif",
                                "--rules-url", "https://example.org/tablelint/docs/rules",
                                "scan.cpp"], cwd=proj, capture_output=True, text=True,
                               env=env)
    rules = json.loads(published.stdout)["runs"][0]["tool"]["driver"]["rules"]
    if any(r.get("helpUri") != f"https://example.org/tablelint/docs/rules/{r['id']}.md"
           for r in rules):
        fail("--rules-url does not set every helpUri")

    text = subprocess.run([tablelint, "lint", "scan.cpp"], cwd=proj,
                          capture_output=True, text=True, env=env)
    check_no_tree_named("lint's text report", text.stdout + text.stderr, trees)
    check_lsp(tablelint, proj, scan, pages_uri, trees)


if __name__ == "__main__":
    main()
    if failures:
        print(f"{len(failures)} failure(s)")
        sys.exit(1)
    print("installed prefix: OK")
