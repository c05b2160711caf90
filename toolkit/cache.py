"""A content-addressed store of what a build converts, under ``<output>/.cache/``.

Each entry is named by a hash of exactly what it is made from (for a PNG: the SVG text, which
embeds every image it shows by value, and the resolution; for a counter: its model values, its
template and faction, the game's image files) and of a stamp of everything else that could
change the bytes: the toolkit's and the converters' versions, and the toolkit's own code and
bundled fonts. An edit changes only the entries it touches, so only those are made again.

Nothing read back is trusted: an entry carries a checksum of its bytes and is ignored (and
removed) when they do not match; a cache whose stamp differs from this toolkit's is removed as a
whole before use. A new entry is written straight under its name (a cold build of a big game
writes some ten thousand, and on a busy disk every file system operation counts): one that a
killed build left half-written fails its checksum and is made again. An entry that is there
already is replaced through a temporary name and a rename, so a reader never sees it change.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import json
import os
import secrets
import shutil
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cache
from pathlib import Path, PurePath
from typing import Any

from toolkit import __version__
from toolkit.ownership import CACHE_TAG, CACHE_TAG_TEXT, foreign_cache

FOLDER = ".cache"
"""The cache's folder inside a build's output folder (``build/.cache``)."""
STAMP_FILE = "STAMP"
MAGIC = b"toolkit-cache-1\n"
_DIGEST = 32
_CONVERTERS = ("resvg_py", "CairoSVG", "pypdf", "pillow", "fonttools")
_PACKAGE = Path(__file__).resolve().parent


@cache
def stamp() -> str:
    """What every entry depends on beyond its own inputs, hashed: the versions of the toolkit and
    its converters, and the toolkit's own code, data and font files (each by size and time)."""
    h = hashlib.sha256(f"toolkit {__version__}\n".encode())
    for name in _CONVERTERS:
        h.update(f"{name} {_version(name)}\n".encode())
    # the fonts, and the code itself, not just its version number: a changed renderer must not
    # reuse old art. Named by size and time, not read: this runs in every build, even a no-op.
    for path in sorted(_PACKAGE.rglob("*")):
        if path.suffix in (".py", ".json", ".svg", ".ttf") and path.is_file():
            stat = path.stat()
            name = path.relative_to(_PACKAGE).as_posix()
            h.update(f"{name} {stat.st_size} {stat.st_mtime_ns}\n".encode())
    return h.hexdigest()


def _version(name: str) -> str:
    """An installed distribution's version, read from its ``.dist-info`` folder's name where
    there is one (importlib.metadata parses every metadata file it looks at: 30 ms of every
    build, even one with nothing to do); '-' when it is not installed."""
    wanted = name.lower().replace("-", "_") + "-"
    for folder in _dist_infos():
        if folder.lower().startswith(wanted):
            return folder[len(wanted) : -len(".dist-info")]
    from importlib import metadata  # an egg or another layout: ask the slow way

    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:  # pragma: no cover - a dependency is missing
        return "-"


@cache
def _dist_infos() -> tuple[str, ...]:
    found = []
    for entry in sys.path:
        with contextlib.suppress(OSError):
            found += [n for n in os.listdir(entry or ".") if n.endswith(".dist-info")]
    return tuple(found)


def key(kind: str, *parts: str | bytes) -> str:
    """The entry name for ``kind`` (a word: 'png', 'pdf', 'output-kit') made from ``parts``
    (each length-prefixed, so no two different part lists hash alike): ``kind/hash``."""
    h = hashlib.sha256(stamp().encode() + b"\0" + kind.encode() + b"\0")
    for part in parts:
        data = part.encode("utf-8") if isinstance(part, str) else part
        h.update(len(data).to_bytes(8, "big") + data)
    return f"{kind}/{h.hexdigest()}"


