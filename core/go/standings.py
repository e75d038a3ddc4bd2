"""End of the tournament: technical sums, the coefficient (ФКБ) and places (the Gamma procedure).

Coefficient of a player, round by round (seed, "Действия при завершении турнира"):
* a round with a game: the opponent's final level plus half the opponent's technical sum
  (−½ for each rest of the opponent, +½ for each refusal);
* a round without a game "for any reason" (rest or refusal): the player's own level before that
  round;
* plus every handicap the player gave, minus every handicap received.
Places: final level, then coefficient (both high first); players equal on both share the place
(competition ranking 1, 2, 2, 4 — the Gamma procedure: "призы распределяются дележкой или жребием").
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from core.go.cards import Card, cards
from core.model import Tournament


@dataclass(frozen=True)
class CoefficientPart:
    """One round's contribution, for the card view and for checking by hand."""

    round: int
    opponent_value: Fraction
    """Opponent's corrected final level, or the player's own level for a round without game."""
    handicap: int
    """+stones given, −stones received, 0 otherwise."""

    @property
    def total(self) -> Fraction:
        return self.opponent_value + self.handicap


def opponent_value(card: Card) -> Fraction:
    """A player's final level corrected by half their technical sum (as an opponent)."""
    return Fraction(card.final_level) + Fraction(card.technical, 2)


def coefficient_parts(t: Tournament, pno: int, all_cards: dict[int, Card] | None = None
                      ) -> list[CoefficientPart]:
    all_cards = all_cards if all_cards is not None else cards(t)
    parts = []
    for row in all_cards[pno].rounds:
        if row.outcome.played and row.opponent is not None and row.opponent in all_cards:
            value = opponent_value(all_cards[row.opponent])
            parts.append(CoefficientPart(row.round, value, row.signed_handicap))
        else:
            parts.append(CoefficientPart(row.round, Fraction(row.level_before), 0))
    return parts


def coefficients(t: Tournament, all_cards: dict[int, Card] | None = None) -> dict[int, Fraction]:
    """Every player's coefficient (exact; halves are possible)."""
    all_cards = all_cards if all_cards is not None else cards(t)
    return {pno: sum((p.total for p in coefficient_parts(t, pno, all_cards)), Fraction(0))
            for pno in all_cards}


@dataclass(frozen=True)
class Standing:
    place: int
    pno: int
    final_level: int
    coefficient: Fraction
    technical: int
    shared: bool
    """True when another player has the same final level and coefficient (prize shared/lot)."""


def standings(t: Tournament) -> list[Standing]:
    """Players in final order: level, coefficient (high first), then pairing number."""
    all_cards = cards(t)
    coef = coefficients(t, all_cards)
    order = sorted(all_cards, key=lambda p: (-all_cards[p].final_level, -coef[p], p))
    out: list[Standing] = []
    for index, pno in enumerate(order):
        key = (all_cards[pno].final_level, coef[pno])
        if out and (out[-1].final_level, out[-1].coefficient) == key:
            place = out[-1].place
        else:
            place = index + 1
        shared = sum(1 for q in order if (all_cards[q].final_level, coef[q]) == key) > 1
        out.append(Standing(place, pno, all_cards[pno].final_level, coef[pno],
                            all_cards[pno].technical, shared))
    return out


def places(t: Tournament) -> dict[int, int]:
    return {s.pno: s.place for s in standings(t)}


