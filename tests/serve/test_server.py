"""The server: the state, the events, the page's files, and nothing outside the output folder
and the game folder's sources, whatever the request's path says."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import socket
from collections.abc import Awaitable, Callable
from dataclasses import replace
from pathlib import Path

import pytest
from aiohttp.test_utils import TestClient, TestServer
from yarl import URL

from tests.conftest import copy_fixture
from toolkit.cache import FOLDER
from toolkit.model import Game
from toolkit.options import BuildOptions
from toolkit.serve.loop import build_once
from toolkit.serve.server import PreviewServer
from toolkit.serve.state import Snapshot
from toolkit.workers import Workers

Check = Callable[[TestClient], Awaitable[None]]  # type: ignore[type-arg]


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Snapshot]:
    """river-crossing built once, with a secret beside its folders and links that lead out."""
    root = tmp_path_factory.mktemp("served")
    source = copy_fixture("river-crossing", root)
    out = root / "out"
    snapshot = build_once(source, out, BuildOptions(cache=out / FOLDER), 1, None)
    assert snapshot.ok, snapshot.diagnostics
    (root / "secret.txt").write_text("secret")
    (source / "link.json").symlink_to(root / "secret.txt")
    (out / "river-crossing" / "link.svg").symlink_to(root / "secret.txt")
    return source, snapshot


def run(
    served: tuple[Path, Snapshot], check: Check, servers: list[PreviewServer] | None = None
) -> None:
    source, snapshot = served
    server = PreviewServer(source, "127.0.0.1", 0)
    server.snapshot = snapshot
    if servers is not None:
        servers.append(server)

    async def main() -> None:
        async with TestClient(TestServer(server.app())) as client:
            await check(client)

    asyncio.run(main())


async def status(client: TestClient, path: str) -> int:  # type: ignore[type-arg]
    response = await client.get(URL(path, encoded=True))
    return response.status


@pytest.mark.parametrize(
    "path",
    [
        "/raw/../secret.txt",
        "/raw/%2e%2e/secret.txt",
        "/raw/%2E%2E%2Fsecret.txt",
        "/raw/counters/..%2f..%2fsecret.txt",
        "/raw/link.json",
        "/raw/%2fetc%2fpasswd",
        "/out/../secret.txt",
        "/out/%2e%2e/%2e%2e/secret.txt",
        "/out/link.svg",
        "/out/.cache",
        "/static/..%2fserver.py",
        "/static/server.py",
    ],
)
def test_nothing_outside_the_two_folders(served: tuple[Path, Snapshot], path: str) -> None:
    async def check(client: TestClient) -> None:  # type: ignore[type-arg]
        response = await client.get(URL(path, encoded=True))
        assert response.status == 404, path
        assert "secret" not in await response.text()

    run(served, check)


def test_sources_outputs_and_the_page_are_served(served: tuple[Path, Snapshot]) -> None:
    source, _ = served

    async def check(client: TestClient) -> None:  # type: ignore[type-arg]
        raw = await client.get("/raw/counters/units.json")
        assert raw.status == 200
        assert await raw.text() == (source / "counters" / "units.json").read_text()
        for path in ["/", "/static/app.js", "/static/style.css", "/source/counters/units.json"]:
            assert await status(client, path) == 200, path
        assert await status(client, "/out/svg/maps/front.svg") == 200

    run(served, check)


def test_the_state_lists_the_build(served: tuple[Path, Snapshot]) -> None:
    async def check(client: TestClient) -> None:  # type: ignore[type-arg]
        state = await (await client.get("/api/state")).json()
        assert state["build"]["number"] == 1 and state["build"]["ok"]
        assert state["diagnostics"] == []
        assert [m["id"] for m in state["contents"]["maps"]] == ["front"]
        hover = await (await client.get("/api/hover/front.json")).json()
        assert "0403" in {p["label"] for p in hover["places"]}
        assert await status(client, "/api/hover/nowhere.json") == 404

    run(served, check)


def test_setups_and_kit_pages_are_drawn_on_demand(served: tuple[Path, Snapshot]) -> None:
    _, snapshot = served
    assert snapshot.preview is not None
    pages = snapshot.preview.contents["kit"]["pages"]  # type: ignore[index]

    async def check(client: TestClient) -> None:  # type: ignore[type-arg]
        listing = await (await client.get("/api/setups/crossing.json")).json()
        assert [e["map"] for e in listing] == ["front"]
        excerpt = await client.get(listing[0]["src"])
        assert excerpt.status == 200
        assert (await excerpt.text()).startswith("<svg") or "<svg" in await excerpt.text()
        assert await status(client, "/api/setups/nothing.json") == 404
        page = await client.get(f"/api/kit/{pages}.png")
        assert page.status == 200
        assert (await page.read())[:8] == b"\x89PNG\r\n\x1a\n"
        assert await status(client, f"/api/kit/{pages + 1}.png") == 404
        assert await status(client, "/api/kit/0.png") == 404

    run(served, check)


def test_events_say_which_build_started_and_finished(served: tuple[Path, Snapshot]) -> None:
    servers: list[PreviewServer] = []

    async def check(client: TestClient) -> None:  # type: ignore[type-arg]
        response = await client.get("/api/events")
        assert response.headers["Content-Type"] == "text/event-stream"

        async def until(text: bytes) -> bytes:
            seen = b""
            while text not in seen:
                seen += await asyncio.wait_for(response.content.readany(), 5)
            return seen

        assert b"data: 1\n\n" in await until(b"data: 1")
        servers[0].building(2)
        assert b"event: building\ndata: 2\n\n" in await until(b"data: 2")
        servers[0].publish(replace(servers[0].snapshot, number=2))  # type: ignore[type-var]
        assert (await until(b"data: 2")).startswith(b"data: 2\n\n")
        response.close()

    run(served, check, servers)


def test_the_server_listens_and_reports_a_taken_port(served: tuple[Path, Snapshot]) -> None:
    source, snapshot = served
    first = PreviewServer(source, "127.0.0.1", 0)
    url = first.start()
    assert url.startswith("http://127.0.0.1:")
    port = int(url.rstrip("/").rsplit(":", 1)[1])
    from toolkit.serve.server import ServeError

    with pytest.raises(ServeError, match="cannot listen on 127.0.0.1"):
        PreviewServer(source, "127.0.0.1", port).start()
    state = json.loads(snapshot.state())
    assert state["build"]["number"] == 1


@pytest.mark.parametrize(
    ("host", "expected"),
    [("evil.example:8000", 403), ("127.0.0.1.evil.example", 403), ("localhost:8000", 200)]
    + [("[::1]:8000", 200), ("127.0.0.1", 200)],
)
def test_only_requests_addressed_to_this_machine(
    served: tuple[Path, Snapshot], host: str, expected: int
) -> None:
    async def check(client: TestClient) -> None:  # type: ignore[type-arg]
        response = await client.get("/raw/game.json", headers={"Host": host})
        assert response.status == expected

    run(served, check)


FAKE_PDFTOPPM = """#!/bin/sh
# Stands in for poppler's pdftoppm: notes when it starts and ends, takes a while, answers a PNG.
echo "start $(date +%s.%N)" >> "{log}"
sleep 1
echo "end $(date +%s.%N)" >> "{log}"
printf '\\211PNG\\r\\n\\032\\n'
"""


def _most_at_once(log: Path) -> int:
    """The largest number of conversions the log shows running at the same time."""
    events = sorted(
        (float(stamp), 1 if kind == "start" else -1)
        for kind, stamp in (line.split() for line in log.read_text().splitlines())
    )
    running = most = 0
    for _, step in events:
        running += step
        most = max(most, running)
    return most


def test_a_flood_of_kit_pages_runs_a_few_conversions_and_answers_503_to_the_rest(
    served: tuple[Path, Snapshot], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from toolkit.serve import server as module

    tools = tmp_path / "bin"
    tools.mkdir()
    log = tmp_path / "conversions.log"
    fake = tools / "pdftoppm"
    fake.write_text(FAKE_PDFTOPPM.format(log=log))
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", f"{tools}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setattr(module, "KIT_CONVERSIONS", 2)
    monkeypatch.setattr(module, "KIT_WAITING", 3)
    source, snapshot = served
    assert snapshot.preview is not None
    kit = {**snapshot.preview.contents["kit"], "pages": 40}  # type: ignore[dict-item]
    preview = replace(snapshot.preview, contents={**snapshot.preview.contents, "kit": kit})
    flooded = (source, replace(snapshot, preview=preview))

    async def check(client: TestClient) -> None:  # type: ignore[type-arg]
        asked = [client.get(f"/api/kit/{page}.png") for page in range(1, 13)]
        statuses = sorted([response.status for response in await asyncio.gather(*asked)])
        assert statuses == [200] * 5 + [503] * 7
        again = await client.get("/api/kit/1.png")  # once the flood is over: made, or kept
        assert again.status == 200

    run(flooded, check)
    assert _most_at_once(log) == 2
    assert log.read_text().count("start") in (5, 6)  # the five let in; page 1 again if not kept


def _listening_inode(descriptor: int) -> str:
    return os.readlink(f"/proc/self/fd/{descriptor}")  # "socket:[inode]"


def _held_by(pid: int) -> set[str]:
    found = set()
    for entry in Path(f"/proc/{pid}/fd").iterdir():
        with contextlib.suppress(OSError):
            found.add(os.readlink(entry))
    return found


def _pid(game: Game, job: int) -> int:
    return os.getpid()


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs Linux's /proc")
def test_build_workers_do_not_hold_the_port(served: tuple[Path, Snapshot]) -> None:
    source, snapshot = served
    assert snapshot.preview is not None
    server = PreviewServer(source, "127.0.0.1", 0)
    url = server.start()
    port = int(url.rstrip("/").rsplit(":", 1)[1])
    assert server.descriptors
    assert not any(os.get_inheritable(d) for d in server.descriptors)
    sockets = {_listening_inode(d) for d in server.descriptors}
    with Workers(snapshot.preview.game, 2) as workers:
        pids = set(workers.map(_pid, list(range(8))))
        assert pids and os.getpid() not in pids
        for pid in pids:
            assert not sockets & _held_by(pid), f"worker {pid} holds the listening socket"
        server.stop()
        with socket.socket() as again:  # the workers still run, and the port is free
            again.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            again.bind(("127.0.0.1", port))
            again.listen()
