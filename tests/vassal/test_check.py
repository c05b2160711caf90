"""vmod-check: the module we compile passes; each thing broken on purpose is one problem line;
hostile archives are one clear line each, never a traceback."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.conftest import load_fixture
from tests.vassal import vmods
from toolkit.build import build_game, selected_targets
from toolkit.cli import cli
from toolkit.diagnostics import Diagnostic
from toolkit.options import BuildOptions
from toolkit.vassal.format.codec import ESC, encode, obfuscate
from toolkit.vassal.format.engine import ENGINE_IMAGES
from toolkit.vassal.read.check import check_module
from toolkit.vassal.read.reader import MAX_ENTRY_BYTES
from toolkit.vassal.write.identity import key_gpid, start_key

SCENARIO = "meeting.vsav"
"""The fixture's one scenario, inside the module and beside it."""


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[bytes, list[Path]]:
    """The minimal hex game's module (its bytes) and its scenario files."""
    out = tmp_path_factory.mktemp("build")
    game = load_fixture("minimal-hex")
    build_game(game, out, selected_targets(["vmod"]), BuildOptions())
    folder = out / game.id
    return (folder / f"{game.id}.vmod").read_bytes(), sorted(folder.glob("scenarios/*.vsav"))


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test runs in its own folder, so files are named as a user would name them."""
    monkeypatch.chdir(tmp_path)


def check_bytes(vmod: bytes, *saves: bytes) -> list[Diagnostic]:
    """Check a module (and saves) written to files named game.vmod, save0.vsav, …"""
    module = Path("game.vmod")
    module.write_bytes(vmod)
    paths = []
    for index, save in enumerate(saves):
        paths.append(Path(f"save{index}.vsav"))
        paths[-1].write_bytes(save)
    return check_module(module, paths)


def lines(diagnostics: list[Diagnostic]) -> list[str]:
    return [d.format() for d in diagnostics]


# -- the module we compile -----------------------------------------------------------------------


def test_our_module_and_its_scenarios_are_clean(built: tuple[bytes, list[Path]]) -> None:
    vmod, scenarios = built
    assert scenarios, "the fixture has a scenario"
    module = scenarios[0].parent.parent / "minimal-hex.vmod"
    assert vmod.startswith(b"PK")
    assert lines(check_module(module, scenarios)) == []


def test_the_cli_says_clean_and_exits_0(built: tuple[bytes, list[Path]]) -> None:
    _, scenarios = built
    module = scenarios[0].parent.parent / "minimal-hex.vmod"
    result = CliRunner().invoke(cli, ["vmod-check", str(module), *map(str, scenarios)])
    assert result.exit_code == 0, result.output
    assert result.output == f"{module}: 0 errors, 0 warnings\n"


# -- one thing broken on purpose -----------------------------------------------------------------


def _gpid_at_next(vmod: bytes) -> bytes:
    """nextPieceSlotId lowered to the highest gpid."""
    text = vmods.read_zip(vmod)["buildFile.xml"].decode()
    highest = max(int(g) for g in re.findall(r'gpid="(\d+)"', text))
    current = re.search(r'nextPieceSlotId="(\d+)"', text)
    assert current is not None
    return vmods.edit_build_file(vmod, current.group(0), f'nextPieceSlotId="{highest}"')


_FIRST_START = key_gpid(start_key("bl-1-inf/1"))
_SECOND_START = key_gpid(start_key("bl-2-inf/1"))
"""The at-start slots of the two infantry counters, which stand together."""

BREAKS: list[tuple[str, Callable[[bytes], bytes], str, str]] = [
    (
        "misspelt-class",
        lambda m: vmods.edit_build_file(m, "map.Zoomer", "map.Zomer"),
        "game.vmod:buildFile.xml: error[vmod.unknown-class]",
        "did you mean 'VASSAL.build.module.map.Zoomer'?",
    ),
    (
        "unknown-trait",
        lambda m: vmods.edit_build_file(m, "\tfootprint;", "\tfotprint;"),
        "game.vmod:buildFile.xml: error[vmod.unknown-trait]",
        "prototype 'Unit': unknown trait 'fotprint;' (did you mean 'footprint;'?)",
    ),
    (
        "dangling-prototype",
        lambda m: vmods.edit_build_file(m, "prototype;Class armour", "prototype;Class armor"),
        "game.vmod:buildFile.xml: error[vmod.unknown-prototype]",
        "uses prototype 'Class armor', which is not defined (did you mean 'Class armour'?)",
    ),
    (
        "missing-image",
        lambda m: vmods.without_entry(m, "images/chart-crt.png"),
        "game.vmod:buildFile.xml: error[vmod.missing-image]",
        "Chart 'Combat Results Table' (fileName) names image 'chart-crt.png', not in images/",
    ),
    (
        "image-case",
        lambda m: vmods.renamed_entry(m, "images/turn-front.png", "images/Turn-front.png"),
        "game.vmod:buildFile.xml: error[vmod.image-case]",
        "names image 'turn-front.png' but the archive has 'images/Turn-front.png'",
    ),
    (
        "duplicate-gpid",
        lambda m: vmods.edit_build_file(m, f'gpid="{_SECOND_START}"', f'gpid="{_FIRST_START}"'),
        "game.vmod:buildFile.xml: error[vmod.duplicate-gpid]",
        f"PieceSlot '2nd Infantry' has gpid {_FIRST_START}, as PieceSlot '1st Infantry' does",
    ),
    (
        "gpid-not-below-next",
        _gpid_at_next,
        "game.vmod:buildFile.xml: error[vmod.gpid-range]",
        "not below the module's nextPieceSlotId",
    ),
    (
        "bad-grid-location",
        lambda m: vmods.edit_build_file(
            m, 'useGridLocation="false" location=""', 'useGridLocation="true" location="hill"'
        ),
        "game.vmod:buildFile.xml: error[vmod.grid-location]",
        "location 'hill' is not a location of board 'The Valley''s grid",
    ),
    (
        "setup-file-missing",
        lambda m: vmods.without_entry(m, SCENARIO),
        "game.vmod:buildFile.xml: error[vmod.missing-file]",
        "PredefinedSetup 'Meeting Engagement' names saved game 'meeting.vsav', not in the archive",
    ),
    (
        "save-names-unknown-map",
        lambda m: vmods.edit_inner_save(
            m, SCENARIO, lambda s: s.replace("The Valley;", "The Vale;")
        ),
        "game.vmod:meeting.vsav: error[vmod.unknown-map]",
        "is on map 'The Vale', which the module does not have (did you mean 'The Valley'?)",
    ),
    (
        "save-without-setup-stack",
        lambda m: vmods.edit_inner_save(m, SCENARIO, vmods.replace_once(ESC + "SETUP_STACK\t", "")),
        "game.vmod:meeting.vsav: error[vmod.no-setup-stack]",
        "VASSAL will add the module's at-start stacks on top",
    ),
    (
        "piece-does-not-round-trip",
        lambda m: vmods.edit_build_file(
            m,
            "null;0;0;;0</VASSAL.build.widget.PieceSlot>",
            "null;0;0;;0/ignored</VASSAL.build.widget.PieceSlot>",
        ),
        "game.vmod:buildFile.xml: error[vmod.piece-roundtrip]",
        "would read the piece definition and write it back differently",
    ),
    (
        "help-page-missing",
        lambda m: vmods.without_entry(m, "help/rules-summary.html"),
        "game.vmod:buildFile.xml: error[vmod.missing-file]",
        "HelpFile 'Rules summary' names 'help/rules-summary.html', not in the archive",
    ),
    (
        "kit-missing",
        lambda m: vmods.without_entry(m, "help/minimal-hex-kit.pdf"),
        "game.vmod:buildFile.xml: error[vmod.missing-file]",
        "BrowserPDFFile 'Print-and-play kit (PDF)' names 'help/minimal-hex-kit.pdf', not in",
    ),
    (
        "stack-names-missing-piece",
        lambda m: vmods.edit_inner_save(m, SCENARIO, vmods.replace_once(";1002;@@", ";9999;@@")),
        "game.vmod:meeting.vsav: error[vmod.stack-member]",
        "holds piece '9999', which the save does not add before it",
    ),
]


@pytest.mark.parametrize(
    ("breaking", "start", "says"),
    [(b, s, m) for _, b, s, m in BREAKS],
    ids=[name for name, *_ in BREAKS],
)
def test_one_break_is_one_problem(
    built: tuple[bytes, list[Path]],
    breaking: Callable[[bytes], bytes],
    start: str,
    says: str,
) -> None:
    vmod, _ = built
    found = lines(check_bytes(breaking(vmod)))
    assert len(found) == 1, found
    assert found[0].startswith(start + ": "), found
    assert says in found[0], found


def test_an_unknown_attribute_is_a_warning_and_strict_fails(
    built: tuple[bytes, list[Path]],
) -> None:
    vmod, _ = built
    broken = vmods.edit_build_file(vmod, 'reversible="false"', 'reversable="false"')
    found = lines(check_bytes(broken))
    assert found == [
        "game.vmod:buildFile.xml: warning[vmod.unknown-attribute]: Board 'The Valley' has"
        " attribute 'reversable', which VASSAL ignores (did you mean 'reversible'?)"
    ]
    runner = CliRunner()
    Path("game.vmod").write_bytes(broken)
    assert runner.invoke(cli, ["vmod-check", "game.vmod"]).exit_code == 0
    assert runner.invoke(cli, ["vmod-check", "--strict", "game.vmod"]).exit_code == 1


@pytest.mark.parametrize(
    ("old", "new", "says"),
    [
        ("flareKey=", "flarekey=", "Flare has attribute 'flarekey'"),
        ('buttonText="Notes"', 'text="Notes"', "NotesWindow has attribute 'text'"),
        ('fileType="archive"', 'filetype="archive"', "HelpFile 'Rules summary' has attribute"),
        ("pdfFile=", "pdffile=", "BrowserPDFFile 'Print-and-play kit (PDF)' has attribute"),
    ],
    ids=["flare", "notes", "help-page", "kit"],
)
def test_a_misspelt_attribute_of_a_window_or_help_item_is_a_warning(
    built: tuple[bytes, list[Path]], old: str, new: str, says: str
) -> None:
    vmod, _ = built
    found = lines(check_bytes(vmods.edit_build_file(vmod, old, new)))
    assert len(found) == 1, found
    assert found[0].startswith("game.vmod:buildFile.xml: warning[vmod.unknown-attribute]: ")
    assert says in found[0], found


def test_a_help_file_from_vassal_itself_names_no_entry(built: tuple[bytes, list[Path]]) -> None:
    """A help file of VASSAL's own resources (or of the player's disk) is not in the archive."""
    vmod, _ = built
    page = vmods.without_entry(vmod, "help/rules-summary.html")
    resource = vmods.edit_build_file(page, 'fileType="archive"', 'fileType="resource"')
    assert lines(check_bytes(resource)) == []


def test_a_standalone_save_is_checked_against_the_module(
    built: tuple[bytes, list[Path]],
) -> None:
    vmod, scenarios = built
    save = vmods.edit_save(
        scenarios[0].read_bytes(), lambda s: s.replace("The Valley;", "Elsewhere;")
    )
    found = lines(check_bytes(vmod, save))
    assert len(found) == 1, found
    assert found[0].startswith("save0.vsav: error[vmod.unknown-map]: ")


# -- the command line ----------------------------------------------------------------------------


def test_cli_prints_one_line_per_problem_and_exits_1(
    built: tuple[bytes, list[Path]],
) -> None:
    vmod, _ = built
    runner = CliRunner()
    duplicate = vmods.edit_build_file(vmod, f'gpid="{_SECOND_START}"', f'gpid="{_FIRST_START}"')
    Path("game.vmod").write_bytes(duplicate)
    result = runner.invoke(cli, ["vmod-check", "game.vmod"])
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        "game.vmod:buildFile.xml: error[vmod.duplicate-gpid]: PieceSlot '2nd Infantry' has"
        f" gpid {_FIRST_START}, as PieceSlot '1st Infantry' does",
        "game.vmod: 1 error, 0 warnings",
    ]
    result = runner.invoke(cli, ["vmod-check", "--format", "json", "game.vmod"])
    assert result.exit_code == 1
    [problem] = json.loads(result.output)
    assert problem["file"] == "game.vmod:buildFile.xml"
    assert problem["code"] == "vmod.duplicate-gpid"
    assert problem["severity"] == "error"


def test_cli_usage_errors_exit_2(tmp_path: Path) -> None:
    runner = CliRunner()
    assert runner.invoke(cli, ["vmod-check"]).exit_code == 2
    assert runner.invoke(cli, ["vmod-check", str(tmp_path / "missing.vmod")]).exit_code == 2
    assert runner.invoke(cli, ["vmod-check", str(tmp_path)]).exit_code == 2


# -- hostile input -------------------------------------------------------------------------------

BILLION_LAUGHS = b"""<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>
<VASSAL.build.GameModule name="&lol3;"/>"""

EXTERNAL_ENTITY = b"""<?xml version="1.0"?>
<!DOCTYPE m [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<VASSAL.build.GameModule name="&secret;"/>"""

GOOD_ROOT = b'<VASSAL.build.GameModule name="x" nextPieceSlotId="1"/>'


def _huge_declared() -> bytes:
    return vmods.declared_size(
        vmods.module_with_build_file(GOOD_ROOT), "buildFile.xml", MAX_ENTRY_BYTES + 1
    )


HOSTILE: list[tuple[str, Callable[[], bytes], str, str]] = [
    ("random-bytes", lambda: bytes(range(256)) * 7, "game.vmod: error[vmod.archive]", "not a zip"),
    ("empty-file", lambda: b"", "game.vmod: error[vmod.archive]", "not a zip"),
    (
        "huge-declared-entry",
        _huge_declared,
        "game.vmod: error[vmod.archive]",
        f"entry 'buildFile.xml' declares {MAX_ENTRY_BYTES + 1:,} bytes, over the limit",
    ),
    (
        "broken-xml",
        lambda: vmods.module_with_build_file(b"<VASSAL.build.GameModule><unclosed>"),
        "game.vmod:buildFile.xml: error[vmod.xml]",
        "buildFile.xml is not well-formed XML",
    ),
    (
        "entity-expansion",
        lambda: vmods.module_with_build_file(BILLION_LAUGHS),
        "game.vmod:buildFile.xml: error[vmod.xml]",
        "declares a DTD, which VASSAL never writes; refused",
    ),
    (
        "external-entity",
        lambda: vmods.module_with_build_file(EXTERNAL_ENTITY),
        "game.vmod:buildFile.xml: error[vmod.xml]",
        "references external entity 'secret'",
    ),
    (
        "no-build-file",
        lambda: vmods.make_zip(
            {"moduledata": b"<data><VassalVersion>3.7.0</VassalVersion></data>"}
        ),
        "game.vmod: error[vmod.no-buildfile]",
        "VASSAL reads 'buildFile.xml' (moduledata says VassalVersion 3.7.0)",
    ),
    (
        "entry-leaving-the-folder",
        lambda: vmods.module_with_build_file(GOOD_ROOT, {"../../evil.png": b"x"}),
        "game.vmod: error[vmod.unsafe-entry]",
        "entry '../../evil.png' would leave the archive's folder",
    ),
    (
        "not-a-module",
        lambda: vmods.module_with_build_file(b"<html/>"),
        "game.vmod:buildFile.xml: error[vmod.root]",
        "the root element is 'html'",
    ),
]


@pytest.mark.parametrize(
    ("making", "start", "says"),
    [(m, s, w) for _, m, s, w in HOSTILE],
    ids=[name for name, *_ in HOSTILE],
)
def test_a_hostile_module_is_one_clear_line(
    making: Callable[[], bytes], start: str, says: str
) -> None:
    found = lines(check_bytes(making()))
    assert len(found) == 1, found
    assert found[0].startswith(start + ": "), found
    assert says in found[0], found


HOSTILE_SAVES: list[tuple[str, Callable[[bytes], bytes], str]] = [
    ("random-bytes", lambda _: bytes(range(256)) * 3, "not a zip archive"),
    (
        "truncated-obfuscation",
        lambda good: vmods.make_zip({"savedGame": vmods.read_zip(good)["savedGame"][:-3]}),
        "savedGame: the obfuscated save is damaged",
    ),
    ("no-saved-game", lambda _: vmods.make_zip({"other": b""}), "no 'savedGame' entry"),
    (
        "not-a-command-stream",
        lambda _: vmods.make_zip({"savedGame": obfuscate("hello")}),
        "not a 'begin_save' … 'end_save' stream",
    ),
]


@pytest.mark.parametrize(
    ("making", "says"), [(m, s) for _, m, s in HOSTILE_SAVES], ids=[n for n, *_ in HOSTILE_SAVES]
)
def test_a_hostile_save_is_one_clear_line(
    built: tuple[bytes, list[Path]],
    making: Callable[[bytes], bytes],
    says: str,
) -> None:
    vmod, scenarios = built
    found = lines(check_bytes(vmod, making(scenarios[0].read_bytes())))
    assert len(found) == 1, found
    assert found[0].startswith("save0.vsav: error[vmod."), found
    assert says in found[0], found


def test_a_scenario_inside_the_module_with_two_saved_games_is_named(
    built: tuple[bytes, list[Path]],
) -> None:
    """VASSAL plays the first savedGame of a predefined setup's save; a piece on a map the
    module lacks in that first copy shows it is the copy read, and checked."""
    vmod, scenarios = built
    entries = vmods.read_zip(scenarios[0].read_bytes())
    first = vmods.edit_save(scenarios[0].read_bytes(), vmods.replace_once("The Valley;", "Vale;"))
    doubled = vmods.listed([("savedGame", vmods.read_zip(first)["savedGame"]), *entries.items()])
    module = vmods.read_zip(vmod) | {SCENARIO: doubled}
    found = lines(check_bytes(vmods.make_zip(module)))
    assert [line.split(": ", 2)[:2] for line in found] == [
        [f"game.vmod:{SCENARIO}", "error[vmod.duplicate-entry]"],
        [f"game.vmod:{SCENARIO}", "error[vmod.unknown-map]"],
    ], found
    assert "entry 'savedGame' is in the archive 2 times; VASSAL reads only the first" in found[0]


def test_the_cli_never_shows_a_traceback() -> None:
    runner = CliRunner()
    for index, (_, making, *_) in enumerate(HOSTILE):
        Path(f"m{index}.vmod").write_bytes(making())
        result = runner.invoke(cli, ["vmod-check", f"m{index}.vmod", f"m{index}.vmod"])
        assert result.exit_code == 1, result.output
        assert result.exception is None or isinstance(result.exception, SystemExit)
        assert "Traceback" not in result.output


# -- small modules written by hand ---------------------------------------------------------------

_MAP = "VASSAL.build.module.Map"
_PICKER = "VASSAL.build.module.map.BoardPicker"
_BOARD = "VASSAL.build.module.map.boardPicker.Board"
_GRIDS = "VASSAL.build.module.map.boardPicker.board."


def _module_with_board(grid: str, *locations: str) -> bytes:
    """A module with one map, one board with ``grid`` and an at-start stack per location."""
    stacks = "".join(
        f'<VASSAL.build.module.map.SetupStack name="s{i}" owningBoard="B" useGridLocation="true"'
        f' location="{location}" x="0" y="0"/>'
        for i, location in enumerate(locations)
    )
    build_file = (
        f'<VASSAL.build.GameModule name="m" nextPieceSlotId="1"><{_MAP} mapName="Main">'
        f'<{_PICKER}><{_BOARD} name="B" width="500" height="500">{grid}</{_BOARD}></{_PICKER}>'
        f"{stacks}</{_MAP}></VASSAL.build.GameModule>"
    )
    return vmods.module_with_build_file(build_file.encode())


REGIONS = (
    f'<{_GRIDS}RegionGrid snapto="true" visible="false" fontsize="9">'
    f'<{_GRIDS}Region name="Paris" originx="10" originy="10"/></{_GRIDS}RegionGrid>'
)
ZONES = (
    f"<{_GRIDS}ZonedGrid>"
    f'<{_GRIDS}mapgrid.Zone name="Box" locationFormat="$name$" path="0,0;9,0;9,9"/>'
    f'<{_GRIDS}SquareGrid dx="50" dy="50" x0="25" y0="25">'
    f'<{_GRIDS}mapgrid.SquareGridNumbering hType="A" vType="N" vLeading="0" hOff="0" vOff="1"/>'
    f"</{_GRIDS}SquareGrid></{_GRIDS}ZonedGrid>"
)


@pytest.mark.parametrize(
    ("grid", "good", "bad"),
    [(REGIONS, "Paris", "Lyon"), (ZONES, "Box", "Crate"), (ZONES, "C4", "4C")],
    ids=["region-grid", "zone-by-name", "zone-background-grid"],
)
def test_at_start_locations_on_region_and_zoned_grids(grid: str, good: str, bad: str) -> None:
    assert lines(check_bytes(_module_with_board(grid, good))) == []
    [problem] = lines(check_bytes(_module_with_board(grid, bad)))
    assert f"location {bad!r} is not a location of board 'B''s grid" in problem


def test_a_legacy_module_reads_its_old_build_file() -> None:
    legacy = vmods.make_zip(
        {
            "moduledata": b"<data><VassalVersion>3.2.17</VassalVersion></data>",
            "buildFile": b'<VASSAL.launch.BasicModule name="old" nextPieceSlotId="1"/>',
        }
    )
    assert lines(check_bytes(legacy)) == []


def test_a_class_the_module_ships_is_not_unknown() -> None:
    build_file = b"<VASSAL.build.GameModule><my.Widget/><my.Other/></VASSAL.build.GameModule>"
    shipped = vmods.module_with_build_file(build_file, {"my/Widget.class": b"\xca\xfe"})
    [problem] = lines(check_bytes(shipped))
    assert "unknown component class 'my.Other'" in problem


# -- patterns seen in published modules ----------------------------------------------------------


def _save(*pieces: str) -> bytes:
    """A saved game adding ``pieces`` (AddPiece commands), as VASSAL writes one."""
    stream = encode(
        ["begin_save", "", encode(["", *pieces], ESC), "SETUP_STACK\t", "end_save"], ESC
    )
    return vmods.make_zip({"savedGame": obfuscate(stream)})


def test_an_off_map_stack_keeps_the_position_vassal_writes_for_it() -> None:
    module = _module_with_board(REGIONS)
    pawn = "+/7/piece;;;;Pawn/null;0;0;;0"
    assert lines(check_bytes(module, _save(pawn, "+/8/stack/null;0;0;7;@@-1"))) == []
    [problem] = lines(check_bytes(module, _save(pawn, "+/8/stack/null;0;0;6;@@-1")))
    assert "stack 8 holds piece '6', which the save does not add before it" in problem


@pytest.mark.parametrize("owner", ["", 'owningBoard=""', 'owningBoard="&lt;any&gt;"'])
def test_an_at_start_stack_without_a_board_uses_the_maps_first_board(owner: str) -> None:
    def unowned(location: str) -> bytes:
        module = _module_with_board(REGIONS, location)
        return vmods.edit_build_file(module, 'owningBoard="B"', owner)

    assert lines(check_bytes(unowned("Paris"))) == []
    [problem] = lines(check_bytes(unowned("Lyon")))
    assert "location 'Lyon' is not a location of board 'B''s grid" in problem


def test_an_at_start_stack_without_a_board_on_a_gridless_map_uses_x_and_y() -> None:
    module = _module_with_board("", "anywhere")
    assert lines(check_bytes(vmods.edit_build_file(module, 'owningBoard="B"', ""))) == []


def test_a_module_preference_is_a_component_class() -> None:
    build_file = (
        b'<VASSAL.build.GameModule name="m"><VASSAL.build.module.GlobalOptions>'
        b'<option name="undoHotKey">90,130</option>'
        b'<VASSAL.preferences.BooleanPreference default="true" desc="Ask first" name="ask"'
        b' tab="Game"/>'
        b'<VASSAL.preferences.TextPreference default="" desc="Notes" name="n" tab="Game"/>'
        b"</VASSAL.build.module.GlobalOptions></VASSAL.build.GameModule>"
    )
    assert lines(check_bytes(vmods.module_with_build_file(build_file))) == []


def _extension(slots: str) -> bytes:
    """An extension adding a palette of ``slots`` to whatever module it extends."""
    build_file = (
        '<VASSAL.build.module.ModuleExtension module="Base" extensionId="x1"'
        ' nextPieceSlotId="10" vassalVersion="3.7.20"><VASSAL.build.module.ExtensionElement'
        ' target=""><VASSAL.build.module.PieceWindow name="More">'
        f"{slots}</VASSAL.build.module.PieceWindow></VASSAL.build.module.ExtensionElement>"
        "</VASSAL.build.module.ModuleExtension>"
    )
    return vmods.make_zip(
        {
            "buildFile.xml": build_file.encode(),
            "extensiondata": b"<data><VassalVersion>3.7.20</VassalVersion></data>",
            "moduledata": b"<data><VassalVersion>3.4.6</VassalVersion></data>",
        }
    )


def _slot(gpid: str, piece: str) -> str:
    slot = "VASSAL.build.widget.PieceSlot"
    return f'<{slot} entryName="p" gpid="{gpid}">{piece}</{slot}>'


def test_an_extension_is_read_by_its_own_metadata_and_may_use_the_modules_parts() -> None:
    piece = "+/null/prototype;Base unit\tpiece;;;base.png;Tank/\tnull;0;0;;0"
    found = check_bytes(_extension(_slot("x1:9", piece)))
    assert [(d.code, d.severity) for d in found] == [
        ("vmod.missing-image", "warning"),
        ("vmod.unknown-prototype", "warning"),
    ]
    assert all(
        d.message.endswith("(unless the module this extension extends has it)") for d in found
    )
    [problem] = lines(check_bytes(_extension(_slot("x1:10", "+/null/piece;;;;Tank/null;0;0;;0"))))
    assert "error[vmod.gpid-range]: PieceSlot 'p' has gpid x1:10, not below" in problem


def test_an_html_charts_page_shows_images_from_the_images_folder() -> None:
    build_file = (
        b'<VASSAL.build.GameModule name="m"><VASSAL.build.module.ChartWindow name="Help">'
        b'<VASSAL.build.widget.HtmlChart chartName="How to play" fileName="how.html"/>'
        b"</VASSAL.build.module.ChartWindow></VASSAL.build.GameModule>"
    )
    page = (
        b'<html><img src="here.png"><IMG width=9 SRC=\'Gone.png\'><img src="http://x/y.png">'
        b'<img src="a &amp; b.png" height="9"<br></html>'
    )
    module = vmods.module_with_build_file(
        build_file, {"how.html": page, "images/here.png": b"", "images/gone.png": b""}
    )
    assert lines(check_bytes(module)) == [
        "game.vmod:buildFile.xml: error[vmod.image-case]: HtmlChart 'How to play' (how.html)"
        " names image 'Gone.png' but the archive has 'images/gone.png' (entry names are"
        " case-sensitive)",
        "game.vmod:buildFile.xml: error[vmod.missing-image]: HtmlChart 'How to play' (how.html)"
        " names image 'a & b.png', not in images/",
    ]


# -- what VASSAL supplies or does without: no finding --------------------------------------------

CRT_IMAGE = 'fileName="chart-crt.png"'
"""The combat results table's image in the fixture module: the attribute these cases rename."""


@pytest.mark.parametrize("image", sorted(ENGINE_IMAGES))
def test_an_image_from_vassals_jar_is_not_missing(
    built: tuple[bytes, list[Path]], image: str
) -> None:
    vmod, _ = built
    named = vmods.edit_build_file(vmod, CRT_IMAGE, f'fileName="{image}"')
    assert lines(check_bytes(named)) == []


RESOLVED: list[tuple[str, Callable[[bytes], bytes]]] = [
    # how VASSAL's DataArchive finds an image the module names, beyond images/<name>
    (
        "jar-gif-without-extension",
        lambda m: vmods.edit_build_file(m, CRT_IMAGE, 'fileName="moved"'),
    ),
    (
        "module-gif-without-extension",
        lambda m: vmods.edit_build_file(
            vmods.renamed_entry(m, "images/chart-crt.png", "images/crt.gif"),
            CRT_IMAGE,
            'fileName="crt"',
        ),
    ),
    (
        "nfd-entry",
        lambda m: vmods.edit_build_file(
            vmods.renamed_entry(m, "images/chart-crt.png", "images/cre\u0301te.png"),
            CRT_IMAGE,
            'fileName="cr\u00e9te.png"',
        ),
    ),
]


@pytest.mark.parametrize(("case", "making"), RESOLVED, ids=[c[0] for c in RESOLVED])
def test_an_image_vassal_resolves_otherwise_is_not_missing(
    built: tuple[bytes, list[Path]], case: str, making: Callable[[bytes], bytes]
) -> None:
    vmod, _ = built
    assert lines(check_bytes(making(vmod))) == []


def test_a_jar_image_with_another_case_is_still_missing(built: tuple[bytes, list[Path]]) -> None:
    vmod, _ = built
    (found,) = lines(check_bytes(vmods.edit_build_file(vmod, CRT_IMAGE, 'fileName="Moved.gif"')))
    assert "error[vmod.missing-image]" in found and "'Moved.gif'" in found


SETUP = 'isMenu="false" useFile="true" file="meeting.vsav"'
"""The fixture module's predefined setup, as the compiler writes it."""

SETUPS: list[tuple[str, str, str | None]] = [
    # (case, the setup's attributes instead, the finding or None)
    ("no-file-used", 'useFile="false" file=""', None),
    ("file-not-used", 'useFile="false" file="gone.vsav"', None),
    ("use-file-not-true", 'useFile="yes" file="gone.vsav"', None),
    ("no-file-attribute", 'isMenu="false" useFile="true"', None),
    ("menu", 'isMenu="TRUE" useFile="true" file="gone.vsav"', None),
    ("use-file-true-any-case", 'useFile="TRUE" file="gone.vsav"', "error[vmod.missing-file]"),
    ("use-file-by-default", 'isMenu="false" file="gone.vsav"', "error[vmod.missing-file]"),
    ("empty-file-used", 'useFile="true" file=""', "warning[vmod.setup-without-file]"),
]


@pytest.mark.parametrize(("case", "attributes", "finding"), SETUPS, ids=[c[0] for c in SETUPS])
def test_a_predefined_setup_without_a_file_starts_an_empty_game(
    built: tuple[bytes, list[Path]], case: str, attributes: str, finding: str | None
) -> None:
    vmod, _ = built
    edited = vmods.edit_build_file(vmod, SETUP, attributes)
    found = lines(check_bytes(edited))
    if finding is None:
        assert found == []
    else:
        (line,) = found
        assert line.startswith("game.vmod:buildFile.xml: " + finding), line
