"""The card room's parameters (``houses/<house>/house.yaml``, under ``parameters``) and every answer that depends on them: rake,
caps, straddles, buy-ins, the deal-twice minimum, Chinese-poker time rake.

``House.load(path)`` is the only I/O in the engine. ``House.from_mapping(data)`` does the
validation: unknown or missing keys, wrong types, a rake band table with a gap, an overlap or a
band whose rake is not the house percentage of its pots (within 1 unit of its money) all raise ``HouseError``,
which carries ``.path`` -- the keys and list indices leading to the bad value, e.g.
``("stakes", 2, "rake", "cap")`` -- so a loader can point at the file and line.

The rake is stated for the house (``rake:``), for a game (``rake: {games: {PLO: …}}``) or for a stakes row
(its ``rake:``): a row's statement replaces its game's, a game's the house's (``pokerrules.rake``).
Rake rules (seed 000, "RAKE"): each pot's rake is read from the band table where the house has one;
one cap covers the whole hand (main and side pots together), filled from the main pot first -- the
seed's worked examples (main 201 + side 782 -> 10 + 10 at a cap of 20) show this, although its
sentence "5 % up to the cap from each main pot and side pot" could be read as a cap per pot; the cap
is the short-handed one when 2 to 4 players were dealt in; "no flop, no drop"; a split single-board
pot is raked only from dead money, with the split-pot cap.

Amounts are whole numbers of the house's money: of its cents (``subunits``: 100) where its file writes
an amount with cents ("0.25" and its code), so that the engine never rounds a sum it was not asked to.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any, TypeVar

from .betting import AllInRule, UndercallRule
from .cards import check_amount
from .rake import RAKE_KEYS, Jackpot, Rake, Rounding, read_rake
from .showdown import ShowdownRule
from .strict import HouseError, choice as _choice, mapping as _mapping, numbers as _numbers, text as _str, whole as _int

__all__ = ["House", "HouseError", "Stakes", "RakeBand", "PlayerRange", "Times", "GAMES", "Rake", "Jackpot"]

#: Game codes used in the stakes table: structure and variant.
GAMES: dict[str, tuple[str, str]] = {
    "NLH": ("no_limit", "holdem"),
    "PLH": ("pot_limit", "holdem"),
    "LHE": ("limit", "holdem"),
    "PLO": ("pot_limit", "omaha"),
    "NLO": ("no_limit", "omaha"),
}
ALL_IN_RULES = tuple(AllInRule)
UNDERCALL_RULES = tuple(UndercallRule)
SHOWDOWN_RULES = tuple(ShowdownRule)

#: Where a bad value is in a house file: the keys and list indices leading to it.
_Path = tuple[str | int, ...]


@dataclass(frozen=True)
class RakeBand:
    """Pots from ``low`` to ``high`` (``high`` None: and above) pay ``rake``."""

    low: int
    high: int | None
    rake: int

    def contains(self, pot: int) -> bool:
        return pot >= self.low and (self.high is None or pot <= self.high)


@dataclass(frozen=True)
class PlayerRange:
    """A number of players dealt in, ``low`` to ``high`` inclusive."""

    low: int
    high: int

    def __contains__(self, n: object) -> bool:
        return isinstance(n, int) and self.low <= n <= self.high


@dataclass(frozen=True)
class Stakes:
    """One row of the stakes table ("CASH GAME LIMITS AND MIN. BUY-IN"), with the rake that holds at its
    tables (its own, else its game's, else the house's; None: no rake is taken there)."""

    name: str
    game: str
    small_blind: int
    big_blind: int
    buy_in_min: int
    buy_in_max: int | None
    straddle: int | None              # None: the house states no straddle at these stakes
    auto_straddle: int | None
    raise_unit: int
    straddle_by_agreement: int | None = None
    role: str | None = None          # what a rulebook calls this row ("nlh-low"), whatever its blinds
    rake: Rake | None = None

    @property
    def raked(self) -> bool:
        """Whether the house rakes the pots of these stakes (a percentage, an amount per amount, a flat drop)."""
        return self.rake is not None and self.rake.takes

    @property
    def rake_percent(self) -> int | None:
        return self.rake.percent if self.rake else None

    @property
    def rake_cap(self) -> int | None:
        return self.rake.cap if self.rake else None

    @property
    def short_handed_cap(self) -> int | None:
        return self.rake.short_handed_cap if self.rake else None

    @property
    def split_pot_cap(self) -> int | None:
        return self.rake.split_pot_cap if self.rake else None

    @property
    def drop(self) -> int | None:
        """A flat rake per hand, taken from the main pot, instead of a percentage."""
        return self.rake.drop if self.rake else None

    @property
    def structure(self) -> str:
        """``"no_limit"``, ``"pot_limit"`` or ``"limit"``."""
        return GAMES[self.game][0]

    @property
    def variant(self) -> str:
        """``"holdem"`` or ``"omaha"`` (the ``game`` argument of ``hands.winners``)."""
        return GAMES[self.game][1]

    @property
    def smallest_chip(self) -> int:
        """The smallest chip in play: one small blind (seed 000, "ODD CHIP")."""
        return self.small_blind


@dataclass(frozen=True)
class SeatCharge:
    """A time charge: each seated player pays ``amount`` for every period of ``minutes`` begun."""

    amount: int
    minutes: int


@dataclass(frozen=True)
class Times:
    """The house's time limits, each None where its documents give none."""

    break_minutes: int | None = None
    cashier_return_minutes: int | None = None
    return_same_table_hours: int | None = None


