#!/usr/bin/env python3
"""Issue 44's code execution, crash and hang reproductions (items 1, 7, 8,
9, 10, 11), run through the real binary: `tablelint lint` and `tablelint
lsp` over a repository written by an attacker. Every run must end within
the timeout (no hang) with an exit code below 128 (no crash), leave the
victim file as it was, run nothing named in a compile database (its
payload's marker never appears), and still report the other files.

Usage: run-hostile-exec.py TABLELINT SOURCE_DIR WORK_DIR ITEM
ITEM: database, pragma, lsp, regex, response-file.
"""
import json
import os
import shutil
import stat
import subprocess
import sys
import threading
import time

TABLELINT, SOURCE, WORK, ITEM = sys.argv[1:5]
TIMEOUT = 60
INCLUDE = os.path.join(SOURCE, 'test-inputs/code/include')

# One finding (tablelint-invalid-name) on line 5 of every file made from it.
SOURCE_TEXT = '''#include <azure/data/tables.hpp>
void provision(std::shared_ptr<const Azure::Core::Credentials::TokenCredential> c) {
  Azure::Data::Tables::TableServiceClient service(
      "https://shop.table.core.windows.net", c);
  service.CreateTable("order-events");
}
'''
FINDING_LINE = 5
PAYLOAD = '#!/bin/sh\ntouch "$(dirname "$0")/PAYLOAD-RAN"\necho gfx90a\n'
VICTIM_TEXT = 'a file the user cares about\n'

failures = []


def fail(message):
    failures.append(message)
    print('FAIL: ' + message, flush=True)


def write(path, text, mode=None):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, 'w') as f:
        f.write(text)
    if mode:
        os.chmod(path, mode)


def fresh(name):
    d = os.path.join(WORK, name)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    return d


def plant(d):
    """The payload, a victim file and a symlink-free project in d."""
    write(os.path.join(d, 'payload.sh'), PAYLOAD, 0o755)
    write(os.path.join(d, 'victim'), VICTIM_TEXT)


def check_planted(d, label):
    if os.path.exists(os.path.join(d, 'PAYLOAD-RAN')):
        fail('%s: a program named in the compile database ran' % label)
    with open(os.path.join(d, 'victim')) as f:
        if f.read() != VICTIM_TEXT:
            fail('%s: the victim file was overwritten' % label)
    for name in os.listdir(d):
        if name.endswith(('.o', '.d', '.dia', '.obj')):
            fail('%s: a file named in the compile database was written: %s'
                 % (label, name))


