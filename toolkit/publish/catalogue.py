"""A catalogue of published scenarios: DIR/index.json and a static DIR/index.html that a club
or a publisher can put on the web as it is (no server code, no outside resources).

The packages are read as untrusted: each catalogue entry is size-limited, must be a JSON object
of the known format, and every file it lists must be there with its size and SHA-256; the page
escapes every text it shows.
"""

from __future__ import annotations

import hashlib
import html
import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from toolkit.diagnostics import Diagnostic
from toolkit.load.jsonsource import SourceUnreadable, escape_pointer_part, parse_source
from toolkit.ownership import OutputRefused, path_kind
from toolkit.publish.package import ENTRY_FORMAT, MAX_ENTRY_BYTES, PACKAGES

INDEX_FILES = ("index.json", "index.html")
"""What ``publish --index DIR`` writes in DIR."""
GENERATOR = '<meta name="generator" content="toolkit">'
"""Marks the catalogue page as the toolkit's, so that a later index may replace it."""
SIZES = (("small", 20), ("medium", 60), ("large", None))
"""Scenario sizes by starting pieces: up to 20, up to 60, more."""


BAD_ENTRY = "catalogue.bad-entry"
"""A package's entry that is not of the shape ``toolkit publish`` writes."""
BAD_FILE = "catalogue.bad-file"
"""A file an entry lists that is not in its package as listed."""
FIX = "; left out of the index (publish the scenario again to remake its package)"
"""What every line about a package left out ends with."""
NoneType = type(None)
FIELDS: tuple[tuple[str, type | tuple[type, ...], bool], ...] = (
    ("/id", str, True),
    ("/title", str, True),
    ("/author", str, True),
    ("/version", str, True),
    ("/description", str, False),
    ("/game", dict, True),
    ("/game/id", str, True),
    ("/game/title", str, True),
    ("/game/versions", (dict, NoneType), False),
    ("/game/versions/min", (str, NoneType), False),
    ("/game/versions/max", (str, NoneType), False),
    ("/turns", (dict, NoneType), False),
    ("/turns/first", (int, NoneType), False),
    ("/turns/last", (int, NoneType), False),
    ("/pieces", int, True),
    ("/waivers", (dict, NoneType), False),
    ("/files", dict, True),
)
"""What the catalogue reads of an entry: (JSON pointer, its JSON types, required), parents
before their members; everything else in an entry is ignored."""


class CatalogueError(ValueError):
    """No catalogue can be made (the message says why)."""


@dataclass(frozen=True)
class Listed:
    """One package as the catalogue lists it."""

    folder: str
    """Its folder inside DIR, 'scenarios/<id>'."""
    entry: Mapping[str, Any]


def write_catalogue(folder: Path, force: bool = False) -> tuple[list[Path], int, list[Diagnostic]]:
    """Read every package of DIR/scenarios/ and write DIR/index.json and DIR/index.html
    listing the sound ones, replacing only a catalogue the toolkit made (unless ``force``);
    the other packages are left out, each with the diagnostic that says why (nothing is
    written when every package is left out).

    :raises CatalogueError: DIR has no scenarios/ folder, or no package in it can be listed.
    :raises OutputRefused: DIR/index.json or index.html is there and is not a catalogue the
        toolkit made; nothing was written.
    """
    listed, refused = read_packages(folder)
    if refused and not listed:
        raise CatalogueError(
            "\n".join(d.format() for d in refused) + f"\nno package can be listed; {folder} "
            "is left as it was"
        )
    index_json = catalogue_json(listed)
    index_html = catalogue_html(listed)
    for name in () if force else INDEX_FILES:
        reason = foreign_index(folder / name)
        if reason is not None:
            raise OutputRefused(
                f"refusing to replace {folder / name}: {reason}; move it away, or --force to "
                "replace it"
            )
    written = []
    for name, content in zip(INDEX_FILES, (index_json, index_html), strict=True):
        path = folder / name
        temporary = folder / f".{name}.tmp"
        temporary.write_bytes(content)
        temporary.replace(path)
        written.append(path)
    return written, len(listed), refused


