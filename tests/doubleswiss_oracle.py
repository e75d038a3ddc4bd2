"""An independent Double-Swiss oracle (FIDE C.04.5, 2026), written from the text alone.

It enumerates every complete pairing of the round (every PAB choice times every perfect
pairing of the others, [C1] and [C2] as filters) and keeps the one the text ranks first:

* 3.4: the PAB by lowest score, most matches played, largest TPN (3.4.1 is the enumeration:
  a PAB that leaves no complete pairing never appears);
* then the brackets, top-down, as the pairing itself induces them: the highest score left
  is the residents, their partners from lower scores the upfloaters; per bracket
  [C4] number, [C5] scores (lowest first, higher better), [C6] the least number of
  upfloaters the following bracket can do with (over all completions), [C7] upfloaters that
  floated, 3.5.4 the set's place in the order score-then-TPN, [C8] upfloaters whose opponent
  floated, 3.6.2 the identifier (the smaller TPNs ascending, then their partners).

Nothing here is imported from the engine; only the model (scores, rounds) is shared.
"""

from __future__ import annotations

from fractions import Fraction

from core.model import ByeKind, GameResult, Tournament, scores

_LOSES_WHITE = {GameResult.BLACK_FORFEIT_WIN, GameResult.DOUBLE_FORFEIT}
_LOSES_BLACK = {GameResult.WHITE_FORFEIT_WIN, GameResult.DOUBLE_FORFEIT}


def _matches(t: Tournament, upto: int) -> list[list[tuple[int, int, bool, bool]]]:
    """Per stored round: (a, b, forfeited, a forfeited everything) for each match."""
    out = []
    for rnd in t.rounds[:upto]:
        by_pair: dict[frozenset[int], list] = {}
        for b in rnd.boards:
            by_pair.setdefault(frozenset((b.white, b.black)), []).append(b)
        row = []
        for key, boards in by_pair.items():
            a, b = sorted(key)

            def gave_up(p: int, boards: list = boards) -> bool:
                return all((g.result in _LOSES_WHITE) if g.white == p else (g.result in _LOSES_BLACK)
                           for g in boards)
            row.append((a, b, gave_up(a) or gave_up(b), gave_up(a)))
            row.append((b, a, gave_up(a) or gave_up(b), gave_up(b)))
        out.append(row)
    return out


def _all_pairings(people: list[int], ok) -> list[list[tuple[int, int]]]:
    if not people:
        return [[]]
    first, rest = people[0], people[1:]
    found = []
    for i, other in enumerate(rest):
        if ok(first, other):
            for tail in _all_pairings(rest[:i] + rest[i + 1:], ok):
                found.append([(first, other)] + tail)
    return found


