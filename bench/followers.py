"""The live view at a convention's scale: players' pages following expeditions, GMs acting.

Starts the run command with its defaults (its gevent workers, the rate limit on, the expeditions
in a SQLite file of a temporary folder) on a free loopback port; ``--gms`` GMs each create an
expedition, and ``--followers`` players' pages (spread evenly over the expeditions) follow them
as the page does: a read, then conditional GETs with ``If-None-Match`` asking to be held until a
change (``Prefer: wait=N``, ``--wait``, by default the page's own ``WAIT_SECONDS``), asked again at
once after a held answer or a change, else after ``--poll`` seconds (``--wait 0``: every
``--poll`` seconds, as the page did before it asked to be held), over a keep-alive connection,
each page from a loopback address of its own (127.1.x.y: a phone each, for the rate limit).
Every ``--every`` seconds each GM acts on its own expedition (a fresh
connection, as a phone that idled past the keep-alive; the mix of ``bench/expedition.py``). The
pages are greenlets of this process; the GMs are greenlets of a child process of their own, so
that the pages' work in this one (a hundred answers to read at each change) does not delay the
timing of an action (both processes read the one system-wide monotonic clock).

After a warm-up (``--warm-up`` s: longer for many pages on a busy machine, or their first reads
fall into the window), for ``--seconds`` it prints the polls answered (those held to the end of
their wait or until a change apart) against those wanted without waits, the p50 and p99 of those
not held, the GM actions' p50 and p99, the time from a GM sending an action to a follower seeing
its version (p50/p99 over followers) and to *every* follower of the expedition seeing it (p50/p99
over actions), and the CPU seconds the server's processes spent (from ``/proc``), per follower per
minute and per poll answered (the figure a machine's other load disturbs least); with ``--every
0`` the GMs do not act: what idle followers cost. GMs stop acting ``--poll`` + 1 s before the end,
so every action can be seen. Bounded in time and count; nothing leaves 127.0.0.0/8.

    .venv/bin/python bench/followers.py [--followers 300] [--gms 10] [--seconds 40]
        [--poll 1.5] [--wait 25] [--every 10] [--warm-up 4] [--source DIR]

``--source`` serves another checkout of the code (``git archive <commit> | tar -x -C DIR``).
"""

from __future__ import annotations

from gevent import monkey

monkey.patch_all()  # before http.client and socket are imported anywhere

import sys  # noqa: E402
from pathlib import Path  # noqa: E402

# bench/http.py would shadow the stdlib's http: keep this folder off the path, the root on it.
ROOT = Path(__file__).resolve().parent.parent
sys.path[:] = [str(ROOT), *(entry for entry in sys.path
                            if Path(entry or ".").resolve() != Path(__file__).resolve().parent)]

import argparse  # noqa: E402
import http.client  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import random  # noqa: E402
import re  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from collections import Counter, defaultdict  # noqa: E402
from dataclasses import dataclass, field  # noqa: E402

import gevent  # noqa: E402

from bench.expedition import Table  # noqa: E402
from bench.import_cost import start  # noqa: E402
from bench.slow_clients import free_port, report, stop_server  # noqa: E402

WARM_UP = 4.0
#: The players' page's own wait (``docs/javascripts/expedition/api.js``).
PAGE_WAIT = int(re.search(r"export const WAIT_SECONDS = (\d+);", (
    ROOT / "docs/javascripts/expedition/api.js").read_text())[1])  # type: ignore[index]


@dataclass
class Figures:
    """What the pages and the GMs saw, in the measured window."""

    window: tuple[float, float]
    polls: list[float] = field(default_factory=list)
    #: Polls held to the end of their wait (304 with Preference-Applied): not in ``polls``.
    held: int = 0
    #: Held polls answered with a change (200): not in ``polls`` either.
    woken: int = 0
    failed_polls: int = 0
    actions: list[float] = field(default_factory=list)
    #: Each measured action: (when it was sent, in s from the window's start, its ms, its kind).
    timeline: list[tuple[float, float, str]] = field(default_factory=list)
    failed_actions: int = 0
    #: Why actions failed: the exception's name (an assertion: an answer other than 200).
    refusals: Counter[str] = field(default_factory=Counter)
    #: (expedition, version) -> when its GM sent the action.
    sent: dict[tuple[str, int], float] = field(default_factory=dict)
    #: (expedition, version) -> when each follower first saw it (or a later one).
    seen: dict[tuple[str, int], list[float]] = field(default_factory=lambda: defaultdict(list))

    def measured(self, at: float) -> bool:
        return self.window[0] <= at < self.window[1]