@dataclass
class Cache:
    """The cache of one output folder; ``folder`` None is a disabled cache (``--no-cache``),
    which misses every time and stores nothing."""

    folder: Path | None
    hits: int = 0
    misses: int = 0
    _folders: set[str] = dataclasses.field(default_factory=set, repr=False, compare=False)
    """Entry folders known to exist (with the cache's stamp file): not asked about again."""

    @classmethod
    def open(cls, folder: Path | None) -> Cache:
        """The cache in ``folder``, emptied first when another version wrote it. The folder is
        made at the first entry stored, so a build that fails before storing any leaves none."""
        if folder is None:
            return cls(None)
        try:
            if (folder / STAMP_FILE).read_text(encoding="ascii") == stamp():
                return cls(folder)
        except (OSError, UnicodeDecodeError):
            pass
        if foreign_cache(folder) is not None:
            return cls(None)  # not the toolkit's: never emptied here (see toolkit.ownership)
        try:
            cls.clear(folder)
        except OSError:  # a cache that cannot be emptied cannot be trusted: build without one
            return cls(None)
        return cls(folder)

    @staticmethod
    def clear(folder: Path) -> None:
        """Remove the cache folder (or whatever is at its place), so the next entry starts a
        new one. Only for a folder that is the toolkit's, or that the user said is (--force).

        :raises OSError: it cannot be removed.
        """
        if folder.is_symlink() or folder.is_file():
            folder.unlink()
        elif folder.exists():
            shutil.rmtree(folder)

    def get(self, name: str, touch: bool = False) -> bytes | None:
        """The entry's bytes when present and intact; a damaged entry is removed. ``touch``
        marks it as just used, so :meth:`prune` keeps it."""
        if self.folder is None:
            return None
        path = self._path(name)  # plain os calls: a rebuild reads thousands of entries
        try:
            with open(path, "rb") as entry:
                data = entry.read()
        except OSError:
            return None
        head = len(MAGIC) + _DIGEST
        body = data[head:]
        if data[: len(MAGIC)] != MAGIC or data[len(MAGIC) : head] != hashlib.sha256(body).digest():
            with contextlib.suppress(OSError):
                os.unlink(path)
            return None
        if touch:
            with contextlib.suppress(OSError):
                os.utime(path)
        return body

    def put(self, name: str, data: bytes) -> None:
        """Store an entry (silently not, when the disk refuses: a cache is only a shortcut)."""
        if self.folder is None:
            return
        path = self._path(name)
        entry = MAGIC + hashlib.sha256(data).digest() + data
        try:
            parent = os.path.dirname(path)
            if parent not in self._folders:
                if not (self.folder / STAMP_FILE).is_file():
                    self.folder.mkdir(parents=True, exist_ok=True)
                    _write_atomic(self.folder / CACHE_TAG, CACHE_TAG_TEXT.encode("utf-8"))
                    _write_atomic(self.folder / STAMP_FILE, stamp().encode("ascii"))
                os.makedirs(parent, exist_ok=True)
                self._folders.add(parent)
            try:
                descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
            except FileExistsError:
                _write_atomic(Path(path), entry)
                return
            with os.fdopen(descriptor, "wb") as out:
                out.write(entry)
        except OSError:
            pass

    def prune(self, kind: str, keep: int) -> None:
        """Keep only the ``keep`` most recently used entries of ``kind``: for the big ones (a
        whole kit or module), which would otherwise pile up one per edit."""
        if self.folder is None:
            return
        with contextlib.suppress(OSError):
            entries = [p for p in (self.folder / kind).glob("*/*") if p.is_file()]
            entries.sort(key=lambda p: p.stat().st_mtime_ns, reverse=True)
            for old in entries[keep:]:
                old.unlink(missing_ok=True)

    def convert(
        self,
        keys: Sequence[str],
        make: Callable[[list[int]], list[bytes]],
    ) -> list[bytes]:
        """The entry of every key, making only the missing ones: ``make(indexes)`` returns the
        bytes for those positions (in one batch, so a worker pool can share them out)."""
        found = [self.get(k) for k in keys]
        missing = [i for i, data in enumerate(found) if data is None]
        self.hits += len(keys) - len(missing)
        self.misses += len(missing)
        if missing:
            for i, data in zip(missing, make(missing), strict=True):
                self.put(keys[i], data)
                found[i] = data
        return [data if data is not None else b"" for data in found]

    def _path(self, name: str) -> str:
        """The entry's file (a string: a rebuild looks up thousands, and paths cost more)."""
        assert self.folder is not None
        kind, _, digest = name.rpartition("/")
        if not _is_kind(kind):
            raise ValueError(f"not a cache key: {name!r}")
        return os.path.join(self._root(), kind, digest[:2], digest[2:])

    def _root(self) -> str:
        assert self.folder is not None
        return os.fspath(self.folder)


