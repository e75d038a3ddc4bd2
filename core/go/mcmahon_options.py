"""The McMahon settings of a Go event, read from ``Tournament.options["go"]`` and validated.

Why one module: the pairing engine, the scores (:mod:`core.go.mms`), the standings criteria,
the h9 export and ``hakem new`` all need the same bar, floor, handicap rule and komi; reading
them in one place means a bad value is refused with the same clear message everywhere.

Defaults are OpenGotha 3.51's for a new McMahon tournament (``initForMM`` of its parameter
sets): floor 20k, bar 4d, handicap = MMS difference − 1, at most 9, no handicap above 1d, bye 1
point, absence ½ point (rounded down), rounds 1–2 split-and-random with the rating as extra
placement criterion, then split-and-slip; draw-ups/draw-downs from the middle of the groups,
compensated; club factor 3, country factor 1; its weights (``balance_wb`` 10^6,
``minimize_score_difference`` 10^11, ``dudd_weight`` 10^8, ``maximize_seeding`` 5·10^6,
``avoid_same_geo`` 10^11).  The even-game komi defaults to 7.5; handicap games have komi ½.

Keys (plain JSON; every value may be given as a string as typed on the command line):
``bar``, ``floor``, ``handicap_bar`` (rank labels ``4d``/``20k``; ``handicap_bar`` may be
``none``), ``correction`` (−1..3), ``ceiling`` (0..9), ``komi`` (even games; a whole number
allows jigo), ``seeding`` / ``early_seeding`` (``slip``, ``fold``, ``random``),
``early_rounds`` (rounds paired with ``early_seeding``, default 2), ``float_upper`` /
``float_lower`` (``top``, ``middle``, ``bottom``: where in a score group a drawn player is
taken), ``bye_points`` / ``absent_points`` (0, ½ or 1), ``club_gap`` / ``country_gap``
(OpenGotha's "prefer an MMS difference rather than a club mate / compatriot"; 0 = off),
``geo_rounds`` (rounds where clubs and countries are kept apart; 0 = all), ``nigiri_seed``,
and OpenGotha's weights by its parameter names: ``balance_wb``, ``minimize_score_difference``,
``dudd_weight``, ``compensate_dudd`` (yes/no), ``maximize_seeding``, ``avoid_same_geo``;
``handicap_basis`` (``mms``, OpenGotha's default, or ``rank``); ``count_not_played_as_half``
(yes/no, default no: the opponents' scores in SOS count ½ for every round they did not play);
``minimize_handicap`` (0) with its exemptions ``bar_threshold`` (yes: players starting at the
bar), ``rank_threshold`` (1d: rank + wins at least this), ``nbw_threshold`` (no: wins ≥ rounds);
``club_groups`` (OpenGotha's clubs groups: ``name: club, club; …``, :func:`parse_club_groups`);
``categories`` (OpenGotha's categories, given by their lower limits strongest first: ``5k, 15k``
makes three — 5k and up, 15k–6k, below 15k; :func:`parse_categories`) and
``avoid_mixing_categories`` (OpenGotha's weight for keeping them apart, 0 in its McMahon).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from core.errors import TournamentError
from core.go.ranks import WEAKEST, entry_rank, parse_rank, rank_label
from core.i18n import N_, _
from core.model import Player, Tournament, points

MMS_ZERO_RANK = -9
"""Our rank number of 30k (``21 − 30``): OpenGotha's "McMahon zero", so 1d starts on 30."""

SEEDINGS = ("slip", "fold", "random")
HANDICAP_BASES = ("mms", "rank")
FLOATS = ("top", "middle", "bottom")


