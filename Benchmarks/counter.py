#!/usr/bin/env python3
"""Benchmarks of juice-server's event streams and of one tap, called by
Benchmarks/counter.sh.

- streams: STREAMS idle event streams on one store (asyncio raw sockets,
  each reading its first event, then only what comes); the server's CPU
  over an interval (utime + stime from /proc/PID/stat) and its resident
  memory (VmRSS) and descriptors, once every stream has had its first
  event.
- fan-out (with streams): one change (an adjust over HTTP), and the time
  from sending it until each stream has the inventory event that shows
  it: p50, p99, max, and how many streams got it within 1 s.
- tap: one client's `make` over a keep-alive connection, one after
  another, against the same make by `juice make` as a process.

Standard library only.
"""

import argparse
import asyncio
import http.client
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

STORE = "gangnam"
TICKS = os.sysconf("SC_CLK_TCK")


def main():
    options = arguments()
    work = tempfile.mkdtemp(prefix="juice-counter-bench-")
    server = None
    try:
        shutil.copytree(os.path.join(options.root, "recipes"), os.path.join(work, "recipes"))
        shutil.copytree(os.path.join(options.root, "state"), os.path.join(work, "state"))
        server, port = start_server(options, work)
        if options.streams:
            asyncio.run(streams(options, server, port))
        if options.taps:
            tap(options, work, port)
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=30)
        shutil.rmtree(work, ignore_errors=True)


def arguments():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server", required=True, type=os.path.abspath, help="the juice-server binary")
    parser.add_argument("--juice", type=os.path.abspath, help="the juice binary (for the tap's comparison)")
    parser.add_argument("--root", required=True, help="the repository (its recipes/ and state/ are copied)")
    parser.add_argument("--streams", type=int, default=0, help="idle event streams to open (0: none)")
    parser.add_argument("--max-streams", action="store_true", help="pass --max-streams STREAMS + 100")
    parser.add_argument("--interval", type=float, default=20, help="seconds over which CPU is measured")
    parser.add_argument("--taps", type=int, default=0, help="makes for the tap benchmark (0: none)")
    parser.add_argument("--label", default="", help="a name for the printed lines")
    return parser.parse_args()


def start_server(options, work):
    """juice-server over the copy of the chain, on a free loopback port."""
    arguments = [options.server, "--stores", "recipes/stores.yaml", "--port", "0"]
    if options.max_streams:
        arguments += ["--max-streams", str(options.streams + 100)]
    out = open(os.path.join(work, "server.out"), "w+")
    server = subprocess.Popen(arguments, cwd=work, stdout=out, stderr=subprocess.STDOUT)
    prefix = "juice-server: listening on http://127.0.0.1:"
    deadline = time.monotonic() + 60
    while True:
        out.seek(0)
        for line in out.read().splitlines(keepends=True):
            if line.startswith(prefix) and line.endswith("\n"):
                return server, int(line[len(prefix):])
        if server.poll() is not None or time.monotonic() > deadline:
            server.kill()
            raise SystemExit("counter: juice-server did not start")
        time.sleep(0.1)


def cpu_seconds(pid):
    """utime + stime of the process so far, in seconds."""
    with open(f"/proc/{pid}/stat") as file:
        fields = file.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def resident_mb(pid):
    with open(f"/proc/{pid}/status") as file:
        for line in file:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


