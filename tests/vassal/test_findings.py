"""Bounds on reading a module: elements per XML entry, findings listed per kind."""

from __future__ import annotations

import pytest

from toolkit.vassal.read.findings import MAX_PER_KIND, Findings
from toolkit.vassal.read.reader import ArchiveError, read_xml


def test_xml_past_the_element_limit_is_refused_at_its_line() -> None:
    data = b"<?xml version='1.0'?>\n<r>\n<a/>\n<b/><c/>\n</r>\n"
    assert len(read_xml(data, "x.xml", limit=4)) == 3
    with pytest.raises(ArchiveError) as refused:
        read_xml(data, "x.xml", limit=3)
    assert refused.value.line == 4
    assert "element 4, <c>" in str(refused.value)


def test_findings_keep_the_first_of_each_kind_and_count_the_rest() -> None:
    findings = Findings()
    for n in range(MAX_PER_KIND + 5):
        findings.add("m.vmod:buildFile.xml", "unknown-class", f"class {n}")
    findings.add("m.vmod:buildFile.xml", "unknown-class", "as a warning", "warning")
    findings.add("s.vsav", "unknown-class", "in a save")
    assert findings.room("s.vsav", "unknown-class")
    assert not findings.room("m.vmod:buildFile.xml", "unknown-class")
    items = findings.items
    assert len(items) == MAX_PER_KIND + 3
    assert [d.message for d in items[:2]] == ["class 0", "class 1"]
    cut = items[-1]
    assert (cut.code, cut.file, cut.severity) == ("vmod.cut", "m.vmod:buildFile.xml", "error")
    assert cut.message.startswith(
        f"6 more errors [vmod.unknown-class] were cut (the first "
        f"{MAX_PER_KIND} of {MAX_PER_KIND + 6} are listed)"
    )