@dataclass(frozen=True)
class McMahonOptions:
    """Validated McMahon settings (ranks as our rank numbers: 21 = 1d, 20 = 1k)."""

    bar: int = parse_rank("4d")
    floor: int = parse_rank("20k")
    handicap_bar: int | None = parse_rank("1d")
    correction: int = 1
    ceiling: int = 9
    komi: Fraction = Fraction(15, 2)
    handicap_komi: Fraction = Fraction(1, 2)
    seeding: str = "slip"
    early_seeding: str = "random"
    early_rounds: int = 2
    """OpenGotha's "last round for seed system 1" (1-based; its default: rounds 1–2)."""
    float_upper: str = "middle"
    float_lower: str = "middle"
    bye_points: Fraction = Fraction(1)
    absent_points: Fraction = Fraction(1, 2)
    club_gap: int = 3
    country_gap: int = 1
    geo_rounds: int = 0
    nigiri_seed: str = ""
    balance_wb: int = 10 ** 6
    minimize_score_difference: int = 10 ** 11
    dudd_weight: int = 10 ** 8
    compensate_dudd: bool = True
    maximize_seeding: int = 5 * 10 ** 6
    avoid_same_geo: int = 10 ** 11
    handicap_basis: str = "mms"
    count_not_played_as_half: bool = False
    minimize_handicap: int = 0
    """OpenGotha's "minimize handicap" weight (0 in McMahon); players above the thresholds
    below count as if on the top score, i.e. are exempt from it."""
    bar_threshold: bool = True
    rank_threshold: int = parse_rank("1d")
    nbw_threshold: bool = False
    club_groups: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """OpenGotha's clubs groups: (name, clubs).  Two players of different clubs of one group
    are kept apart less than players of unrelated clubs (see the engine's geography)."""
    categories: tuple[int, ...] = ()
    """OpenGotha's lower category limits (rank numbers, strongest first): n limits make n + 1
    categories; a player belongs to the first whose limit his rank reaches."""
    avoid_mixing_categories: int = 0
    """OpenGotha's "avoid mixing categories" weight (its McMahon default 0: the categories
    then only split the score groups)."""
    """OpenGotha's "count not played games as ½ point" for the opponents' scores in SOS."""
    """OpenGotha's "handicap based on MMS" (default) or on the rank (``rank``)."""

    @property
    def dudd_upper_mode(self) -> str:
        return self.float_upper

    @property
    def dudd_lower_mode(self) -> str:
        return self.float_lower

    @property
    def last_round_for_seed_system_1(self) -> int:
        return self.early_rounds

    def club_group_ids(self, club: str) -> frozenset[int]:
        """The groups (by index) holding ``club`` — compared in lower case, as OpenGotha does."""
        key = club.strip().lower()
        return frozenset(i for i, (_name, clubs) in enumerate(self.club_groups)
                         if key and key in (c.lower() for c in clubs))

    @property
    def category_count(self) -> int:
        return len(self.categories) + 1

    def category(self, rank: int) -> int:
        """0-based category of a rank (OpenGotha's ``Player.category``): the first category
        whose lower limit the rank reaches, else the last."""
        return next((c for c, limit in enumerate(self.categories) if rank >= limit), len(self.categories))

    def mms_of_rank(self, rank: int) -> int:
        """MMS of a rank on OpenGotha's scale (30k = 0, 1k = 29, 1d = 30)."""
        return rank - MMS_ZERO_RANK

    def start_mms(self, rank: int) -> int:
        """Initial MMS: the rank, raised to the floor and lowered to the bar."""
        return self.mms_of_rank(min(max(rank, self.floor), self.bar))

    def seeding_for(self, round_no: int) -> str:
        return self.early_seeding if round_no <= self.early_rounds else self.seeding

    def geo_applies(self, round_no: int) -> bool:
        return self.geo_rounds == 0 or round_no <= self.geo_rounds


def _raw(options: Mapping[str, Any], key: str) -> Any:
    value = options.get(key)
    return None if value is None or value == "" else value



SETTING_NAMES = {"bar": N_("McMahon bar"), "floor": N_("McMahon floor"), "handicap_bar": N_("handicap bar"),
                 "correction": N_("handicap correction"), "ceiling": N_("handicap ceiling"),
                 "bye_points": N_("bye points"), "absent_points": N_("absence points")}
"""The form's words for the settings it shows; the others are named by their command-line flag."""


def setting_name(key: str) -> str:
    """A setting as the organiser meets it: the form's label in the reader's language, else the
    ``--mm-…`` flag (the same in every language) — never the stored key in English."""
    return _(SETTING_NAMES[key]) if key in SETTING_NAMES else "--mm-" + key.replace("_", "-")


