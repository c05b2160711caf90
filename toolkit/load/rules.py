"""rules.json → Rule values with their selectors resolved against the game."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from toolkit.load.context import Context, get
from toolkit.load.jsonsource import Source
from toolkit.load.maps import FEATURE_TYPES
from toolkit.load.spaces import BORDER_TYPES
from toolkit.model.counter import Counter
from toolkit.model.rules import LocationSelector, PieceSelector, Rule

PIECE_PARAMS = ("exempt", "exerted_by", "source_pieces", "carrier", "cargo")
LOCATION_PARAMS = ("forbid", "allow", "stop_on_enter", "not_into", "sources", "through", "at")


def load_rules(ctx: Context, source: Source, counters: dict[str, Counter]) -> list[Rule]:
    """Check every rule's references and build the rules."""
    rules = []
    classes = sorted({c.class_ for c in counters.values() if c.class_})
    tags = sorted({t for c in counters.values() for t in c.tags})
    for i, item in enumerate(source.data["rules"]):
        pointer = f"/rules/{i}"
        if not ctx.declare(source, "rule", item["id"], pointer + "/id"):
            continue
        checker = RuleChecker(ctx, source, counters, classes, tags)
        params: dict[str, Any] = {}
        for key, value in item.items():
            here = f"{pointer}/{key}"
            if key in ("id", "kind", "cite", "text", "severity", "when", "pieces", "where"):
                continue
            if key in PIECE_PARAMS:
                params[key] = checker.pieces(value, here)
            elif key in LOCATION_PARAMS:
                params[key] = checker.where(value, here)
            elif key == "overrides":
                params[key] = tuple(
                    MappingProxyType(
                        {
                            "where": checker.where(o["where"], f"{here}/{j}/where"),
                            "limit": o["limit"],
                            "bonus": checker.pieces(o["bonus"], f"{here}/{j}/bonus")
                            if "bonus" in o
                            else None,
                        }
                    )
                    for j, o in enumerate(value)
                )
            elif key == "bonus":
                params[key] = MappingProxyType(
                    {
                        "pieces": checker.pieces(value.get("pieces", {}), here + "/pieces"),
                        "count": value.get("count", 1),
                    }
                )
            else:
                params[key] = checker.plain(key, value, here)
        rules.append(
            Rule(
                id=item["id"],
                kind=item["kind"],
                cite=item["cite"],
                text=item["text"],
                severity=get(item, "severity", "error"),
                when=get(item, "when", "always"),
                pieces=checker.pieces(item["pieces"], pointer + "/pieces")
                if "pieces" in item
                else None,
                where=checker.where(item["where"], pointer + "/where") if "where" in item else None,
                params=MappingProxyType(params),
            )
        )
    return rules


class RuleChecker:
    """Resolves the references inside one rule."""

    def __init__(
        self,
        ctx: Context,
        source: Source,
        counters: dict[str, Counter],
        classes: list[str],
        tags: list[str],
    ) -> None:
        self.ctx, self.source, self.counters = ctx, source, counters
        self.classes, self.tags = classes, tags

    def _set(
        self,
        value: str | list[str] | None,
        kind: str,
        pointer: str,
        candidates: list[str] | None = None,
    ) -> frozenset[str]:
        if value is None:
            return frozenset()
        items = [value] if isinstance(value, str) else list(value)
        for j, item in enumerate(items):
            here = pointer if isinstance(value, str) else f"{pointer}/{j}"
            self.ctx.check_ref(self.source, kind, item, here, candidates)
        return frozenset(items)

    def pieces(self, data: dict[str, Any], pointer: str) -> PieceSelector:
        """A piece selector whose every id exists."""
        return PieceSelector(
            counter=self._set(
                data.get("counter"), "counter", pointer + "/counter", list(self.counters)
            ),
            template=self._set(data.get("template"), "template", pointer + "/template"),
            faction=self._set(data.get("faction"), "faction", pointer + "/faction"),
            side=self._set(data.get("side"), "side", pointer + "/side"),
            class_=self._set(data.get("class"), "class", pointer + "/class", self.classes),
            tag=self._set(data.get("tag"), "tag", pointer + "/tag", self.tags),
            not_=self.pieces(data["not"], pointer + "/not") if "not" in data else None,
        )

    def where(self, data: dict[str, Any], pointer: str) -> LocationSelector:
        """A location selector whose every id exists."""
        maps = list(self.ctx.known("map")) + list(self.ctx.known("chart"))
        terrain = list(self.ctx.known("terrain"))
        return LocationSelector(
            map=self._set(data.get("map"), "map", pointer + "/map", maps),
            kind=frozenset(
                [data["kind"]] if isinstance(data.get("kind"), str) else data.get("kind", [])
            ),
            terrain=self._set(data.get("terrain"), "terrain", pointer + "/terrain", terrain),
            feature=self._set(
                data.get("feature"), "feature type", pointer + "/feature", list(FEATURE_TYPES)
            ),
            tag=frozenset(
                [data["tag"]] if isinstance(data.get("tag"), str) else data.get("tag", [])
            ),
            owner=self._set(data.get("owner"), "faction", pointer + "/owner"),
            locations=frozenset(
                self.ctx.resolve_locations(
                    self.source, data.get("locations", []), pointer + "/locations"
                )
            ),
            not_=self.where(data["not"], pointer + "/not") if "not" in data else None,
        )

    def plain(self, key: str, value: Any, pointer: str) -> Any:
        """Other parameters: check the ids they name; return read-only values."""
        terrain = list(self.ctx.known("terrain"))
        hexsides = list(self.ctx.known("hexside type"))
        if key == "costs":
            for name in value:
                self.ctx.check_ref(self.source, "terrain", name, f"{pointer}/{name}", terrain)
        elif key == "hexside_costs":
            for name in value:
                self.ctx.check_ref(self.source, "hexside type", name, f"{pointer}/{name}", hexsides)
        elif key == "line_costs":
            for name in value:
                self.ctx.check_ref(self.source, "line type", name, f"{pointer}/{name}")
        elif key == "blocked_by":
            for j, name in enumerate(value):
                self.ctx.check_ref(
                    self.source,
                    "border type",
                    name,
                    f"{pointer}/{j}",
                    hexsides + list(BORDER_TYPES),
                )
        elif key == "setups":
            for j, name in enumerate(value):
                self.ctx.check_ref(self.source, "setup", name, f"{pointer}/{j}")
        elif key == "side":
            self.ctx.check_ref(self.source, "side", value, pointer)
        elif key == "control":
            return tuple(self.ctx.resolve_locations(self.source, value, pointer))
        if isinstance(value, dict):
            return MappingProxyType(dict(value))
        if isinstance(value, list):
            return tuple(value)
        return value