def oracle(t: Tournament, to_pair: list[int], forbidden: set[frozenset[int]]) -> tuple[int | None, set[frozenset[int]]]:
    """The PAB and the pairs the text chooses for round ``len(t.rounds) + 1``."""
    played = len(t.rounds)
    now = scores(t)
    history = _matches(t, played)
    met = {p: set() for p in to_pair}
    games = dict.fromkeys(to_pair, 0)
    no_bye = set()
    for rnd in t.rounds:
        for bye in rnd.byes:
            if bye.kind in (ByeKind.PAB, ByeKind.FULL):
                no_bye.add(bye.pno)
    for row in history:
        for a, b, forfeit, a_gave_up in row:
            if a not in met:
                continue
            if forfeit:
                if not a_gave_up:
                    no_bye.add(a)
            else:
                met[a].add(b)
                games[a] += 1
    floated = set()
    last = played == t.total_rounds - 1
    if played:
        earlier = scores(t, played - 1)
        for a, b, forfeit, _x in history[-1]:
            if not forfeit and earlier[a] != earlier[b]:
                floated.add(a)

    def ok(a: int, b: int) -> bool:
        return b not in met[a] and frozenset((a, b)) not in forbidden

    field = sorted(to_pair)
    options: list[tuple[int | None, list[tuple[int, int]]]] = []
    if len(field) % 2:
        for p in field:
            if p not in no_bye:
                options += [(p, m) for m in _all_pairings([q for q in field if q != p], ok)]
    else:
        options = [(None, m) for m in _all_pairings(field, ok)]

    def brackets(pab, pairs):
        partner = {}
        for a, b in pairs:
            partner[a], partner[b] = b, a
        left = [p for p in field if p != pab]
        out = []
        while left:
            top = max(now[p] for p in left)
            residents = [p for p in left if now[p] == top]
            ups = sorted({partner[r] for r in residents if now[partner[r]] != top})
            lower = sorted((p for p in left if now[p] != top), key=lambda p: (-now[p], p))
            members = set(residents) | set(ups)
            inside = [(min(a, b), max(a, b)) for a, b in pairs if a in members and b in members]
            left = [p for p in left if p not in members]
            out.append((residents, ups, lower, inside, frozenset(left)))
        return out

    decomposed = [(pab, pairs, brackets(pab, pairs)) for pab, pairs in options]
    fewest: dict[frozenset[int], int] = {}
    for _pab, _pairs, bs in decomposed:
        for i, (_r, ups, _l, _in, _rest) in enumerate(bs):
            start = frozenset(p for b in bs[i:] for p in b[0] + b[1])
            fewest[start] = min(fewest.get(start, len(ups)), len(ups))

    def key(item):
        pab, _pairs, bs = item
        k: list = [() if pab is None else (now[pab], -games[pab], -pab)]
        for _residents, ups, lower, inside, rest in bs:
            profile = tuple(-now[u] for u in sorted(ups, key=lambda u: now[u]))
            follow = fewest.get(rest, 0) if rest else 0
            again = 0 if last else sum(1 for u in ups if u in floated)
            place = tuple(sorted(lower.index(u) for u in ups))
            c8 = 0 if last else sum(1 for a, b in inside
                                    if (a in ups) != (b in ups) and (b if a in ups else a) in floated)
            partner = dict(inside)
            tops = sorted(partner)
            k.append((len(ups), profile, follow, again, place, c8, tuple(tops) + tuple(partner[x] for x in tops)))
        return k

    if not decomposed:
        raise LookupError("no legal pairing")
    pab, pairs, _bs = min(decomposed, key=key)
    return pab, {frozenset(p) for p in pairs}


def oracle_colours(t: Tournament, pairs: set[frozenset[int]]) -> set[tuple[int, int]]:
    """(White of game 1, Black of game 1) for each pair, by Article 4 read on its own: the
    game-1 colour of every match in which a game was played (1.6); the higher-ranked player
    (higher score, then smaller TPN) gets: the initial colour if neither has a colour and his
    TPN is odd (else the other); else White if he had fewer Whites, Black if more; else the
    colour opposite to his at the latest match where the two histories differ; else the
    opposite of his last colour; else the colour his opponent had last."""
    now = scores(t)
    history: dict[int, list[str]] = {}
    for rnd in t.rounds:
        seen: dict[frozenset[int], list] = {}
        for b in rnd.boards:
            seen.setdefault(frozenset((b.white, b.black)), []).append(b)
        for boards in seen.values():
            first = next(b for b in boards if b.game == "g1")
            if any(b.result is not None and b.result.played for b in boards):
                history.setdefault(first.white, []).append("W")
                history.setdefault(first.black, []).append("B")
    start = "W" if t.initial_colour is None or t.initial_colour.value == "w" else "B"
    other = {"W": "B", "B": "W"}
    out = set()
    for pair in pairs:
        hi, lo = sorted(pair, key=lambda p: (-now[p], p))
        mine, theirs = history.get(hi, []), history.get(lo, [])
        if not mine and not theirs:
            colour = start if hi % 2 else other[start]
        elif mine.count("W") != theirs.count("W"):
            colour = "W" if mine.count("W") < theirs.count("W") else "B"
        else:
            back = [(a, b) for a, b in zip(mine[::-1], theirs[::-1]) if a != b]
            if back:
                colour = other[back[0][0]]
            elif mine:
                colour = other[mine[-1]]
            else:
                colour = theirs[-1]
        out.add((hi, lo) if colour == "W" else (lo, hi))
    return out


__all__ = ["oracle", "oracle_colours", "Fraction"]
