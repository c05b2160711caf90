"""The preview's HTTP server: aiohttp, in a thread of its own, serving what the loop publishes.

It serves the page's own files (shipped in the package), the state of the last build as JSON,
a stream of server-sent events saying a build finished, the files of the last good build's
output folder and the game folder's source files: nothing outside those two folders.

It says at most one line per problem, never a traceback (a malformed request is the client's
mistake, answered 400, and says nothing); it runs a bounded number of kit page conversions at
once, and answers 503 to a flood; and its listening socket stays in this process: the build's
workers are forked while it listens, and must not hold its port (see :func:`_close_in_child`).
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import logging
import os
import shutil
import sys
import threading
import weakref
from collections.abc import Awaitable, Callable
from concurrent.futures import Future
from importlib import resources
from pathlib import Path
from urllib.parse import quote

from aiohttp import web
from aiohttp.http_exceptions import HttpProcessingError

from toolkit.serve.paths import file_inside
from toolkit.serve.state import Preview, Snapshot

STATIC = {
    "index.html": "text/html",
    "source.html": "text/html",
    "app.js": "text/javascript",
    "source.js": "text/javascript",
    "style.css": "text/css",
}
"""The page's own files, the only ones served from the package."""
SOURCE_LIMIT = 8 * 1024 * 1024
"""A source file larger than this is not shown in the source view."""
KIT_DPI = 60
"""The resolution of the kit's page images: enough to recognise a page at a glance."""
KIT_PAGES_KEPT = 1000
"""Page images kept in memory; an edit that changes the kit makes another set."""
KIT_CONVERSIONS = os.cpu_count() or 1
"""At most this many pdftoppm processes at once: one per processor."""
KIT_WAITING = 4 * KIT_CONVERSIONS
"""Kit page requests that may wait for a conversion; more at once are answered 503."""
NO_STORE = {"Cache-Control": "no-store"}


Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def _loopback(host: str) -> bool:
    """True for a host that only this machine can reach."""
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host.lower() == "localhost"


def is_loopback(host: str) -> bool:
    """Whether only this machine can reach a server listening on ``host``."""
    return _loopback(host)


class ServeError(Exception):
    """The server could not start (the port is taken, the host is unknown)."""


class _OneLine(logging.Handler):
    """aiohttp's server log as one line per problem on standard error, never a traceback.

    A request aiohttp cannot parse (a bad request line, a huge header, an invalid method, a
    NUL in the path) is a client's mistake, already answered 400: it says nothing, so that a
    port scan cannot fill the designer's terminal. A request whose handling failed says one
    line."""

    def emit(self, record: logging.LogRecord) -> None:
        error = record.exc_info[1] if record.exc_info else None
        if isinstance(error, HttpProcessingError):
            return
        said = record.getMessage()
        if error is not None:
            said += f": {type(error).__name__}: {error}"
        with contextlib.suppress(Exception):
            sys.stderr.write(f"preview: {' '.join(said.split())}\n")
            sys.stderr.flush()


_log = logging.getLogger("toolkit.serve")
_log.propagate = False
_log.addHandler(_OneLine())

_listening: weakref.WeakSet[PreviewServer] = weakref.WeakSet()
"""The servers listening in this process, whose sockets a forked child lets go of."""


def _close_in_child() -> None:
    """In a child just forked (a build's worker): let go of every listening socket.

    The socket is not inheritable (closed on exec), but a fork without exec keeps every file
    descriptor, so a worker would hold the port for as long as it lives. The descriptor is made
    to point at /dev/null rather than closed, so that nothing the child still holds can ever
    close a number reused for something else.
    """
    descriptors = [d for server in list(_listening) for d in server.descriptors]
    if not descriptors:
        return
    null = os.open(os.devnull, os.O_RDWR)
    try:
        for descriptor in descriptors:
            with contextlib.suppress(OSError):
                os.dup2(null, descriptor, inheritable=False)
    finally:
        os.close(null)


os.register_at_fork(after_in_child=_close_in_child)