def foreign_index(path: Path) -> str | None:
    """Why ``path`` (DIR/index.json or index.html) is not a catalogue file the toolkit made;
    None when it is, or is absent."""
    kind = path_kind(path)
    if kind != "a file":
        return None if kind == "absent" else f"it is {kind}"
    try:
        head = path.read_bytes()[: 64 * 1024 * 1024]
    except OSError as error:
        return f"it cannot be read ({error.strerror})"
    if path.suffix == ".json":
        try:
            document = json.loads(head)
        except ValueError:
            document = None
        ours = isinstance(document, dict) and document.get("format") == ENTRY_FORMAT
        ours = ours and isinstance(document.get("scenarios"), list)
    else:  # the generator's mark, or (made before it had one) the page's two filters
        ours = GENERATOR.encode() in head or all(
            f'id="{name}"'.encode() in head for name in ("game-filter", "size-filter")
        )
    return None if ours else "it is not a scenario catalogue toolkit made"


def read_packages(folder: Path) -> tuple[list[Listed], list[Diagnostic]]:
    """Every sound package under DIR/scenarios/, in catalogue order (game, then title), and
    one diagnostic per package that cannot be listed, naming its entry file.

    :raises CatalogueError: there is no DIR/scenarios/ folder.
    """
    root = folder / PACKAGES
    if not root.is_dir():
        raise CatalogueError(f"{root}: no such folder; publish scenarios into {folder} first")
    listed = []
    refused = []
    for package in sorted(p for p in root.iterdir() if p.is_dir() and not p.name.startswith(".")):
        entry_path = package / f"{package.name}.json"
        try:
            entry = _entry(entry_path, package)
        except EntryRefused as error:
            refused.append(error.diagnostic)
            continue
        listed.append(Listed(f"{PACKAGES}/{package.name}", entry))
    listed.sort(key=lambda item: (item.entry["game"]["title"], item.entry["title"], item.folder))
    return listed, refused


class EntryRefused(Exception):
    """One package that cannot be listed; carries the diagnostic that says why."""

    def __init__(self, diagnostic: Diagnostic) -> None:
        super().__init__(diagnostic.message)
        self.diagnostic = diagnostic


def _entry(path: Path, package: Path) -> Mapping[str, Any]:
    """A package's catalogue entry, read as hostile and checked against its files.

    :raises EntryRefused: unreadable, not of the known shape, or not matching its files.
    """
    shown = str(path)
    try:
        if path.stat().st_size > MAX_ENTRY_BYTES:
            raise _refused(shown, f"larger than {MAX_ENTRY_BYTES} bytes: not a catalogue entry")
        source = parse_source(path.read_bytes(), path, shown)
    except OSError as error:
        raise _refused(shown, f"not a readable catalogue entry ({error.strerror})") from None
    except SourceUnreadable as error:
        raise EntryRefused(error.diagnostic) from None
    problem = _shape_problem(source.data, package.name)
    if problem is not None:
        pointer, message = problem
        raise EntryRefused(source.diagnostic(BAD_ENTRY, message + FIX, pointer))
    entry = source.data
    for name, facts in sorted(entry["files"].items()):
        wrong = _file_problem(package, name, facts)
        if wrong is not None:
            pointer = "/files/" + escape_pointer_part(name)
            raise EntryRefused(source.diagnostic(BAD_FILE, wrong + FIX, pointer, key=True))
    return dict(entry)


def _refused(shown: str, message: str) -> EntryRefused:
    return EntryRefused(Diagnostic(BAD_ENTRY, message + FIX, shown, 0, 0))


