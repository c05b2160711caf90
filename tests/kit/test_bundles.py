"""The kit's drawings read back from the build cache in bundles: an edit redraws only what it
changed, and the bundles it did not touch are read whole."""

from __future__ import annotations

import hashlib
from pathlib import Path

from tests.conftest import load_fixture
from toolkit.cache import Cache
from toolkit.kit.pdf import convert_direct
from toolkit.kit.pdf.direct import draw_face
from toolkit.kit.pdf.drawings import bundles
from toolkit.kit.pdf.forms import decode_form
from toolkit.render.svg import svg_document
from toolkit.workers import Workers


def fake_names(count: int, salt: str = "") -> list[str]:
    return sorted(
        f"face-pdf/{hashlib.sha256(f'{salt}{i}'.encode()).hexdigest()}" for i in range(count)
    )


def test_bundles_keep_every_name_in_order() -> None:
    names = fake_names(2000)
    runs = bundles(names)
    assert [name for run in runs for name in run] == names
    assert 15 < len(runs) < 60  # about one in 64 names ends a run


def test_one_name_more_or_less_changes_at_most_two_bundles() -> None:
    names = fake_names(2000)
    before = {tuple(run) for run in bundles(names)}
    edited = sorted([*names[:700], *names[701:], *fake_names(1, salt="new")])
    after = {tuple(run) for run in bundles(edited)}
    assert len(after - before) <= 3  # the old name's run, the new one's (split at worst)
    assert len(before - after) <= 3


def face(text: str) -> str:
    return svg_document(
        40, 40, f'<rect width="40" height="40" fill="#fff"/><text x="5" y="20">{text}</text>'
    )


def test_an_edit_redraws_one_drawing_and_reads_the_rest_back(tmp_path: Path) -> None:
    game = load_fixture("minimal-hex")
    svgs = [face(f"unit {i}") for i in range(300)]
    with Workers(game, 1) as workers:
        cold = Cache.open(tmp_path / "cache")
        first = convert_direct(svgs, workers, cold)
        assert cold.misses == 300
        edited = [*svgs[:100], face("changed"), *svgs[101:]]
        warm = Cache.open(tmp_path / "cache")
        second = convert_direct(edited, workers, warm)
    assert warm.misses == 1
    assert warm.hits < 300  # the untouched bundles were read whole, not drawing by drawing
    assert second[:100] == first[:100] and second[101:] == first[101:]
    assert decode_form(second[100]) == draw_face(face("changed"))


def test_a_damaged_bundle_is_drawn_again(tmp_path: Path) -> None:
    game = load_fixture("minimal-hex")
    svgs = [face(f"unit {i}") for i in range(200)]
    with Workers(game, 1) as workers:
        first = convert_direct(svgs, workers, Cache.open(tmp_path / "cache"))
        for entry in (tmp_path / "cache" / "face-pdf-bundle").glob("*/*"):
            entry.write_bytes(entry.read_bytes()[:-10])  # no longer matches its checksum
        again = convert_direct(svgs, workers, Cache.open(tmp_path / "cache"))
    assert again == first