class PreviewServer:
    """The server thread and the snapshot it shows; :meth:`publish` is safe from any thread."""

    def __init__(self, source: Path, host: str, port: int) -> None:
        self.source = source
        self.host = host
        self.port = port
        self.snapshot: Snapshot | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._listeners: set[asyncio.Queue[bytes]] = set()
        self._kit_pages: dict[tuple[str, int], bytes] = {}
        self._conversions = asyncio.Semaphore(KIT_CONVERSIONS)
        self._asked = 0
        """Kit page requests converting or waiting to."""
        self._runner: web.AppRunner | None = None
        self.descriptors: tuple[int, ...] = ()
        """The listening sockets' file descriptors, while listening."""

    def start(self) -> str:
        """Start serving in a daemon thread; the address once it listens.

        :raises ServeError: it cannot listen on the host and port asked for.
        """
        ready: Future[str] = Future()
        self._loop = asyncio.new_event_loop()
        threading.Thread(target=self._run, args=(ready,), name="preview", daemon=True).start()
        return ready.result()

    def stop(self) -> None:
        """Stop listening and end the server thread (a no-op when not started)."""
        loop = self._loop
        if loop is None or not loop.is_running():
            return
        asyncio.run_coroutine_threadsafe(self._cleanup(), loop).result()
        loop.call_soon_threadsafe(loop.stop)

    async def _cleanup(self) -> None:
        _listening.discard(self)
        self.descriptors = ()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    def publish(self, snapshot: Snapshot) -> None:
        """Show ``snapshot`` and tell every open page that a build finished."""
        if self._loop is None:  # not started: serving through app() alone
            self._set(snapshot)
        else:
            self._loop.call_soon_threadsafe(self._set, snapshot)

    def building(self, number: int) -> None:
        """Tell every open page that build ``number`` has started."""
        event = f"event: building\ndata: {number}\n\n"
        if self._loop is None:  # not started: serving through app() alone
            self._tell(event)
        else:
            self._loop.call_soon_threadsafe(self._tell, event)

    def _set(self, snapshot: Snapshot) -> None:
        self.snapshot = snapshot
        self._tell(f"data: {snapshot.number}\n\n")

    def _tell(self, event: str) -> None:
        for queue in self._listeners:
            queue.put_nowait(event.encode("utf-8"))

    def _run(self, ready: Future[str]) -> None:
        loop = self._loop
        if loop is None:  # pragma: no cover - start() made it
            return
        asyncio.set_event_loop(loop)
        if loop.run_until_complete(self._listen(ready)):
            loop.run_forever()
        loop.close()

    async def _listen(self, ready: Future[str]) -> bool:
        """Listen; say where, or why not (then False)."""
        runner = web.AppRunner(
            self.app(), access_log=None, handle_signals=False, logger=_log, shutdown_timeout=1.0
        )
        await runner.setup()
        site = web.TCPSite(runner, self.host, self.port)
        try:
            await site.start()
        except OSError as error:
            await runner.cleanup()
            ready.set_exception(ServeError(f"cannot listen on {self.host}:{self.port}: {error}"))
            return False
        self._runner = runner
        server = site._server  # aiohttp keeps the asyncio server it listens with here
        sockets = server.sockets if isinstance(server, asyncio.Server) else ()
        self.descriptors = tuple(sock.fileno() for sock in sockets)
        _listening.add(self)
        port = runner.addresses[0][1] if runner.addresses else self.port
        host = f"[{self.host}]" if ":" in self.host else self.host
        ready.set_result(f"http://{host}:{port}/")
        return True

    def app(self) -> web.Application:
        """The routes; usable on its own (a test client) as well as in the thread."""
        app = web.Application(middlewares=[self._local_only] if _loopback(self.host) else [])
        app.router.add_get("/", self._index)
        app.router.add_get("/static/{name}", self._static)
        app.router.add_get("/source/{path:.+}", self._source_page)
        app.router.add_get("/raw/{path:.+}", self._raw)
        app.router.add_get("/out/{path:.+}", self._out)
        app.router.add_get("/api/state", self._state)
        app.router.add_get("/api/events", self._events)
        app.router.add_get("/api/hover/{map}.json", self._hover)
        app.router.add_get("/api/setups/{setup}.json", self._setup)
        app.router.add_get("/api/setups/{setup}/{index:[0-9]+}.svg", self._excerpt)
        app.router.add_get("/api/kit/{page:[0-9]+}.png", self._kit_page)
        return app

    @web.middleware
    async def _local_only(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """Served on a loopback address, answer only requests addressed to one: a web page
        elsewhere cannot read the sources by pointing a name of its own at 127.0.0.1 (DNS
        rebinding)."""
        host = request.host
        name = host if host.endswith("]") else host.rsplit(":", 1)[0]
        if not _loopback(name.strip("[]")):
            raise web.HTTPForbidden()
        return await handler(request)

    # -- the page and its sources -----------------------------------------------------------

    async def _index(self, request: web.Request) -> web.Response:
        return _static_file("index.html")

    async def _static(self, request: web.Request) -> web.Response:
        return _static_file(request.match_info["name"])

    async def _source_page(self, request: web.Request) -> web.Response:
        return _static_file("source.html")

    async def _raw(self, request: web.Request) -> web.StreamResponse:
        path = file_inside(self.source, request.match_info["path"])
        if path is None or path.stat().st_size > SOURCE_LIMIT:
            raise web.HTTPNotFound()
        text = path.read_bytes().decode("utf-8", errors="replace")
        return web.Response(text=text, content_type="text/plain", headers=NO_STORE)

    async def _out(self, request: web.Request) -> web.StreamResponse:
        preview = self._preview()
        path = file_inside(preview.folder, request.match_info["path"])
        if path is None:
            raise web.HTTPNotFound()
        return web.FileResponse(path)

    # -- the build's state ------------------------------------------------------------------

    async def _state(self, request: web.Request) -> web.Response:
        if self.snapshot is None:
            body = json.dumps({"build": None, "diagnostics": [], "contents": None})
            return web.Response(text=body, content_type="application/json", headers=NO_STORE)
        return web.Response(
            body=self.snapshot.state(), content_type="application/json", headers=NO_STORE
        )

    async def _events(self, request: web.Request) -> web.StreamResponse:
        """Server-sent events: the number of each build as it finishes (the last one first),
        and as a "building" event when it starts."""
        response = web.StreamResponse(
            headers={"Content-Type": "text/event-stream", "Cache-Control": "no-store"}
        )
        await response.prepare(request)
        queue: asyncio.Queue[bytes] = asyncio.Queue()
        if self.snapshot is not None:
            queue.put_nowait(f"data: {self.snapshot.number}\n\n".encode())
        self._listeners.add(queue)
        try:
            await response.write(b"retry: 1000\n\n")
            while True:
                await response.write(await queue.get())
        except (ConnectionError, asyncio.CancelledError):
            pass
        finally:
            self._listeners.discard(queue)
        return response

    async def _hover(self, request: web.Request) -> web.Response:
        preview = self._preview()
        try:
            body = await asyncio.to_thread(preview.hover, request.match_info["map"])
        except KeyError:
            raise web.HTTPNotFound() from None
        return web.Response(body=body, content_type="application/json", headers=NO_STORE)

    async def _setup(self, request: web.Request) -> web.Response:
        setup_id = request.match_info["setup"]
        excerpts = await self._excerpts(self._preview(), setup_id)
        listing = [
            {"map": map_id, "name": name, "src": f"/api/setups/{quote(setup_id)}/{i}.svg"}
            for i, (map_id, name, _) in enumerate(excerpts)
        ]
        return web.json_response(listing, headers=NO_STORE)

    async def _excerpt(self, request: web.Request) -> web.Response:
        excerpts = await self._excerpts(self._preview(), request.match_info["setup"])
        index = int(request.match_info["index"])
        if index >= len(excerpts):
            raise web.HTTPNotFound()
        return web.Response(body=excerpts[index][2], content_type="image/svg+xml", headers=NO_STORE)

    async def _excerpts(self, preview: Preview, setup_id: str) -> list[tuple[str, str, bytes]]:
        try:
            return await asyncio.to_thread(preview.excerpts, setup_id)
        except KeyError:
            raise web.HTTPNotFound() from None

    async def _kit_page(self, request: web.Request) -> web.Response:
        """One page of the kit as a small PNG, by poppler's pdftoppm, made when first asked."""
        preview = self._preview()
        page = int(request.match_info["page"])
        kit = preview.contents.get("kit")
        pdf_ref = kit.get("pdf") if isinstance(kit, dict) else None
        pages = kit.get("pages") if isinstance(kit, dict) else 0
        if not isinstance(pdf_ref, str) or not isinstance(pages, int) or not 1 <= page <= pages:
            raise web.HTTPNotFound()
        name = (pdf_ref, page)
        if name not in self._kit_pages:
            pdf = file_inside(preview.folder, pdf_ref.partition("?")[0])
            tool = shutil.which("pdftoppm")
            if pdf is None or tool is None:
                raise web.HTTPNotFound()
            await self._convert(name, tool, pdf)
        return web.Response(body=self._kit_pages[name], content_type="image/png")

    async def _convert(self, name: tuple[str, int], tool: str, pdf: Path) -> None:
        """Make a kit page's picture, at most :data:`KIT_CONVERSIONS` at once; a request that
        would be one too many to wait for is answered 503 (the page asks again later)."""
        if self._asked >= KIT_CONVERSIONS + KIT_WAITING:
            raise web.HTTPServiceUnavailable(headers={"Retry-After": "1", **NO_STORE})
        self._asked += 1
        try:
            async with self._conversions:
                if name not in self._kit_pages:  # else made while this request waited
                    data = await _pdftoppm(tool, pdf, name[1])
                    if len(self._kit_pages) > KIT_PAGES_KEPT:
                        self._kit_pages.clear()
                    self._kit_pages[name] = data
        finally:
            self._asked -= 1

    def _preview(self) -> Preview:
        if self.snapshot is None or self.snapshot.preview is None:
            raise web.HTTPNotFound()
        return self.snapshot.preview


async def _pdftoppm(tool: str, pdf: Path, page: int) -> bytes:
    process = await asyncio.create_subprocess_exec(
        tool,
        "-png",
        "-r",
        str(KIT_DPI),
        "-f",
        str(page),
        "-l",
        str(page),
        "-singlefile",
        str(pdf),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.DEVNULL,
    )
    data, _ = await process.communicate()
    if process.returncode != 0 or not data:
        raise web.HTTPNotFound()
    return data


def _static_file(name: str) -> web.Response:
    kind = STATIC.get(name)
    if kind is None:
        raise web.HTTPNotFound()
    data = resources.files("toolkit.serve").joinpath("static", name).read_bytes()
    return web.Response(body=data, content_type=kind, charset="utf-8", headers=NO_STORE)