def _shape_problem(entry: Any, folder_name: str) -> tuple[str, str] | None:
    """(JSON pointer, what is wrong) for an entry not of the shape ``toolkit publish``
    writes, or None."""
    if not isinstance(entry, dict) or entry.get("format") != ENTRY_FORMAT:
        return "", f"not a catalogue entry of format {ENTRY_FORMAT}"
    for pointer, expected, required in FIELDS:
        *parents, key = pointer.split("/")[1:]
        holder: Any = entry
        for part in parents:
            holder = holder.get(part) if isinstance(holder, dict) else None
        if not isinstance(holder, dict):
            continue  # an optional object that is absent (a wrong one was reported first)
        if key not in holder:
            if required:
                return pointer.rsplit("/", 1)[0], f'no "{key}" ({pointer}), which an entry needs'
            continue
        value = holder[key]
        if not isinstance(value, expected) or isinstance(value, bool) != (expected is bool):
            return pointer, f"{pointer} is {_json_type(value)}, not {_json_type_of(expected)}"
    if entry["id"] != folder_name:
        return "/id", f"its id {entry['id']!r} is not its folder's name {folder_name!r}"
    return None


def _json_type(value: object) -> str:
    """'a list', 'a string', … as JSON names a value's type."""
    names = {dict: "an object", list: "a list", str: "a string", bool: "true or false"}
    if value is None:
        return "null"
    if isinstance(value, bool | int | float) and not isinstance(value, bool):
        return "a number"
    return names.get(type(value), "a value")


def _json_type_of(expected: type | tuple[type, ...]) -> str:
    kinds = expected if isinstance(expected, tuple) else (expected,)
    names = {dict: "an object", str: "a string", int: "a whole number", type(None): "null"}
    return " or ".join(names.get(kind, kind.__name__) for kind in kinds)


def _file_problem(package: Path, name: str, facts: Any) -> str | None:
    """Why a listed file is not in the package (or would be outside it), or is not the size
    or SHA-256 the entry says; None when it is as listed."""
    if "/" in name or "\\" in name or name.startswith("."):
        return f"file {name!r} would leave its package"
    target = package / name
    if not target.is_file():
        return f"lists {name!r}, which is not in {package}"
    content = target.read_bytes()
    if not isinstance(facts, dict) or facts.get("bytes") != len(content):
        return f"{name!r} is not the size the entry says"
    if facts.get("sha256") != hashlib.sha256(content).hexdigest():
        return f"{name!r} does not have the SHA-256 the entry says"
    return None


def size_class(pieces: int) -> str:
    """'small', 'medium' or 'large', by starting pieces."""
    for name, limit in SIZES:
        if limit is None or pieces <= limit:
            return name
    return SIZES[-1][0]


