"""vmod-check --library: each thing the VASSAL Game Library refuses on upload is one line with
its code and the fix where one is clear; what it accepts passes; the command line's exit
statuses are vmod-check's."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.vassal.vmods import make_zip
from toolkit.cli import cli
from toolkit.model.versions import parse_semver
from toolkit.vassal.read.library import check_for_library

PNG = b"\x89PNG\r\n\x1a\n" + bytes(56)
JPEG = b"\xff\xd8\xff\xe0" + bytes(60)
PDF = b"%PDF-1.7\n" + b"%" * 55
RELEASE = "1.2.0"


def metadata(version: str | None, *, root: str = "data", raw: bytes | None = None) -> bytes:
    """A moduledata entry as VASSAL writes it, with this version (None: no element)."""
    if raw is not None:
        return raw
    element = "" if version is None else f"<version>{version}</version>"
    return (
        f'<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<{root} version="1">'
        f"{element}<VassalVersion>3.7.0</VassalVersion><name>Game</name></{root}>\n"
    ).encode()


def archive(version: str | None = RELEASE, **options: object) -> bytes:
    """A module-like zip whose moduledata says ``version``."""
    data = metadata(version, **options)  # type: ignore[arg-type]
    return make_zip({"buildFile.xml": b"<x/>", "moduledata": data})


CASES = [
    # (file name, content, expected code or None when accepted, words of the message)
    ("good.vmod", archive(), None, ""),
    ("good.vsav", archive(), None, ""),
    ("good.vlog", archive(), None, ""),
    ("other-version.vmdx", archive("0.9.0"), None, ""),  # an extension needs a valid version only
    ("pre-release.vmod", archive("1.2.0-beta.1"), "library.release", "'1.2.0-beta.1'"),
    ("short.vmod", archive("1.2"), "library.version", "write '1.2.0'"),
    ("short.vmdx", archive("1.0"), "library.version", "write '1.0.0'"),
    ("suffix.vsav", archive("1.2a"), "library.version", "write '1.2.0-a'"),
    ("padded.vmod", archive(" 1.2.0 "), "library.version", "write '1.2.0'"),
    ("no-version.vmod", archive(None), "library.version", "has no version"),
    ("other-root.vmod", archive(RELEASE, root="meta"), "library.version", "has no version"),
    ("mismatch.vmod", archive("1.1.0"), "library.release", "not the release's '1.2.0'"),
    ("mismatch.vlog", archive("1.1.0"), "library.release", "not the release's '1.2.0'"),
    (
        "broken-xml.vmod",
        archive(raw=b"<data><version>1.2.0</version>" + b" " * 40),
        "library.moduledata",
        "not well-formed",
    ),
    (
        "latin1.vmod",
        archive(raw=b"<data><version>1.2.0</version><name>\xe9</name></data>"),
        "library.moduledata",
        "not UTF-8",
    ),
    (
        "no-moduledata.vmod",
        make_zip({"buildFile.xml": b"<x/>" * 20}),
        "library.no-moduledata",
        "no 'moduledata'",
    ),
    (
        "not-a-zip.vmod",
        b"this is not a zip archive, only some text long enough to be read",
        "library.type",
        "must be a zip archive",
    ),
    ("broken-zip.vsav", b"PK\x03\x04" + bytes(80), "library.not-zip", "cannot open it as a zip"),
    ("tiny.vmod", b"PK\x05\x06" + bytes(18), "library.too-short", "has 22 bytes"),
    ("upper.VMOD", archive(), "library.type", "its content is ZIP, but its extension says .VMOD"),
    ("picture.png", PNG, None, ""),
    ("picture.jpg", JPEG, None, ""),
    ("picture.jpeg", JPEG, "library.type", "its content is JPG"),
    ("fake.png", PDF, "library.type", "must be a PNG file"),
    ("rules.pdf", PDF, None, ""),
    ("entry.json", b'{"format": 1, "id": "x"}' + b" " * 40, None, ""),
    ("page.htm", b"<!DOCTYPE html><html>" + b" " * 50, "library.type", "its content is HTML"),
    ("notes", b"x" * 64, None, ""),
    ("bad:name.vmod", archive(), "library.filename", "holds ':'"),
    ("trailing.vmod.", archive(), "library.filename", "ends with '.'"),
    ("NUL.vmod", archive(), "library.filename", "Windows reserves"),
    (" spaced.vmod", archive(), "library.filename", "white space"),
]


@pytest.mark.parametrize(
    ("name", "content", "code", "says"),
    CASES,
    ids=[case[0] for case in CASES],
)
def test_library_case(
    tmp_path: Path, name: str, content: bytes, code: str | None, says: str
) -> None:
    path = tmp_path / name
    path.write_bytes(content)
    found = check_for_library([path], parse_semver(RELEASE))
    if code is None:
        assert found == []
        return
    (problem,) = found
    assert (problem.code, problem.severity, problem.file) == (code, "error", str(path))
    assert says in problem.message


def test_without_a_release_versions_are_only_checked_to_be_versions(tmp_path: Path) -> None:
    good, short = tmp_path / "a.vmod", tmp_path / "b.vmod"
    good.write_bytes(archive("4.5.6"))
    short.write_bytes(archive("4.5"))
    assert [d.file for d in check_for_library([good, short], None)] == [str(short)]


def _run(tmp_path: Path, *args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["vmod-check", *args], catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def test_cli_lists_each_refused_file_and_exits_1(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("game.vmod").write_bytes(archive("1.0"))
    Path("save.vsav").write_bytes(archive(RELEASE))
    Path("other.vsav").write_bytes(archive("1.1.0"))
    status, out, err = _run(
        tmp_path, "--library", "--release", RELEASE, "game.vmod", "save.vsav", "other.vsav"
    )
    assert status == 1
    assert err.splitlines() == [
        "game.vmod: error[library.version]: the moduledata version '1.0' is not a semantic"
        " version x.y.z; write '1.0.0'; the Game Library refuses it",
        "other.vsav: error[library.release]: the moduledata version is '1.1.0', not the"
        " release's '1.2.0'; the Game Library refuses a module, saved game or log of another"
        " version",
        "3 files checked for the VASSAL Game Library, release 1.2.0: 2 refused",
    ]
    assert out == ""


def test_cli_accepts_and_exits_0(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("game.vmod").write_bytes(archive(RELEASE))
    status, out, err = _run(tmp_path, "--library", "--release", RELEASE, "game.vmod")
    assert (status, err) == (0, "")
    assert out == "1 file checked for the VASSAL Game Library, release 1.2.0: 0 refused\n"


def test_cli_json(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("game.vmod").write_bytes(archive("2.0.0"))
    status, out, _ = _run(
        tmp_path, "--library", "--release", RELEASE, "--format", "json", "game.vmod"
    )
    assert status == 1
    (entry,) = json.loads(out)
    assert (entry["file"], entry["code"], entry["line"]) == ("game.vmod", "library.release", 0)


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (
            ["--library", "--release", "1.0"],
            "--release '1.0' is not a semantic version x.y.z; write '1.0.0'",
        ),
        (["--release", "1.0.0"], "--release goes with --library"),
        (["--library", "--extends", "game.vmod"], "leave out --extends"),
    ],
    ids=["short-release", "release-without-library", "extends"],
)
def test_cli_usage_errors_exit_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], says: str
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("game.vmod").write_bytes(archive(RELEASE))
    status, _, err = _run(tmp_path, *args, "game.vmod")
    assert status == 2
    assert says in err
