"""Benchmark: the kit of a 2000-counter, 3000-hex synthetic game (target: under 15 s on 2 cores).

Run ``.venv/bin/python -m tests.kit.bench_kit [JOBS]``. Prints wall time and CPU time (this
process and its workers): on a shared machine the CPU figure is the stable one.
"""

from __future__ import annotations

import resource
import sys
import tempfile
import time
from pathlib import Path

from tests.kit.synthetic import write_synthetic_game
from toolkit.kit.book import build_kit
from toolkit.model import load_game
from toolkit.targets import BuildOptions


def cpu_seconds() -> float:
    """User + system time of this process and its finished children."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def main(jobs: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        source = write_synthetic_game(Path(folder) / "synthetic")
        wall, cpu = time.perf_counter(), cpu_seconds()
        result = load_game(source)
        assert result.game is not None, result.report.format_text()
        pdf = build_kit(result.game, BuildOptions(jobs=jobs))
        wall, cpu = time.perf_counter() - wall, cpu_seconds() - cpu
    pages = pdf.count(b"/Type /Page\n") or pdf.count(b"/Type /Page")
    print(f"kit of 2000 counters + 60x50 hexes, -j {jobs}: {wall:.1f} s wall, {cpu:.1f} s CPU, "
          f"{len(pdf) / 1e6:.1f} MB, ~{pages} pages")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2)