def run(label, args, cwd, expect=None, stdin=None):
    """Runs tablelint; checks no hang and no crash; returns the result."""
    start = time.monotonic()
    try:
        r = subprocess.run([TABLELINT] + args, cwd=cwd, input=stdin,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        fail('%s: no answer within %d s (hang)' % (label, TIMEOUT))
        return None
    err = r.stderr.decode('utf-8', 'replace')
    print('%-40s exit %3d %6.2fs  %s' % (label, r.returncode,
                                         time.monotonic() - start,
                                         (err.strip().splitlines() or [''])[0][:120]),
          flush=True)
    if r.returncode < 0 or r.returncode >= 128:
        fail('%s: crashed (exit %d): %s' % (label, r.returncode, err[-400:]))
    elif expect is not None and r.returncode != expect:
        fail('%s: exit %d, expected %d: %s' % (label, r.returncode, expect,
                                              err[-400:]))
    r.err = err
    return r


def findings_in(report_path):
    """{(file basename, line, rule)} of a JSON report; notifications too."""
    with open(report_path) as f:
        report = json.load(f)
    found = {(os.path.basename(x['file']), x['line'], x['rule'])
             for x in report['findings']}
    notes = [(n['id'], os.path.basename(n.get('file', '')))
             for n in report.get('notifications', [])]
    return found, notes


def expect_finding(found, name, label):
    if (name, FINDING_LINE, 'invalid-name') not in found:
        fail('%s: no invalid-name finding for %s (the file was not linted): %s'
             % (label, name, sorted(found)))


# Item 1 ------------------------------------------------------------------

def database():
    d = fresh('database')
    plant(d)
    names = ['offload.cpp', 'serialize.cpp', 'plugin.cpp', 'response.cpp',
             'config.cpp', 'outputs.cpp']
    for n in names:
        write(os.path.join(d, n), SOURCE_TEXT)
    os.mkfifo(os.path.join(d, 'fifo.rsp'))
    # A config file clang's driver would read beside the compiler named in
    # the entry (its default config), holding the payload.
    write(os.path.join(d, 'bin/clang++.cfg'),
          '-x hip --offload-arch=native --amdgpu-arch-tool=%s/payload.sh\n' % d)
    os.symlink('/usr/bin/clang++-19', os.path.join(d, 'bin/clang++'))
    inc = ['-isystem', INCLUDE, '-std=c++17']
    entries = {
        'offload.cpp': ['clang++', '-x', 'hip', '--offload-arch=native',
                        '--amdgpu-arch-tool=./payload.sh'] + inc,
        'serialize.cpp': ['clang++', '--serialize-diagnostics', 'victim'] + inc,
        'plugin.cpp': ['clang++', '-Xclang', '-load', '-Xclang', './payload.so',
                       '-fplugin=./payload.so', '-fpass-plugin=./payload.so'] + inc,
        'response.cpp': ['clang++', '@/dev/zero', '@fifo.rsp', '-D',
                         '@fifo.rsp'] + inc,
        'config.cpp': [os.path.join(d, 'bin/clang++')] + inc,
        'outputs.cpp': ['clang++', '-MD', '-MF', 'victim', '-o', 'outputs.o',
                        '-Wp,-MD,victim', '-save-temps', '-ftime-trace'] + inc,
    }
    db = [{'directory': d, 'file': n, 'arguments': entries[n] + ['-c', n]}
          for n in names]
    write(os.path.join(d, 'compile_commands.json'), json.dumps(db, indent=1))
    # A file the database does not list borrows its nearest entry's flags
    # (offload.cpp's, the payload's): filtered the same way.
    write(os.path.join(d, 'offload2.cpp'), SOURCE_TEXT)
    report = os.path.join(d, 'report.json')
    # Findings in every file and nothing else: exit 1.
    r = run('lint: hostile compile database', ['lint', '--format', 'json', '-o',
            report, '-j', '2'] + names + ['offload2.cpp'], d, expect=1)
    check_planted(d, 'lint')
    if r and os.path.exists(report):
        found, notes = findings_in(report)
        for n in names + ['offload2.cpp']:
            expect_finding(found, n, 'lint')
        if notes != [('not-in-compile-database', 'offload2.cpp')]:
            fail('lint: unexpected notifications %s' % notes)

    # The language server reads the same database when an editor opens a file.
    for n in ['offload.cpp', 'config.cpp']:
        path = os.path.join(d, n)
        replies, r = lsp_session(d, [
            open_message(path, SOURCE_TEXT),
            {'jsonrpc': '2.0', 'id': 2, 'method': 'shutdown'},
            {'jsonrpc': '2.0', 'method': 'exit'}])
        check_planted(d, 'lsp ' + n)
        diagnostics = published(replies, path)
        if not any(x.get('code') == 'invalid-name' for x in diagnostics):
            fail('lsp %s: no invalid-name diagnostic: %s' % (n, diagnostics))
        if not answered(replies, 2):
            fail('lsp %s: shutdown not answered' % n)


# Item 7 ------------------------------------------------------------------

PRAGMAS = {'crash.cpp': 'crash', 'fatal.cpp': 'llvm_fatal_error',
           'overflow.cpp': 'overflow_stack', 'unreachable.cpp': 'llvm_unreachable',
           'assert.cpp': 'assert', 'parser.cpp': 'parser_crash'}


def pragma_text(name):
    return SOURCE_TEXT.replace('void provision',
                               '#pragma clang __debug %s\nvoid provision'
                               % PRAGMAS[name])


def pragma():
    d = fresh('pragma')
    write(os.path.join(d, 'good.cpp'), SOURCE_TEXT)
    for n in PRAGMAS:
        write(os.path.join(d, n), pragma_text(n))
    report = os.path.join(d, 'report.json')
    names = ['good.cpp'] + sorted(PRAGMAS)
    for jobs in ['1', '2']:
        r = run('lint: debug pragmas -j%s' % jobs,
                ['lint', '--format', 'json', '-o', report, '-j', jobs] + names +
                ['--', '-isystem', INCLUDE, '-std=c++17'], d, expect=1)
        if r and os.path.exists(report):
            found, notes = findings_in(report)
            expect_finding(found, 'good.cpp', 'pragma')
            # The pragma is a line earlier than the finding it pushes down.
            for n in PRAGMAS:
                if (n, FINDING_LINE + 1, 'invalid-name') not in found:
                    fail('pragma %s: not linted: %s %s' % (n, sorted(found),
                                                          notes))
            os.remove(report)
    # A file that overflows clang's own stack (its parser recurses once per
    # unary operator; clang++ itself dies of SIGSEGV): that file is an
    # analysis error, the others are reported, good.cpp analysed after it.
    write(os.path.join(d, 'deep-unary.cpp'),
          'int x = ' + '!' * 2000000 + '1;\n')
    for jobs in ['1', '2']:
        r = run('lint: a TU that crashes clang -j%s' % jobs,
                ['lint', '--format', 'json', '-o', report, '-j', jobs,
                 'good.cpp', 'deep-unary.cpp', 'crash.cpp', '--',
                 '-isystem', INCLUDE, '-std=c++17'], d, expect=2)
        if r and os.path.exists(report):
            found, notes = findings_in(report)
            expect_finding(found, 'good.cpp', 'clang crash')
            if ('crash.cpp', FINDING_LINE + 1, 'invalid-name') not in found:
                fail('clang crash: crash.cpp not linted: %s' % sorted(found))
            if ('analysis-error', 'deep-unary.cpp') not in notes:
                fail('clang crash: no analysis-error for the file: %s' % notes)
            os.remove(report)
        elif r:
            fail('clang crash: no report written')
    os.remove(os.path.join(d, 'deep-unary.cpp'))
    # The language server: each buffer from an editor, then a request that
    # must still be answered.
    messages = []
    for i, n in enumerate(sorted(PRAGMAS)):
        messages.append(open_message(os.path.join(d, n), pragma_text(n)))
    messages += [{'jsonrpc': '2.0', 'id': 7, 'method': 'shutdown'},
                 {'jsonrpc': '2.0', 'method': 'exit'}]
    db = [{'directory': d, 'file': n,
           'arguments': ['clang++', '-isystem', INCLUDE, '-std=c++17', n]}
          for n in PRAGMAS]
    write(os.path.join(d, 'compile_commands.json'), json.dumps(db))
    replies, r = lsp_session(d, messages)
    if not answered(replies, 7):
        fail('lsp pragma: the server did not survive the buffers')
    for n in PRAGMAS:
        if not any(x.get('code') == 'invalid-name'
                   for x in published(replies, os.path.join(d, n))):
            fail('lsp pragma %s: not linted' % n)


# Items 8 and 9 -----------------------------------------------------------

def lsp():
    d = fresh('lsp')
    # Item 8: 50,000 '[' then 50,000 ']' in one message.
    deep = '[' * 50000 + ']' * 50000
    replies, r = lsp_session(d, [deep, {'jsonrpc': '2.0', 'id': 2,
                                        'method': 'shutdown'},
                                 {'jsonrpc': '2.0', 'method': 'exit'}])
    if not any(m.get('error', {}).get('code') == -32700 for m in replies):
        fail('lsp deep JSON: no parse error answered: %s' % replies[:3])
    if not answered(replies, 2):
        fail('lsp deep JSON: the server did not answer afterwards')
    # Item 9: didSave and didOpen of a FIFO, a device and a directory named
    # like sources.
    os.mkfifo(os.path.join(d, 'x.cpp'))
    os.mkdir(os.path.join(d, 'dir.cpp'))
    os.symlink('/dev/zero', os.path.join(d, 'zero.cpp'))
    os.mkfifo(os.path.join(d, 'schema.yaml'))
    messages = []
    for n in ['x.cpp', 'dir.cpp', 'zero.cpp', 'schema.yaml']:
        uri = 'file://' + os.path.join(d, n)
        messages.append({'jsonrpc': '2.0', 'method': 'textDocument/didSave',
                         'params': {'textDocument': {'uri': uri}}})
        messages.append(open_message(os.path.join(d, n), SOURCE_TEXT))
    messages += [{'jsonrpc': '2.0', 'id': 9, 'method': 'shutdown'},
                 {'jsonrpc': '2.0', 'method': 'exit'}]
    replies, r = lsp_session(d, messages)
    if not answered(replies, 9):
        fail('lsp FIFO: shutdown not answered')
    if r is not None and r.returncode != 0:
        fail('lsp FIFO: exit %d after shutdown and exit' % r.returncode)


# Item 10 -----------------------------------------------------------------

BOMB = '((a{1,100}){1,100}){1,100}'


def regex():
    d = fresh('regex')
    write(os.path.join(d, 'good.cpp'), SOURCE_TEXT)
    flags = ['--', '-isystem', INCLUDE, '-std=c++17']
    r = run('lint --header-filter nested repeats',
            ['lint', '--header-filter', BOMB, 'good.cpp'] + flags, d, expect=2)
    if r and 'too large' not in r.err:
        fail('--header-filter: no clear error: %s' % r.err)
    write(os.path.join(d, '.tablelint.yaml'),
          'header-filter: "%s"\n' % BOMB)
    r = run('lint .tablelint.yaml header-filter', ['lint', 'good.cpp'] + flags,
            d, expect=2)
    if r and ('.tablelint.yaml:1:' not in r.err or 'too large' not in r.err):
        fail('header-filter: no positioned error: %s' % r.err)
    write(os.path.join(d, '.tablelint.yaml'),
          'thresholds:\n  client-per-request:\n'
          '    HandlerPattern: "%s"\n' % BOMB)
    r = run('lint threshold HandlerPattern', ['lint', 'good.cpp'] + flags, d,
            expect=2)
    if r and ('.tablelint.yaml:3:' not in r.err or 'too large' not in r.err):
        fail('HandlerPattern: no positioned error: %s' % r.err)
    # A usable pattern in the same places is accepted: the file's finding.
    write(os.path.join(d, '.tablelint.yaml'),
          'header-filter: "^/src/(include|lib)/.*"\nthresholds:\n'
          '  client-per-request:\n    HandlerPattern: "^[Hh]andle[A-Z]{1,40}"\n')
    run('lint usable patterns', ['lint', '--header-filter', '[a-z]{1,100}',
        'good.cpp'] + flags, d, expect=1)


# Item 11 -----------------------------------------------------------------

def response_file():
    d = fresh('response-file')
    write(os.path.join(d, 'good.cpp'), SOURCE_TEXT)
    os.mkfifo(os.path.join(d, 'fifo.rsp'))
    write(os.path.join(d, 'flags.rsp'), '-isystem "%s" @nested.rsp\n' % INCLUDE)
    write(os.path.join(d, 'nested.rsp'), '-std=c++17\n')
    write(os.path.join(d, 'loop.rsp'), '@loop.rsp\n')
    with open(os.path.join(d, 'big.rsp'), 'w') as f:
        f.truncate(2 << 20)
    for label, arg, why in [('@/dev/zero', '@/dev/zero', 'character device'),
                            ('@FIFO', '@fifo.rsp', 'named pipe'),
                            ('@directory', '@' + d, 'directory'),
                            ('@2 MiB', '@big.rsp', 'limited to'),
                            ('@loop', '@loop.rsp', 'nested'),
                            ('@missing', '@missing.rsp', 'no such file')]:
        r = run('lint -- ' + label, ['lint', 'good.cpp', '--', arg], d,
                expect=2)
        if r and (arg not in r.err or why not in r.err.lower()):
            fail('%s: no clear error: %s' % (label, r.err))
    run('lint -- @flags.rsp (nested)', ['lint', 'good.cpp', '--',
        '@flags.rsp'], d, expect=1)


# The language server, driven through pipes --------------------------------

def frame(message):
    body = message if isinstance(message, str) else json.dumps(message)
    body = body.encode()
    return b'Content-Length: %d\r\n\r\n' % len(body) + body


def open_message(path, text):
    return {'jsonrpc': '2.0', 'method': 'textDocument/didOpen',
            'params': {'textDocument': {'uri': 'file://' + path,
                                        'languageId': 'cpp', 'version': 1,
                                        'text': text}}}


def lsp_session(cwd, messages):
    """Initialises a server in cwd, sends messages, returns its replies."""
    init = [{'jsonrpc': '2.0', 'id': 1, 'method': 'initialize',
             'params': {'processId': None, 'rootUri': 'file://' + cwd,
                        'capabilities': {}}},
            {'jsonrpc': '2.0', 'method': 'initialized', 'params': {}}]
    data = b''.join(frame(m) for m in init + messages)
    r = run('lsp in ' + os.path.basename(cwd), ['lsp'], cwd, stdin=data)
    if r is None:
        return [], None
    replies, out = [], r.stdout
    while out:
        head, sep, rest = out.partition(b'\r\n\r\n')
        if not sep:
            break
        length = int(head.split(b':')[1])
        replies.append(json.loads(rest[:length]))
        out = rest[length:]
    return replies, r


def answered(replies, request_id):
    return any(m.get('id') == request_id and 'result' in m for m in replies)


def published(replies, path):
    out = []
    for m in replies:
        if (m.get('method') == 'textDocument/publishDiagnostics' and
                m['params']['uri'] == 'file://' + path):
            out = m['params']['diagnostics']
    return out


def main():
    os.makedirs(WORK, exist_ok=True)
    {'database': database, 'pragma': pragma, 'lsp': lsp, 'regex': regex,
     'response-file': response_file}[ITEM]()
    print('%d failures' % len(failures))
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
