"""toolkit publish: the package's files, its bytes, its module extension, its card, and a
scenario that breaks its game's rules."""

from __future__ import annotations

import hashlib
import io
import json
import re
import zipfile
from pathlib import Path

from lxml import etree  # type: ignore[import-untyped]
from pdfminer.high_level import extract_text
from pypdf import PdfReader

from tests.conftest import FIXTURES, run_cli
from tests.publish.conftest import GAME, SCENARIO, SCENARIO_ID, scenario_copy
from tests.vassal.engine import run_engine
from tests.vassal.vmods import make_zip, read_zip

FILES = {
    f"{SCENARIO_ID}.vsav",
    f"{SCENARIO_ID}.vmdx",
    f"{SCENARIO_ID}-sheet.pdf",
    f"{SCENARIO_ID}-map.png",
    f"{SCENARIO_ID}.json",
}
MEETING = [  # the minimal game's own setup 'meeting', as a scenario
    {"at": "millbrook", "pieces": ["bl-1-inf", "bl-2-inf"]},
    {"at": "0205", "pieces": ["bl-3-arm"]},
    {"at": "redtown", "pieces": [{"counter": "rd-1-inf", "count": 2}]},
    {"at": "valley:1005", "pieces": ["rd-2-art"]},
]


def test_package_has_its_files(published: Path) -> None:
    assert {p.name for p in published.iterdir()} == FILES


def test_catalogue_entry_lists_every_file_with_size_and_sha256(published: Path) -> None:
    entry = json.loads((published / f"{SCENARIO_ID}.json").read_text(encoding="utf-8"))
    assert entry["id"] == SCENARIO_ID and entry["author"] == "A. Tester <&>"
    assert entry["game"] == {
        "id": "minimal-hex",
        "title": "Minimal Hex",
        "published_with": "0.1.0",
        "versions": {"min": "0.1.0", "max": "0.9.0"},
    }
    assert entry["turns"] == {"first": 1, "last": 3}
    assert set(entry["files"]) == FILES - {f"{SCENARIO_ID}.json"}
    for name, facts in entry["files"].items():
        content = (published / name).read_bytes()
        assert facts == {"bytes": len(content), "sha256": hashlib.sha256(content).hexdigest()}


def test_publishing_twice_gives_the_same_bytes(
    tmp_path: Path, module: Path, published: Path
) -> None:
    result = run_cli(
        "publish", str(SCENARIO), "--game", str(GAME), "-o", str(tmp_path), cwd=tmp_path
    )
    assert result.returncode == 0, result.stderr
    again = tmp_path / "scenarios" / SCENARIO_ID
    for name in FILES:
        assert (again / name).read_bytes() == (published / name).read_bytes(), name


def test_saved_game_is_the_one_the_build_writes_for_the_same_setup(
    tmp_path: Path, module: Path
) -> None:
    folder = scenario_copy(tmp_path, {"placements": MEETING, "reinforcements": []})
    result = run_cli(
        "publish", str(folder), "--game", str(module), "-o", str(tmp_path), cwd=tmp_path
    )
    assert result.returncode == 0, result.stderr
    package = tmp_path / "scenarios" / SCENARIO_ID
    built = (module.parent / "scenarios" / "meeting.vsav").read_bytes()
    with zipfile.ZipFile(package / f"{SCENARIO_ID}.vmdx") as archive:
        inside = read_zip(archive.read(f"{SCENARIO_ID}.vsav"))
    published = read_zip((package / f"{SCENARIO_ID}.vsav").read_bytes())
    # the same position; each save's description names its own scenario or setup
    assert published["savedGame"] == inside["savedGame"] == read_zip(built)["savedGame"]
    assert b"<description>Meeting Engagement</description>" in read_zip(built)["savedata"]
    assert b"<description>Meeting Engagement</description>" not in published["savedata"]


