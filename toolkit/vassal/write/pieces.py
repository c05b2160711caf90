"""Our counters as VASSAL pieces: prototypes by faction and class, a layer of faces, markers.

Every piece carries Marker properties (its counter id, faction, side, class and values) that
reports and expressions can read, its faces as one layer ("Flip", Ctrl-F; a step unit or block
loses and regains steps instead), Delete, a movement trail and a report in the chat log on
every change. Shared traits live in prototypes; a saved game holds pieces with their prototypes
expanded, as VASSAL itself writes them (:func:`expanded`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from toolkit.catalogue import ENGLISH, Words, words
from toolkit.model import Game
from toolkit.model.counter import Counter, Face, Scalar
from toolkit.vassal.format.codec import encode
from toolkit.vassal.format.layout import layer_faces
from toolkit.vassal.format.traits import (
    CTRL_SHIFT,
    PROTOTYPE_BASE,
    Layer,
    Trait,
    basic_piece,
    clone,
    delete,
    key,
    layer,
    marker,
    mask,
    movement_trail,
    report,
    use_prototype,
)

UNIT_PROTOTYPE = "Unit"
FLIP_KEY = key("F")
STEP_LOSS_KEY = key("L")
STEP_GAIN_KEY = key("L", CTRL_SHIFT)


@dataclass(frozen=True, slots=True)
class PieceDef:
    """One counter as a VASSAL piece definition."""

    counter: Counter
    traits: tuple[Trait, ...]
    """Outermost first, the basic piece last; prototypes referenced, not expanded."""
    levels: tuple[str, ...]
    """Face ids shown by the faces layer, in level order (empty: one face, no layer)."""
    masked: bool = False
    """A block: its side can hide it from the others (they see only its colour)."""
    hideable: bool = False
    """Not a block, but its side can hide it too (a private counter, a piece under the top of
    a hidden stack, a counter drawn from a cup): the others see its faction's colour."""

    def level_of(self, face_id: str) -> int:
        """The layer level (1-based) that shows a face; a face the layer lacks (a block's
        hidden side) shows the full-strength level."""
        return self.levels.index(face_id) + 1 if face_id in self.levels else 1


def face_image(counter_id: str, face_id: str) -> str:
    """The image file name of a counter face in the module."""
    return f"{counter_id}-{face_id}.png"


def faction_prototype(faction_id: str) -> str:
    return f"Faction {faction_id}"


def class_prototype(class_id: str) -> str:
    return f"Class {class_id}"


def prototypes(game: Game, pieces: Sequence[PieceDef]) -> dict[str, tuple[Trait, ...]]:
    """Every prototype the pieces use, by name, each ending in the placeholder basic piece."""
    say = words(game.language)
    keys = [FLIP_KEY, STEP_LOSS_KEY, STEP_GAIN_KEY]
    found: dict[str, tuple[Trait, ...]] = {
        UNIT_PROTOTYPE: (
            delete(say("module.piece.delete")),
            report(keys, say("module.report.now")),
            movement_trail(say("module.piece.trail")),
            PROTOTYPE_BASE,
        )
    }
    for faction in game.factions:
        side = game.side(faction.side)
        found[faction_prototype(faction.id)] = (
            marker(
                [
                    ("Faction", faction.id),
                    ("FactionName", faction.name),
                    ("Side", side.id),
                    ("SideName", side.name),
                ]
            ),
            PROTOTYPE_BASE,
        )
    for class_id in sorted({p.counter.class_ for p in pieces if p.counter.class_}):
        found[class_prototype(class_id)] = (marker([("Class", class_id)]), PROTOTYPE_BASE)
    return found