def catalogue_json(listed: list[Listed]) -> bytes:
    """index.json: every entry, with its folder and size class."""
    document = {
        "format": ENTRY_FORMAT,
        "scenarios": [
            {**item.entry, "folder": item.folder, "size": size_class(int(item.entry["pieces"]))}
            for item in listed
        ],
    }
    return (json.dumps(document, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def catalogue_html(listed: list[Listed]) -> bytes:
    """index.html: a card per scenario, its map excerpt, and filters by game and size."""
    games = sorted(
        {(i.entry["game"]["id"], i.entry["game"]["title"]) for i in listed}, key=lambda g: g[1]
    )
    game_options = "".join(
        f'<option value="{_a(gid)}">{_t(title)}</option>' for gid, title in games
    )
    size_options = "".join(f'<option value="{name}">{name}</option>' for name, _ in SIZES)
    cards = "\n".join(_card(item) for item in listed)
    page = PAGE.format(
        generator=GENERATOR,
        count=len(listed),
        game_options=game_options,
        size_options=size_options,
        cards=cards,
    )
    return page.encode("utf-8")


def _card(item: Listed) -> str:
    entry = item.entry
    sid = str(entry["id"])
    files = entry["files"]
    pieces = int(entry["pieces"])
    total = sum(int(f["bytes"]) for f in files.values())
    game = entry["game"]
    versions = game.get("versions") or {}
    low, high = versions.get("min"), versions.get("max")
    version_text = f"{low or 'any'}–{high}" if high else f"{low} or later" if low else "any"
    turns = entry.get("turns") or {}
    first, last = turns.get("first"), turns.get("last")
    if last is None:
        turn_text = f"from turn {first}"
    else:
        turn_text = f"turn {first}" if last == first else f"turns {first}–{last}"
    image = f"{item.folder}/{sid}-map.png"
    img = (
        f'<img src="{_a(image)}" alt="{_a("Map excerpt of " + str(entry["title"]))}">'
        if f"{sid}-map.png" in files
        else ""
    )
    shown = sorted({*files, f"{sid}.json"} - {f"{sid}-map.png"})
    links = " ".join(
        f'<a href="{_a(item.folder + "/" + name)}">{_t(_label(name, sid))}</a>' for name in shown
    )
    return (
        f'<article class="scenario" data-game="{_a(game["id"])}" '
        f'data-size="{size_class(pieces)}" id="{_a(sid)}">{img}'
        f"<h2>{_t(entry['title'])}</h2>"
        f'<p class="meta">{_t(game["title"])} (versions {_t(version_text)}) · by '
        f"{_t(entry['author'])} · v{_t(entry['version'])} · {_t(turn_text)} · "
        f'<span class="pieces">{pieces} pieces ({size_class(pieces)})</span> · '
        f"{total / 1e6:.1f} MB</p>"
        f'<p>{_t(entry.get("description", ""))}</p><p class="files">{links}</p></article>'
    )


def _label(name: str, sid: str) -> str:
    labels = {
        f"{sid}.vsav": "saved game (.vsav)",
        f"{sid}.vmdx": "VASSAL extension (.vmdx)",
        f"{sid}-sheet.pdf": "scenario card (PDF)",
        f"{sid}.json": "catalogue entry",
    }
    return labels.get(name, name)


def _t(value: object) -> str:
    return html.escape(str(value), quote=False)


def _a(value: object) -> str:
    return html.escape(str(value), quote=True)


PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
{generator}
<title>Scenarios</title>
<style>
body {{ font-family: sans-serif; margin: 1.5em; color: #222; background: #f6f4ee; }}
header {{ display: flex; gap: 1em; align-items: baseline; flex-wrap: wrap; }}
main {{ display: grid; grid-template-columns: repeat(auto-fill, minmax(22em, 1fr)); gap: 1em; }}
.scenario {{ background: #fff; border: 1px solid #ccc; border-radius: 6px; padding: 0.8em; }}
.scenario img {{ width: 100%; height: 14em; object-fit: cover; border: 1px solid #ddd; }}
.scenario h2 {{ font-size: 1.15em; margin: 0.4em 0; }}
.meta {{ color: #555; font-size: 0.9em; }}
.files a {{ margin-right: 0.8em; }}
.scenario[hidden] {{ display: none; }}
</style>
</head>
<body>
<header>
<h1>Scenarios</h1>
<label>Game <select id="game-filter"><option value="">all games</option>{game_options}
</select></label>
<label>Size <select id="size-filter"><option value="">any size</option>{size_options}
</select></label>
<p id="shown"><span id="shown-count">{count}</span> of {count} scenarios shown</p>
</header>
<main>
{cards}
</main>
<script>
(function () {{
  var game = document.getElementById("game-filter");
  var size = document.getElementById("size-filter");
  function apply() {{
    var shown = 0;
    document.querySelectorAll(".scenario").forEach(function (card) {{
      var ok = (!game.value || card.dataset.game === game.value) &&
               (!size.value || card.dataset.size === size.value);
      card.hidden = !ok;
      if (ok) {{ shown += 1; }}
    }});
    document.getElementById("shown-count").textContent = String(shown);
  }}
  game.addEventListener("change", apply);
  size.addEventListener("change", apply);
}})();
</script>
</body>
</html>
"""
