#!/usr/bin/env python3
"""A bounded load test of juice-server, called by Benchmarks/load.sh.

CLIENTS threads make and adjust through the HTTP API of the real server for
SECONDS seconds (each on its own keep-alive connection), while `juice make`
and `juice adjust` processes change the same store's files. Every answer
must be 200, or 409 (refused for stock, nothing changed); anything else, a
5xx above all, fails the run. At the end the inventory file must hold
exactly the stock the successful changes imply, from both sides, and the
journal must replay to it: the menu's initial stock plus every entry's
changes. Prints the requests per second and the latency percentiles.

With --lock-held STORE, this process holds STORE's lock (as another
process keeping it would) for the whole run while LOCKED_CLIENTS more
clients send it changes, which must all be refused with 503 (`locked`, or
`busy` for those that waited longer than the lock's wait); the clients
of the store under load must then keep their p99 under 1 s: a locked
store delays only itself.

With --scrape SECONDS, one more client gets `/metrics` every SECONDS
(as Prometheus would) on its own connection: each answer must be 200 and
the Prometheus text (`juice_http_requests_total` in it); the throughput
is then compared with a run without it (Benchmarks/BENCHMARKS.md).

Standard library only: it runs wherever python3 does.
"""

import argparse
import fcntl
import http.client
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter

STORE = "gangnam"
# The stock set before the run, so that most makes succeed.
START_STOCK = 2000


def main():
    options = arguments()
    work = tempfile.mkdtemp(prefix="juice-load-")
    server = None
    try:
        shutil.copytree(os.path.join(options.root, "recipes"), os.path.join(work, "recipes"))
        shutil.copytree(os.path.join(options.root, "state"), os.path.join(work, "state"))
        server, port = start_server(options.bin, work)
        failures = run(options, work, port, server.pid)
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=30)
        shutil.rmtree(work, ignore_errors=True)
    if failures:
        print("load: FAILED", file=sys.stderr)
        for failure in failures:
            print("  " + failure, file=sys.stderr)
        sys.exit(1)
    print("load: passed")


def arguments():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", required=True, help="the folder of juice and juice-server")
    parser.add_argument("--root", required=True, help="the repository (its recipes/ and state/ are copied)")
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--processes", type=int, default=2, help="juice processes running meanwhile")
    parser.add_argument("--lock-held", metavar="STORE", help="hold STORE's lock while its clients send changes")
    parser.add_argument("--locked-clients", type=int, default=10, help="clients of the locked store")
    parser.add_argument("--scrape", type=float, metavar="SECONDS", help="get /metrics every SECONDS meanwhile")
    return parser.parse_args()


