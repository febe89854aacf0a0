#!/usr/bin/env python3
"""The hostile corpus (issue 12): inputs an attacker would try, made here at
test time (nothing big is committed), run through every command of the real
binary. Each run must end within the timeout (no hang), with an exit code
below 128 (no crash) equal to the expected one, say why on stderr, and leave
every input file as it was. Prints one line per run and per failure, and
exits 1 if there is any failure.

Usage: run-hostile.py TABLELINT SOURCE_DIR WORK_DIR
"""
import hashlib
import os
import random
import shutil
import subprocess
import sys
import threading
import time

TABLELINT, SOURCE, WORK = sys.argv[1], sys.argv[2], sys.argv[3]
TIMEOUT = 30
GOOD_SCHEMA = os.path.join(SOURCE, 'test-inputs/schemas/replay/current.yaml')


def make_corpus(d):
    """Writes the corpus into d; returns {name: path}."""
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    rng = random.Random(12)
    files = {}

    def put(name, data):
        path = os.path.join(d, name)
        with open(path, 'wb') as f:
            f.write(data if isinstance(data, bytes) else data.encode())
        files[name] = path

    put('empty.yaml', b'')
    put('empty.json', b'')
    put('garbage.bin', bytes(rng.randrange(256) for _ in range(64 * 1024)))
    put('nul-bytes.yaml', b'tables:\n  - name: A\x00B\n    partitionKey: "{a}"\n')
    put('invalid-utf8.yaml', b'tables:\n  - name: T\xc3\x28\xff\n'
        b'    partitionKey: "{k\xe2\x82}"\n')
    # A YAML bomb: each level holds nine of the one before, through aliases.
    bomb = 'a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]\n'
    for i in range(1, 30):
        bomb += 'a%d: &a%d [%s]\n' % (i, i, ', '.join(['*a%d' % (i - 1)] * 9))
    put('yaml-bomb.yaml', bomb)
    put('deep-yaml.yaml', 'tables: ' + '[' * 100000 + ']' * 100000 + '\n')
    put('deep-map.yaml', ''.join('  ' * i + 'k%d:\n' % i for i in range(3000)))
    # The reproduction of item 3: as a baseline, merge input, trace.
    put('deep.json', '[' * 100000 + ']' * 100000 + '\n')
    put('deep-object.json', '{"version": 1, "findings": ' + '[' * 100000 + '\n')
    put('huge-numbers.json', '{"version": 1e999999, "findings": [{"fingerprint": '
        '"x", "n": -1e999999}], "runs": 123456789012345678901234567890}\n')
    put('huge-numbers.yaml', 'tables:\n  - name: T\n    partitionKey: "{a}"\n'
        '    writes:\n      - name: w\n        rate: 1e400/s\n'
        '        batch: 99999999999999999999999\n')
    put('huge-trace.jsonl', '{"t": 1e308, "op": "ingest-reading"}\n'
        '{"t": -0, "op": "ingest-reading", "properties": {"x": 1e999}}\n')
    # The reproduction of item 9: two operations 1e12 s apart.
    put('far-trace.jsonl', '{"t": 0, "op": "ingest-reading"}\n'
        '{"t": 1e12, "op": "ingest-reading"}\n')
    # The reproduction of item 17.
    put('bad-sarif-index.json', '{"version": "2.1.0", "runs": [{"tool": '
        '{"driver": {"name": "t", "rules": []}}, "results": [{"ruleIndex": '
        '99999, "ruleId": null, "message": {"text": "x"}}]}]}\n')
    put('long-line.yaml', 'tables:\n  - name: ' + 'T' * (4 << 20) + '\n')
    put('many-lines.json', '{"version": 1, "findings": [\n' +
        ',\n'.join('{"fingerprint": "%d"}' % i for i in range(200000)) +
        ',\n{"rule": "no fingerprint"}\n]}\n')
    put('crlf.yaml', 'tables:\r\n  - name: T\r\n    partitionKey: "{a}"\r\n')
    put('bom.json', b'\xef\xbb\xbf{"version": 1, "findings": []}\n')
    # Links: a loop; a directory where a file is expected; nothing at all.
    os.symlink('loop-b.yaml', os.path.join(d, 'loop-a.yaml'))
    os.symlink('loop-a.yaml', os.path.join(d, 'loop-b.yaml'))
    files['loop-a.yaml'] = os.path.join(d, 'loop-a.yaml')
    os.makedirs(os.path.join(d, 'a-dir.yaml'))
    files['a-dir.yaml'] = os.path.join(d, 'a-dir.yaml')
    files['missing.yaml'] = os.path.join(d, 'missing.yaml')
    fifo = os.path.join(d, 'fifo.yaml')
    os.mkfifo(fifo)
    files['fifo.yaml'] = fifo
    return files


def feed_fifo(path, stop):
    """Writes garbage into the FIFO whenever a reader opens it."""
    while not stop.is_set():
        try:
            fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
        except OSError:
            time.sleep(0.02)
            continue
        try:
            os.set_blocking(fd, True)
            os.write(fd, b'tables: [garbage\n')
        except OSError:
            pass
        os.close(fd)


def digest(path):
    if os.path.islink(path):
        return 'link:' + os.readlink(path)
    if not os.path.isfile(path):
        return os.path.exists(path) and 'present'
    with open(path, 'rb') as f:
        return hashlib.sha256(f.read()).hexdigest()


