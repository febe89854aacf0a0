#!/usr/bin/env python3
"""Service time per operation kind, measured against Azurite on loopback.

The source of the replay's latency model (replay/ServiceTime.h,
docs/replay.md "Latency"): for each kind of request the simulated service
answers (a point read, a single insert, a batch of 100 inserts, a query page
of N entities) it sends REPS requests one at a time, in turn, to an
in-memory Azurite on 127.0.0.1 and prints the median, p95 and p99 of their
round trips, and the lognormal sigma that fits the median and p99
(ln(p99 / p50) / 2.326). Azurite is the Table service's emulator: what it
shows is how the kinds compare (a batch against a point read, a page's
time per entity scanned), not the cloud's absolute figures, which no
public document gives; docs/replay.md says how the model uses each.

  bench/azurite_service_time.py [REPS]       (default 400)

Needs node_modules/.bin/azurite-table (scripts/setup.sh installs it).
"""
import base64
import datetime
import hashlib
import hmac
import http.client
import json
import math
import os
import socket
import subprocess
import sys
import time
import uuid

ACCOUNT = "devstoreaccount1"
# The emulator's well-known development key (public documentation).
KEY = base64.b64decode(
    "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/"
    "K1SZFPTOtr/KBHBeksoGMGw==")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_azurite(root):
    exe = os.path.join(root, "node_modules", ".bin", "azurite-table")
    port = free_port()
    proc = subprocess.Popen(
        [exe, "--tableHost", "127.0.0.1", "--tablePort", str(port),
         "--inMemoryPersistence", "--disableTelemetry"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    for line in proc.stdout:
        if "successfully started" in line:
            return proc, port
    proc.kill()
    sys.exit("azurite-table did not start")


class Table:
    def __init__(self, port, name):
        self.conn = http.client.HTTPConnection("127.0.0.1", port)
        self.name = name

    def request(self, method, path, body=None, headers=None):
        date = datetime.datetime.now(datetime.timezone.utc).strftime(
            "%a, %d %b %Y %H:%M:%S GMT")
        resource = "/%s/%s%s" % (ACCOUNT, ACCOUNT, path.split("?")[0])
        sig = base64.b64encode(hmac.new(
            KEY, ("%s\n%s" % (date, resource)).encode(),
            hashlib.sha256).digest()).decode()
        h = {"x-ms-date": date, "x-ms-version": "2019-02-02",
             "Accept": "application/json;odata=nometadata",
             "DataServiceVersion": "3.0",
             "Authorization": "SharedKeyLite %s:%s" % (ACCOUNT, sig)}
        h.update(headers or {})
        data = body.encode() if isinstance(body, str) else body
        if data is not None and "Content-Type" not in h:
            h["Content-Type"] = "application/json"
        start = time.perf_counter()
        self.conn.request(method, "/%s%s" % (ACCOUNT, path), body=data,
                          headers=h)
        resp = self.conn.getresponse()
        payload = resp.read()
        elapsed = time.perf_counter() - start
        if resp.status >= 300:
            sys.exit("%s %s: %d %s" % (method, path, resp.status,
                                       payload[:200]))
        return elapsed, payload

    def create(self):
        self.request("POST", "/Tables", json.dumps({"TableName": self.name}))

    def insert(self, pk, rk):
        entity = {"PartitionKey": pk, "RowKey": rk, "value": 42.5,
                  "label": "x" * 100}
        return self.request("POST", "/" + self.name, json.dumps(entity))[0]

    def point_read(self, pk, rk):
        return self.request(
            "GET", "/%s(PartitionKey='%s',RowKey='%s')" % (self.name, pk, rk))[0]

    def page(self, pk, top):
        from urllib.parse import quote
        flt = quote("PartitionKey eq '%s'" % pk)
        return self.request(
            "GET", "/%s()?$filter=%s&$top=%d" % (self.name, flt, top))[0]

    def batch(self, pk, rows):
        batch_id, change_id = "batch_" + str(uuid.uuid4()), \
            "changeset_" + str(uuid.uuid4())
        parts = []
        for rk in rows:
            entity = json.dumps({"PartitionKey": pk, "RowKey": rk,
                                 "value": 42.5, "label": "x" * 100})
            parts.append(
                "--%s\r\nContent-Type: application/http\r\n"
                "Content-Transfer-Encoding: binary\r\n\r\n"
                "POST http://127.0.0.1/%s/%s HTTP/1.1\r\n"
                "Content-Type: application/json\r\n"
                "Accept: application/json;odata=nometadata\r\n"
                "Prefer: return-no-content\r\nDataServiceVersion: 3.0\r\n\r\n"
                "%s\r\n" % (change_id, ACCOUNT, self.name, entity))
        body = ("--%s\r\nContent-Type: multipart/mixed; boundary=%s\r\n\r\n"
                % (batch_id, change_id) + "".join(parts) +
                "--%s--\r\n--%s--\r\n" % (change_id, batch_id))
        return self.request(
            "POST", "/$batch", body,
            {"Content-Type": "multipart/mixed; boundary=" + batch_id})[0]


def figures(name, samples):
    samples = sorted(samples)
    def at(q):
        return samples[min(len(samples) - 1, int(q * len(samples)))]
    p50, p95, p99 = at(0.5), at(0.95), at(0.99)
    sigma = math.log(p99 / p50) / 2.326 if p99 > p50 else 0
    print("%-22s n=%4d  p50 %7.3f ms  p95 %7.3f ms  p99 %7.3f ms  sigma %.2f"
          % (name, len(samples), p50 * 1e3, p95 * 1e3, p99 * 1e3, sigma))
    return p50


def main():
    reps = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    proc, port = start_azurite(root)
    try:
        t = Table(port, "ServiceTime")
        t.create()
        # Partitions of 10, 100 and 1,000 entities for the pages.
        for size in (10, 100, 1000):
            for start in range(0, size, 100):
                t.batch("p%d" % size, ["r%05d" % i for i in
                                       range(start, min(size, start + 100))])
        inserts, reads, batches = [], [], []
        pages = {10: [], 100: [], 1000: []}
        for i in range(reps):
            inserts.append(t.insert("w%d" % (i % 50), "r%06d" % i))
            reads.append(t.point_read("p1000", "r%05d" % (i % 1000)))
            if i % 4 == 0:
                batches.append(t.batch("b%d" % i,
                                       ["r%03d" % j for j in range(100)]))
                for size in pages:
                    pages[size].append(t.page("p%d" % size, 1000))
        read = figures("point read", reads)
        figures("insert", inserts)
        batch = figures("batch of 100 inserts", batches)
        page = {size: figures("query page of %d" % size, s)
                for size, s in pages.items()}
        per_entity = (page[1000] - page[10]) / 990
        print("per entity scanned (page of 1000 - page of 10) / 990: %.1f us"
              % (per_entity * 1e6))
        print("batch / point read, medians: %.1f" % (batch / read))
    finally:
        proc.kill()


if __name__ == "__main__":
    main()