# --------------------------------------------------------------------------------------------
# Reading the stakes


def _players(data: Any, path: _Path) -> PlayerRange:
    m = _mapping(data, path, ("min", "max"))
    lo = _int(m, "min", path, minimum=2)
    hi = _int(m, "max", path, minimum=2)
    if hi < lo:
        raise HouseError(f"max ({hi}) is below min ({lo})", path + ("max",))
    return PlayerRange(lo, hi)


_STAKES_KEYS = ("name", "game", "small_blind", "big_blind", "buy_in")
# What a row states only where the house's documents do: its rake, its straddles, its raise step.
_STAKES_OPTIONAL = ("rake", "straddle", "auto_straddle", "raise_unit", "straddle_by_agreement", "role", "rake_tier")


def _blinds_named(name: str, sb: int, bb: int, subunits: int) -> bool:
    """Whether a row's name gives its blinds as the house writes them: "1/3", "0.25/0.50" in a house that
    counts in cents (each number the blind, in the house's money), or with the game's code where the
    house runs two games at the same blinds ("PLO 1/2" beside "1/2")."""
    numbers = re.findall(r"\d*\.?\d+", name)
    return len(numbers) == 2 and "/" in name and [Decimal(number) * subunits for number in numbers] == [sb, bb]


def _stakes(data: Any, path: _Path, subunits: int) -> tuple[Stakes, Mapping[str, Any] | None]:
    """A row of the stakes table, and the rake it states (read once the house's and games' are known)."""
    m = _mapping(data, path, _STAKES_KEYS, optional=_STAKES_OPTIONAL)
    for label, example in (("role", "nlh-low"), ("rake_tier", "low")):   # names the rules use, never numbers
        value = m.get(label)
        if value is not None and not (isinstance(value, str) and re.fullmatch(r"[a-z][a-z0-9]*(-[a-z0-9]+)*", value)):
            raise HouseError(f"the stakes {label} must be lower-case words joined by hyphens, like {example!r}, "
                             f"not {value!r}", path + (label,))
    name = m["name"]
    if not isinstance(name, str):
        raise HouseError(f"the stakes name must be a text like '1/3', not {name!r} (quote it in YAML)",
                         path + ("name",))
    game = m["game"]
    if game not in GAMES:
        raise HouseError(f"unknown game {game!r}; known games: {', '.join(GAMES)}", path + ("game",))
    sb = _int(m, "small_blind", path, minimum=1)
    bb = _int(m, "big_blind", path, minimum=1)
    if bb < sb:
        raise HouseError(f"the big blind ({bb}) is smaller than the small blind ({sb})", path + ("big_blind",))
    if not _blinds_named(name, sb, bb, subunits):
        shown = "/".join(_written(amount, subunits) for amount in (sb, bb))
        raise HouseError(f"the stakes are named {name!r} but the blinds are {shown} (a name is the blinds, and the "
                         f"game's code where two games share them: 'PLO {shown}')", path + ("name",))
    bmin, bmax = _buy_in(m["buy_in"], path + ("buy_in",), bb)
    if m.get("rake") is not None and not isinstance(m["rake"], Mapping):
        raise HouseError("a row's rake is a mapping: percent, cap… (houses/README.md)", path + ("rake",))
    return Stakes(name, game, sb, bb, bmin, bmax, *_straddles(m, path, bb), m.get("role")), m.get("rake")


