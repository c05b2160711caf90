"""The rules checker: a game's declared rules, checked on a position.

Driven only by the game's rules (``toolkit.model.rules``) and the model's queries: each rule
kind has one check function, listed in :data:`toolkit.rules.registry.CHECKS`; a check reads a
:class:`~toolkit.rules.context.Situation` (the game, the position, and indexes built once) and
returns :class:`~toolkit.rules.violations.Violation` values. Checks advise; they never move
pieces.

Combat rules are no check of a position: :mod:`.combat` works a combat out (strengths,
modifiers with their reasons, the column or the dice, the result of a roll) and
:mod:`.combat_check` judges a combat played in a log against it.
"""