def test_saved_game_carries_the_scenario_release_and_the_extension_the_game(
    published: Path,
) -> None:
    # The Game Library files a scenario's .vsav under the scenario's release and compares its
    # moduledata version to it; an extension's moduledata names the module it extends.
    save = read_zip((published / f"{SCENARIO_ID}.vsav").read_bytes())
    module_data = etree.fromstring(save["moduledata"])
    assert module_data.findtext("version") == "1.2.0"
    assert module_data.findtext("name") == "Minimal Hex"
    assert etree.fromstring(save["savedata"]).findtext("version") == "1.2.0"
    extension = read_zip((published / f"{SCENARIO_ID}.vmdx").read_bytes())
    assert etree.fromstring(extension["moduledata"]).findtext("version") == "0.1.0"
    assert etree.fromstring(extension["extensiondata"]).findtext("version") == "1.2.0"
    assert etree.fromstring(extension["buildFile.xml"]).get("version") == "1.2.0"


def test_extension_is_what_vassal_reads(published: Path) -> None:
    with zipfile.ZipFile(published / f"{SCENARIO_ID}.vmdx") as archive:
        names = archive.namelist()
        root = etree.fromstring(archive.read("buildFile.xml"))
        data = etree.fromstring(archive.read("extensiondata"))
        carried = archive.read(f"{SCENARIO_ID}.vsav")
    assert names == ["buildFile.xml", "extensiondata", "moduledata", f"{SCENARIO_ID}.vsav"]
    assert root.tag == "VASSAL.build.module.ModuleExtension"
    assert root.get("module") == "Minimal Hex" and root.get("moduleVersion") == "0.1.0"
    assert root.get("anyModule") == "false" and root.get("extensionId")
    (element,) = root
    assert element.tag == "VASSAL.build.module.ExtensionElement" and element.get("target") == ""
    (setup,) = element
    assert setup.tag == "VASSAL.build.module.PredefinedSetup"
    assert setup.get("name") == "Race for the Hilltop"
    assert setup.get("file") == f"{SCENARIO_ID}.vsav" and setup.get("useFile") == "true"
    assert data.findtext("universal") == "false" and data.findtext("version") == "1.2.0"
    standalone = read_zip((published / f"{SCENARIO_ID}.vsav").read_bytes())
    assert read_zip(carried)["savedGame"] == standalone["savedGame"]