def _written(amount: int, subunits: int) -> str:
    """An amount of the engine's money as the house file writes it ("0.25" for 25 cents)."""
    return str(Decimal(amount) / subunits) if subunits > 1 and amount % subunits else str(amount // subunits)


def _buy_in(data: Any, path: _Path, bb: int) -> tuple[int, int | None]:
    """A row's buy-in range, ``(min, max)`` (max None: no maximum): its own mapping, read on its own."""
    bi = _mapping(data, path, ("min", "max"))
    bmin = _int(bi, "min", path, minimum=1)
    bmax = _int(bi, "max", path, minimum=1, allow_null=True)
    if bmax is not None and bmax < bmin:
        raise HouseError(f"the maximum buy-in ({bmax}) is below the minimum ({bmin})", path + ("max",))
    if bmin < bb:
        raise HouseError(f"the minimum buy-in ({bmin}) is less than one big blind ({bb})", path + ("min",))
    return bmin, bmax


def _straddles(m: Mapping[str, Any], path: _Path, bb: int) -> tuple[int | None, int | None, int, int | None]:
    """A row's straddle, automatic straddle, raise unit and straddle by agreement, where it states them."""
    straddle = _int(m, "straddle", path, minimum=1) if m.get("straddle") is not None else None
    # The automatic straddle exists only at the stakes whose house document names one (seed 000: 2/5, 1/3, 2/2).
    auto = _int(m, "auto_straddle", path, minimum=1) if m.get("auto_straddle") is not None else None
    for key, v in (("straddle", straddle), ("auto_straddle", auto)):
        if v is not None and v <= bb:
            raise HouseError(f"the {key.replace('_', ' ')} ({v}) must be more than the big blind ({bb})", path + (key,))
    agreed = None
    if "straddle_by_agreement" in m:
        agreed = _int(m, "straddle_by_agreement", path, minimum=1)
        if agreed <= bb:
            raise HouseError(f"the straddle by agreement ({agreed}) must be more than the big blind ({bb})",
                             path + ("straddle_by_agreement",))
    # No unit (null): any amount, as seed 000 says of 1/3 and 2/5 ("orice raise"): multiples of one.
    unit = (_int(m, "raise_unit", path, minimum=1, allow_null=True) if "raise_unit" in m else None) or 1
    if bb % unit:
        raise HouseError(f"the big blind ({bb}) is not a multiple of the raise unit ({unit})", path + ("raise_unit",))
    return straddle, auto, unit, agreed


def _bands(data: Any, path: _Path, percents: Sequence[int], top_cap: int) -> tuple[RakeBand, ...]:
    """The band table; each band's rake within 1 unit of each of the house's percentages of its pots
    (``percents``), and the open-ended last band not below the highest cap."""
    if not isinstance(data, list) or not data:
        raise HouseError("bands must be a list of {from, to, rake} rows", path)
    bands: list[RakeBand] = []
    for i, row in enumerate(data):
        p = path + (i,)
        m = _mapping(row, p, ("from", "to", "rake"))
        lo = _int(m, "from", p)
        hi = _int(m, "to", p, allow_null=True)
        rake = _int(m, "rake", p)
        expected = 0 if not bands else (bands[-1].high or 0) + 1
        if i == 0 and lo != 0:
            raise HouseError(f"the first band must start at 0, not {lo}: pots below {lo} have no band",
                             p + ("from",))
        if i > 0 and lo != expected:
            if lo > expected:
                raise HouseError(f"no band covers pots of {expected} to {lo - 1} (gap before this band)",
                                 p + ("from",))
            raise HouseError(f"this band starts at {lo} but pots of {lo} to {expected - 1} are already in the "
                             f"band before it (overlap)", p + ("from",))
        if hi is not None and hi < lo:
            raise HouseError(f"the band ends ({hi}) before it starts ({lo})", p + ("to",))
        if hi is None and i != len(data) - 1:
            raise HouseError("only the last band may be open-ended (to: null)", p + ("to",))
        if bands and rake < bands[-1].rake:
            raise HouseError(f"the rake goes down ({bands[-1].rake} -> {rake}) for bigger pots", p + ("rake",))
        for pct in sorted(set(percents)):
            # Consistency: every pot in the band pays within 1 unit of exactly pct % of it. The
            # difference is linear in the pot, so the two ends of the band decide.
            ends = (lo,) if hi is None else (lo, hi)
            for pot in ends:
                if abs(rake * 100 - pct * pot) > 100:
                    raise HouseError(
                        f"a pot of {pot} pays {rake} in this band, but {pct} % of it is "
                        f"{float(Fraction(pct * pot, 100)):g}: more than 1 apart", p + ("rake",))
        if hi is None and rake < top_cap:
            raise HouseError(f"the open-ended last band pays {rake}, less than the highest cap "
                             f"({top_cap}): bigger pots would be raked less than the house percentage",
                             p + ("rake",))
        bands.append(RakeBand(lo, hi, rake))
    if bands[-1].high is not None:
        raise HouseError(f"no band covers pots above {bands[-1].high}: the last band needs 'to: null'",
                         path + (len(data) - 1, "to"))
    return tuple(bands)


def _short_handed(rk: Mapping[str, Any], rp: _Path, stated: Sequence[tuple[_Path, Rake]]) \
        -> tuple[PlayerRange | None, PlayerRange | None]:
    """The short-handed and full-table player ranges, or neither: the cap for few players is one choice, read apart."""
    if ("short_handed_players" in rk) != ("full_table_players" in rk):
        raise HouseError("the cap for few players needs both ranges, short_handed_players and full_table_players",
                         rp + ("full_table_players" if "short_handed_players" in rk else "short_handed_players",))
    if "short_handed_players" not in rk:
        return None, None
    short = _players(rk["short_handed_players"], rp + ("short_handed_players",))
    full = _players(rk["full_table_players"], rp + ("full_table_players",))
    if full.low != short.high + 1:
        raise HouseError(f"short-handed is {short.low}-{short.high} players, so the full-table range must start "
                         f"at {short.high + 1}, not {full.low}", rp + ("full_table_players", "min"))
    for where, rake in stated:
        if rake.takes and rake.drop is None and rake.short_handed_cap is None:
            raise HouseError("the house caps the rake for few players: give these stakes their "
                             "short_handed_cap", where)
    return short, full


# --------------------------------------------------------------------------------------------


_T = TypeVar("_T")


def _with_stakes(value: _T | None) -> _T:
    """A rake parameter, which every house with stakes has (validated with them): its rulings run
    only once ``_runs_cash_games`` has passed."""
    if value is None:
        raise AssertionError("validated with the stakes")  # pragma: no cover
    return value


def _stakes_table(m: Mapping[str, Any], subunits: int, house_rake: Rake | None, games: Mapping[str, Rake]) \
        -> tuple[list[Stakes], list[tuple[_Path, Rake]]]:
    """The stakes rows, each with the rake that holds at its tables, and every statement of the rake with
    where it is written (the house's, the games', the rows' own)."""
    rows = m.get("stakes") if "stakes" in m else []
    if not isinstance(rows, list) or ("stakes" in m and not rows):
        raise HouseError("stakes must be a non-empty list of stakes rows", ("stakes",))
    stated: list[tuple[_Path, Rake]] = [(("rake",), house_rake)] if house_rake else []
    stated += [(("rake", "games", game), rake) for game, rake in games.items()]
    stakes: list[Stakes] = []
    for i, row in enumerate(rows):
        s, own = _stakes(row, ("stakes", i), subunits)
        if any(t.name == s.name for t in stakes):
            raise HouseError(f"the stakes {s.name!r} are listed twice", ("stakes", i, "name"))
        if s.role is not None and any(t.role == s.role for t in stakes):
            raise HouseError(f"two stakes rows have the role {s.role!r}", ("stakes", i, "role"))
        rake = games.get(s.game, house_rake)
        if own is not None:
            rake = read_rake(own, ("stakes", i, "rake"))
            stated.append((("stakes", i, "rake"), rake))
        stakes.append(dataclasses.replace(s, rake=rake))
    unused = next((game for game in games if stakes and not any(s.game == game for s in stakes)), None)
    if unused is not None:
        raise HouseError(f"the house states the rake of {unused}, but no stakes row plays it", ("rake", "games", unused))
    return stakes, stated


def _pot_pieces(rk: Mapping[str, Any], rp: _Path, stated: Sequence[tuple[_Path, Rake]]) -> dict[str, Any]:
    """What the house's rake adds to its statements, each only where the house states it: a band table
    (else each statement's own share), a cap for few players dealt in (the two player ranges and each
    statement's short-handed cap), "no flop, no drop", the smallest pot run twice, the Chinese-poker time rake."""
    short, full = _short_handed(rk, rp, stated)
    nfnd = rk.get("no_flop_no_drop", False)
    if not isinstance(nfnd, bool):
        raise HouseError("no_flop_no_drop must be true or false", rp + ("no_flop_no_drop",))
    bands: tuple[RakeBand, ...] = ()
    if "bands" in rk:
        if any(rake.takes and (rake.percent is None or rake.no_rake_up_to is not None or rake.rounding != Rounding())
               for _, rake in stated):
            raise HouseError("a band table gives the rake of every pot: it has no place beside a drop, an amount "
                             "per amount, a threshold or a rounding", rp + ("bands",))
        bands = _bands(rk["bands"], rp + ("bands",), [rake.percent for _, rake in stated if rake.percent is not None],
                       max((rake.cap for _, rake in stated if rake.cap is not None), default=0))
    optional = {key: _int(rk, key, rp) if rk.get(key) is not None else None
                for key in ("deal_twice_min_pot", "chinese_poker_per_player_per_hour")}
    return dict(bands=bands, short_handed_players=short, full_table_players=full, no_flop_no_drop=nfnd, **optional)


#: What the house's ``rake:`` holds besides one statement of the rake (``pokerrules.rake.RAKE_KEYS``).
_HOUSE_RAKE_KEYS = ("short_handed_players", "full_table_players", "no_flop_no_drop", "deal_twice_min_pot",
                    "chinese_poker_per_player_per_hour", "bands", "time_charge", "games")


@dataclass(frozen=True)
class House:
    """A card room's validated parameters, and the rulings that depend on them."""

    currency: str
    official_language: str
    announced_in: tuple[str, ...]
    #: A room that runs no cash games (a tournament room) has no stakes, no rake and no cash times.
    stakes_table: tuple[Stakes, ...] = ()
    bands: tuple[RakeBand, ...] = ()
    short_handed_players: PlayerRange | None = None
    full_table_players: PlayerRange | None = None
    no_flop_no_drop: bool = False
    deal_twice_min_pot: int | None = None
    chinese_poker_per_player_per_hour: int | None = None
    times: Times | None = None
    #: A time charge per seat (``rake: {time_charge: …}``), beside or instead of a rake of the pots.
    seat_charge: SeatCharge | None = None
    #: The rake stated for the house (None: it states its rake by game or stakes, or takes none), and by game.
    house_rake: Rake | None = None
    game_rakes: Mapping[str, Rake] = field(default_factory=dict)
    #: How many of the engine's amounts make one unit of the house's money (100 where it counts in cents).
    subunits: int = 1
    #: Reopening after an all-in short of a full raise: "tda" (full raise) or "half" (seed 003 rule 39).
    incomplete_all_in: AllInRule = AllInRule.TDA
    #: "call_or_fold" (seed 000: the chips stay, call or fold, no raise) or "full_call" (seed 003 rule 34).
    undercall: UndercallRule = UndercallRule.CALL_OR_FOLD
    #: Who shows first at showdown: "last_aggressor" (seed 000) or "first_bettor" (seed 003 rule 16).
    first_to_show: ShowdownRule = ShowdownRule.LAST_AGGRESSOR

    # -- construction ------------------------------------------------------------------------

    @classmethod
    def load(cls, path: str | Path) -> "House":
        """Read and validate a house-parameter YAML file, or a house file whose ``parameters`` hold them."""
        import yaml  # local: the engine needs PyYAML only to read files

        class _StrictLoader(yaml.SafeLoader):
            pass

        def _no_duplicates(loader: Any, node: Any, deep: bool = False) -> dict[Any, Any]:
            seen: set[Any] = set()
            for key_node, _ in node.value:
                key = loader.construct_object(key_node, deep=deep)
                if key in seen:
                    raise HouseError(f"the key {key!r} is given twice (line {key_node.start_mark.line + 1})")
                seen.add(key)
            return loader.construct_mapping(node, deep=deep)

        _StrictLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _no_duplicates)
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise HouseError(f"cannot read the house file {path}: {exc.strerror or exc}") from exc
        try:
            data = yaml.load(text, Loader=_StrictLoader)  # noqa: S506 - SafeLoader subclass
        except yaml.YAMLError as exc:
            raise HouseError(f"{path} is not valid YAML: {exc}") from exc
        if isinstance(data, dict) and "parameters" in data:
            data = data["parameters"]
        return cls.from_mapping(data)

    @classmethod
    def from_mapping(cls, data: Any, *, subunits: int | None = None) -> "House":
        """Validate already-parsed house parameters (``parameters`` of ``houses/<house>/house.yaml``),
        whose quantities may carry their units (an amount with its currency's code, ``30 minutes``).
        ``subunits``: how many of the given whole amounts make one unit of the money, for parameters
        already counted (read from the quantities' decimals otherwise)."""
        data, written = _numbers(data)
        subunits = subunits or written
        m = _mapping(data, (), ("currency", "official_language", "announced_in"),
                     optional=("stakes", "rake", "times", "betting", "showdown"))
        currency = _str(m, "currency", ())
        official = _str(m, "official_language", ())
        announced = m["announced_in"]
        if not isinstance(announced, list) or not announced or not all(isinstance(x, str) for x in announced):
            raise HouseError("announced_in must be a list of language codes such as [ro, en]", ("announced_in",))
        if official not in announced:
            raise HouseError(f"the official language {official!r} must be one of the languages the floor announces "
                             f"in ({', '.join(announced)})", ("official_language",))
        cash: dict[str, Any] = {}
        if "stakes" in m or "rake" in m:
            cash = cls._cash_games(m, subunits)
        if "times" in m:
            tp: _Path = ("times",)
            keys = ("break_minutes", "cashier_return_minutes", "return_same_table_hours")
            tm = _mapping(m["times"], tp, (), optional=keys)   # each only where the house's documents give it
            cash["times"] = Times(*(_int(tm, key, tp, minimum=1) if tm.get(key) is not None else None for key in keys))
        extra: dict[str, Any] = {}
        if "betting" in m:
            bp: _Path = ("betting",)
            b = _mapping(m["betting"], bp, (), optional=("incomplete_all_in", "undercall"))
            if "incomplete_all_in" in b:
                extra["incomplete_all_in"] = AllInRule(_choice(b, "incomplete_all_in", bp, ALL_IN_RULES))
            if "undercall" in b:
                extra["undercall"] = UndercallRule(_choice(b, "undercall", bp, UNDERCALL_RULES))
        if "showdown" in m:
            sp: _Path = ("showdown",)
            sd = _mapping(m["showdown"], sp, (), optional=("first_to_show",))
            if "first_to_show" in sd:
                extra["first_to_show"] = ShowdownRule(_choice(sd, "first_to_show", sp, SHOWDOWN_RULES))
        return cls(currency, official, tuple(announced), **cash, **extra, subunits=subunits)

    @staticmethod
    def _cash_games(m: Mapping[str, Any], subunits: int) -> dict[str, Any]:
        """The stakes table and the rake: what a cash-game room adds. The rake is stated for the house,
        for a game or for a row: each row takes the first of its own, its game's and the house's."""
        rp: _Path = ("rake",)
        given = m.get("rake") if "rake" in m else {}
        if not isinstance(given, Mapping):
            raise HouseError("rake must be a mapping of the house's rake (percent, cap, bands, time_charge…)", rp)
        rk = _mapping(given, rp, (), optional=(*RAKE_KEYS, *_HOUSE_RAKE_KEYS))
        house_rake = read_rake(rk, rp) if any(key in rk for key in RAKE_KEYS) else None
        games: dict[str, Rake] = {}
        if rk.get("games") is not None:
            gp = rp + ("games",)
            gm = _mapping(rk["games"], gp, (), optional=tuple(GAMES))
            games = {game: read_rake(_mapping(stated, gp + (game,), (), optional=RAKE_KEYS), gp + (game,))
                     for game, stated in gm.items()}
        stakes, stated = _stakes_table(m, subunits, house_rake, games)
        charge = None
        if "time_charge" in rk:   # each seated player pays for each period begun: no pot is raked for it
            tp = rp + ("time_charge",)
            tc = _mapping(rk["time_charge"], tp, ("amount", "every_minutes"))
            charge = SeatCharge(_int(tc, "amount", tp, minimum=1), _int(tc, "every_minutes", tp, minimum=1))
        takes = stakes[0].raked if stakes else any(rake.takes for _, rake in stated)
        for i, s in enumerate(stakes):
            if s.raked != takes:
                raise HouseError("a house rakes the pots of all its stakes or of none: give every stakes row its rake, "
                                 "or none", ("stakes", i) + (() if takes else ("rake",)))
        found = dict(stakes_table=tuple(stakes), seat_charge=charge, house_rake=house_rake, game_rakes=games)
        pot_keys = sorted(set(rk) & {"short_handed_players", "full_table_players", "no_flop_no_drop",
                                     "deal_twice_min_pot", "chinese_poker_per_player_per_hour", "bands"})
        if not takes and pot_keys:
            raise HouseError(f"the house's {pot_keys[0]} rakes pots, but neither the house nor a stakes row states "
                             "its rake", rp + (pot_keys[0],))
        return {**found, **(_pot_pieces(rk, rp, stated) if takes else {})}

    # -- look-ups ----------------------------------------------------------------------------

    @property
    def stakes_names(self) -> list[str]:
        """The stakes labels in table order, e.g. ``["1/3", "2/2", "2/5", "5/5", "5/10"]``."""
        return [s.name for s in self.stakes_table]

    @property
    def runs_cash_games(self) -> bool:
        """Whether the house states cash games: its stakes, or its rake (a room may state its rake alone)."""
        return bool(self.stakes_table) or self.house_rake is not None or bool(self.game_rakes)

    def _runs_cash_games(self) -> None:
        if not self.runs_cash_games:
            raise ValueError("this house runs no cash games: it has no stakes and takes no rake")

    def stakes(self, name: str) -> Stakes:
        """The stakes row called ``name`` (ValueError naming the known stakes otherwise)."""
        self._runs_cash_games()
        if not self.stakes_table:
            raise ValueError("this house states no stakes")
        for s in self.stakes_table:
            if s.name == name:
                return s
        raise ValueError(f"this house has no {name!r} game; its stakes are {', '.join(self.stakes_names)}")

    @property
    def takes_rake(self) -> bool:
        """Whether the house takes rake from its cash games (a room may take none)."""
        if self.stakes_table:
            return self.stakes_table[0].raked
        return any(rake.takes for rake in (self.house_rake, *self.game_rakes.values()) if rake)

    def _takes_rake(self) -> None:
        self._runs_cash_games()
        if not self.takes_rake:
            raise ValueError("this house takes no rake")

    @property
    def rakes(self) -> tuple[Rake, ...]:
        """Every statement of the rake that holds at one of its tables (the house's, its games', its rows')."""
        return tuple(dict.fromkeys(rake for rake in (self.house_rake, *self.game_rakes.values(),
                                                     *(s.rake for s in self.stakes_table)) if rake is not None))

    def rake_of(self, stakes: str | None = None, *, game: str | None = None) -> Rake | None:
        """The rake that holds at a table of these stakes (or of this game, for a house that states no
        stakes): the row's own, else its game's, else the house's; None where no rake is taken."""
        if stakes is not None:
            return self.stakes(stakes).rake
        self._runs_cash_games()
        if self.stakes_table and len({s.rake for s in self.stakes_table}) > 1:
            raise ValueError(f"the rake here depends on the stakes: say which ({', '.join(self.stakes_names)})")
        if self.stakes_table:
            return self.stakes_table[0].rake
        if game is not None:
            if game not in GAMES:
                raise ValueError(f"unknown game {game!r}; known games: {', '.join(GAMES)}")
            return self.game_rakes.get(game, self.house_rake)
        if self.game_rakes:
            raise ValueError(f"the rake here depends on the game: say which ({', '.join(self.game_rakes)})")
        return self.house_rake

    def _taking(self, stakes: str | None, game: str | None) -> Rake:
        rake = self.rake_of(stakes, game=game)
        if rake is None or not rake.takes:
            raise ValueError("this house takes no rake")
        return rake

    def band_rake(self, pot: int, stakes: str | None = None, *, game: str | None = None) -> int:
        """The rake of one pot before any cap: the band table's, or, for a house with none, what the rake
        stated at these stakes takes from it (its percentage rounded as the house says, down to a whole
        amount where it says nothing; nothing up to its threshold)."""
        self._takes_rake()
        check_amount(pot, "pot")
        if not self.bands:
            return self._taking(stakes, game).of_pot(pot)
        for band in self.bands:
            if band.contains(pot):
                return band.rake
        raise AssertionError("validated bands cover every pot")  # pragma: no cover

    def rake_cap(self, stakes: str | None = None, *, players: int, game: str | None = None) -> int:
        """The cap for one hand at these stakes with ``players`` dealt in (short-handed cap for 2-4)."""
        rake = self.rake_of(stakes, game=game)
        self._takes_rake()
        if isinstance(players, bool) or not isinstance(players, int):
            raise ValueError(f"the number of players must be a whole number, not {players!r}")
        where = f" at {stakes}" if stakes else ""
        if rake is None or rake.cap is None:
            raise ValueError(f"the rake{where} has no cap" + (": it is a flat drop per hand" if rake and rake.drop
                                                              else ""))
        if self.short_handed_players is None or self.full_table_players is None:
            if players < 2:
                raise ValueError(f"a hand is dealt to 2 players or more, not {players}")
            return rake.cap          # one cap, whatever the players dealt in
        short, full = self.short_handed_players, self.full_table_players
        if players in short:
            return _with_stakes(rake.short_handed_cap)
        if players in full:
            return rake.cap
        lo, hi = short.low, full.high
        raise ValueError(f"a hand is dealt to {lo} to {hi} players, not {players}")

    def rake(self, pots: Sequence[int], *, stakes: str | None = None, players: int, flop: bool = True,
             game: str | None = None) -> list[int]:
        """The rake taken from each pot of one hand, main pot first.

        Each pot pays its band (or the share the house states, nothing up to its threshold); one cap
        covers the whole hand, filled from the main pot first (seed 000: main 201 + side 782 -> [10, 10]
        at a cap of 20, [10, 20] at 30). No flop, no drop, where the house says so. A flat drop is
        taken once a hand, from the main pot.
        """
        amounts = [check_amount(getattr(p, "amount", p), "pot") for p in pots]
        self._runs_cash_games()
        rake = self.rake_of(stakes, game=game)
        if rake is None or not rake.takes or (not flop and self.no_flop_no_drop):
            return [0] * len(amounts)   # a room that takes no rake takes none from any pot
        if rake.drop is not None:   # a flat drop per hand, from the main pot
            return [rake.of_pot(amounts[0]), *([0] * (len(amounts) - 1))] if amounts else []
        cap = sum(amounts) if rake.cap is None else self.rake_cap(stakes, players=players, game=game)
        left = cap
        out = []
        for pot in amounts:
            take = min(self.band_rake(pot, stakes, game=game), left)
            out.append(take)
            left -= take
        return out

    def jackpot_drop(self, pots: Sequence[int], *, stakes: str | None = None, flop: bool = True,
                     big_blind_called: bool = True, game: str | None = None) -> int:
        """What the house drops from one hand for its jackpot or promotion, beside the rake: taken from
        the main pot, only where its condition holds (a flop dealt, the big blind called, the pots over
        an amount); 0 for a house that states no such drop."""
        amounts = [check_amount(getattr(p, "amount", p), "pot") for p in pots]
        rake = self.rake_of(stakes, game=game)
        if rake is None or rake.jackpot is None:
            return 0
        return rake.jackpot.taken(amounts, flop=flop, big_blind_called=big_blind_called)

    def split_pot_rake(self, pot: int, *, dead_money: int, stakes: str | None = None, game: str | None = None) -> int:
        """Rake on a single-board pot chopped by the players who contested it.

        Only dead money (chips from players who are not sharing the pot) is raked, so the players
        who split cannot lose; the band rake is limited by the split-pot cap (seed 000: pot 504 with
        4 dead -> 4; with 20 dead -> 10 at a split cap of 10).
        """
        check_amount(pot, "pot")
        check_amount(dead_money, "dead money")
        if dead_money > pot:
            raise ValueError(f"the dead money ({dead_money}) cannot be more than the pot ({pot})")
        rake = self.rake_of(stakes, game=game)
        if not self.takes_rake or rake is None or not rake.takes:
            return 0
        if rake.split_pot_cap is None:
            raise ValueError(f"this house states no rake for a pot split{f' at {stakes}' if stakes else ''}")
        return min(self.band_rake(pot, stakes, game=game), rake.split_pot_cap, dead_money)

    def can_deal_twice(self, pot: int) -> bool:
        """Whether the pot is big enough for the players to run the board more than once."""
        self._runs_cash_games()
        check_amount(pot, "pot")
        if self.deal_twice_min_pot is None:
            raise ValueError("this house states no smallest pot for running it more than once")
        return pot >= self.deal_twice_min_pot

    def straddle(self, stakes: str) -> int:
        """The voluntary straddle at these stakes."""
        amount = self.stakes(stakes).straddle
        if amount is None:
            raise ValueError(f"this house states no straddle at {stakes}")
        return amount

    def auto_straddle(self, stakes: str) -> int | None:
        """The automatic straddle, which counts as a third blind (None where the house names none)."""
        return self.stakes(stakes).auto_straddle

    def straddle_by_agreement(self, stakes: str) -> int | None:
        """The larger straddle allowed when every player agrees (None where there is none)."""
        return self.stakes(stakes).straddle_by_agreement

    def buyin_range(self, stakes: str) -> tuple[int, int | None]:
        """``(minimum, maximum)`` buy-in; maximum None where there is no maximum."""
        s = self.stakes(stakes)
        return (s.buy_in_min, s.buy_in_max)

    def raise_unit(self, stakes: str) -> int:
        """Bets and raises at these stakes go in multiples of this (seed 000: any amount at 1/3 and 2/5)."""
        return self.stakes(stakes).raise_unit

    def smallest_chip(self, stakes: str) -> int:
        """The smallest chip in play, one small blind: the unit of odd chips in a split pot."""
        return self.stakes(stakes).smallest_chip

    def time_charge(self, minutes: int) -> int:
        """What one seated player pays for ``minutes`` at the table: the house's charge for every period
        begun (a room that charges by time rather than, or beside, raking its pots)."""
        if self.seat_charge is None:
            raise ValueError("this house takes no time charge")
        if isinstance(minutes, bool) or not isinstance(minutes, int) or minutes < 0:
            raise ValueError(f"the time at the table must be a whole number of minutes, 0 or more, not {minutes!r}")
        return -(-minutes // self.seat_charge.minutes) * self.seat_charge.amount

    def chinese_poker_rake(self, players: int, hours: int | float | Fraction) -> int:
        """The time rake for Chinese poker: a fixed amount per player per hour (100 in seed 000)."""
        self._takes_rake()
        if isinstance(players, bool) or not isinstance(players, int) or players < 1:
            raise ValueError(f"the number of players must be a whole number of at least 1, not {players!r}")
        if isinstance(hours, bool) or not isinstance(hours, (int, float, Fraction)) or hours < 0:
            raise ValueError(f"the time played must be a number of hours, 0 or more, not {hours!r}")
        total = Fraction(str(hours)) * players * _with_stakes(self.chinese_poker_per_player_per_hour)
        if total.denominator != 1:
            raise ValueError(f"{players} players for {hours} h comes to {float(total):g}, not a whole amount")
        return int(total)
