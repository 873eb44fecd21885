"""The bench's HTTP clients (`manage.py bench_league`, league/tooling/bench_serve.py): one GET on a new
connection, and the loads' clients, run in a process of their own."""

from __future__ import annotations

import http.client
import threading
import time
from typing import Any


def get(port: int, path: str, cookie: str) -> tuple[int, int, float]:
    """One GET on a new connection (gunicorn's sync workers close each one): status, body bytes,
    seconds from connecting to the last byte."""
    began = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        conn.request("GET", path, headers={"Cookie": cookie} if cookie else {})
        response = conn.getresponse()
        body = response.read()
    finally:
        conn.close()
    return response.status, len(body), time.perf_counter() - began


def _clients(port: int, paths: list[str], cookies: list[str], limit: float, send: Any) -> None:
    """The load's clients (in the child process): one thread per cookie, each sending the next path
    as soon as its previous answer arrived; sends back the times (ms), the errors, the paths sent
    and the seconds it took."""
    times: list[float] = []
    errors = [0]
    lock = threading.Lock()
    feed = iter(paths)
    sent: list[str] = []
    by_path: dict[str, list[float]] = {}

    def client(cookie: str) -> None:
        while True:
            with lock:
                path = next(feed, None) if time.perf_counter() < began + limit else None
                if path is not None:
                    sent.append(path)
            if path is None:
                return
            try:
                status, _size, seconds = get(port, path, cookie)
            except Exception:  # a connection refused, reset or cut short: an error of the load
                status, seconds = 0, 0.0
            with lock:
                if status == 200:
                    times.append(seconds * 1000)
                    by_path.setdefault(path, []).append(seconds * 1000)
                else:
                    errors[0] += 1

    threads = [threading.Thread(target=client, args=(cookie,), daemon=True) for cookie in cookies]
    began = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    send.send((times, errors[0], sent, time.perf_counter() - began, by_path))
    send.close()
