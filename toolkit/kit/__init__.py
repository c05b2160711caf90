"""The print-and-play kit: imposition, mirrored backs, map tiles, and one vector PDF.

The kit draws nothing of its own kind: counters, maps and charts are the renderer's SVGs, placed
on pages; the kit adds only what a printed page needs (marks, headers, instructions).

Its rooms, each importing only those before it (a test holds these arrows):

- the page: ``paper``, ``layout`` (a page's plan), ``draw`` and ``measure`` (the kit's own
  marks and text), ``flow`` (text over pages), ``errors``;
- planning, where the printed pieces go: ``artwork``, ``impose``, ``sheets``, ``tiles``;
- content, what the other pages say: ``cover``, ``calibration``, ``charts``, ``setups``,
  ``summary``;
- ``pdf/``, planned pages and their drawings in, one PDF out; it reads the page alone, and
  the rest of the toolkit reaches it through its public face, ``toolkit.kit.pdf``;
- the book: ``book`` binds every part in order, ``outputs`` makes it the kit output.
"""
