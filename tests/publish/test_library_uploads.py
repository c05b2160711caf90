"""Every file `toolkit build` and `toolkit publish` write for a small game passes the VASSAL
Game Library's upload checks: the build's under the game's release, the scenario package's
under the scenario's."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import run_cli
from tests.publish.conftest import GAME


@pytest.fixture(scope="module")
def full_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """build/minimal-hex/ with every output: SVG, PNG, the kit, the module, its saves."""
    out = tmp_path_factory.mktemp("full-build")
    result = run_cli("build", str(GAME), "-o", str(out), cwd=out)
    assert result.returncode == 0, result.stderr
    return out / "minimal-hex"


def _files(folder: Path) -> list[str]:
    return sorted(str(p) for p in folder.rglob("*") if p.is_file())


def test_every_file_the_build_writes_passes_under_the_games_release(full_build: Path) -> None:
    files = _files(full_build)
    assert {Path(f).suffix for f in files} >= {".vmod", ".vsav", ".pdf", ".svg", ".png"}
    result = run_cli("vmod-check", "--library", "--release", "0.1.0", *files, cwd=full_build)
    assert result.returncode == 0, result.stderr
    assert f"{len(files)} files checked for the VASSAL Game Library, release 0.1.0: 0 refused" in (
        result.stdout
    )


def test_every_file_publish_writes_passes_under_the_scenarios_release(published: Path) -> None:
    files = _files(published)
    assert {Path(f).suffix for f in files} == {".vsav", ".vmdx", ".pdf", ".png", ".json"}
    result = run_cli("vmod-check", "--library", "--release", "1.2.0", *files, cwd=published)
    assert result.returncode == 0, result.stderr


def test_the_built_module_is_refused_under_another_release(full_build: Path) -> None:
    module = full_build / "minimal-hex.vmod"
    result = run_cli("vmod-check", "--library", "--release", "0.2.0", str(module), cwd=full_build)
    assert result.returncode == 1
    assert "error[library.release]: the moduledata version is '0.1.0'" in result.stderr