class Stream:
    """One idle event stream: a raw socket that notes when it sees `marker`."""

    def __init__(self):
        self.first = asyncio.get_running_loop().create_future()
        self.marker = None
        self.seen = None
        self.tail = b""

    async def run(self, port):
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(f"GET /api/stores/{STORE}/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
        await writer.drain()
        try:
            while True:
                chunk = await reader.read(65536)
                if not chunk:
                    break
                text = self.tail + chunk
                if not self.first.done() and b"event: inventory" in text:
                    self.first.set_result(True)
                if self.marker is not None and self.seen is None and self.marker in text:
                    self.seen = time.monotonic()
                self.tail = text[-256:]
        finally:
            writer.close()
            if not self.first.done():
                self.first.set_result(False)


async def streams(options, server, port):
    # A kiwi count no stream has seen: the change's marker.
    status, report = await asyncio.to_thread(call, port, "GET", f"/api/stores/{STORE}/report")
    kiwi = report["inventory"]["kiwi"]
    opened = [Stream() for _ in range(options.streams)]
    tasks = []
    for index, stream in enumerate(opened):
        tasks.append(asyncio.create_task(stream.run(port)))
        if index % 100 == 99:
            await asyncio.sleep(0.05)
    began = time.monotonic()
    firsts = await asyncio.gather(*(asyncio.wait_for(stream.first, 120) for stream in opened))
    print(f"counter{options.label}: {sum(firsts)} of {options.streams} streams had their first event "
          f"in {time.monotonic() - began:.1f} s")
    await asyncio.sleep(5)  # settle
    descriptors = len(os.listdir(f"/proc/{server.pid}/fd"))
    cpu_before, clock_before = cpu_seconds(server.pid), time.monotonic()
    await asyncio.sleep(options.interval)
    cpu = (cpu_seconds(server.pid) - cpu_before) / (time.monotonic() - clock_before)
    print(f"counter{options.label}: {options.streams} idle streams: server CPU {cpu * 100:.2f} % of one core "
          f"over {options.interval:.0f} s, RSS {resident_mb(server.pid):.1f} MB, {descriptors} descriptors")

    marker = f'"kiwi" : {kiwi + 1},'.encode()
    for stream in opened:
        stream.marker = marker
    sent = time.monotonic()
    status, answer = await asyncio.to_thread(
        call, port, "POST", f"/api/stores/{STORE}/adjust", {"changes": ["kiwi=+1"], "reason": "delivery"})
    assert status == 200, answer
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and any(stream.seen is None for stream in opened):
        await asyncio.sleep(0.05)
    delays = sorted((stream.seen - sent) * 1000 for stream in opened if stream.seen is not None)
    within = sum(1 for delay in delays if delay <= 1000)
    if delays:
        print(f"counter{options.label}: fan-out of one change to {options.streams} streams: {len(delays)} got it; "
              f"p50 {percentile(delays, 50):.0f} ms, p99 {percentile(delays, 99):.0f} ms, max {delays[-1]:.0f} ms; "
              f"{within} within 1 s")
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


def call(port, method, path, body=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"} if data is not None else {}
    connection.request(method, path, body=data, headers=headers)
    response = connection.getresponse()
    answer = json.loads(response.read())
    connection.close()
    return response.status, answer


def tap(options, work, port):
    """One client's makes over HTTP, then the same makes by `juice make`."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    base = f"/api/stores/{STORE}"

    def request(method, path, body):
        connection.request(method, path, body=json.dumps(body).encode(),
                           headers={"Content-Type": "application/json"})
        response = connection.getresponse()
        response.read()
        return response.status

    assert request("POST", base + "/adjust", {"changes": ["banana=100000"], "reason": "count"}) == 200
    http_times = []
    for _ in range(options.taps):
        began = time.perf_counter()
        assert request("POST", base + "/make", {"orders": ["banana"]}) == 200
        http_times.append((time.perf_counter() - began) * 1000)
    connection.close()
    process_times = []
    if options.juice:
        for _ in range(options.taps):
            began = time.perf_counter()
            done = subprocess.run([options.juice, "make", "banana", "--store", STORE], cwd=work,
                                  capture_output=True)
            assert done.returncode == 0, done.stderr
            process_times.append((time.perf_counter() - began) * 1000)
    for name, times in (("HTTP make", http_times), ("juice make (process)", process_times)):
        if times:
            times.sort()
            print(f"counter{options.label}: tap, {name}, {len(times)} in a row: p50 {percentile(times, 50):.2f} ms, "
                  f"p99 {percentile(times, 99):.2f} ms")


def percentile(sorted_values, percent):
    """The nearest-rank percentile of sorted values."""
    rank = max(1, -(-len(sorted_values) * percent // 100))
    return sorted_values[int(rank) - 1]


if __name__ == "__main__":
    sys.exit(main())