def piece_def(
    counter: Counter,
    faction_name: str = "",
    extra: Sequence[Trait] = (),
    hidden_image: str | None = None,
    say: Words = ENGLISH,
) -> PieceDef:
    """The piece of one counter (``faction_name``: what a hidden block shows the others;
    ``extra``: traits of its own after its properties, such as its rules warnings;
    ``hidden_image``: a counter its side can hide, what the others then see)."""
    back = counter.back
    shown = layer_faces(counter)
    if not shown:
        spec: Layer | None = None
    elif shown[0].id.startswith("step-"):
        loss = (say("module.piece.lose-step"), STEP_LOSS_KEY)
        spec = _layer(counter, shown, loss, (say("module.piece.regain-step"), STEP_GAIN_KEY))
    else:
        spec = _layer(counter, shown, (say("module.piece.flip"), FLIP_KEY), None)
    traits: list[Trait] = [use_prototype(UNIT_PROTOTYPE)]
    if counter.faction:
        traits.append(use_prototype(faction_prototype(counter.faction)))
    if counter.class_:
        traits.append(use_prototype(class_prototype(counter.class_)))
    if counter.unlimited:
        traits.append(clone(say("module.piece.clone")))
    traits.append(marker(_properties(counter)))
    traits.extend(extra)
    masked = counter.block and back is not None and back.id == "hidden"
    if masked:
        masked_name = say("module.piece.block", faction=faction_name or counter.faction or "?")
        hide = say("module.piece.hide")
        peek = say("module.piece.peek")
        traits.append(mask(face_image(counter.id, "hidden"), masked_name, command=hide, peek=peek))
    hideable = not masked and hidden_image is not None
    if hideable and hidden_image is not None:
        unit = (
            say("module.piece.unit-of", faction=faction_name)
            if faction_name
            else say("module.piece.hidden-unit")
        )
        hide, peek = say("module.piece.hide"), say("module.piece.peek")
        traits.append(mask(hidden_image, unit, command=hide, framed=True, peek=peek))
    if spec is not None:
        traits.append(layer(spec))
        traits.append(basic_piece(counter.name))
    else:
        traits.append(basic_piece(counter.name, face_image(counter.id, counter.front.id)))
    levels = tuple(face.id for face in shown) if spec is not None else ()
    return PieceDef(counter, tuple(traits), levels, masked, hideable)


def showing(piece: PieceDef, face_id: str, masked_by: str | None = None) -> tuple[Trait, ...]:
    """The piece's traits showing ``face_id``, hidden by side ``masked_by`` if it can be."""
    level = str(piece.level_of(face_id))
    hidden = encode([masked_by or "null"], ";")
    return tuple(
        Trait(t.type, level)
        if t.type.startswith("emb2;")
        else Trait(t.type, hidden)
        if t.type.startswith("obs;") and (piece.masked or piece.hideable)
        else t
        for t in piece.traits
    )


def _layer(
    counter: Counter, faces: Sequence[Face], up: tuple[str, str], down: tuple[str, str] | None
) -> Layer:
    return Layer(
        "Face",
        tuple(face_image(counter.id, face.id) for face in faces),
        tuple(face.name or counter.name for face in faces),
        up,
        down,
    )


def _properties(counter: Counter) -> list[tuple[str, str]]:
    """The counter's own Marker properties: its id, and its front's values by field name."""
    found = [("CounterId", counter.id), ("Steps", str(counter.steps))]
    for name, value in sorted(counter.front.values.items()):
        if value is not None and not (isinstance(value, str) and len(value) > 200):
            found.append((_property_name(name), value if isinstance(value, str) else _text(value)))
    return found


def _text(value: Scalar) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


@lru_cache(maxsize=1024)
def _property_name(field: str) -> str:
    """A field name as a property name VASSAL expressions can read (letters, digits, _); a
    game has few fields and thousands of counters that name them."""
    cleaned = "".join(c if c.isalnum() else "_" for c in field)
    return cleaned if cleaned[:1].isalpha() else f"f_{cleaned}"


def expanded(traits: Sequence[Trait], protos: Mapping[str, tuple[Trait, ...]]) -> list[Trait]:
    """The trait chain with every prototype replaced by its traits (as saved games hold it).

    :raises KeyError: a prototype that is not defined.
    """
    out: list[Trait] = []
    for trait in traits:
        if trait.type.startswith("prototype;"):
            name = trait.type[len("prototype;") :]
            out.extend(expanded(protos[name][:-1], protos))
        else:
            out.append(trait)
    return out
