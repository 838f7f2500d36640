"""The offer on the table and an Alliance share in the game's words (rulebook, "3. Diplomacy
Turn", "Deals", "Alliances"): what the view, the decisions' prompts, the log and the action
labels say of them. Below the rules modules: it reads records and the table only."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from . import content as C
from .base import Table
from .records import Goods, Offer, terms_words


def goods_words(goods: Goods) -> str:
    parts = []
    if goods.dp:
        parts.append(f"{goods.dp} DP")
    if goods.random_cards:
        k = goods.random_cards
        parts.append(f"{k} random card{'s' if k > 1 else ''}")
    parts += [C.FACE_NAMES[f] for f in goods.cards]
    parts += [C.NAME[it] for it in goods.items]
    return ", ".join(parts) if parts else "nothing"


def offer_words(s: Table, off: Offer) -> str:
    """The offer on the table in words."""
    roles = s.game.roles
    a, b = roles[off.by], roles[off.to]
    counter = "a counter-offer: " if off.counter else ""
    if off.kind == "swap":
        return f"a Hero swap between {a} and {b}"
    if off.kind == "alliance":
        if off.terms < 0:
            return f"{counter}an Alliance between {a} and {b} (terms not yet stated)"
        return f"{counter}an Alliance between {a} and {b}: {terms_words(off.terms)}"
    return (f"{counter}a Deal: {a} gives {goods_words(off.give)}; "
            f"{b} gives {goods_words(off.get)}")


def offer_view(s: Table, off: Offer) -> dict[str, Any]:
    """The view's record of the offer on the table."""
    return {"kind": off.kind, "from": s.game.roles[off.by], "to": s.game.roles[off.to],
            "counter_offer": off.counter, "gives": goods_words(off.give),
            "asks": goods_words(off.get),
            "alliance_terms": terms_words(off.terms) if off.terms >= 0 else None,
            "terms": offer_words(s, off)}


def share_words(t: int, items: Sequence[int]) -> str:
    """'the 2 DP and Amulet of ...' : a share owed under an Alliance, in words."""
    parts = [f"the {t} DP"] if t else []
    parts += [C.NAME[it] for it in items]
    return " and ".join(parts)
