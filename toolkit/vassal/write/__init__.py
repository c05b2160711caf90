"""Writing our VASSAL module and saves from the game model and the build's artwork.

The buildFile (:mod:`.buildfile`; each map window in :mod:`.mapwindow`, the pieces both write
with in :mod:`.elements`), our maps as boards (:mod:`.boards`), our counters as pieces
(:mod:`.pieces`), the decks, hands and cups (:mod:`.cards`, their draw piles in
:mod:`.drawpiles`), the rules warnings the module raises in the chat (:mod:`.warnings`, those
about the move itself in :mod:`.moves`, and what they raise in a position or after a drag, worked
out here: :mod:`.raised`), saved games (:mod:`.saves`),
extensions (:mod:`.extension`), the deterministic zip writer (:mod:`.archive`), and the one
function that puts a module together (:mod:`.module`). It stands on
:mod:`toolkit.vassal.format` and never imports :mod:`toolkit.vassal.read`.
"""
