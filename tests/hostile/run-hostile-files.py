#!/usr/bin/env python3
"""Issue 44, items 2-6 and 12-19: the reproductions of the issue, run through
the real binary (and the real pre-commit, a real local HTTP server). Each
case asserts what a user expects: an exit code below 128 (no crash), an
answer within the timeout (no hang), the victim file unchanged, no planted
secret or raw control byte in any output.

Usage: run-hostile-files.py TABLELINT SOURCE_DIR WORK_DIR CASE
Prints what it checked and exits 1 on any failure.
"""
import http.server
import json
import os
import pty
import re
import select
import shutil
import stat
import subprocess
import sys
import threading
import time

TABLELINT, SOURCE, WORK, CASE = sys.argv[1:5]
TIMEOUT = 120
INCLUDES = os.path.join(SOURCE, 'test-inputs/code/include')
GOOD_SCHEMA = os.path.join(SOURCE, 'test-inputs/schemas/replay/current.yaml')
FAILURES = []

# Fake secrets, put together here so that no whole token is in the source.
ACCOUNT_KEY = 'QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVpBQkNERUZHSElKS0xNTk9' \
              'QUVJTVFVWV1hZWkFCQ0RFRkdISUpLTA=='
GITHUB_TOKEN = 'ghp' + '_' + 'R4nd0mT0k3nW1thTh1rtySixCh4rsXYZ1234'
JWT = 'eyJhbGciOiJIUzI1NiJ9' + '.' + 'eyJzdWIiOiJ0YWJsZWxpbnQifQ' + '.' + \
      'c2lnbmF0dXJlLXNpZ25hdHVyZQ'
ENTRA_SECRET = 'abc8' + 'Q~' + 'Zyx0123456789.abcdefghijk_lmnopqrs'
SECRETS = [ACCOUNT_KEY, GITHUB_TOKEN, JWT, ENTRA_SECRET]


def check(ok, what):
    print(('ok:   ' if ok else 'FAIL: ') + what, flush=True)
    if not ok:
        FAILURES.append(what)


def run(args, cwd, timeout=TIMEOUT, **kw):
    """Runs tablelint; returns (exit code, stdout, stderr) as text."""
    try:
        r = subprocess.run([TABLELINT] + args, cwd=cwd, capture_output=True,
                           timeout=timeout, **kw)
    except subprocess.TimeoutExpired:
        check(False, '%s: no answer within %d s (hang)' % (args, timeout))
        return 124, '', ''
    check(0 <= r.returncode < 128,
          '%s: exit %d is below 128 (no crash)' % (args[:3], r.returncode))
    return (r.returncode, r.stdout.decode('utf-8', 'replace'),
            r.stderr.decode('utf-8', 'replace'))


def no_secret(text, what):
    for s in SECRETS:
        check(s not in text and s[6:30] not in text,
              '%s carries no secret %s...' % (what, s[:4]))


def fresh(name):
    d = os.path.join(WORK, name)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(os.path.join(d, '.git'))
    return d


def write(path, text, mode=None):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, 'wb') as f:
        f.write(text.encode('utf-8', 'surrogateescape')
                if isinstance(text, str) else text)
    if mode is not None:
        os.chmod(path, mode)


def read(path):
    with open(path, 'rb') as f:
        return f.read().decode('utf-8', 'replace')


def cxx_raw_string(path, name):
    """The text of `name = R"(...)"` in a C++ file of the source tree."""
    text = read(os.path.join(SOURCE, path))
    return re.search(name + r' = R"\((.*?)\)";', text, re.S).group(1)


# A query without a projection: missing-projection on line 6, whose fix-it
# inserts a SelectColumns line.
PROJECTION_SOURCE = cxx_raw_string('tests/support/LintProject.h',
                                   'ProjectionSource')


