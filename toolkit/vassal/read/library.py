"""What the VASSAL Game Library refuses when a file is uploaded to a release, checked before
the upload: ``toolkit vmod-check --library [--release X.Y.Z] FILE...``.

The facts come from the library's own server, ``vassalengine/game-library-service`` (read at
commit ``2cceffbc6f4f3dda493f322bc5bdabef450263b2``, 2026-08-17): ``handlers.rs``
(``file_post``, ``stream_to_temp_file``), ``upload.rs`` (``safe_filename``),
``prod_core.rs`` (``add_file``, ``get_magic``, ``check_moduledata``, ``check_versions``),
``content_type.rs`` (``infer_file_type``), ``module.rs`` (``dump_moduledata``,
``versions_in_moduledata``), ``version.rs`` and ``core.rs`` (the errors). In the order the
server checks, stopping at the first refusal:

1. The file name: not empty, at most 255 bytes, no leading or trailing white space, not
   ending in '.', no '..', none of the control characters U+0000-U+001F, U+007F-U+009F nor
   ``" ' * / : < > ? | \\``, and not a reserved Windows name (CON, PRN, AUX, NUL, COM1-9,
   LPT1-9, alone or before a '.', in any case).
2. The first 64 bytes are read to tell the file's type: a shorter file fails there.
3. The type, by the extension after the last '.' (compared as written: ``.VMOD`` is not
   ``.vmod``): ``.vmod``, ``.vsav``, ``.vlog`` and ``.vmdx`` must start as a zip does, so must
   ``.zip``; ``.png``, ``.gif``, ``.jpg``, ``.webp``, ``.avif`` and ``.pdf`` must be what they
   say; ``.svg`` and ``.txt`` are taken as they are; any other extension is refused when the
   content is recognised as another type (the library uses the ``infer`` crate, 0.22; this
   check knows the signatures of the types toolkit and module makers ship: PNG, JPEG, GIF,
   WebP, PDF, zip, HTML, XML), and a name without extension is taken as it is.
4. For ``.vmod``, ``.vsav``, ``.vlog`` and ``.vmdx`` only: the zip must open, hold an entry
   ``moduledata`` readable as UTF-8 text, and that entry must be well-formed XML.
5. Its version, the text of the first ``<version>`` under the root ``<data>`` (as XPath
   ``/data/version`` gives it: every piece of text inside, nothing trimmed), must be a
   semantic version as the ``semver`` crate reads it (``MAJOR.MINOR.PATCH[-PRE][+BUILD]``,
   no leading zeros, no 'v', no spaces) whose numbers fit in a signed 64-bit integer. A
   missing or empty version is refused the same way.
6. A module, saved game or log must carry exactly the release's version (pre-release and
   build parts included); an extension needs only a valid version.

The release's own version is checked when it is created: strict semver too. What this check
cannot know: the size limit (a setting of each server), a Content-Type the uploader states,
and the ``infer`` signatures of types outside the list above.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from toolkit.diagnostics import Diagnostic
from toolkit.model.versions import SemVer, parse_semver, version_problem
from toolkit.vassal.read.reader import ArchiveError, XmlElement, open_archive, read_xml

MODULE_DATA = "moduledata"
VASSAL_KINDS = frozenset({"vmod", "vsav", "vlog", "vmdx"})
"""The extensions whose ``moduledata`` the library reads."""
RELEASE_BOUND = frozenset({"vmod", "vsav", "vlog"})
"""Of those, the ones whose version must be the release's (an extension's need not)."""
MAGIC_BYTES = 64
"""How much of a file the library reads to tell its type; a shorter file is refused."""
MAX_NAME_BYTES = 255
_BAD_CHARACTER = re.compile(r"[\x00-\x1f\x7f-\x9f\"'*/:<>?|\\]")
_RESERVED = re.compile(r"^(?:CON|PRN|AUX|NUL|(?:COM|LPT)[1-9])(?:$|\.)", re.IGNORECASE)
_HTML_STARTS = (
    b"<!DOCTYPE HTML",
    b"<HTML",
    b"<HEAD",
    b"<SCRIPT",
    b"<IFRAME",
    b"<H1",
    b"<DIV",
    b"<FONT",
    b"<TABLE",
    b"<A",
    b"<STYLE",
    b"<TITLE",
    b"<B",
    b"<BODY",
    b"<BR",
    b"<P",
    b"<!--",
)
"""How ``infer`` (after the WHATWG sniffing rules) tells HTML: one of these, any case, after
white space, then a space or '>'."""
ZIP_FORMATS = frozenset(
    {"docx", "xlsx", "pptx", "epub", "jar", "apk", "odt", "ods", "odp", "xpi", "crx", "cbz"}
)
"""Types ``infer`` recognises inside a zip before calling it a zip: not judged here."""

CODE = "library"


def check_for_library(paths: Sequence[Path], release: SemVer | None) -> list[Diagnostic]:
    """What the Game Library would refuse of each file uploaded to ``release`` (None: the
    versions are not compared with a release): at most one line per file, its first refusal,
    as the library stops there."""
    problems = []
    for path in paths:
        refusal = library_refusal(path, release)
        if refusal is not None:
            code, message = refusal
            problems.append(Diagnostic(f"{CODE}.{code}", message, str(path), 0, 0))
    return problems


def library_refusal(path: Path, release: SemVer | None) -> tuple[str, str] | None:
    """(code, sentence) of the first thing the library refuses in the file, or None."""
    name = path.name
    problem = filename_problem(name)
    if problem:
        return "filename", f"the file name {problem}; the Game Library refuses it"
    try:
        with open(path, "rb") as stream:
            magic = stream.read(MAGIC_BYTES)
    except OSError as error:
        return "unreadable", f"cannot read the file: {error.strerror or error}"
    if len(magic) < MAGIC_BYTES:
        return (
            "too-short",
            f"the file has {len(magic)} bytes; the Game Library reads the first {MAGIC_BYTES}"
            " to tell its type and fails on a shorter file",
        )
    extension = name.rsplit(".", 1)[1] if "." in name else None
    problem = type_problem(extension, magic)
    if problem:
        return "type", f"{problem}; the Game Library refuses it (bad MIME type)"
    if extension not in VASSAL_KINDS:
        return None
    return _moduledata_refusal(path, extension, release)


def filename_problem(name: str) -> str:
    """Why the library's ``safe_filename`` refuses a file name ("" when it does not)."""
    if not name:
        return "is empty"
    if len(name.encode("utf-8")) > MAX_NAME_BYTES:
        return f"is longer than {MAX_NAME_BYTES} bytes"
    if name != name.strip():  # Rust's trim: Unicode white space, as Python's strip
        return f"{name!r} starts or ends with white space"
    if name.endswith("."):
        return f"{name!r} ends with '.'"
    if ".." in name:
        return f"{name!r} holds '..'"
    bad = _BAD_CHARACTER.search(name)
    if bad:
        return f"{name!r} holds {bad.group()!r}"
    if _RESERVED.match(name):
        return f"{name!r} is a name Windows reserves"
    return ""


