"""VASSAL's formats, in both directions: what the writer and the reader share.

The escaping of VASSAL's sequence encoder and its obfuscation (:mod:`.codec`), trait type and
state strings (:mod:`.traits`), the commands a save or log holds (:mod:`.commands`), the table
of VASSAL's component classes (:mod:`.components`), its expression language
(:mod:`.expressions`), its grid numbering (:mod:`.numbering`) and the board-choice command
(:mod:`.boardchoice`). Each is a codec pair or a plain table; none knows our sources or our
drawings. Two more files are the contract between writing our module and reading its saves
back: its boards and the face order of its pieces (:mod:`.layout`), and the names of its draw
piles and hands (:mod:`.piles`). Nothing here imports
:mod:`toolkit.vassal.write` or :mod:`toolkit.vassal.read`.
"""
