"""Scenario publishing: a scenario folder outside its game → a package players load and print
(saved game, module extension, scenario card, catalogue entry), a catalogue of packages, and
the way back from a position set up by hand in VASSAL."""
