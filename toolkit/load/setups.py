"""setups/*.json → Setup: placements on known locations, within the counter mix."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from toolkit.load.arrivals import entry_places, waiting_box
from toolkit.load.context import Context, get
from toolkit.load.decks import NO_HOLDINGS, Holdings, deck_copies
from toolkit.load.jsonsource import Source
from toolkit.model.base import Origin
from toolkit.model.counter import SIDES, Counter
from toolkit.model.scenario import PieceState, Placement, Reinforcement, Setup


def load_setup(
    ctx: Context, source: Source, counters: dict[str, Counter], holdings: Holdings = NO_HOLDINGS
) -> Setup | None:
    """Check one setup and build it."""
    data = source.data
    if not ctx.declare(source, "setup", data["id"], "/id"):
        return None
    placements, reinforcements, control = load_arrangement(ctx, source, counters)
    for key in ("phase",):
        if key in data:
            ctx.check_ref(source, "phase", data[key], f"/{key}")
    if "first" in data:
        ctx.check_ref(
            source,
            "faction",
            data["first"],
            "/first",
            list(ctx.known("faction")) + list(ctx.known("side")),
        )
    decks, hands, discards, cups = load_holdings(ctx, source, holdings)
    return Setup(
        data["id"],
        data["name"],
        get(data, "description", ""),
        get(data, "cite", ""),
        data.get("turn"),
        data.get("last_turn"),
        data.get("phase"),
        data.get("first"),
        placements,
        control,
        reinforcements,
        MappingProxyType(dict(data.get("globals", {}))),
        MappingProxyType({w["rule"]: w["reason"] for w in data.get("waivers", [])}),
        decks,
        hands,
        discards,
        cups,
        Origin(source.shown),
    )


def check_waivers(ctx: Context, sources: list[Source]) -> None:
    """Every rule a setup waives exists (run once the rules are loaded)."""
    for source in sources:
        for i, waiver in enumerate(source.data.get("waivers", [])):
            ctx.check_ref(source, "rule", waiver["rule"], f"/waivers/{i}/rule")


def load_pieces(
    ctx: Context,
    source: Source,
    items: list[Any],
    pointer: str,
    counters: Mapping[str, Counter],
    used: dict[str, int] | None,
) -> tuple[PieceState, ...]:
    """The pieces of one location, their counters and faces checked; with ``used`` (copies so
    far, per counter), a setup's pieces are also kept within the counter mix."""
    pieces = []
    for j, entry in enumerate(items):
        here = f"{pointer}/{j}"
        item: dict[str, Any] = {"counter": entry} if isinstance(entry, str) else entry
        counter_id = item["counter"]
        target = here if isinstance(entry, str) else here + "/counter"
        if not ctx.check_ref(source, "counter", counter_id, target, counters):
            continue
        counter = counters[counter_id]
        state = PieceState(
            counter_id,
            item.get("count", 1),
            get(item, "face", "front"),
            item.get("step"),
            item.get("owner"),
        )
        _check_face(ctx, source, counter, state, here)
        ctx.check_ref(source, "faction", state.owner, here + "/owner")
        pieces.append(state)
        if used is None:
            continue
        used[counter_id] = used.get(counter_id, 0) + state.count
        if not counter.unlimited and used[counter_id] > counter.count:
            ctx.error(
                source,
                "setup.over-mix",
                f"counter {counter_id!r}: {used[counter_id]} placed but the counter mix has "
                f"{counter.count}",
                here,
            )
    return tuple(pieces)


def _check_face(
    ctx: Context, source: Source, counter: Counter, state: PieceState, pointer: str
) -> None:
    """The face a piece shows is one its counter has, and agrees with its step."""
    if state.face == "back" and counter.back is None:
        ctx.error(source, "setup.no-back", f"counter {state.counter!r} has no back face", pointer)
    elif state.face not in SIDES:
        aliases = ["back"] if counter.back is not None and counter.back.id != "back" else []
        known = list(counter.face_ids) + aliases
        ctx.check_ref(source, "face", state.face, pointer + "/face", known)
    if state.step is not None and state.step > counter.steps:
        ctx.error(
            source,
            "setup.bad-step",
            f"counter {state.counter!r} has {counter.steps} step(s); "
            f"step {state.step} is impossible",
            pointer + "/step",
        )
    elif state.step is not None and state.face in counter.face_ids:
        shown = counter.face(state.face)
        if shown.id.startswith("step-") and shown.step != state.step:
            ctx.error(
                source,
                "setup.bad-step",
                f"face {state.face!r} shows step {shown.step}, not step {state.step}; "
                "give one of them",
                pointer + "/step",
            )