def _rank(options: Mapping[str, Any], key: str, default: int | None) -> int | None:
    value = _raw(options, key)
    if value is None:
        return default
    if key == "handicap_bar" and str(value).strip().lower() in ("none", "off", "no"):
        return None
    try:
        return entry_rank(str(value))  # 30k–9d: a floor of 25d is no rank, not a floor above the bar
    except TournamentError as error:
        raise TournamentError(_("{setting}: {value!r} is not a Go rank; write it like 4d or 20k")
                              .format(setting=setting_name(key), value=value)) from error


def _int(options: Mapping[str, Any], key: str, default: int, low: int, high: int) -> int:
    value = _raw(options, key)
    if value is None:
        return default
    try:
        number = int(str(value).strip())
    except ValueError:
        number = None
    if number is None or not low <= number <= high:
        raise TournamentError(_("{setting}: {value!r} must be a whole number from {low} to {high}")
                              .format(setting=setting_name(key), value=value, low=low, high=high))
    return number


def _choice(options: Mapping[str, Any], key: str, default: str, allowed: tuple[str, ...]) -> str:
    value = _raw(options, key)
    if value is None:
        return default
    text = str(value).strip().lower().replace("split-and-", "").replace("split_and_", "")
    if text not in allowed:
        raise TournamentError(_("{setting}: {value!r} is not one of {allowed}")
                              .format(setting=setting_name(key), value=value, allowed=", ".join(allowed)))
    return text


def _points(options: Mapping[str, Any], key: str, default: Fraction) -> Fraction:
    value = _raw(options, key)
    if value is None:
        return default
    try:
        number = points(str(value))
    except (ValueError, ZeroDivisionError):
        number = None
    if number not in (Fraction(0), Fraction(1, 2), Fraction(1)):
        raise TournamentError(_("{setting}: {value!r} must be 0, 0.5 or 1")
                              .format(setting=setting_name(key), value=value))
    return number


def _yes_no(options: Mapping[str, Any], key: str, default: bool) -> bool:
    value = _raw(options, key)
    if value is None:
        return default
    text = str(value).strip().lower()
    if text in ("yes", "true", "1", "on"):
        return True
    if text in ("no", "false", "0", "off"):
        return False
    raise TournamentError(_("{setting}: {value!r} must be yes or no")
                          .format(setting=setting_name(key), value=value))


def parse_club_groups(value: Any) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Clubs groups as typed (``Paris area: Paris, Versailles; Berlin, Potsdam`` — groups
    between ``;``, clubs between ``,``, a name before ``:``, else the group is named after its
    first club) or as stored from OpenGotha's file (``[{"name": …, "clubs": […]}]``); a group
    needs two clubs at least (one club is already kept apart from itself)."""
    if value is None or value == "":
        return ()
    groups: list[tuple[str, tuple[str, ...]]] = []
    if isinstance(value, str):
        for part in (p.strip() for p in value.split(";")):
            if not part:
                continue
            name, _sep, clubs = part.rpartition(":") if ":" in part else ("", "", part)
            members = tuple(dict.fromkeys(c.strip() for c in clubs.split(",") if c.strip()))
            groups.append((name.strip() or (members[0] if members else ""), members))
    elif isinstance(value, (list, tuple)):
        for item in value:
            if isinstance(item, Mapping) and isinstance(item.get("clubs"), (list, tuple)):
                members = tuple(dict.fromkeys(str(c).strip() for c in item["clubs"] if str(c).strip()))
                groups.append((str(item.get("name") or (members[0] if members else "")).strip(), members))
            else:
                groups = []
                break
    if not groups or any(len(members) < 2 for _name, members in groups):
        raise TournamentError(_("McMahon club groups: {value!r} must be groups of two clubs or more, such as "
                                "'Paris area: Paris, Versailles; Berlin, Potsdam'").format(value=value))
    return tuple(groups)


MAX_CATEGORIES = 9
"""OpenGotha's most categories (its ``Gotha.MAX_NUMBER_OF_CATEGORIES``): eight limits."""