def database(d, files, extra_args=()):
    """compile_commands.json in d listing files (paths relative to d)."""
    entries = [{'directory': d, 'file': os.path.join(d, f),
                'arguments': ['clang++', '-std=c++17', '-I' + INCLUDES] +
                list(extra_args) + ['-c', os.path.join(d, f)]}
               for f in files]
    write(os.path.join(d, 'compile_commands.json'), json.dumps(entries))


# --- Files written --------------------------------------------------------

def read_terminal(master, proc, wanted=None):
    """Reads what proc writes to the pty master until wanted shows, or
    (without wanted, or when it never shows) until proc ends or the timeout
    passes; returns (wanted was seen, the text read)."""
    seen = b''
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline and (wanted is None or
                                           wanted not in seen):
        ready, _, _ = select.select([master], [], [], 0.05)
        if ready:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
        elif proc.poll() is not None:
            break
    return wanted is not None and wanted in seen, seen


def case_fix_changed_during_run():
    """Item 2: a file edited while it is analysed keeps the user's edit."""
    d = fresh('fix-changed')
    src = os.path.join(d, 'a.cpp')
    # With -j 1, a.cpp is analysed first and its unit's end is shown on the
    # progress line ("[1/2]") while b.cpp, long to parse, keeps the run
    # going: the test edits a.cpp between its analysis and the fix-its,
    # which are applied when every unit is done. (clang opens regular files
    # only, so a FIFO cannot hold the run any more.)
    write(src, PROJECTION_SOURCE)
    write(os.path.join(d, 'b.cpp'), ''.join(
        'static int v%d = %d * 3 + 1;\n' % (i, i) for i in range(600000)))
    database(d, ['a.cpp', 'b.cpp'])
    master, slave = pty.openpty()
    proc = subprocess.Popen([TABLELINT, 'lint', '--fix', '-j', '1', 'a.cpp',
                             'b.cpp'], cwd=d, stdout=subprocess.PIPE,
                            stderr=slave)
    os.close(slave)
    found, seen = read_terminal(master, proc, b'[1/2]')
    edited = '// the user edits the file during the run\n' + \
             read(src).replace('options;', 'options; // mine')
    write(src, edited)
    _, rest = read_terminal(master, proc)
    proc.communicate(timeout=TIMEOUT)
    os.close(master)
    err = (seen + rest).decode('utf-8', 'replace')
    check(found and proc.returncode is not None,
          'fix: the first unit ended while the second still ran')
    check(0 <= proc.returncode < 128, 'fix: exit %d' % proc.returncode)
    check(read(src) == edited, 'fix: the file edited during the run is left '
          'as the user wrote it (was corrupted)')
    check('a.cpp: changed since it was analysed' in err,
          'fix: a warning names the changed file: ' + err.strip()[-200:])

    # Unchanged during the run: the fix is applied.
    write(src, PROJECTION_SOURCE)
    code, out, err = run(['lint', '--fix', '-j', '1', 'a.cpp'], d)
    check(read(src).count('SelectColumns') == 1,
          'fix: an unchanged file gets its fix-it')


def case_fix_through_symlinked_dir():
    """Item 2: one file reached under two names is fixed once."""
    d = fresh('fix-symlink')
    write(os.path.join(d, 'src/a.cpp'), PROJECTION_SOURCE)
    os.symlink('src', os.path.join(d, 'link'))
    database(d, ['src/a.cpp', 'link/a.cpp'])
    code, out, err = run(['lint', '--fix', 'src/a.cpp', 'link/a.cpp'], d)
    text = read(os.path.join(d, 'src/a.cpp'))
    check(text.count('SelectColumns') == 1,
          'fix: a file reached through a symlinked directory gets its fix '
          'once (%d times)' % text.count('SelectColumns'))
    check('applied 1 fix-it in 1 file' in err, 'fix: ' + err.strip()[-120:])


