"""The server: the state, the events, the page's files, and nothing outside the output folder
and the game folder's sources, whatever the request's path says."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from dataclasses import replace
from pathlib import Path

import pytest
from aiohttp.test_utils import TestClient, TestServer
from yarl import URL

from tests.conftest import copy_fixture
from toolkit.cache import FOLDER
from toolkit.options import BuildOptions
from toolkit.serve.loop import build_once
from toolkit.serve.server import PreviewServer
from toolkit.serve.state import Snapshot

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
