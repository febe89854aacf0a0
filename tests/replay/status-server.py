#!/usr/bin/env python3
# Failing Table endpoints for the live tests. Binds to 127.0.0.1 on a free
# port, prints the port, and shuts down after SECONDS whatever happens.
#
# Modes without a backend:
#   all       answers 503 ServerBusy to every request;
#   entities  accepts table creation and deletion and answers 503 to every
#             entity operation;
#   hang      accepts tables and never answers entity operations.
# Mode proxy (--target PORT, a real endpoint such as Azurite): forwards
# every request, except that among the entity requests (table creation,
# listing and deletion always pass) every --every K-th one, at most --limit
# M of them, gets --status (503 ServerBusy by default, or 400, 500) with the
# service's error body (JSON, or XML when the client does not accept JSON)
# and, with --retry-after S, a Retry-After header; with --drop, it is
# forwarded instead and the connection closed without an answer (the
# request lands, the client sees none); with --lose, the connection is
# closed without forwarding it (it never lands). --stats FILE receives,
# after every request, {"requests", "entityRequests", "injected",
# "dropped", "lost"} (every mode counts "requests").
#
# Usage: status-server.py all|entities|hang|proxy SECONDS [options]
import argparse
import http.client
import http.server
import json
import os
import threading
import time

P = argparse.ArgumentParser()
P.add_argument('mode', choices=['all', 'entities', 'hang', 'proxy'])
P.add_argument('seconds', type=float)
P.add_argument('--target', type=int, default=0)
P.add_argument('--every', type=int, default=1)
P.add_argument('--limit', type=int, default=-1)
P.add_argument('--status', type=int, default=503)
P.add_argument('--retry-after', default='')
P.add_argument('--drop', action='store_true')
P.add_argument('--lose', action='store_true')
P.add_argument('--stats', default='')
ARGS = P.parse_args()
MODE = ARGS.mode

ERRORS = {
    400: ('InvalidInput', 'One of the request inputs is not valid.'),
    500: ('OperationTimedOut',
          'Operation could not be completed within the specified time.'),
    503: ('ServerBusy', 'The server is busy.'),
}
BUSY = (b'{"odata.error":{"code":"ServerBusy","message":{"lang":"en-US",'
        b'"value":"The server is busy."}}}')

LOCK = threading.Lock()
STATS = {'requests': 0, 'entityRequests': 0, 'injected': 0, 'dropped': 0,
         'lost': 0}


def write_stats():
    if not ARGS.stats:
        return
    tmp = ARGS.stats + '.tmp'
    with open(tmp, 'w') as f:
        json.dump(STATS, f)
    os.replace(tmp, ARGS.stats)


def is_table_request(path):
    last = path.split('?')[0].rstrip('/').split('/')[-1]
    return last.startswith('Tables')


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = 'HTTP/1.1'

    def error_answer(self, status):
        code, message = ERRORS.get(status, ERRORS[503])
        if 'json' in (self.headers.get('Accept') or ''):
            body = json.dumps({'odata.error': {'code': code, 'message': {
                'lang': 'en-US', 'value': message}}}).encode()
            kind = 'application/json;odata=minimalmetadata'
        else:
            body = ('<?xml version="1.0" encoding="utf-8"?><error xmlns='
                    '"http://schemas.microsoft.com/ado/2007/08/dataservices/'
                    'metadata"><code>%s</code><message xml:lang="en-US">%s'
                    '</message></error>' % (code, message)).encode()
            kind = 'application/xml'
        self.send_response(status)
        self.send_header('Content-Type', kind)
        self.send_header('x-ms-error-code', code)
        if ARGS.retry_after:
            self.send_header('Retry-After', ARGS.retry_after)
        self.send_header('Content-Length', str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def forward(self, body):
        conn = http.client.HTTPConnection('127.0.0.1', ARGS.target,
                                          timeout=ARGS.seconds)
        headers = {k: v for k, v in self.headers.items()
                   if k.lower() not in ('connection', 'content-length')}
        conn.request(self.command, self.path, body=body, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        return resp, data

    def proxy(self, body):
        inject = drop = lose = False
        with LOCK:
            if not is_table_request(self.path):
                STATS['entityRequests'] += 1
                if (STATS['entityRequests'] % ARGS.every == 0 and
                        (ARGS.limit < 0 or STATS['injected'] +
                         STATS['dropped'] + STATS['lost'] < ARGS.limit)):
                    if ARGS.lose:
                        lose = True
                        STATS['lost'] += 1
                    elif ARGS.drop:
                        drop = True
                        STATS['dropped'] += 1
                    else:
                        inject = True
                        STATS['injected'] += 1
            write_stats()
        if inject:
            self.error_answer(ARGS.status)
            return
        if lose:
            self.close_connection = True
            return
        resp, data = self.forward(body)
        if drop:
            self.close_connection = True
            return
        self.send_response(resp.status, resp.reason)
        for k, v in resp.getheaders():
            if k.lower() not in ('transfer-encoding', 'connection',
                                 'content-length'):
                self.send_header(k, v)
        self.send_header('Content-Length', str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def answer(self):
        length = int(self.headers.get('Content-Length') or 0)
        body = self.rfile.read(length) if length else b''
        with LOCK:
            STATS['requests'] += 1
            write_stats()
        if MODE == 'proxy':
            self.proxy(body)
            return
        if MODE != 'all' and is_table_request(self.path):
            self.send_response(201 if self.command == 'POST' else 204)
            self.send_header('Content-Length', '0')
            self.end_headers()
            return
        if MODE == 'hang':
            time.sleep(ARGS.seconds)
            return
        self.send_response(503)
        self.send_header('Content-Type', 'application/json')
        self.send_header('x-ms-error-code', 'ServerBusy')
        self.send_header('Content-Length', str(len(BUSY)))
        self.end_headers()
        self.wfile.write(BUSY)

    do_GET = do_POST = do_PUT = do_DELETE = do_PATCH = do_MERGE = answer

    def log_message(self, *args):
        pass


server = http.server.ThreadingHTTPServer(('127.0.0.1', 0), Handler)
server.daemon_threads = True
print(server.server_address[1], flush=True)
threading.Timer(ARGS.seconds, server.shutdown).start()
server.serve_forever()
