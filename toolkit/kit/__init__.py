"""The print-and-play kit: imposition, mirrored backs, map tiles, and one vector PDF.

The kit draws nothing of its own kind: counters, maps and charts are the renderer's SVGs, placed
on pages; the kit adds only what a printed page needs (marks, headers, instructions).
"""