def test_extension_passes_vmod_check_against_its_module(
    tmp_path: Path, module: Path, published: Path
) -> None:
    vmdx = published / f"{SCENARIO_ID}.vmdx"
    result = run_cli("vmod-check", str(vmdx), "--extends", str(module), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().endswith(": 0 errors, 0 warnings"), result.stdout


def test_vmod_check_refuses_an_extension_for_another_module(
    tmp_path: Path, module: Path, published: Path
) -> None:
    entries = {}
    with zipfile.ZipFile(published / f"{SCENARIO_ID}.vmdx") as archive:
        for name in archive.namelist():
            entries[name] = archive.read(name)
    entries["buildFile.xml"] = entries["buildFile.xml"].replace(
        b'module="Minimal Hex"', b'module="Another Game"'
    )
    entries["buildFile.xml"] = entries["buildFile.xml"].replace(b'target=""', b'target="X:y"')
    broken = tmp_path / "broken.vmdx"
    with zipfile.ZipFile(broken, "w") as archive:
        for name, content in entries.items():
            archive.writestr(name, content)
    result = run_cli("vmod-check", str(broken), "--extends", str(module), cwd=tmp_path)
    assert result.returncode == 1
    assert (
        "error[vmod.extension-module]: the extension is for module 'Another Game'; VASSAL "
        "refuses to load it into 'Minimal Hex'" in result.stderr
    )
    assert "error[vmod.extension-target]: target 'X:y' is not a component" in result.stderr


def test_card_says_what_a_player_needs(published: Path) -> None:
    pdf = (published / f"{SCENARIO_ID}-sheet.pdf").read_bytes()
    text = " ".join(extract_text(io.BytesIO(pdf)).split())
    for wanted in (
        "Race for the Hilltop",
        "By A. Tester <&>. Scenario version 1.2.0, for Minimal Hex 0.1.0 to 0.9.0",
        "Starts on turn 1; ends after turn 3",
        "Special rules 1. Red may not move on turn 1.",
        "Victory conditions 1. Blue wins by holding the Hilltop at the end of turn 3.",
        "Millbrook",
        "The garrison",
        "Arrives by road",
    ):
        assert wanted in text, wanted
    reader = PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == 2
    assert "/XObject" in reader.pages[1]["/Resources"]  # the map excerpt


def test_card_prints_the_waiver_and_its_reason(tmp_path: Path) -> None:
    folder = scenario_copy(
        tmp_path,
        {
            "placements": [{"at": "0504", "pieces": ["rd-1-inf"]}],
            "waivers": [{"rule": "lake", "reason": "The lake is frozen in this scenario."}],
        },
    )
    result = run_cli("publish", str(folder), "--game", str(GAME), "-o", str(tmp_path), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    pdf = (tmp_path / "scenarios" / SCENARIO_ID / f"{SCENARIO_ID}-sheet.pdf").read_bytes()
    text = " ".join(extract_text(io.BytesIO(pdf)).split())
    assert "Rules this scenario waives, and why" in text
    assert "No unit may enter a lake hex. (5.2) — The lake is frozen in this scenario." in text


def test_publish_refuses_a_scenario_that_breaks_a_rule(tmp_path: Path) -> None:
    folder = scenario_copy(tmp_path, {"placements": [{"at": "0504", "pieces": ["rd-1-inf"]}]})
    result = run_cli("publish", str(folder), "--game", str(GAME), "-o", str(tmp_path), cwd=tmp_path)
    assert result.returncode == 1
    assert "scenario/scenario.json:" in result.stderr
    assert "error[setup.breaks-rule]: setup 'hilltop' breaks rule 'lake' (5.2)" in result.stderr
    assert "Traceback" not in result.stderr
    assert not (tmp_path / "scenarios").exists()


def test_vassal_loads_the_saved_game(module: Path, published: Path) -> None:
    report = run_engine(module, published / f"{SCENARIO_ID}.vsav")
    assert not report.problems, "\n".join(report.problems)
    places = report.places(f"save {SCENARIO_ID}.vsav")
    assert sum(places.values()) == 4  # the reinforcement is not on the map yet
    assert places == {
        ("The Valley", "0304"): 1,
        ("The Valley", "0205"): 1,
        ("The Valley", "0604"): 2,
    }


def test_vassal_loads_the_extensions_setup_merged_into_its_module(
    tmp_path: Path, module: Path, published: Path
) -> None:
    """load-module does not load extensions, so the extension's one component is added to the
    module as VASSAL's ExtensionElement adds it (to the module, its target being empty), with
    the saved game it carries, and VASSAL loads that predefined setup."""
    with zipfile.ZipFile(published / f"{SCENARIO_ID}.vmdx") as archive:
        extension = etree.fromstring(archive.read("buildFile.xml"))
        carried = {
            name: archive.read(name) for name in archive.namelist() if name.endswith(".vsav")
        }
    (element,) = extension
    entries = read_zip(module.read_bytes())
    root = etree.fromstring(entries["buildFile.xml"])
    root.append(element[0])
    entries["buildFile.xml"] = etree.tostring(root, xml_declaration=True, encoding="UTF-8")
    entries.update(carried)
    merged = tmp_path / "merged.vmod"
    merged.write_bytes(make_zip(entries))
    report = run_engine(merged)
    assert not report.problems, "\n".join(report.problems)
    places = report.places("setup Race for the Hilltop")
    assert places == {
        ("The Valley", "0304"): 1,
        ("The Valley", "0205"): 1,
        ("The Valley", "0604"): 2,
    }


def test_the_catalogue_picture_shows_the_maps_text(published: Path) -> None:
    """The map excerpt for the web page prints hex numbers and names as the map does (they
    were blank: resvg drew the map placed as an SVG image without the bundled fonts): away
    from the counters, it is the map's own picture."""
    from PIL import Image, ImageStat

    from toolkit.load import load_game
    from toolkit.load.scenarios import load_scenario
    from toolkit.publish.excerpt import scenario_excerpts
    from toolkit.render.artwork import draw_artwork
    from toolkit.render.raster import svg_to_png
    from toolkit.workers import Workers

    game = load_game(GAME).game
    assert game is not None
    scenario = load_scenario(game, SCENARIO).scenario
    assert scenario is not None
    with Workers(game) as workers:
        artwork = draw_artwork(game, workers)
    (excerpt, *_) = scenario_excerpts(game, scenario, artwork)
    left, top = excerpt.origin
    # the map's own drawing, framed on the excerpt's top left corner: its text is drawn
    own_svg = re.sub(
        r'height="[^"]*" (version="1.1") viewBox="[^"]*" width="[^"]*"',
        rf'height="60pt" \1 viewBox="{left} {top} 60 60" width="60pt"',
        artwork.maps[excerpt.map_id].drawing.svg,
        count=1,
    )
    own = Image.open(io.BytesIO(svg_to_png(own_svg, 72, background="#ffffff")))
    shown = Image.open(published / f"{SCENARIO_ID}-map.png")
    label = (30, 44, 60, 58)  # hex 0101's number, at the map's edge where no counter stands

    def inked(picture: Image.Image) -> float:
        dark = picture.convert("L").crop(label).point(lambda p: 255 if p < 180 else 0)
        return float(ImageStat.Stat(dark).sum[0] / 255)

    assert inked(own) > 20  # the map prints the number there
    assert inked(shown) > 0.7 * inked(own), "the catalogue picture lost the map's text"


def test_a_french_games_card_is_in_french() -> None:
    """The card's own words come from the game's language, as the kit's do."""
    import dataclasses

    from tests.conftest import load_fixture
    from toolkit.load.scenarios import load_scenario
    from toolkit.publish.card import card_lines

    game = dataclasses.replace(load_fixture("minimal-hex"), language="fr")
    loaded = load_scenario(game, SCENARIO)
    assert loaded.scenario is not None, loaded.report.diagnostics
    text = " ".join(line.text for line in card_lines(game, loaded.scenario, 500.0))
    for wanted in (
        "Par A. Tester <&>. Scénario version 1.2.0, pour Minimal Hex de 0.1.0 à 0.9.0",
        "Règles spéciales",
        "Conditions de victoire",
    ):
        assert wanted in text, text
    assert "Special rules" not in text and "Victory conditions" not in text


def test_a_published_scenario_deals_its_hands_and_vassal_keeps_private_cards_masked(
    tmp_path: Path,
) -> None:
    """A scenario of the card game that deals both hands: VASSAL puts each card in its owner's
    hand, and a private card shows only its back's name to a player of no side."""
    built = run_cli(
        "build", str(FIXTURES / "cards-hex"), "-o", "build", "--only", "vmod", cwd=tmp_path
    )
    assert built.returncode == 0, built.stderr
    module = tmp_path / "build" / "cards-hex" / "cards-hex.vmod"
    folder = tmp_path / "ambush"
    folder.mkdir()
    scenario = {
        "kind": "scenario",
        "id": "ambush",
        "title": "Ambush at the Ford",
        "author": "A. Tester",
        "version": "1.0.0",
        "game": "cards-hex",
        "description": "Red waits in the woods.",
        "first_turn": 1,
        "last_turn": 3,
        "placements": [{"at": "0205", "pieces": ["bl-3-arm"]}],
        "hands": {"blue-events": ["air-recon"], "red-events": ["ambush", "rail-lines"]},
    }
    (folder / "scenario.json").write_text(json.dumps(scenario), encoding="utf-8")
    result = run_cli("publish", "ambush", "--game", str(module), "-o", "out", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    save = tmp_path / "out" / "scenarios" / "ambush" / "ambush.vsav"
    report = run_engine(module, save)
    assert not report.problems, "\n".join(report.problems)
    hands = sorted((m, name) for m, _, name in report.games["save ambush.vsav"] if "hand" in m)
    assert hands == [
        ("Blue hand", "Blue events card"),  # Air Reconnaissance, private
        ("Red hand", "Rail Lines"),  # public
        ("Red hand", "Red events card"),  # Ambush, private
    ]