def parse_categories(value: Any) -> tuple[int, ...]:
    """Category limits as typed (``5k, 15k``) or stored as a list: the lower limit of every
    category but the last, strongest first, each a Go rank from 30k to 9d (one category per
    limit and one below the last).  Refused, in words: a limit that is no rank, limits out of
    order, more than OpenGotha's :data:`MAX_CATEGORIES` categories, and a 30k limit (nobody is
    below the weakest rank, so the last category could never have a player)."""
    if value is None or value == "" or value == []:
        return ()
    items = value.split(",") if isinstance(value, str) else list(value) if isinstance(value, (list, tuple)) else None
    said = value if isinstance(value, str) else ", ".join(str(item) for item in items or [value])
    limits: list[int] = []
    for item in items or [None]:
        try:
            limits.append(entry_rank(str(item).strip()))
        except TournamentError:
            limits = []
            break
    if not limits or any(a <= b for a, b in zip(limits, limits[1:])):
        raise TournamentError(_("McMahon categories: {value!r} must be the lower limits of the categories, "
                                "strongest first, such as '5k, 15k'").format(value=said))
    if len(limits) + 1 > MAX_CATEGORIES:
        raise TournamentError(_("McMahon categories: {count} limits make {categories} categories; OpenGotha "
                                "takes {most} at most").format(count=len(limits), categories=len(limits) + 1,
                                                               most=MAX_CATEGORIES))
    if limits[-1] == WEAKEST:
        raise TournamentError(_("McMahon categories: nobody is below {limit}, the weakest rank, so the category "
                                "below it would stay empty; give a stronger limit").format(limit=rank_label(WEAKEST)))
    return tuple(limits)


def normalised(updates: Mapping[str, Any]) -> dict[str, Any]:
    """Go settings as stored: the category limits written as :func:`categories_text` writes
    them (``5 k, 15K`` → ``5k, 15k``), so that every list, export and form reads one spelling."""
    out = dict(updates)
    if out.get("categories"):
        out["categories"] = categories_text(parse_categories(out["categories"]))
    return out


def categories_text(limits: tuple[int, ...]) -> str:
    """Category limits written back as typed (``5k, 15k``)."""
    return ", ".join(rank_label(limit) for limit in limits)


def club_groups_text(groups: tuple[tuple[str, tuple[str, ...]], ...]) -> str:
    """Clubs groups written back as typed (``name: club, club; …``)."""
    return "; ".join(f"{name}: {', '.join(clubs)}" for name, clubs in groups)


WEIGHT_LIMIT = 10 ** 15
"""Upper bound of a weight (OpenGotha's largest, the rematch weight, is 5·10^14)."""


def parse_komi(value: Any) -> Fraction:
    """Even-game komi: a whole or half number from 0 to 20 (``6.5``, ``7``, ``7.5``)."""
    try:
        komi = points(str(value))
    except (ValueError, ZeroDivisionError):
        komi = None
    if komi is None or (komi * 2).denominator != 1 or not 0 <= komi <= 20:
        from core.i18n.format import format_decimal  # the examples in the language's notation, as the form shows komi

        raise TournamentError(_("komi {value!r} must be a whole or half number from 0 to 20, "
                                "such as {a}, {b} or {c}").format(
            value=value, a=format_decimal(Fraction(13, 2)), b=format_decimal(7), c=format_decimal(Fraction(15, 2))))
    return komi


MMS_CORRECTIONS = range(-1, 3)
"""OpenGotha's per-player MMS correction ("smms correction"): −1 to +2 on the initial MMS."""


def mms_correction(player: Player) -> int:
    """The player's MMS correction, ``extra["mms_correction"]`` (0 when not set): OpenGotha's
    way to start a player above or below his rank's MMS (a strong player under the bar, a
    returning player); refused with a message naming the player when not −1..2."""
    raw = player.extra.get("mms_correction") if player.extra else None
    if raw is None or raw == "":
        return 0
    try:
        value = int(str(raw).strip())
    except ValueError:
        value = None
    if value is None or value not in MMS_CORRECTIONS:
        raise TournamentError(_("MMS correction of {player}: {value!r} must be a whole number from -1 to 2")
                              .format(player=player.name, value=raw))
    return value


