"""Which file a request may read: only files inside the folder it names, never a way out."""

from __future__ import annotations

from pathlib import Path, PurePosixPath


def file_inside(root: Path, relative: str) -> Path | None:
    """The regular file ``root/relative``; None when the name climbs out (``..``, an absolute
    path, a backslash), names a hidden file or folder (the build's cache, a killed build's
    staging folder), or resolves outside ``root`` through a symbolic link, or is no file."""
    pure = PurePosixPath(relative)
    if not relative or pure.is_absolute() or "\\" in relative or "\0" in relative:
        return None
    if any(part in ("..", ".") or part.startswith(".") for part in pure.parts):
        return None
    try:
        base = root.resolve(strict=True)
        path = (base / Path(*pure.parts)).resolve(strict=True)
    except (OSError, RuntimeError):  # missing, a loop of links
        return None
    if not path.is_relative_to(base) or not path.is_file():
        return None
    return path
