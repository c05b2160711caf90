"""The words the toolchain itself prints for players, in the game's language.

Every language is one JSON file beside this module (``en.json``, ``fr.json``…): message ids to
messages, with named placeholders in braces (``"Turn {turn}"``). A translator copies ``en.json``,
translates the values and keeps the ids and placeholders; no code changes. A message the language
lacks falls back to English, so a partial translation still builds.

Diagnostics for designers stay in English and do not come from here: this is for the kit, the
maps and charts, and the module.
"""

from __future__ import annotations

import functools
import json
import string
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from types import MappingProxyType

DEFAULT_LANGUAGE = "en"
"""The language of a game that declares none, and the fallback for a missing message."""


@functools.cache
def languages() -> tuple[str, ...]:
    """The languages with a catalogue, sorted ('en', 'fr'…)."""
    folder = resources.files(__name__)
    return tuple(
        sorted(
            entry.name.removesuffix(".json")
            for entry in folder.iterdir()
            if entry.name.endswith(".json")
        )
    )


@functools.cache
def catalogue(language: str) -> Mapping[str, str]:
    """The messages one language's file holds, by id (no fallback).

    :raises ValueError: a language without a catalogue.
    """
    if language not in languages():
        raise ValueError(
            f"no catalogue for language {language!r} (known: {', '.join(languages())})"
        )
    text = resources.files(__name__).joinpath(f"{language}.json").read_text(encoding="utf-8")
    return MappingProxyType(json.loads(text))


def placeholders(message: str) -> frozenset[str]:
    """The named placeholders of a message: {'turn'} for 'Turn {turn}'."""
    return frozenset(name for _, name, _, _ in string.Formatter().parse(message) if name)


@dataclass(frozen=True, slots=True)
class Words:
    """One language's messages, English where it has none; call it with an id and values."""

    language: str
    messages: Mapping[str, str]

    def __call__(self, key: str, /, **values: object) -> str:
        """The message ``key`` with its placeholders filled.

        :raises KeyError: an id no catalogue has, or a placeholder without a value (both are
            mistakes in the code, which the catalogue tests catch).
        """
        message = self.messages.get(key)
        if message is None:
            message = catalogue(DEFAULT_LANGUAGE).get(key)
        if message is None:
            raise KeyError(f"no message {key!r} in the catalogue")
        return message.format_map(values)

    def number(self, value: float, digits: int = 1, *, sign: bool = False) -> str:
        """A decimal number as the language writes it: '1.5' in English, '1,5' in French."""
        text = f"{value:+.{digits}f}" if sign else f"{value:.{digits}f}"
        return text.replace(".", self("number.decimal-point"))

    def decimal(self, value: float) -> str:
        """A number as short as it goes, as the language writes it: 0.5 is '0,5' in French,
        2.0 is '2' in any language (a table's cells, a terrain's cost)."""
        number = float(value)
        text = str(int(number)) if number.is_integer() else repr(number)
        return text.replace(".", self("number.decimal-point"))

    def has(self, key: str) -> bool:
        """Whether ``key`` is a message (in this language or in English)."""
        return key in self.messages or key in catalogue(DEFAULT_LANGUAGE)


@functools.cache
def words(language: str = DEFAULT_LANGUAGE) -> Words:
    """The messages of ``language``, falling back to English message by message.

    :raises ValueError: a language without a catalogue (the loader reports it first).
    """
    return Words(language, catalogue(language))


ENGLISH = words(DEFAULT_LANGUAGE)
"""The English messages: the default of the few pure layout helpers that tests call alone."""