def type_problem(extension: str | None, magic: bytes) -> str:
    """Why the library's type check refuses content under its extension ("" when not)."""
    if extension is None or extension in ("svg", "txt"):
        return ""
    wanted = {
        "vmod": "zip",
        "vsav": "zip",
        "vlog": "zip",
        "vmdx": "zip",
        "zip": "zip",
        "png": "png",
        "gif": "gif",
        "jpg": "jpg",
        "webp": "webp",
        "avif": "avif",
        "pdf": "pdf",
    }.get(extension)
    if wanted is not None:
        if _is(wanted, magic):
            return ""
        shown = "a zip archive" if wanted == "zip" else f"a {wanted.upper()} file"
        return f"a .{extension} file must be {shown}, and this one does not start as one"
    found = sniff(magic)
    if found is None or found == extension or (found == "zip" and extension in ZIP_FORMATS):
        return ""
    return f"its content is {found.upper()}, but its extension says .{extension}"


def _is(kind: str, magic: bytes) -> bool:
    if kind == "avif":
        return magic[4:8] == b"ftyp" and magic[8:12] in (b"avif", b"avis")
    return sniff(magic) == kind


def sniff(magic: bytes) -> str | None:
    """The type ``infer`` gives the first bytes of a file, among those this check knows, by
    ``infer``'s extension for it (None: none of them)."""
    if magic[:4] in (b"PK\x03\x04", b"PK\x05\x06", b"PK\x07\x08") or magic[:8] == (
        b"PK00PK\x03\x04"
    ):
        return "zip"
    if magic[:4] == b"\x89PNG":
        return "png"
    if magic[:3] == b"\xff\xd8\xff":
        return "jpg"
    if magic[:3] == b"GIF":
        return "gif"
    if magic[8:12] == b"WEBP":
        return "webp"
    if b"%PDF" in magic:
        return "pdf"
    text = magic.lstrip(b"\t\n\x0c\r ")
    if text.removeprefix(b"\xef\xbb\xbf").lower().startswith(b"<?xml"):
        return "xml"
    for start in _HTML_STARTS:
        after = text[len(start) : len(start) + 1]
        if text[: len(start)].upper() == start and after in (b" ", b">"):
            return "html"
    return None


def _moduledata_refusal(
    path: Path, extension: str, release: SemVer | None
) -> tuple[str, str] | None:
    """What the library refuses in a module's, extension's, save's or log's moduledata."""
    try:
        archive = open_archive(path)
    except ArchiveError as error:
        return "not-zip", f"{error}; the Game Library cannot open it as a zip archive"
    with archive:
        if MODULE_DATA not in archive.names:
            return (
                "no-moduledata",
                f"the archive has no '{MODULE_DATA}' entry; the Game Library reads the version"
                f" of every .{extension} there",
            )
        try:
            data = archive.read(MODULE_DATA)
        except ArchiveError as error:
            return "moduledata", f"{error}; the Game Library refuses it"
    try:
        data.decode("utf-8")
        root = read_xml(data, MODULE_DATA)
    except UnicodeDecodeError:
        return "moduledata", f"'{MODULE_DATA}' is not UTF-8 text; the Game Library refuses it"
    except ArchiveError as error:
        return "moduledata", f"{error}; the Game Library refuses it"
    return _version_refusal(_data_version(root), extension, release)


def _data_version(root: XmlElement) -> str:
    """The text XPath ``/data/version`` gives: of the root ``data``'s first ``version``
    child, every piece of text inside it, untrimmed ("" when there is none)."""
    if root.tag != "data":
        return ""
    for child in root:
        if child.tag == "version":
            return "".join(child.itertext())
    return ""


def _version_refusal(
    version: str, extension: str, release: SemVer | None
) -> tuple[str, str] | None:
    try:
        found = parse_semver(version)
    except ValueError:
        if not version:
            message = f"'{MODULE_DATA}' has no version; write a semantic version x.y.z there"
        else:
            message = version_problem(version, f"the {MODULE_DATA} version") or (
                f"the {MODULE_DATA} version {version!r} has a number too large"
            )
        return "version", f"{message}; the Game Library refuses it"
    if release is None or extension not in RELEASE_BOUND or found == release:
        return None
    return (
        "release",
        f"the {MODULE_DATA} version is {version!r}, not the release's {str(release)!r}; the"
        " Game Library refuses a module, saved game or log of another version",
    )