def start_server(bin_folder, work):
    """juice-server over the copy of the chain, on a free loopback port."""
    out = open(os.path.join(work, "server.out"), "w+")
    server = subprocess.Popen(
        [os.path.join(bin_folder, "juice-server"), "--stores", "recipes/stores.yaml", "--port", "0"],
        cwd=work, stdout=out, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 60
    prefix = "juice-server: listening on http://127.0.0.1:"
    while True:
        out.seek(0)
        said = out.read()
        for line in said.splitlines(keepends=True):
            if line.startswith(prefix) and line.endswith("\n"):
                return server, int(line[len(prefix):])
        # Checked once more after the deadline: a starved machine may be late.
        if server.poll() is not None or time.monotonic() > deadline:
            server.kill()
            raise SystemExit("load: juice-server did not start: " + said)
        time.sleep(0.1)


def call(connection, method, path, body=None):
    """(status, parsed JSON) of one request on a keep-alive connection."""
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"} if data is not None else {}
    connection.request(method, path, body=data, headers=headers)
    response = connection.getresponse()
    return response.status, json.loads(response.read())


class Tally:
    """What succeeded, by fruit, and every answer's latency, shared by threads."""

    def __init__(self):
        self.lock = threading.Lock()
        self.delta = Counter()
        self.statuses = Counter()
        self.latencies = []
        self.changes = Counter()  # successful changes by kind: "make", "adjust"
        self.failures = []

    def record(self, kind, status, latency=None, delta=None):
        with self.lock:
            self.statuses[status] += 1
            if latency is not None:
                self.latencies.append(latency)
            if delta is not None:
                self.delta.update(delta)
                self.changes[kind] += 1

    def fail(self, message):
        with self.lock:
            self.failures.append(message)


def cpu_seconds(pid):
    """The CPU seconds (user + system) process `pid` has used so far."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as file:
        fields = file.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def run(options, work, port, server_pid):
    base = "/api/stores/" + STORE
    setup = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    status, menu = call(setup, "GET", base + "/menu")
    assert status == 200, menu
    fruits = [fruit["id"] for fruit in menu["fruits"]]
    uses = {recipe["id"]: recipe["uses"] for recipe in menu["recipes"]}
    initial = {fruit["id"]: fruit["stock"] for fruit in menu["fruits"]}
    status, answer = call(
        setup, "POST", base + "/adjust",
        {"changes": [f"{fruit}={START_STOCK}" for fruit in fruits], "reason": "count"})
    assert status == 200, answer
    start = answer["inventory"]

    tally = Tally()
    locked = Tally()
    lock = None
    if options.lock_held:
        lock = open(os.path.join(work, "state", options.lock_held + ".yaml.lock"), "a")
        fcntl.flock(lock, fcntl.LOCK_EX)
    stop = time.monotonic() + options.seconds
    threads = [
        threading.Thread(target=client, args=(port, base, fruits, uses, stop, tally, seed))
        for seed in range(options.clients)
    ]
    threads += [
        threading.Thread(target=juice_process, args=(options.bin, work, fruits, uses, stop, tally, seed))
        for seed in range(options.processes)
    ]
    if options.lock_held:
        threads += [
            threading.Thread(target=locked_client, args=(port, options.lock_held, fruits, stop, locked))
            for _ in range(options.locked_clients)
        ]
    scrapes = Tally()
    if options.scrape:
        threads.append(threading.Thread(target=scraper, args=(port, options.scrape, stop, scrapes)))
    began = time.monotonic()
    cpu_before = cpu_seconds(server_pid)
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - began
    server_cpu = cpu_seconds(server_pid) - cpu_before
    if lock is not None:
        lock.close()

    failures = list(tally.failures)
    expected = {fruit: start[fruit] + tally.delta[fruit] for fruit in fruits}
    status, report = call(setup, "GET", base + "/report")
    if status != 200 or report["inventory"] != expected:
        failures.append(f"the server reports {report.get('inventory')}, the successful calls imply {expected}")
    on_disk = read_inventory(os.path.join(work, "state", STORE + ".yaml"))
    if on_disk != expected:
        failures.append(f"the inventory file holds {on_disk}, the successful calls imply {expected}")
    replayed, kinds = replay(os.path.join(work, "state", STORE + ".yaml.journal"), initial)
    if replayed != on_disk:
        failures.append(f"the journal replays to {replayed}, the inventory file holds {on_disk}")
    # One entry per successful change: none lost, none twice.
    for kind in ("make", "adjust"):
        if kinds[kind] != tally.changes[kind] + (1 if kind == "adjust" else 0):
            failures.append(f"the journal has {kinds[kind]} {kind} entries for {tally.changes[kind]} successful ones")

    latencies = sorted(tally.latencies)
    http_requests = len(latencies)
    print(f"load: {options.clients} clients and {options.processes} juice processes for {elapsed:.1f} s")
    print(f"load: answers by status: {dict(sorted(tally.statuses.items(), key=lambda item: str(item[0])))}")
    print(f"load: changes that succeeded: {dict(tally.changes)}; journal entries: {dict(kinds)}")
    if latencies:
        print(f"load: {http_requests} HTTP requests, {http_requests / elapsed:.0f} requests/s; latency "
              f"p50 {percentile(latencies, 50):.1f} ms, p90 {percentile(latencies, 90):.1f} ms, "
              f"p99 {percentile(latencies, 99):.1f} ms, max {latencies[-1]:.1f} ms")
        print(f"load: the server's CPU {server_cpu:.2f} s, {server_cpu * 1000 / http_requests:.3f} ms a request")
    print(f"load: final stock {on_disk}")
    if options.scrape:
        failures += scrapes.failures
        scraped = sorted(scrapes.latencies)
        if scraped:
            print(f"load: /metrics scraped every {options.scrape:g} s: {len(scraped)} scrapes, "
                  f"p50 {percentile(scraped, 50):.1f} ms, max {scraped[-1]:.1f} ms")
        else:
            failures.append("no /metrics scrape was answered")
    if options.lock_held:
        failures += locked.failures
        print(f"load: {options.lock_held} locked meanwhile: answers by status "
              f"{dict(sorted(locked.statuses.items(), key=lambda item: str(item[0])))}")
        if latencies and percentile(latencies, 99) >= 1000:
            failures.append(f"with {options.lock_held} locked, {STORE}'s p99 was "
                            f"{percentile(latencies, 99):.0f} ms, not under 1 s")
    return failures


def locked_client(port, store, fruits, stop, tally):
    """A client of the locked store: every change must be refused with 503."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    while time.monotonic() < stop:
        body = {"changes": [f"{fruits[0]}=+1"], "reason": "delivery"}
        try:
            status, answer = call(connection, "POST", f"/api/stores/{store}/adjust", body)
        except (OSError, http.client.HTTPException, ValueError) as error:
            tally.fail(f"{store} adjust: {error!r}")
            return
        tally.record("adjust", f"{status} {answer.get('error')}")
        if status != 503 or answer.get("error") not in ("locked", "busy"):
            tally.fail(f"{store} (locked) adjust: {status} {answer}")
    connection.close()


def scraper(port, every, stop, tally):
    """Prometheus: `GET /metrics` every `every` seconds until `stop`."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    next_scrape = time.monotonic()
    while next_scrape < stop:
        time.sleep(max(0, next_scrape - time.monotonic()))
        next_scrape += every
        began = time.perf_counter()
        try:
            connection.request("GET", "/metrics")
            response = connection.getresponse()
            text = response.read().decode()
        except (OSError, http.client.HTTPException, UnicodeDecodeError) as error:
            tally.fail(f"GET /metrics: {error!r}")
            return
        tally.record("scrape", response.status, (time.perf_counter() - began) * 1000)
        if response.status != 200 or "juice_http_requests_total" not in text:
            tally.fail(f"GET /metrics: {response.status} {text[:200]!r}")
    connection.close()


def client(port, base, fruits, uses, stop, tally, seed):
    """One HTTP client: makes (two in three) and adjusts until `stop`."""
    rng = random.Random(seed)
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    while time.monotonic() < stop:
        kind, body, delta = change(rng, fruits, uses)
        began = time.perf_counter()
        try:
            status, answer = call(connection, "POST", base + "/" + kind, body)
        except (OSError, http.client.HTTPException, ValueError) as error:
            # The outcome is unknown: the stock can no longer be checked.
            tally.fail(f"{kind} {body}: {error!r}")
            return
        latency = (time.perf_counter() - began) * 1000
        if status == 200:
            tally.record(kind, status, latency, delta)
        elif status == 409 and answer.get("ok") is False:
            tally.record(kind, status, latency)
        else:
            tally.record(kind, status, latency)
            tally.fail(f"{kind} {body}: {status} {answer}")
    connection.close()


def juice_process(bin_folder, work, fruits, uses, stop, tally, seed):
    """`juice make` and `juice adjust`, one process after another, until `stop`."""
    rng = random.Random(1000 + seed)
    juice = os.path.join(bin_folder, "juice")
    while time.monotonic() < stop:
        kind, body, delta = change(rng, fruits, uses)
        words = body["orders"] if kind == "make" else body["changes"] + ["--reason", body["reason"]]
        done = subprocess.run(
            [juice, kind, *words, "--store", STORE], cwd=work, capture_output=True, text=True, timeout=120)
        if done.returncode == 0:
            tally.record(kind, "juice 0", delta=delta)
        elif done.returncode == 1:
            tally.record(kind, "juice 1")
        else:
            tally.record(kind, f"juice {done.returncode}")
            tally.fail(f"juice {kind} {' '.join(words)}: exit {done.returncode}: {done.stderr.strip()}")


def change(rng, fruits, uses):
    """A random change: (kind, JSON body, its effect by fruit)."""
    if rng.random() < 2 / 3:
        recipe = rng.choice(sorted(uses))
        servings = rng.randint(1, 2)
        delta = {fruit: -count * servings for fruit, count in uses[recipe].items()}
        return "make", {"orders": [f"{recipe}={servings}"]}, delta
    fruit = rng.choice(fruits)
    amount = rng.randint(1, 6)
    return "adjust", {"changes": [f"{fruit}=+{amount}"], "reason": "delivery"}, {fruit: amount}


def read_inventory(path):
    """The counts of an inventory file (`fruit: count` lines)."""
    counts = {}
    with open(path, encoding="utf-8") as file:
        for line in file:
            if line.startswith("#") or not line.strip():
                continue
            fruit, count = line.split(":")
            counts[fruit.strip()] = int(count)
    return counts


def replay(path, initial):
    """The menu's initial stock changed by every journal entry, and the entries by kind."""
    stock = Counter(initial)
    kinds = Counter()
    with open(path, encoding="utf-8") as file:
        for line in file:
            entry = json.loads(line)
            kinds[entry["kind"]] += 1
            stock.update(entry["changes"])
    return dict(stock), kinds


def percentile(sorted_values, percent):
    """The nearest-rank percentile of sorted values."""
    rank = max(1, -(-len(sorted_values) * percent // 100))
    return sorted_values[int(rank) - 1]


if __name__ == "__main__":
    main()