def case_atomic_attributes():
    """Item 3: an output file keeps its mode and links; read-only refused."""
    d = fresh('atomic')
    schema = os.path.join(d, 'schema.yaml')
    shutil.copy(GOOD_SCHEMA, schema)
    for name, mode in (('private.txt', 0o600), ('script.txt', 0o755)):
        out = os.path.join(d, name)
        write(out, 'old\n', mode)
        code, _, err = run(['lint', schema, '-o', out], d)
        check(read(out) != 'old\n', '-o %s is written' % name)
        check(stat.S_IMODE(os.stat(out).st_mode) == mode,
              '-o %s keeps mode %o (now %o)'
              % (name, mode, stat.S_IMODE(os.stat(out).st_mode)))
    ro = os.path.join(d, 'readonly.txt')
    write(ro, 'keep\n', 0o444)
    code, _, err = run(['lint', schema, '-o', ro], d)
    check(code == 2 and 'read-only' in err,
          '-o of a read-only file: exit 2 and says so (%d: %s)'
          % (code, err.strip()[-150:]))
    check(read(ro) == 'keep\n', 'the read-only file is unchanged')
    first, second = os.path.join(d, 'first.txt'), os.path.join(d, 'second.txt')
    write(first, 'old\n')
    os.link(first, second)
    run(['lint', schema, '-o', first], d)
    check(os.stat(first).st_ino == os.stat(second).st_ino and
          os.stat(first).st_nlink == 2, 'hard links stay one file')
    check(read(second) == read(first) != 'old\n',
          'the other name of a hard-linked file sees the new report')


def case_planted_temp_symlink():
    """Item 4: the temporary file never follows a planted symlink."""
    d = fresh('temp-symlink')
    victim = os.path.join(d, 'victim.txt')
    write(victim, 'precious\n')
    out = os.path.join(d, 'report.json')

    def plant():  # in the child: its pid is the one tablelint will have
        os.symlink(victim, '%s.tmp.%d' % (out, os.getpid()))

    r = subprocess.run([TABLELINT, 'lint', GOOD_SCHEMA, '--format', 'json',
                        '-o', out], cwd=d, capture_output=True,
                       timeout=TIMEOUT, preexec_fn=plant)
    check(0 <= r.returncode < 128, 'planted symlink: exit %d' % r.returncode)
    check(read(victim) == 'precious\n',
          'the file a planted <out>.tmp.<pid> symlink names is unchanged')
    check(read(out).lstrip().startswith('{'), 'the report is written')


def git(d, *args):
    subprocess.run(['git', '-C', d, '-c', 'user.name=t', '-c',
                    'user.email=t@tablelint.invalid', '-c',
                    'commit.gpgsign=false'] + list(args), check=True,
                   capture_output=True)


def case_precommit_dash_file():
    """Item 5: a file named -oschema.yaml does not overwrite schema.yaml."""
    if not shutil.which('pre-commit'):
        print('skipped: pre-commit is not installed')
        return
    hooks = os.path.join(WORK, 'precommit-hooks')
    shutil.rmtree(hooks, ignore_errors=True)
    os.makedirs(hooks)
    shutil.copy(os.path.join(SOURCE, '.pre-commit-hooks.yaml'), hooks)
    git(hooks, 'init', '-q')
    git(hooks, 'add', '.')
    git(hooks, 'commit', '-qm', 'hooks')
    rev = subprocess.run(['git', '-C', hooks, 'rev-parse', 'HEAD'],
                         capture_output=True, text=True).stdout.strip()
    d = os.path.join(WORK, 'precommit-project')
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    schema = os.path.join(d, 'schema.yaml')
    shutil.copy(os.path.join(SOURCE, 'test-inputs/schemas/designs/'
                             'device-registry.good.yaml'), schema)
    before = read(schema)
    shutil.copy(GOOD_SCHEMA, os.path.join(d, '-oschema.yaml'))
    write(os.path.join(d, '.pre-commit-config.yaml'),
          'repos:\n  - repo: %s\n    rev: %s\n    hooks:\n'
          '      - id: tablelint-schema\n' % (hooks, rev))
    git(d, 'init', '-q')
    git(d, 'add', '.')
    env = dict(os.environ, HOME=os.path.join(WORK, 'precommit-home'),
               PRE_COMMIT_HOME=os.path.join(WORK, 'precommit-home/cache'),
               PATH=os.path.dirname(TABLELINT) + ':/usr/bin:/bin')
    r = subprocess.run(['pre-commit', 'run', '--color', 'never',
                        '--all-files'], cwd=d, capture_output=True, text=True,
                       env=env, timeout=300)
    check(0 <= r.returncode < 128, 'pre-commit: exit %d' % r.returncode)
    check(read(schema) == before, 'pre-commit: schema.yaml is unchanged')
    check('-oschema.yaml:' in r.stdout,
          'pre-commit: -oschema.yaml is linted as a file: ' +
          r.stdout.strip()[-300:])
    # On the command line, without --hook-filenames: refused, not an option.
    code, _, err = run(['lint', '-oschema.yaml'], d)
    check(code == 2 and "'-oschema.yaml' names a file but looks like an "
          "option" in err, 'lint -oschema.yaml: refused: ' + err.strip())
    check(read(schema) == before, 'lint -oschema.yaml: schema.yaml unchanged')