Arrangement = tuple[tuple[Placement, ...], tuple[Reinforcement, ...], Mapping[str, tuple[str, ...]]]
"""A setup's placements, reinforcements and control."""


def load_arrangement(ctx: Context, source: Source, counters: dict[str, Counter]) -> Arrangement:
    """Where a setup (or a scenario, which holds one) puts what: its placements, its
    reinforcements (where they enter or wait) and who controls which places, every reference
    checked and the counter mix counted once across them."""
    data = source.data
    used: dict[str, int] = {}
    placements = []
    for i, item in enumerate(data.get("placements", [])):
        pointer = f"/placements/{i}"
        at = ctx.resolve_location(source, item["at"], pointer + "/at")
        pieces = load_pieces(ctx, source, item["pieces"], pointer + "/pieces", counters, used)
        if at is not None:
            placements.append(Placement(at, pieces, get(item, "note", "")))
    reinforcements = []
    for i, item in enumerate(data.get("reinforcements", [])):
        pointer = f"/reinforcements/{i}"
        at = ctx.resolve_location(source, item["at"], pointer + "/at") if "at" in item else None
        pieces = load_pieces(ctx, source, item["pieces"], pointer + "/pieces", counters, used)
        enter, enter_text = entry_places(ctx, source, item, pointer)
        reinforcements.append(
            Reinforcement(
                item["turn"],
                pieces,
                at,
                get(item, "note", ""),
                waiting_box(ctx, source, item, pointer),
                enter,
                enter_text,
            )
        )
    control = {}
    for faction, refs in data.get("control", {}).items():
        pointer = f"/control/{faction}"
        known = list(ctx.known("faction")) + list(ctx.known("side"))
        if ctx.check_ref(source, "faction", faction, pointer, known):
            control[faction] = tuple(ctx.resolve_locations(source, refs, pointer))
    return tuple(placements), tuple(reinforcements), MappingProxyType(control)


def load_holdings(
    ctx: Context, source: Source, known: Holdings
) -> tuple[
    Mapping[str, tuple[str, ...]],
    Mapping[str, tuple[str, ...]],
    Mapping[str, tuple[str, ...]],
    Mapping[str, tuple[PieceState, ...]],
]:
    """A setup's (or scenario's) decks, hands, discard piles and cups, checked: each names a
    known deck or cup, each card belongs to its deck, and no card is in two places more often
    than its deck holds it."""
    decks, cups, counters = known.decks, known.cups, known.counters
    data = source.data
    piles: dict[str, dict[str, tuple[str, ...]]] = {}
    held: dict[str, dict[str, int]] = {}
    for key in ("decks", "hands", "discards"):
        piles[key] = {}
        for deck_id, card_ids in data.get(key, {}).items():
            here = f"/{key}/{deck_id}"
            if not ctx.check_ref(source, "deck", deck_id, here, decks):
                continue
            deck = decks[deck_id]
            if key == "hands" and deck.owner is None:
                ctx.error(
                    source,
                    "deck.no-hand",
                    f"deck {deck_id!r} has no owner, so no hand; give the deck an owner",
                    here,
                    key=True,
                )
                continue
            allowed = deck_copies(deck)
            counts = held.setdefault(deck_id, {})
            good = []
            for j, card_id in enumerate(card_ids):
                if card_id not in allowed:
                    ctx.error(
                        source,
                        "deck.not-in-deck",
                        f"card {card_id!r} is not one of deck {deck_id!r}'s cards",
                        f"{here}/{j}",
                    )
                    continue
                counts[card_id] = counts.get(card_id, 0) + 1
                if counts[card_id] > allowed[card_id]:
                    ctx.error(
                        source,
                        "deck.too-many-copies",
                        f"card {card_id!r} is placed {counts[card_id]} times, but deck "
                        f"{deck_id!r} holds {allowed[card_id]}",
                        f"{here}/{j}",
                    )
                    continue
                good.append(card_id)
            piles[key][deck_id] = tuple(good)
    cup_contents: dict[str, tuple[PieceState, ...]] = {}
    for cup_id, items in data.get("cups", {}).items():
        here = f"/cups/{cup_id}"
        if ctx.check_ref(source, "cup", cup_id, here, cups):
            cup_contents[cup_id] = load_pieces(ctx, source, items, here, counters, None)
    return (
        MappingProxyType(piles["decks"]),
        MappingProxyType(piles["hands"]),
        MappingProxyType(piles["discards"]),
        MappingProxyType(cup_contents),
    )
