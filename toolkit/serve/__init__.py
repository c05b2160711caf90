"""``toolkit serve``: rebuild a game on every save and show it in a browser, live.

The loop (:mod:`toolkit.serve.loop`) builds with ``toolkit build``'s own function and its
cache; the server (:mod:`toolkit.serve.server`) shows the outcome; the page lists
(:mod:`toolkit.serve.page`) and hover data (:mod:`toolkit.serve.hover`) are pure functions of
the model and its drawings.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from toolkit.build import check_destination, legacy_names
from toolkit.interrupts import stop_is_normal
from toolkit.load.loader import game_id_of
from toolkit.options import BuildOptions
from toolkit.ownership import check_output_folder
from toolkit.serve.loop import serve_loop
from toolkit.serve.server import PreviewServer, ServeError, is_loopback
from toolkit.serve.state import Snapshot

__all__ = ["PreviewServer", "ServeError", "Snapshot", "serve", "serve_loop"]

STOPPED = "stopped"
"""What the command says when Ctrl-C (or SIGTERM, SIGHUP) ends it: its normal end, exit 0."""


def serve(
    source: Path,
    out_dir: Path,
    options: BuildOptions,
    host: str,
    port: int,
    say: Callable[[str], None],
    report: Callable[[Snapshot], None],
    warn: Callable[[str], None] | None = None,
) -> None:
    """Serve the preview of ``source`` on ``host:port`` and rebuild it on every save, until a
    signal stops the process (its normal end); ``say`` is told where the page is, ``report``
    each build's outcome, ``warn`` (else ``say``) that the sources are open to the network.

    :raises ServeError: the server cannot listen there.
    :raises OutputRefused: the output or its cache is not the toolkit's to replace (before
        anything is served).
    """
    game_id = game_id_of(source)
    check_destination(source, out_dir, options, game_id)
    if game_id is not None:
        check_output_folder(out_dir / game_id, legacy_names(game_id), options.force)
    server = PreviewServer(source, host, port)
    url = server.start()
    stop_is_normal(STOPPED)
    if not is_loopback(host):
        (warn or say)(
            f"warning: listening on {host}: anyone who can reach this machine can read the "
            "game's sources and outputs"
        )
    say(f"serving the preview of {source} at {url} (Ctrl-C stops)")

    def done(snapshot: Snapshot) -> None:
        server.publish(snapshot)
        report(snapshot)

    serve_loop(source, out_dir, options, done, starting=server.building)
