#!/usr/bin/env python3
# A Table endpoint that is down: answers 503 ServerBusy to every request
# (mode "all"); or accepts table creation and deletion and answers 503 to
# every entity operation (mode "entities"), or never answers them (mode
# "hang", a proxy that hangs). Binds to 127.0.0.1 on a free port, prints
# the port, and shuts down after SECONDS whatever happens.
# Usage: status-server.py all|entities|hang SECONDS
import http.server
import sys
import threading
import time

MODE = sys.argv[1]
SECONDS = float(sys.argv[2])
BUSY = (b'{"odata.error":{"code":"ServerBusy","message":{"lang":"en-US",'
        b'"value":"The server is busy."}}}')


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = 'HTTP/1.1'

    def answer(self):
        length = int(self.headers.get('Content-Length') or 0)
        if length:
            self.rfile.read(length)
        tables = self.path.split('?')[0].rstrip('/').split('/')[-1]
        if MODE != 'all' and tables.startswith('Tables'):
            self.send_response(201 if self.command == 'POST' else 204)
            self.send_header('Content-Length', '0')
            self.end_headers()
            return
        if MODE == 'hang':
            time.sleep(SECONDS)
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
print(server.server_address[1], flush=True)
threading.Timer(SECONDS, server.shutdown).start()
server.serve_forever()