def case_baseline_after_incomplete_run():
    """Item 6: --write-baseline keeps the old file after exit 2."""
    d = fresh('baseline')
    write(os.path.join(d, 'a.cpp'), PROJECTION_SOURCE)
    write(os.path.join(d, 'b.cpp'), PROJECTION_SOURCE)
    database(d, ['a.cpp', 'b.cpp'])
    base = os.path.join(d, 'baseline.json')
    code, _, err = run(['lint', '--write-baseline', base, 'a.cpp', 'b.cpp'], d)
    old = read(base)
    check(code == 0 and len(json.loads(old)['findings']) == 2,
          'a complete run writes the baseline (2 entries)')
    # b.cpp stops compiling (a fatal error): its finding is missing from
    # this analysis.
    write(os.path.join(d, 'b.cpp'),
          '#include "no-such-header.h"\n' + PROJECTION_SOURCE)
    code, _, err = run(['lint', '--write-baseline', base, 'a.cpp', 'b.cpp'],
                       d)
    check(code == 2, 'a TU that does not compile: exit 2 (%d)' % code)
    check(read(base) == old, 'the baseline keeps its 2 entries after an '
          'incomplete run (%d now)' % len(json.loads(read(base))['findings']))
    check('is kept as it was' in err, 'and it says so: ' + err.strip()[-200:])


# --- Live endpoint and memory ----------------------------------------------

class StreamingHandler(http.server.BaseHTTPRequestHandler):
    """Answers every request 200 with a body that does not end."""
    protocol_version = 'HTTP/1.1'

    def stream(self):
        self.send_response(200)
        self.send_header('Content-Type', 'application/json')
        if self.path.startswith('/announced'):
            self.send_header('Content-Length', str(8 << 30))
            self.end_headers()
        else:
            self.send_header('Transfer-Encoding', 'chunked')
            self.end_headers()
        chunk = b'x' * (1 << 20)
        framed = b'%x\r\n%s\r\n' % (len(chunk), chunk)
        try:
            for _ in range(4096):  # 4 GiB at most
                self.wfile.write(chunk if self.path.startswith('/announced')
                                 else framed)
        except OSError:
            pass

    do_GET = do_POST = do_PUT = do_DELETE = do_PATCH = stream

    def handle(self):
        try:  # the client hangs up on the stream: that is the point
            super().handle()
        except OSError:
            pass

    def log_message(self, *args):
        pass


