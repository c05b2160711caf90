"""A request reads only files inside the folder it names: no '..', no link out, no hidden file."""

from __future__ import annotations

from pathlib import Path

import pytest

from toolkit.serve.paths import file_inside


@pytest.fixture
def root(tmp_path: Path) -> Path:
    (tmp_path / "game" / "maps").mkdir(parents=True)
    (tmp_path / "game" / "maps" / "front.json").write_text("{}")
    (tmp_path / "game" / ".cache").mkdir()
    (tmp_path / "game" / ".cache" / "entry").write_text("x")
    (tmp_path / "secret.txt").write_text("secret")
    (tmp_path / "game" / "out-link.json").symlink_to(tmp_path / "secret.txt")
    (tmp_path / "game" / "dir-link").symlink_to(tmp_path)
    (tmp_path / "game" / "in-link.json").symlink_to(tmp_path / "game" / "maps" / "front.json")
    return tmp_path / "game"


def test_a_file_inside_is_found(root: Path) -> None:
    assert file_inside(root, "maps/front.json") == (root / "maps" / "front.json").resolve()


def test_a_link_to_a_file_inside_is_followed(root: Path) -> None:
    assert file_inside(root, "in-link.json") == (root / "maps" / "front.json").resolve()


@pytest.mark.parametrize(
    "relative",
    [
        "../secret.txt",
        "maps/../../secret.txt",
        "/etc/passwd",
        "maps\\..\\..\\secret.txt",
        "out-link.json",
        "dir-link/secret.txt",
        ".cache/entry",
        "maps",
        "maps/missing.json",
        "",
        "maps/front.json\0",
    ],
    ids=[
        "dotdot",
        "dotdot-inside",
        "absolute",
        "backslash",
        "link-out",
        "folder-link-out",
        "hidden",
        "folder",
        "missing",
        "empty",
        "nul",
    ],
)
def test_no_way_out(root: Path, relative: str) -> None:
    assert file_inside(root, relative) is None