def server_cpu(pid: int) -> float:
    """CPU seconds (user and system) spent so far by ``pid`` and its children (the workers)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rpartition(")")[2].split()
        except OSError:
            continue  # gone meanwhile
        # After the command's name: state, ppid, ... utime and stime are the 12th and 13th.
        if int(entry.name) == pid or int(fields[1]) == pid:
            total += int(fields[11]) + int(fields[12])
    return total / ticks


def follow(port: int, address: str, public_id: str, token: str, poll: float, wait: int,
           stop: float, figures: Figures) -> None:
    """One players' page: a read, then conditional GETs until ``stop``, each asking to be held
    ``wait`` s, and asked again at once after a held one or a change, else ``poll`` s later."""
    headers = {"Authorization": f"Bearer {token}", "Accept-Language": "cs"}
    prefer = {"Prefer": f"wait={wait}"} if wait else {}
    connection: http.client.HTTPConnection | None = None
    tag, version = "", 0
    due = time.monotonic() + random.uniform(0, poll)
    while due < stop:
        gevent.sleep(max(0.0, due - time.monotonic()))
        asked = time.monotonic()
        status, answered_tag, held = 0, "", False
        for attempt in range(2):  # a keep-alive connection the server closed: once more, fresh
            if connection is None:
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10 + wait,
                                                        source_address=(address, 0))
            try:
                connection.request("GET", f"/api/v1/expeditions/{public_id}",
                                   headers={**headers, **({"If-None-Match": tag, **prefer}
                                                          if tag else {})})
                response = connection.getresponse()
                response.read()
                status, answered_tag = response.status, response.headers.get("ETag", "")
                held = response.headers.get("Preference-Applied") is not None
                break
            except OSError:
                connection.close()
                connection = None
                if attempt:
                    break
        took = time.monotonic() - asked
        if figures.measured(asked):
            if held:
                figures.held += 1
            elif status == 200 and prefer and tag:
                figures.woken += 1  # its time is the wait for the change: see "seen" below
            elif status in (200, 304):
                figures.polls.append(took * 1000)
            else:
                figures.failed_polls += 1
        if status == 200:
            tag = answered_tag
            now = time.monotonic()
            # The version is the ETag's first part (api.expeditions.views.etag): the body is
            # read, not parsed, so this process's work at a change stays small.
            newest = int(answered_tag.removeprefix('W/"').split(".")[0])
            for seen in range(version + 1, newest + 1):
                figures.seen[(public_id, seen)].append(now)
            version = max(version, newest)
        due = time.monotonic() if held or status == 200 else due + poll
    if connection is not None:
        connection.close()


def lead(table: Table, every: float, stop: float, figures: Figures) -> None:
    """One GM: an action every ``every`` s until ``stop`` (none when ``every`` is 0)."""
    if every <= 0:
        return
    due = time.monotonic() + random.uniform(0, every)
    while due < stop:
        gevent.sleep(max(0.0, due - time.monotonic()))
        table.reconnect()
        sent = time.monotonic()
        figures.sent[(table.id, table.version + 1)] = sent
        try:
            took = table.act()
        except (OSError, AssertionError, ValueError) as error:
            del figures.sent[(table.id, table.version + 1)]
            if figures.measured(sent):
                figures.failed_actions += 1
                figures.refusals[type(error).__name__] += 1
        else:
            if figures.measured(sent):
                figures.actions.append(took)
                figures.timeline.append((sent - figures.window[0], took, table.kind()))
        due += every


def lead_apart(port: int, tables: list[Table], every: float, stop: float,
               figures: Figures) -> None:
    """The GMs of ``tables`` acting (:func:`lead`) in a child process until ``stop``; what they
    measured is added to ``figures``."""
    task = {"port": port, "every": every, "stop": stop, "window": figures.window,
            "tables": [{"id": table.id, "token": table.token, "version": table.version}
                       for table in tables]}
    child = subprocess.Popen([sys.executable, __file__, "--gms-apart"], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE)
    out, _ = child.communicate(json.dumps(task).encode(), timeout=stop - time.monotonic() + 60)
    led = json.loads(out)
    figures.actions += led["actions"]
    figures.timeline += [(at, ms, kind) for at, ms, kind in led["timeline"]]
    figures.failed_actions += led["failed"]
    figures.refusals.update(led["refusals"])
    figures.sent.update({(public_id, version): at for public_id, version, at in led["sent"]})


def gms_apart() -> None:
    """The child of :func:`lead_apart`: its task on stdin, its figures on stdout (JSON)."""
    task = json.load(sys.stdin)
    figures = Figures(tuple(task["window"]))
    tables = []
    for given in task["tables"]:
        table = Table(task["port"])
        table.id, table.token, table.version = given["id"], given["token"], given["version"]
        tables.append(table)
    gevent.joinall([gevent.spawn(lead, table, task["every"], task["stop"], figures)
                    for table in tables], timeout=task["stop"] - time.monotonic() + 40)
    json.dump({"actions": figures.actions, "timeline": figures.timeline,
               "failed": figures.failed_actions,
               "refusals": figures.refusals,
               "sent": [[*key, at] for key, at in figures.sent.items()]}, sys.stdout)


def spread(delays: list[float]) -> str:
    """p50 and p99 of ``delays`` (seconds) in ms."""
    if len(delays) < 2:
        return "p50       - ms   p99       - ms"
    cuts = statistics.quantiles(delays, n=100)
    return f"p50 {cuts[49] * 1000:7.1f} ms   p99 {cuts[98] * 1000:7.1f} ms"


def main() -> None:
    if sys.argv[1:] == ["--gms-apart"]:
        gms_apart()
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--followers", type=int, default=300, help="players' pages")
    parser.add_argument("--gms", type=int, default=10, help="GMs, an expedition each")
    parser.add_argument("--seconds", type=float, default=40.0, help="the measured window")
    parser.add_argument("--poll", type=float, default=1.5, help="seconds between two polls")
    parser.add_argument("--wait", type=int, default=PAGE_WAIT,
                        help="seconds each poll asks to be held (0: none, a poll every --poll s)")
    parser.add_argument("--every", type=float, default=10.0,
                        help="seconds between two actions (0: none, the followers idle)")
    parser.add_argument("--warm-up", type=float, default=WARM_UP,
                        help="seconds before the measured window (every page's first read)")
    parser.add_argument("--source", type=Path, default=ROOT, help="the code to serve")
    args = parser.parse_args()
    if not 1 <= args.gms <= 100 or not 1 <= args.followers <= 10_000:
        raise SystemExit("--gms 1..100, --followers 1..10000")
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="rpg-followers-") as folder:
        process = start(args.source.resolve(), port, Path(folder))
        try:
            tables = []
            for _ in range(args.gms):
                table = Table(port)
                table.create()
                tables.append(table)
            print(f"nproc {os.cpu_count()}; the run command of {args.source} with its defaults "
                  f"on 127.0.0.1:{port}; {args.followers} players' pages polling every "
                  f"{args.poll:g} s, each asking to be held {args.wait} s, "
                  f"{args.gms} GMs acting every {args.every:g} s; load average "
                  f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}")
            begin = time.monotonic() + args.warm_up
            end = begin + args.seconds
            figures = Figures((begin, end))
            tokens = {}
            for table in tables:
                table.reconnect()  # idle past the keep-alive while the others were created
                status, links = table.call("GET", f"/api/v1/expeditions/{table.id}/players-link")
                assert status == 200, links
                tokens[table.id] = links["players_token"]
            pages = []
            followers_of: dict[str, int] = defaultdict(int)
            for n in range(args.followers):
                table = tables[n % args.gms]
                followers_of[table.id] += 1
                address = f"127.1.{n // 250}.{1 + n % 250}"
                pages.append(gevent.spawn(follow, port, address, table.id, tokens[table.id],
                                          args.poll, args.wait, end, figures))
            leaders = [gevent.spawn(lead_apart, port, tables, args.every,
                                    end - args.poll - 1, figures)]
            gevent.sleep(max(0.0, begin - time.monotonic()))
            cpu_before, own_before = server_cpu(process.pid), time.process_time()
            gevent.sleep(max(0.0, end - time.monotonic()))
            cpu = server_cpu(process.pid) - cpu_before
            own = time.process_time() - own_before
            gevent.joinall(pages + leaders, timeout=30 + args.wait)
        finally:
            stop_server(process)
    wanted = args.followers * args.seconds / args.poll
    report("polls", len(figures.polls), figures.failed_polls, figures.polls, width=12)
    report("GM actions", len(figures.actions), figures.failed_actions, figures.actions, width=12)
    slowest = sorted(figures.timeline, key=lambda each: -each[1])[:5]
    print("slowest actions: " + ", ".join(f"{ms:.0f} ms ({kind}, at {at:.1f} s)"
                                          for at, ms, kind in slowest))
    if figures.refusals:
        print("actions failed: " + ", ".join(f"{count} × {name}"
                                             for name, count in figures.refusals.items()))
    each: list[float] = []
    every: list[float] = []
    unseen = 0
    for key, sent in figures.sent.items():
        if not figures.measured(sent) or not followers_of[key[0]]:
            continue
        seen = figures.seen.get(key, [])
        each += [at - sent for at in seen]
        if len(seen) < followers_of[key[0]]:
            unseen += 1
        else:
            every.append(max(seen) - sent)
    answered = len(figures.polls) + figures.held + figures.woken
    print(f"polls answered / wanted without waits: {answered} / {wanted:.0f} = "
          f"{answered / wanted:.2f} (held to the end of their wait: {figures.held}, "
          f"held and answered with a change: {figures.woken})")
    print(f"action seen by a follower:      {spread(each)}")
    print(f"action seen by every follower:  {spread(every)}   (actions not seen by all: {unseen})")
    print(f"server CPU: {cpu:.1f} s in {args.seconds:g} s = "
          f"{cpu / args.followers / (args.seconds / 60) * 1000:.1f} ms per follower per minute, "
          f"{cpu / max(1, answered) * 1000:.2f} ms per poll answered "
          f"(this script's own CPU: {own:.1f} s)")


if __name__ == "__main__":
    main()
