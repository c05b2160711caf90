"""The README's examples cannot rot: every JSON block in it is valid against its kind's schema,
and the commands it names exist."""

from __future__ import annotations

import json
import re

import pytest

from tests.conftest import ROOT
from toolkit.load.schemas import validator

README = (ROOT / "README.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"```json\n(.*?)```", README, flags=re.DOTALL)


def test_the_readme_has_examples() -> None:
    assert len(BLOCKS) >= 5


@pytest.mark.parametrize("block", BLOCKS, ids=[f"block-{i}" for i in range(len(BLOCKS))])
def test_json_examples_follow_their_schema(block: str) -> None:
    data = json.loads(block)
    errors = [e.message for e in validator(data["kind"]).iter_errors(data)]
    assert errors == []


def test_quick_start_is_exactly_the_two_make_targets() -> None:
    quick_start = README.split("## Quick start", 1)[1].split("##", 1)[0]
    commands = re.findall(r"^make (\w+)", quick_start, flags=re.MULTILINE)
    assert commands == ["build", "test"]
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert all(re.search(rf"^{name}:", makefile, flags=re.MULTILINE) for name in commands)
