"""Reading anyone's VASSAL module, save or log, as hostile input.

Archives are opened with size limits and no path that leaves its folder (:mod:`.reader`,
:mod:`.zipstream`); a module and its saves are checked for what VASSAL rejects or silently
gets wrong (:mod:`.check`, :mod:`.piecechecks`, :mod:`.grids`, reported through
:mod:`.findings`); saves and logs of our own module are read back into positions
(:mod:`.positions`, :mod:`.logs`) with their decks, hands and cups (:mod:`.holdings`) and the
combats called and dice rolled in their chat (:mod:`.chat`), and
brought to a new version of their module (:mod:`.upgrade`). It stands on
:mod:`toolkit.vassal.format` and never imports :mod:`toolkit.vassal.write`.
"""
