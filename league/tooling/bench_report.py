"""What `manage.py bench_league` prints of the pages and the loads it measured (docs/benchmarks.md).

Each function writes its lines through `write` and returns the names of the targets missed (what
--check counts); the targets are the command's, passed in.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable
from typing import Any

Write = Callable[[str], Any]
READERS = ("anonymous", "logged in")


def report_pages(write: Write, small: list, big: list, target: float) -> list[str]:
    """Each page read again (kept) on both leagues against the bare view, then read once after a write."""
    write(
        f"{'page':<15}{'small ms':>9}{'x bare':>8}{'cpu ms':>8}{'x bare':>8}{'queries':>8}{'KB':>7}"
        f"{'big ms':>9}{'x bare':>8}{'cpu ms':>8}{'x bare':>8}{'queries':>8}{'KB':>7}  target"
    )
    cold = []
    missed = []
    for one, other in zip(small, big, strict=True):
        failure = one.error or other.error
        if failure:
            write(f"{one.name:<15}FAIL ({failure})")
            missed.append(one.name)
            continue
        cells, ratios = [], []
        for page, bare in ((one, small[0]), (other, big[0])):
            ratio = page.median / bare.median
            ratios.append(ratio)
            cpu = page.cpu_ms / bare.cpu_ms if bare.cpu_ms else 0.0
            cells.append(
                f"{page.median:>9.1f}{ratio:>8.2f}{page.cpu_ms:>8.1f}{cpu:>8.2f}"
                f"{_queries(page):>8}{page.size / 1024:>7.1f}"
            )
        verdict = ""
        if one.name not in ("bare view", "base.html"):
            grows = max(other.queries) > max(one.queries)
            ok = max(ratios) <= target and not grows
            verdict = ("PASS" if ok else "FAIL") + f" (<= {target:g}x" + (", queries grow)" if grows else ")")
            if not ok:
                missed.append(one.name)
        write(f"{one.name:<15}{''.join(cells)}  {verdict}".rstrip())
        if one.name != "bare view":
            cold.append(
                f"{one.name:<15}"
                + "".join(
                    f"{statistics.median(p.cold_ms):>9.1f}{statistics.median(p.cold_ms) / b.median:>8.2f}"
                    f"{p.cold_cpu_ms:>8.1f}{p.cold_cpu_ms / b.cpu_ms if b.cpu_ms else 0.0:>8.2f}"
                    for p, b in ((one, small[0]), (other, big[0]))
                )
            )
    # The same pages read once after a write anywhere (no kept page): rendered in full.
    write("first read after a write (rendered, not kept):")
    write(
        f"{'page':<15}{'small ms':>9}{'x bare':>8}{'cpu ms':>8}{'x bare':>8}{'big ms':>9}{'x bare':>8}{'cpu ms':>8}{'x bare':>8}"
    )
    for line in cold:
        write(line)
    return missed


def report_results(write: Write, small: list, big: list, other_target: float, own_target: float) -> list[str]:
    """The first read after a result (league/infra/page_versions.py), one block per reader: in another
    league (its versions bumped as a result bumps them) the page is served kept (target: within
    `other_target` times the same reader's re-read); in its own league (a result played there between
    teams the pages do not show, its listeners run: league/infra/page_warm.py) within `own_target`
    times the bare view. Both leagues are held to it."""
    missed = []
    for who in READERS:
        write(
            f"first read after a result in another league (x its re-read) / in its own league, played with its"
            f" listeners (x the bare view), {who}:"
        )
        write(
            f"{'page':<15}" + f"{'other ms':>9}{'x reread':>9}{'own ms':>8}{'x bare':>8}" * 2 + "  target (small, big)"
        )
        for one, other in zip(small, big, strict=True):
            if one.error or other.error or not one.league_id:
                continue  # no page (its FAIL is in the table above), or no league's
            if who not in one.after or who not in other.after:
                write(f"{one.name:<15}(not a public page)")
                continue
            cells, ok = [], True
            for page, bare in ((one, small[0]), (other, big[0])):
                reader = page.after[who]
                kept, own = statistics.median(reader.other_ms), statistics.median(reader.own_ms)
                again = kept / statistics.median(reader.reread_ms)
                ok = ok and again <= other_target and own / bare.median <= own_target
                cells.append(f"{kept:>9.1f}{again:>9.2f}{own:>8.1f}{own / bare.median:>8.2f}")
            write(
                f"{one.name:<15}{''.join(cells)}  {'PASS' if ok else 'FAIL'} "
                f"(other <= {other_target:g}x, own <= {own_target:g}x)"
            )
            if not ok:
                missed.append(f"{one.name} after a result ({who})")
    return missed


def report_load(write: Write, who: str, load: Any, p95_target: float) -> list[str]:
    """`load: <clients> <who>, 1 result/s in the league: R req/s, p95 P ms` and its verdict (p95
    under the target, no error, no failed result, a result each second), then what it was made of."""
    results = load.results
    failed = len(results.failures) if results else 0
    p95 = load.percentile(0.95) if load.times_ms else float("inf")
    ok = p95 < p95_target and not load.errors and not failed and not (results and results.behind)
    write(
        f"load: {load.clients} {who}, 1 result/s in the league: {load.per_second:.1f} req/s, p95 {p95:.0f} ms  "
        f"{'PASS' if ok else 'FAIL'} (p95 < {p95_target:g} ms, no error, a result each second)"
    )
    medians = getattr(load, "medians", {})
    mix = ", ".join(
        f"{name} {count}" + (f" ({medians[name]:.0f} ms median)" if name in medians else "")
        for name, count in load.mix.items()
    )
    played = "no results"
    if results:
        times = results.seconds or [0.0]
        played = (
            f"{results.processed} results processed ({results.due} due, {failed} failed; each "
            f"{statistics.median(times):.2f} s median, {max(times):.2f} s at most; "
            f"{getattr(results, 'renders', 0)} pages rendered after them, in a thread of their own)"
        )
        if results.failures:
            played += f", e.g. {results.failures[0]}"
    write(
        f"  {load.requests} requests in {load.seconds:.1f} s (at most {load.asked} or {load.limit:g} s: {mix}), "
        "each client having read each page once; "
        f"p50 {load.percentile(0.5) if load.times_ms else 0:.0f} ms, {load.errors} errors; {played}"
    )
    return [] if ok else [f"load ({who})"]


def _queries(page: Any) -> str:
    low, high = min(page.queries), max(page.queries)
    return str(low) if low == high else f"{low}-{high}"
