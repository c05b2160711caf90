"""What the VASSAL engine supplies itself: the images a module may name by bare file name
without shipping them, because VASSAL finds them in its own jar.

How VASSAL resolves an image name (VASSAL 3.8.0-SNAPSHOT, commit ``17fb917c``; the same in
3.6 and 3.7): ``tools/imageop/Op.load`` turns a name that does not start with '/' into
``images/<name>`` (``i18n/I18nResourcePathFinder.findImagePath``), and
``tools/DataArchive.getInputStream`` looks for that entry in the module and its extensions,
then for its NFD-normalised spelling, then for the resource ``/images/<name>`` in VASSAL's
jar, then for ``images/<name>.gif`` in the module, then for the resource
``/images/<name>.gif``. So a module that names ``moved.gif`` (the moved marker's default) or
``Splash.png`` without shipping them shows VASSAL's own.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Collection

IMAGES = "images/"
"""Where a module keeps its images, and where VASSAL's jar keeps its own."""

ENGINE_IMAGES = frozenset(
    {
        "Edit16.gif",
        "Help16.gif",
        "Save16.gif",
        "SaveAs16.gif",
        "Splash.gif",
        "Splash.png",
        "StepForward16.gif",
        "Undo16.gif",
        "VASSAL-256x256.png",
        "black.jpg",
        "camera.gif",
        "chart.gif",
        "chess_clock.png",
        "connect.gif",
        "counter.gif",
        "die.gif",
        "disconnect.gif",
        "getMessages.gif",
        "globe_selected.gif",
        "globe_unselected.gif",
        "inventory.gif",
        "keyCommand.gif",
        "lockedRoom.gif",
        "map.gif",
        "mm-extension-active.png",
        "mm-extension-inactive.png",
        "mm-file.png",
        "mm-gamefolder-closed.png",
        "mm-gamefolder-open.png",
        "mm-module.png",
        "moved.gif",
        "notes.gif",
        "overview.gif",
        "playerAway.gif",
        "playerLooking.gif",
        "postMessage.gif",
        "recenter.gif",
        "status.gif",
        "thread.gif",
        "unmoved.gif",
        "zoom.png",
        "zoomIn.gif",
        "zoomIn.png",
        "zoomOut.gif",
        "zoomOut.png",
    }
)
"""The images in VASSAL's jar, ``vassal-app/src/main/resources/images/`` of
``vassalengine/vassal`` at commit ``17fb917c57feabf31bb3fe8fa1fa869a89a4a730`` (its sounds,
``*.au`` and ``*.wav``, and its LICENSE are not images). Names are case-sensitive, as in a jar."""


def image_resolves(name: str, entries: Collection[str]) -> bool:
    """Whether VASSAL finds the image a component names by ``name`` (not starting with '/'),
    in a module with these entries or in its own jar, as ``DataArchive`` looks."""
    entry = IMAGES + name
    if entry in entries or unicodedata.normalize("NFD", entry) in entries:
        return True
    return name in ENGINE_IMAGES or entry + ".gif" in entries or name + ".gif" in ENGINE_IMAGES
