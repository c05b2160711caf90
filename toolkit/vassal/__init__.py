"""VASSAL: its formats, the writer of our module and saves, and the reader of anyone's.

Three rooms, by job:

- :mod:`toolkit.vassal.format`: VASSAL's formats in both directions (escaping, traits,
  commands, the component table, expressions, grid numbering, the board-choice command) and
  the layout our module's saves are read back by. It imports neither of the other two.
- :mod:`toolkit.vassal.write`: our module (``.vmod``), its saves (``.vsav``) and extensions,
  built from the game model and the build's artwork.
- :mod:`toolkit.vassal.read`: anyone's module, save or log, read as hostile input: checked for
  what VASSAL rejects, and read back into positions.

Reading never imports writing and writing never imports reading; both stand on ``format``.
"""