@cache
def _is_kind(kind: str) -> bool:
    return kind.replace("-", "_").isidentifier()


def pack(files: Sequence[tuple[str, bytes]]) -> bytes:
    """Named byte strings (files, faces) as one entry: for each, the name's and the content's
    lengths, then both."""
    parts = []
    for path, content in files:
        name = path.encode("utf-8")
        parts.append(len(name).to_bytes(4, "big") + len(content).to_bytes(8, "big") + name)
        parts.append(content)
    return b"".join(parts)


def unpack(data: bytes) -> list[tuple[str, bytes]]:
    """The named byte strings of :func:`pack`.

    :raises ValueError: the entry is not such a list.
    """
    files, at = [], 0
    while at < len(data):
        if at + 12 > len(data):
            raise ValueError("truncated entry")
        size_name = int.from_bytes(data[at : at + 4], "big")
        size = int.from_bytes(data[at + 4 : at + 12], "big")
        start = at + 12 + size_name
        if start + size > len(data):
            raise ValueError("truncated entry")
        files.append((data[at + 12 : start].decode("utf-8"), data[start : start + size]))
        at = start + size
    return files


def unpack_tagged(entry: bytes, magic: bytes, what: str) -> dict[str, bytes]:
    """The named parts of an entry written as ``magic + pack(parts)``, by name.

    :raises ValueError: the entry does not start with ``magic`` (it is not ``what``), or is
        not such a list.
    """
    if not entry.startswith(magic):
        raise ValueError(f"not {what}")
    return dict(unpack(entry[len(magic) :]))


def canonical(value: object) -> str:
    """A text of a model value that is the same in every process (unlike ``repr``, whose sets
    follow the process's string hashing): what a drawing's key is made of.

    Written by the json module's C encoder (keys sorted; dataclasses, sets, enums, paths and
    bytes turned into plain values first, each tagged so that no two kinds read alike): a
    rebuild keys thousands of counters, and a walk in Python cost 0.1 ms each.

    :raises TypeError: a value of a kind this cannot write for certain (then do not cache).
    """
    try:
        return _ENCODER.encode(value)
    except (TypeError, ValueError) as error:  # ValueError: a cycle or NaN, never in a model
        raise TypeError(f"no stable text: {error}") from None


def _plain(value: object) -> object:
    """``value`` as something the json encoder writes (it calls this for what it cannot)."""
    kind: type[Any] = type(value)
    names = _field_names(kind) if hasattr(kind, "__dataclass_fields__") else None
    if names is not None:
        return [kind.__qualname__, *(getattr(value, name) for name in names)]
    if isinstance(value, Mapping):
        if set(map(type, value)) <= _STRING:
            return {"mapping": dict(value)}
        return {"pairs": sorted(([canonical(k), v] for k, v in value.items()), key=_first)}
    if isinstance(value, set | frozenset):
        return {"set": sorted(canonical(item) for item in value)}
    if isinstance(value, Enum):
        return {"enum": f"{kind.__qualname__}.{value.name}"}
    if isinstance(value, PurePath):
        return {"path": value.as_posix()}
    if isinstance(value, bytes):
        return {"bytes": value.hex()}
    raise TypeError(f"no stable text for a {kind.__name__}")


_STRING = frozenset({str})


def _first(pair: list[object]) -> str:
    return str(pair[0])


_ENCODER = json.JSONEncoder(
    sort_keys=True,
    separators=(",", ":"),
    ensure_ascii=False,
    check_circular=False,
    allow_nan=False,
    default=_plain,
)


_FIELDS: dict[type[Any], tuple[str, ...]] = {}


def _field_names(kind: type[Any]) -> tuple[str, ...]:
    """A dataclass's public fields, looked up once per class: keys are made for thousands of
    counters, and ``dataclasses.fields`` rebuilds its answer on every call."""
    names = _FIELDS.get(kind)
    if names is None:
        names = _FIELDS[kind] = tuple(
            f.name for f in dataclasses.fields(kind) if not f.name.startswith("_")
        )
    return names


def _write_atomic(path: Path, data: bytes) -> None:
    partial = path.with_name(f".{path.name}.{os.getpid()}-{secrets.token_hex(4)}")
    try:
        partial.write_bytes(data)
        partial.replace(path)
    finally:
        partial.unlink(missing_ok=True)