def mcmahon_options(t: Tournament) -> McMahonOptions:
    """The event's McMahon settings; raises :class:`TournamentError` naming a bad value."""
    raw = t.options.get("go") if t.options else None
    options: Mapping[str, Any] = raw if isinstance(raw, Mapping) else {}
    base = McMahonOptions()
    bar = _rank(options, "bar", base.bar)
    floor = _rank(options, "floor", base.floor)
    assert bar is not None and floor is not None
    if floor > bar:
        raise TournamentError(_("McMahon floor {floor} is above the bar {bar}; the bar must be at or "
                                "above the floor").format(floor=rank_label(floor), bar=rank_label(bar)))
    komi_raw = _raw(options, "komi")
    return McMahonOptions(
        bar=bar, floor=floor,
        handicap_bar=_rank(options, "handicap_bar", base.handicap_bar),
        correction=_int(options, "correction", base.correction, -1, 3),
        ceiling=_int(options, "ceiling", base.ceiling, 0, 9),
        komi=base.komi if komi_raw is None else parse_komi(komi_raw),
        seeding=_choice(options, "seeding", base.seeding, SEEDINGS),
        early_seeding=_choice(options, "early_seeding", base.early_seeding, SEEDINGS),
        early_rounds=_int(options, "early_rounds", base.early_rounds, 0, 99),
        float_upper=_choice(options, "float_upper", base.float_upper, FLOATS),
        float_lower=_choice(options, "float_lower", base.float_lower, FLOATS),
        bye_points=_points(options, "bye_points", base.bye_points),
        absent_points=_points(options, "absent_points", base.absent_points),
        club_gap=_int(options, "club_gap", base.club_gap, 0, 20),
        country_gap=_int(options, "country_gap", base.country_gap, 0, 20),
        geo_rounds=_int(options, "geo_rounds", base.geo_rounds, 0, 99),
        nigiri_seed=str(options.get("nigiri_seed") or t.id or t.name),
        balance_wb=_int(options, "balance_wb", base.balance_wb, 0, WEIGHT_LIMIT),
        minimize_score_difference=_int(options, "minimize_score_difference",
                                       base.minimize_score_difference, 0, WEIGHT_LIMIT),
        dudd_weight=_int(options, "dudd_weight", base.dudd_weight, 0, WEIGHT_LIMIT),
        compensate_dudd=_yes_no(options, "compensate_dudd", base.compensate_dudd),
        maximize_seeding=_int(options, "maximize_seeding", base.maximize_seeding, 0, WEIGHT_LIMIT),
        avoid_same_geo=_int(options, "avoid_same_geo", base.avoid_same_geo, 0, WEIGHT_LIMIT),
        handicap_basis=_choice(options, "handicap_basis", base.handicap_basis, HANDICAP_BASES),
        count_not_played_as_half=_yes_no(options, "count_not_played_as_half", base.count_not_played_as_half),
        minimize_handicap=_int(options, "minimize_handicap", base.minimize_handicap, 0, WEIGHT_LIMIT),
        bar_threshold=_yes_no(options, "bar_threshold", base.bar_threshold),
        rank_threshold=_rank(options, "rank_threshold", base.rank_threshold) or base.rank_threshold,
        nbw_threshold=_yes_no(options, "nbw_threshold", base.nbw_threshold),
        club_groups=parse_club_groups(options.get("club_groups")),
        categories=parse_categories(options.get("categories")),
        avoid_mixing_categories=_int(options, "avoid_mixing_categories", base.avoid_mixing_categories,
                                     0, WEIGHT_LIMIT),
    )


OPTION_KEYS = ("bar", "floor", "handicap_bar", "correction", "ceiling", "komi", "seeding",
               "early_seeding", "early_rounds", "float_upper", "float_lower", "bye_points",
               "absent_points", "club_gap", "country_gap", "geo_rounds", "nigiri_seed", "balance_wb",
               "minimize_score_difference", "dudd_weight", "compensate_dudd", "maximize_seeding",
               "avoid_same_geo", "handicap_basis", "count_not_played_as_half", "minimize_handicap",
               "bar_threshold", "rank_threshold", "nbw_threshold", "club_groups", "categories",
               "avoid_mixing_categories")
"""The keys of ``options["go"]`` that :func:`mcmahon_options` reads (for the CLI)."""