def case_live_streaming_body():
    """Item 12: an endpoint streaming for ever fails the request."""
    server = http.server.ThreadingHTTPServer(('127.0.0.1', 0),
                                             StreamingHandler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    port = server.server_address[1]
    d = fresh('live')
    for path in ('devstoreaccount1', 'announced'):
        env = dict(os.environ, TABLELINT_LIVE_ACCOUNT='devstoreaccount1',
                   TABLELINT_LIVE_KEY=ACCOUNT_KEY)
        code, out, err = run(['replay', GOOD_SCHEMA, '--duration', '5s',
                              '--live', 'http://127.0.0.1:%d/%s'
                              % (port, path)], d, timeout=180, env=env)
        check(code == 2 and 'larger than' in err,
              '--live /%s: exit 2, the body is too large: %d %s'
              % (path, code, err.strip()[-250:]))
        no_secret(out + err, '--live output')
    server.shutdown()


def case_memory_fan_out():
    """Item 13: a fanOut over 4096 buckets is in the memory estimate."""
    d = fresh('memory')
    schema = os.path.join(SOURCE, 'test-inputs/schemas/replay/'
                          'fan-out-4096.yaml')
    start = time.monotonic()
    code, out, err = run(['replay', schema, '--memory', '1G',
                          '--duration', '1h'], d, timeout=60)
    check(code == 2 and '--memory' in err,
          'replay --memory 1G refuses the fan-out run: %d %s'
          % (code, err.strip()[-300:]))
    check(time.monotonic() - start < 30, 'and refuses it up front')


# --- Secrets and control bytes ----------------------------------------------

HOSTILE_NAME = 'T\x1b]0;pwned\x07AccountKey=' + ACCOUNT_KEY


def raw_control(text):
    return any(c in text for c in ('\x1b', '\x07', '\x9b'))


def case_schema_errors_redacted():
    """Item 14: replay, suggest, suggest --diff, replay --trace errors."""
    d = fresh('schema-errors')
    bad = os.path.join(d, 'bad.yaml')
    # A write that names an undeclared client: the error quotes the name.
    write(bad, read(GOOD_SCHEMA).replace(
        'client: ingest, op', 'client: "%s", op' % HOSTILE_NAME, 1))
    trace = os.path.join(d, 'trace.jsonl')
    write(trace, json.dumps({'t': 0, 'op': HOSTILE_NAME}) + '\n')
    for args in (['replay', bad, '--duration', '5s'], ['suggest', bad],
                 ['suggest', '--diff', bad], ['lint', bad],
                 ['checklist', bad],
                 ['replay', GOOD_SCHEMA, '--trace', trace]):
        code, out, err = run(args, d)
        check(code == 2, '%s: exit 2 (%d)' % (args[:2], code))
        check('pwned' in err, '%s: the error quotes the value' % args[:2])
        no_secret(out + err, '%s output' % args[:2])
        check(not raw_control(out + err),
              '%s: no raw control byte reaches the terminal' % args[:2])


def case_live_url_signature():
    """Item 15: the "must not carry a query" error shows no signature."""
    d = fresh('live-url')
    for url in ('http://127.0.0.1:9/acct?sv=2020&sig=SECRET',
                'http://user:hunter2@127.0.0.1:9/acct',
                'ftp://127.0.0.1:9/acct?sig=SECRET'):
        code, out, err = run(['replay', GOOD_SCHEMA, '--duration', '5s',
                              '--live', url], d)
        check(code == 2, '--live %s: exit 2 (%d)' % (url[:12], code))
        check('SECRET' not in err and 'hunter2' not in err,
              '--live: no signature or password in ' + err.strip())


def case_token_shapes_in_outputs():
    """Item 16: new token shapes leave no JSON anchor or baseline."""
    d = fresh('tokens')
    lines = PROJECTION_SOURCE.split('\n')
    lines[5] += ' const char *k = "%s", *b = "Authorization: Bearer %s";' \
                ' // %s' % (GITHUB_TOKEN, JWT, ENTRA_SECRET)
    write(os.path.join(d, 'a.cpp'), '\n'.join(lines))
    database(d, ['a.cpp'])
    code, out, err = run(['lint', '--format', 'json', 'a.cpp'], d)
    check('missing-projection' in out, 'the finding is reported')
    no_secret(out + err, 'JSON report')
    base = os.path.join(d, 'baseline.json')
    run(['lint', '--write-baseline', base, 'a.cpp'], d)
    no_secret(read(base), 'baseline')
    check('ghp_\u2026 (40 characters, redacted)' in read(base),
          'the baseline anchor shows the token redacted')


def case_config_not_a_file():
    """Item 17: a .tablelint.yaml directory or dangling link is exit 2."""
    for kind in ('directory', 'dangling symlink'):
        d = fresh('config-' + kind.replace(' ', '-'))
        shutil.copy(GOOD_SCHEMA, os.path.join(d, 'schema.yaml'))
        config = os.path.join(d, '.tablelint.yaml')
        if kind == 'directory':
            os.makedirs(config)
        else:
            os.symlink('nowhere.yaml', config)
        code, out, err = run(['lint', '--fail-on', 'error', 'schema.yaml'], d)
        check(code == 2 and 'cannot read the configuration file' in err,
              '.tablelint.yaml that is a %s: exit 2 and why (%d: %s)'
              % (kind, code, err.strip()[-200:]))


def case_progress_line_escaped():
    """Item 18: the -j progress line escapes control bytes in names."""
    d = fresh('progress')
    names = ['a\x1b]0;pwned\x07.cpp', 'b\x1b[2J.cpp']
    for n in names:
        write(os.path.join(d, n), 'int f() { return 1; }\n')
    database(d, names)
    master, slave = pty.openpty()
    proc = subprocess.Popen([TABLELINT, 'lint', '-j', '2'] + names, cwd=d,
                            stdout=subprocess.DEVNULL, stderr=slave)
    os.close(slave)
    _, seen = read_terminal(master, proc)
    proc.wait(timeout=TIMEOUT)
    os.close(master)
    text = seen.decode('utf-8', 'replace')
    check(0 <= proc.returncode < 128, 'progress: exit %d' % proc.returncode)
    check('[2/2]' in text, 'the progress line is shown on a terminal')
    check('\x1b]0;' not in text and '\x1b[2J' not in text and '\x07' not in
          text, 'no OSC/CSI sequence of a file name reaches the terminal')
    check('\\x1b]0;pwned' in text.lower(), 'the name is shown escaped: %r'
          % text[-300:])


def case_response_file_secrets():
    """Item 19: @file contents never leave SARIF/JSON unredacted."""
    d = fresh('response-file')
    write(os.path.join(d, 'a.cpp'), PROJECTION_SOURCE)
    write(os.path.join(d, 'flags.rsp'),
          '-DX=1 %s --key=AccountKey=%s %s\n'
          % (GITHUB_TOKEN, ACCOUNT_KEY, ENTRA_SECRET))
    rsp = '@' + os.path.join(d, 'flags.rsp')
    # Named after `--`, the file is read (checked first) and its bad
    # arguments make a compile error that quotes them.
    for fmt in ('sarif', 'json', 'text', 'github'):
        code, out, err = run(['lint', '--format', fmt, 'a.cpp', '--', rsp], d)
        check(code == 2, '@file with a bad argument: exit 2 (%s: %d)'
              % (fmt, code))
        no_secret(out + err, '%s report of a compile error' % fmt)
    # In a compile database, a response file is never read (issue 44, item
    # 1): the file is linted with the entry's other flags, and nothing of
    # the response file shows.
    database(d, ['a.cpp'], [rsp])
    for fmt in ('sarif', 'text'):
        code, out, err = run(['lint', '--format', fmt, 'a.cpp'], d)
        check(code == 1, '@file in a database is not read: exit 1 (%s: %d)'
              % (fmt, code))
        no_secret(out + err, '%s report of a database @file' % fmt)


CASES = {name[5:]: f for name, f in globals().items()
         if name.startswith('case_')}


def main():
    os.makedirs(WORK, exist_ok=True)
    if CASE not in CASES:
        print('unknown case %s; known: %s' % (CASE, ', '.join(sorted(CASES))))
        return 2
    CASES[CASE]()
    print('%d failures' % len(FAILURES))
    return 1 if FAILURES else 0


if __name__ == '__main__':
    sys.exit(main())
