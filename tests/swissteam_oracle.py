"""An independent reading of FIDE C.04.6 (Swiss Team Pairing System, 2026) for the tests.

Written from the text alone, by enumeration: every legal pairing of the teams left is listed
and the text's criteria pick among them in the order the articles give.  It shares nothing with
the engine but the input record (``TeamState``: the facts of each team's history); colour
preferences and the colour allocation are derived here again from Arts. 1.7 and 4, and C8/C9
are counted on the colours actually allocated.  Only for small fields (it is exponential).
"""

from __future__ import annotations

from core.pairing.swissteam.field import RoundRules, TeamState


class NoPairing(Exception):
    pass


def matchings(teams: list[int], ok) -> list[list[tuple[int, int]]]:
    """Every perfect matching of ``teams`` (sorted) using only pairs ``ok`` allows."""
    if not teams:
        return [[]]
    first, rest = teams[0], teams[1:]
    out = []
    for i, other in enumerate(rest):
        if ok(first, other):
            for m in matchings(rest[:i] + rest[i + 1:], ok):
                out.append([(first, other)] + m)
    return out


def exists(teams, ok) -> bool:
    teams = sorted(teams)
    if len(teams) % 2:
        return False
    if not teams:
        return True
    first, rest = teams[0], teams[1:]
    return any(ok(first, o) and exists(rest[:i] + rest[i + 1:], ok) for i, o in enumerate(rest))


def wants(s: TeamState, rules: RoundRules) -> tuple[str | None, bool]:
    """Art. 1.7: (colour or None, strong?).  Type A's 'simple' preference counts as not strong."""
    if rules.preferences == "none" or not s.colours:
        return None, False
    cd = s.colours.count("W") - s.colours.count("B")
    two = s.colours[-2:]
    typeb = rules.preferences == "B"
    # 1.7.1 / first two sentences of 1.7.2
    if cd < -1 or (cd in (0, -1) and two == "BB"):
        return "W", typeb
    if cd > 1 or (cd in (0, 1) and two == "WW"):
        return "B", typeb
    if not typeb:
        return None, False
    # 1.7.2 mild
    if cd == -1 or (cd == 0 and not rules.last_round and s.colours[-1] == "B"):
        return "W", False
    if cd == 1 or (cd == 0 and not rules.last_round and s.colours[-1] == "W"):
        return "B", False
    return None, False


def white_of(a: TeamState, b: TeamState, rules: RoundRules) -> int:
    """Art. 4: the TPN of the team that gets White."""
    def rank(s):
        return (s.score, s.secondary if rules.use_secondary else 0, -s.tpn)
    first, other = (a, b) if rank(a) > rank(b) else (b, a)
    flip = {"W": "B", "B": "W"}

    def colour_to(team, colour):
        return team.tpn if colour == "W" else (other if team is first else first).tpn

    if not a.colours and not b.colours:  # 4.3.1
        c = rules.initial if first.tpn % 2 == 1 else flip[rules.initial]
        return colour_to(first, c)
    (cf, sf), (co, so) = wants(first, rules), wants(other, rules)
    if (cf is None) != (co is None):  # 4.3.2
        return colour_to(first, cf) if cf else colour_to(other, co)
    if cf and co and cf != co:  # 4.3.3
        return colour_to(first, cf)
    if rules.preferences == "B" and cf and co and sf != so:  # 4.3.4
        return colour_to(first, cf) if sf else colour_to(other, co)
    da = first.colours.count("W") - first.colours.count("B")
    db = other.colours.count("W") - other.colours.count("B")
    if da != db:  # 4.3.5
        return first.tpn if da < db else other.tpn
    i = 1
    while i <= min(len(first.colours), len(other.colours)):  # 4.3.6
        if first.colours[-i] != other.colours[-i]:
            return colour_to(first, flip[first.colours[-i]])
        i += 1
    if cf:  # 4.3.7
        return colour_to(first, cf)
    if first.colours:  # 4.3.8
        return colour_to(first, flip[first.colours[-1]])
    return colour_to(other, flip[other.colours[-1]])  # 4.3.9


def oracle(teams: list[TeamState], rules: RoundRules):
    """(bye TPN or None, [(white, black)] in board order); raises NoPairing."""
    by = {s.tpn: s for s in teams}

    def ok(x, y):
        return y not in by[x].opponents

    left = set(by)
    bye = None
    if len(left) % 2:
        order = sorted((s for s in teams if not s.bye_barred), key=lambda s: (s.score, -s.matches, -s.tpn))
        for s in order:  # 3.4
            if exists(left - {s.tpn}, ok):
                bye = s.tpn
                break
        if bye is None:
            raise NoPairing()
        left.discard(bye)
    if not exists(left, ok):
        raise NoPairing()
    pairs: list[tuple[int, int]] = []
    while left:
        top = max(by[t].score for t in left)
        group = {t for t in left if by[t].score == top}
        sets = set()
        for m in matchings(sorted(left), ok):
            ups = {y if x in group else x for x, y in m if (x in group) != (y in group)}
            sets.add(tuple(sorted(ups, key=lambda t: (-by[t].score, t))))

        lower = left - group
        nxt = max((by[t].score for t in lower), default=None)
        following = {t for t in lower if by[t].score == nxt}  # the scoregroup after the top one

        def c6_fails(ups, left=left, group=group, following=following):
            rest = left - group - set(ups)
            g2 = following - set(ups)
            if not g2:  # all of it floated up: "unless … this scoregroup is now empty"
                return False
            for m in matchings(sorted(rest), ok):
                outside = sum(1 for x, y in m if (x in g2) != (y in g2))
                if outside == len(g2) % 2:
                    return False
            return True

        def set_key(ups):
            return (len(ups),                                            # C4
                    [-by[t].score for t in sorted(ups, key=lambda t: by[t].score)],  # C5
                    c6_fails(ups),                                       # C6
                    0 if rules.last_two else sum(by[t].floated for t in ups),  # C7
                    list(ups))                                           # 3.5.4
        ups = min(sets, key=set_key)
        bracket = sorted(group | set(ups))

        def pairing_key(m, ups=ups):
            c8 = c9 = c10 = 0
            for x, y in m:
                w = white_of(by[x], by[y], rules)
                for t in (x, y):
                    colour, strong = wants(by[t], rules)
                    got = "W" if t == w else "B"
                    if colour and colour != got:
                        c8 += 1
                        c9 += strong
                if not rules.last_two:
                    c10 += (x in ups and by[y].floated) + (y in ups and by[x].floated)
            ident = sorted(x for x, _ in m) + [y for _, y in sorted(m)]
            return (c8, c9, c10, ident)
        best = min(matchings(bracket, ok), key=pairing_key)
        pairs += best
        left -= set(bracket)
    boards = []
    for x, y in pairs:
        w = white_of(by[x], by[y], rules)
        boards.append((w, y if w == x else x))

    def board_key(wb):
        hi, lo = sorted((by[wb[0]], by[wb[1]]), key=lambda s: (-s.score, s.tpn))
        return (-hi.score, -(hi.score + lo.score), hi.tpn)
    return bye, sorted(boards, key=board_key)