SCHEMA_INPUTS = ['empty.yaml', 'garbage.bin', 'nul-bytes.yaml',
                 'invalid-utf8.yaml', 'yaml-bomb.yaml', 'deep-yaml.yaml',
                 'deep-map.yaml', 'huge-numbers.yaml', 'long-line.yaml',
                 'crlf.yaml', 'loop-a.yaml', 'missing.yaml', 'fifo.yaml']
JSON_INPUTS = ['empty.json', 'garbage.bin', 'deep.json', 'deep-object.json',
               'huge-numbers.json', 'bad-sarif-index.json', 'many-lines.json',
               'bom.json', 'invalid-utf8.yaml', 'loop-a.yaml', 'a-dir.yaml',
               'missing.yaml', 'fifo.yaml']
TRACE_INPUTS = ['empty.json', 'garbage.bin', 'deep.json', 'deep-object.json',
                'huge-numbers.json', 'huge-trace.jsonl', 'invalid-utf8.yaml',
                'loop-a.yaml', 'missing.yaml', 'fifo.yaml']
TEXT_INPUTS = ['garbage.bin', 'nul-bytes.yaml', 'invalid-utf8.yaml',
               'deep-yaml.yaml', 'deep.json']

# (label, arguments, inputs): {in} is the input's path, {text} its first
# 64 KiB as an argument, {good} a valid schema, {out} an output file.
COMMANDS = [
    ('lint', ['lint', '{in}'], SCHEMA_INPUTS),
    ('lint --baseline', ['lint', '--baseline', '{in}', '{good}', '-o',
                         '{out}'], JSON_INPUTS),
    ('lint --config', ['lint', '--config', '{in}', '{good}'], SCHEMA_INPUTS),
    ('suggest', ['suggest', '{in}', '-o', '{out}'], SCHEMA_INPUTS),
    ('replay', ['replay', '{in}', '--duration', '5s'], SCHEMA_INPUTS),
    ('replay --trace', ['replay', '{good}', '--trace', '{in}'], TRACE_INPUTS),
    ('checklist', ['checklist', '{in}'], SCHEMA_INPUTS),
    ('merge', ['merge', '{in}', '-o', '{out}'], JSON_INPUTS),
    ('filter', ['filter', '{text}'], TEXT_INPUTS),
    # Issue 12, item 1: a 7,000-term chain (was a stack overflow).
    ('filter chain', ['filter', ' and '.join(['A eq 1'] * 7000)], ['-']),
    # Issue 12, item 18: a seed past 2^64-1 (was clamped).
    ('replay --seed', ['replay', '{good}', '--seed',
                       '99999999999999999999999'], ['-']),
    # Issue 12, item 9: an operation a million years out (ran for ever).
    ('replay far trace', ['replay', '{good}', '--trace', '{in}'],
     ['far-trace.jsonl']),
    ('rules', ['rules', '{text}'], TEXT_INPUTS),
]

# Every hostile input is an input error (exit 2) unless listed here.
EXPECTED = {
    # An empty configuration sets nothing: the schema's findings, exit 1.
    ('lint --config', 'empty.yaml'): 1,
    # An empty trace is a trace of no operations: an empty report.
    ('replay --trace', 'empty.json'): 0,
    # No baseline yet is no baseline (the first CI run), with a note: the
    # good schema's findings, exit 1. A link loop in its place is an error.
    ('lint --baseline', 'missing.yaml'): 1,
}


def main():
    files = make_corpus(os.path.join(WORK, 'corpus'))
    out = os.path.join(WORK, 'out.txt')
    stop = threading.Event()
    threading.Thread(target=feed_fifo, args=(files['fifo.yaml'], stop),
                     daemon=True).start()
    before = {name: digest(path) for name, path in files.items()}
    failures, runs = [], 0
    for label, template, inputs in COMMANDS:
        for name in inputs:
            path = files.get(name, name)
            text = ''
            if '{text}' in template:
                with open(path, 'rb') as f:
                    text = f.read(64 * 1024).replace(b'\0', b' ').decode(
                        'utf-8', 'surrogateescape')
            args = [text if a == '{text}' else
                    a.format(**{'in': path, 'good': GOOD_SCHEMA, 'out': out})
                    for a in template]
            runs += 1
            start = time.monotonic()
            try:
                r = subprocess.run([TABLELINT] + args, cwd=WORK,
                                   stdout=subprocess.DEVNULL,
                                   stderr=subprocess.PIPE, timeout=TIMEOUT)
            except subprocess.TimeoutExpired:
                failures.append('%s %s: no answer within %d s (hang)'
                                % (label, name, TIMEOUT))
                continue
            seconds = time.monotonic() - start
            code = r.returncode
            err = r.stderr.decode('utf-8', 'replace').strip().splitlines()
            first = err[0][:150] if err else '(nothing on stderr)'
            expected = EXPECTED.get((label, name), 2)
            if code < 0 or code >= 128:
                failures.append('%s %s: crashed (exit %d): %s'
                                % (label, name, code, first))
            elif code != expected:
                failures.append('%s %s: exit %d, expected %d: %s'
                                % (label, name, code, expected, first))
            elif code == 2 and not err:
                failures.append('%s %s: exit 2 with nothing on stderr'
                                % (label, name))
            print('%-16s %-20s exit %3d %6.2fs  %s'
                  % (label, name, code, seconds, first), flush=True)
            for n, p in files.items():
                now = digest(p)
                if now != before[n]:
                    failures.append('%s %s: changed input %s' % (label, name, n))
                    before[n] = now
    stop.set()
    print('%d runs, %d failures' % (runs, len(failures)))
    for f in failures:
        print('FAIL: ' + f)
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
