"""Load a game folder: discover → parse → schema check (all files) → semantic check → one Game.

Only files that pass their schema are checked further, so semantic messages never cascade from a
file that could not be read; a reference that such a file might declare is not reported, and
the broken file says which checks it held back. Nothing is returned unless the whole game is
clean.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

from toolkit.diagnostics import Diagnostic, Report, did_you_mean
from toolkit.load.cards import load_card_templates, load_cards
from toolkit.load.charts import load_chart
from toolkit.load.context import ANY_KIND, Context
from toolkit.load.counters import load_counters, load_templates
from toolkit.load.decks import Holdings, load_decks
from toolkit.load.formats import update_note
from toolkit.load.game import load_game_file
from toolkit.load.jsonsource import Source, SourceUnreadable, read_source
from toolkit.load.maps import load_map, resolve_links
from toolkit.load.rules import load_rules
from toolkit.load.schemas import KINDS, KnownValid, validate
from toolkit.load.setups import check_waivers, load_setup
from toolkit.model.card import Card, CardTemplate, Cup, Deck
from toolkit.model.counter import Counter, Template
from toolkit.model.game import Game

FOLDERS = {
    "maps": "map",
    "counters": "counters",
    "cards": "cards",
    "decks": "decks",
    "charts": "chart",
    "setups": "setup",
}
"""Conventional sub-folders and the kind their files usually hold (the 'kind' field decides)."""
CHECKS_SKIPPED = "source.checks-skipped"
"""The note on a broken file that says which checks in other files it held back."""
MAX_FILES = 2000
_SLUG = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")
"""An id as the schemas allow it (common.schema.json)."""


@dataclass(frozen=True)
class LoadResult:
    """A game (None when the sources have errors) and everything the load found."""

    game: Game | None
    report: Report


def shown_path(path: Path) -> str:
    """How a file is named in diagnostics: relative to the working directory when inside it."""
    try:
        return os.path.relpath(path)
    except ValueError:  # pragma: no cover - another drive on Windows
        return str(path)


def read_one(
    path: Path, kind: str, report: Report, limits: Mapping[str, int] = MappingProxyType({})
) -> Source | None:
    """A file that stands alone beside a game (a position, a scenario): read, a JSON object of
    this ``kind``, with no more items in each list named in ``limits`` than it says, valid
    against its schema; else None, with what is wrong in ``report``."""
    shown = shown_path(path)
    try:
        source = read_source(path, shown)
    except SourceUnreadable as exc:
        report.add(exc.diagnostic)
        return None
    except OSError as exc:
        report.add(
            Diagnostic("source.unreadable", f"cannot read the {kind}: {exc.strerror}", shown)
        )
        return None
    if not isinstance(source.data, dict):
        report.add(source.diagnostic("source.not-object", f"a {kind} must be a JSON object"))
        return None
    found = source.data.get("kind")
    if found != kind:
        message = f'a {kind} file has "kind": "{kind}", not {found!r}'
        report.add(source.diagnostic(f"{kind}.wrong-kind", message, "/kind"))
        return None
    for key, limit in limits.items():
        items = source.data.get(key)
        if isinstance(items, list) and len(items) > limit:
            report.add(_too_many_items(source, kind, key, len(items), limit))
            return None
    checked = Report(validate(source, kind))
    report.extend(checked.diagnostics)
    return None if checked.errors else source


def game_id_of(folder: Path) -> str | None:
    """The id a game folder's game.json gives, read before the game is loaded: where its
    outputs would go, checked before any work (None when game.json cannot say; the load then
    reports why)."""
    try:
        data = read_source(folder / "game.json", shown_path(folder / "game.json")).data
    except (SourceUnreadable, OSError):
        return None
    found = data.get("id") if isinstance(data, dict) else None
    return found if isinstance(found, str) and _SLUG.fullmatch(found) else None


def _too_many_items(source: Source, kind: str, key: str, count: int, limit: int) -> Diagnostic:
    """The error for a list longer than any game needs, at its first item past the limit
    (checked before the schema, whose check of a hostile file's million items takes minutes)."""
    return source.diagnostic(
        f"{kind}.too-many-entries",
        f'this {kind} lists {count:,} entries under "{key}", over the limit of {limit:,}: the '
        f"{count - limit:,} from here on would take long to check and no game needs them; "
        "group pieces at the same location in one entry, or split the file",
        f"/{key}/{limit}",
    )


def discover(folder: Path) -> list[Path]:
    """The game's JSON sources in a stable order: game.json, rules.json, then each folder sorted."""
    found = [folder / "game.json"] if (folder / "game.json").is_file() else []
    found += sorted(p for p in folder.glob("*.json") if p.name != "game.json")
    for sub in FOLDERS:
        found += sorted((folder / sub).glob("*.json"))
    return found[:MAX_FILES]


def load_game(folder: Path | str, known_valid: KnownValid | None = None) -> LoadResult:
    """Load and check one game folder; sources in ``known_valid`` (see
    :func:`~toolkit.load.schemas.validate`) are not checked against their schemas again."""
    folder = Path(folder)
    report = Report()
    if not folder.is_dir():
        report.add(
            Diagnostic(
                "source.not-a-folder",
                "not a game folder; give the folder that holds game.json",
                shown_path(folder),
            )
        )
        return LoadResult(None, report)
    if not (folder / "game.json").is_file():
        report.add(
            Diagnostic(
                "source.no-game",
                "no game.json in this folder; every game starts with one "
                "(run 'toolkit new DIR' for a working example)",
                shown_path(folder),
            )
        )
        return LoadResult(None, report)
    broken: dict[str, list[str]] = {}
    sources = _read_all(folder, report, broken, known_valid)
    if not sources["game"]:
        _note_game_broken(folder, report)
        return LoadResult(None, report)
    game = _build(folder, sources, report, broken)
    return LoadResult(game if not report.errors else None, report)


def _read_all(
    folder: Path, report: Report, broken: dict[str, list[str]], known: KnownValid | None = None
) -> dict[str, list[Source]]:
    """Every source that passes its schema, by kind; the others by the kind they seem to be."""
    by_kind: dict[str, list[Source]] = {kind: [] for kind in KINDS}
    outside = _linked_outside(folder, report, broken)
    for path in discover(folder):
        if path.parent in outside:
            continue
        if path in _linked_outside(folder, report, broken, [path]):
            continue
        source = _read_one(path, report)
        kind = _kind(source, report) if source is not None else None
        if source is None or kind is None:
            broken.setdefault(_apparent_kind(folder, path), []).append(shown_path(path))
            continue
        if kind == "position":
            report.add(
                source.diagnostic(
                    "source.position-in-game",
                    "a position is not part of the game; it is ignored here "
                    "(check it with 'toolkit check GAME --position FILE')",
                    "/kind",
                    severity="warning",
                )
            )
            continue
        _check_schema_ref(source, kind, report)
        diagnostics = validate(source, kind, known)
        report.extend(diagnostics)
        if [d for d in diagnostics if d.severity == "error"]:
            broken.setdefault(kind, []).append(source.shown)
        else:
            by_kind[kind].append(source)
    if len(by_kind["game"]) > 1:
        extra = by_kind["game"][1]
        report.add(
            extra.diagnostic(
                "source.two-games",
                'a folder holds one game; only game.json may have kind "game"',
                "/kind",
            )
        )
    return by_kind


def _linked_outside(
    folder: Path,
    report: Report,
    broken: dict[str, list[str]],
    paths: list[Path] | None = None,
) -> set[Path]:
    """The ``paths`` (by default the conventional sub-folders) that are symbolic links to
    somewhere outside the game folder: each is reported, and left out."""
    root = folder.resolve()
    found: set[Path] = set()
    candidates = paths if paths is not None else [folder / sub for sub in FOLDERS]
    for path in candidates:
        if not path.is_symlink() or path.resolve().is_relative_to(root):
            continue
        what = "folder" if path.is_dir() else "file"
        report.add(
            Diagnostic(
                "source.escapes",
                f"this {what} is a symbolic link to {str(path.resolve())!r}, outside the game "
                f"folder; sources must be inside it (copy the {what} in)",
                shown_path(path),
            )
        )
        broken.setdefault(_apparent_kind(folder, path), []).append(shown_path(path))
        found.add(path)
    return found


def _read_one(path: Path, report: Report) -> Source | None:
    shown = shown_path(path)
    try:
        return read_source(path, shown)
    except SourceUnreadable as exc:
        report.add(exc.diagnostic)
    except OSError as exc:
        report.add(Diagnostic("source.unreadable", f"cannot read the file: {exc.strerror}", shown))
    return None


def _apparent_kind(folder: Path, path: Path) -> str:
    """The kind a file that cannot be read probably has, from where it is (its 'kind' decides
    for files that can be read); ANY_KIND when its place does not say."""
    if path.parent != folder:
        return FOLDERS.get(path.parent.name, ANY_KIND)
    return {"game.json": "game", "rules.json": "rules", **FOLDERS}.get(path.name, ANY_KIND)


def _note_game_broken(folder: Path, report: Report) -> None:
    """game.json has errors: every other file refers to it, so none was checked further."""
    others = len(discover(folder)) - 1
    if others > 0:
        report.add(
            Diagnostic(
                CHECKS_SKIPPED,
                f"references in the other {others} file(s) were not checked: they all build on "
                "game.json; fix its errors and validate again",
                shown_path(folder / "game.json"),
                severity="info",
            )
        )


def _note_unchecked(ctx: Context) -> None:
    """On each broken file: the references in other files that it held back from checking."""
    for blocker, by_kind in sorted(ctx.unchecked.items()):
        kinds = ", ".join(sorted(by_kind))
        files = sorted({f for shown in by_kind.values() for f in shown})
        ctx.report.add(
            Diagnostic(
                CHECKS_SKIPPED,
                f"references to {kinds} ids in {', '.join(files)} were not checked: this file "
                "may declare them; fix its errors and validate again",
                blocker,
                severity="info",
            )
        )


def _note_format(ctx: Context, game_source: Source) -> None:
    """A game that fails to load, written for an older source format or declaring none, is
    told what changed in the format and how to update (once, on game.json)."""
    note = update_note(ctx.format)
    if note:
        pointer = "/format" if ctx.format is not None else ""
        ctx.report.add(
            game_source.diagnostic("source.format-changed", note, pointer, severity="info")
        )


def _kind(source: Source, report: Report) -> str | None:
    data = source.data
    if not isinstance(data, dict):
        report.add(
            source.diagnostic(
                "source.not-object",
                f'a source must be a JSON object with a "kind"{_elsewhere(source)}',
            )
        )
        return None
    kind = data.get("kind")
    if kind is None:
        report.add(
            source.diagnostic(
                "source.missing-kind",
                f'missing "kind"; say what this file is ({", ".join(KINDS)}){_elsewhere(source)}',
            )
        )
        return None
    if kind not in KINDS:
        report.add(
            source.diagnostic(
                "source.unknown-kind",
                f"unknown kind {kind!r}{did_you_mean(str(kind), KINDS)}; "
                f"use one of {', '.join(KINDS)}{_elsewhere(source)}",
                "/kind",
            )
        )
        return None
    if source.path.name == "game.json" and kind != "game":
        report.add(
            source.diagnostic("source.unknown-kind", 'game.json must have kind "game"', "/kind")
        )
        return None
    return str(kind)


def _elsewhere(source: Source) -> str:
    """For a file in the game folder or one of its folders that is no source (notes, an
    export): every JSON file there is read as one, so it belongs outside the game folder."""
    here = source.path.parent
    if (here / "game.json").is_file() and source.path.name != "game.json":
        where = "beside game.json"
    elif here.name in FOLDERS and (here.parent / "game.json").is_file():
        where = f"in {here.name}/"
    else:
        return ""
    return f", or move it out of the game folder: every JSON file {where} is read as a source"


def _check_schema_ref(source: Source, kind: str, report: Report) -> None:
    """Warn when a file does not point editors at its schema (they validate as you type)."""
    ref = source.data.get("$schema")
    if ref is None:
        report.add(
            source.diagnostic(
                "source.no-schema",
                f'add "$schema": "…/schemas/{kind}.schema.json" so editors '
                "check this file as you type",
                severity="warning",
            )
        )
    elif isinstance(ref, str) and not ref.endswith(f"{kind}.schema.json"):
        report.add(
            source.diagnostic(
                "source.wrong-schema",
                f'"$schema" names {ref!r}, but this is a {kind} file',
                "/$schema",
                severity="warning",
            )
        )


def _source_files(ctx: Context, sources: dict[str, list[Source]]) -> dict[str, bytes]:
    """Every file the game is made of, by its path inside the game folder: what a module
    carries so that a checker can load the very same game from it."""
    root = ctx.folder
    found = {
        source.path.resolve().relative_to(root).as_posix(): source.text.encode("utf-8")
        for group in sources.values()
        for source in group
    }
    for relative, path in ctx.assets.items():
        found[relative] = path.read_bytes()
    return dict(sorted(found.items()))


def _counter_sources(ctx: Context, sources: dict[str, list[Source]]) -> frozenset[str]:
    """The files of kind "counters" and the CSV tables (only counters read CSV)."""
    root = ctx.folder
    found = {source.path.resolve().relative_to(root).as_posix() for source in sources["counters"]}
    return frozenset(found | {path for path in ctx.assets if path.lower().endswith(".csv")})


def _check_see_through(
    ctx: Context, source: Source, classes: Sequence[str], counters: Mapping[str, Counter]
) -> None:
    """Each class game.json lets the other side see through is one some counter has: a typo
    would quietly hide what the rulebook shows."""
    known = sorted({c.class_ for c in counters.values() if c.class_})
    for i, name in enumerate(classes):
        ctx.check_ref(source, "class", name, f"/hidden/see_through/{i}", known)


def _map_order(source: Source) -> tuple[bool, int]:
    """A map's place among the game's maps: its ``order``, then the maps without one (the sort
    is stable, so these keep their file order)."""
    order = source.data.get("order")
    return (order is None, order or 0)


def _build(
    folder: Path, sources: dict[str, list[Source]], report: Report, broken: dict[str, list[str]]
) -> Game:
    ctx = Context(folder.resolve(), report, broken=broken)
    game_source = sources["game"][0]
    parts = load_game_file(ctx, game_source)
    by_order = sorted(sources["map"], key=_map_order)
    loaded = [(s, m) for s in by_order if (m := load_map(ctx, s)) is not None]
    maps = [resolve_links(ctx, source, the_map) for source, the_map in loaded]
    templates: dict[str, Template] = {}
    for source in sources["counters"]:
        load_templates(ctx, source, templates)
    counters: dict[str, Counter] = {}
    for source in sources["counters"]:
        for counter in load_counters(ctx, source, templates):
            counters[counter.id] = counter
    _check_see_through(ctx, game_source, parts.fields.get("see_through", ()), counters)
    card_templates: dict[str, CardTemplate] = {}
    for source in sources["cards"]:
        load_card_templates(ctx, source, card_templates)
    cards: dict[str, Card] = {}
    for source in sources["cards"]:
        for card in load_cards(ctx, source, card_templates):
            cards[card.id] = card
    decks: dict[str, Deck] = {}
    cups: dict[str, Cup] = {}
    dealt: dict[str, int] = {}
    for source in sources["decks"]:
        file_decks, file_cups = load_decks(ctx, source, cards, counters, dealt)
        decks.update((d.id, d) for d in file_decks)
        cups.update((c.id, c) for c in file_cups)
    holdings = Holdings(decks, cups, counters)
    turns = parts.fields.get("turns")
    charts = [c for s in sources["chart"] if (c := load_chart(ctx, s, turns)) is not None]
    setups = [
        s for src in sources["setup"] if (s := load_setup(ctx, src, counters, holdings)) is not None
    ]
    by_id = {chart.id: chart for chart in charts}
    rules = [r for src in sources["rules"] for r in load_rules(ctx, src, counters, by_id)]
    check_waivers(ctx, sources["setup"])
    _note_unchecked(ctx)
    if ctx.report.errors:
        _note_format(ctx, game_source)
    return Game(
        folder=folder.resolve(),
        maps=tuple(maps),
        templates=tuple(templates.values()),
        counters=tuple(counters.values()),
        charts=tuple(charts),
        setups=tuple(setups),
        rules=tuple(rules),
        card_templates=tuple(card_templates.values()),
        cards=tuple(cards.values()),
        decks=tuple(decks.values()),
        cups=tuple(cups.values()),
        locations=MappingProxyType(dict(ctx.locations)),
        places=MappingProxyType(dict(ctx.places)),
        sources=MappingProxyType(_source_files(ctx, sources)),
        counter_sources=_counter_sources(ctx, sources),
        **parts.fields,
    )
