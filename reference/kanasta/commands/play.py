"""``kanasta play`` and ``kanasta replay``: a full game with a random legal policy, and its log.

The log names every draw, pile take, meld (with its arrangement), lay-off,
canasta (with its kind), fi pickup, going out and stock exhaustion, and ends
each hand with the score sheet, the two teams in two columns: *biz* (seats 0
and 2) and *onlar* (seats 1 and 3).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

from kanasta.commands import add_option_argument
from kanasta.commands.spec import add_language_argument, get_language
from kanasta.conformance.jsonio import read_json_file
from kanasta.engine import legal_actions
from kanasta.errors import InputError, Violation
from kanasta.families import FAMILY_NAMES, PROFILES, get_profile, require_playable
from kanasta.io.files import check_output_path, write_file
from kanasta.io.game_json import RejectedAction, game_from_json, game_to_json
from kanasta.native import ENGINES, require_engine
from kanasta.play.policy import PLAY_POLICY, POLICIES, default_policy, make_policy
from kanasta.rules.actions import Action, ActionType, apply_action
from kanasta.rules.canastas import get_canasta_bonus, is_trump_match
from kanasta.rules.cards import format_card, format_cards
from kanasta.rules.deal import check_seed, get_next_seat_side, new_hand
from kanasta.rules.families import RulesProfile
from kanasta.rules.game import Game, apply_game_action, new_game
from kanasta.rules.melds import Meld, format_meld
from kanasta.rules.opening import is_forced
from kanasta.rules.scoring import HandScore
from kanasta.rules.state import State, get_team_count
from kanasta.speech import get_reason, get_score_row, say, say_meld, say_points

__all__ = ["format_game", "get_options", "get_team_names", "play_random_game", "register"]

TEAM_NAMES = ("biz", "onlar")


def get_team_names(profile: RulesProfile) -> tuple[str, ...]:
    """biz and onlar for two partnerships; a player alone is named by the seat."""
    if profile.partnerships and get_team_count(profile) == 2:
        return TEAM_NAMES
    return tuple(f"seat {s}" for s in range(get_team_count(profile)))


def register(subparsers: Any) -> None:
    play = subparsers.add_parser(
        "play", help="play a full game with a random legal policy and print its log"
    )
    play.add_argument(
        "--variant", default=FAMILY_NAMES[0], help=f"rule family (default: {FAMILY_NAMES[0]})"
    )
    play.add_argument("--seed", type=int, default=1, help="game seed (deals and policy)")
    play.add_argument(
        "--players",
        type=int,
        choices=(2, 3, 4, 6),
        help="number of players, when the family allows another (fi-351: 2, 3 or 4; "
        "classic: 2, 3, 4 or 6)",
    )
    add_option_argument(
        play,
        "a named rule option of the family (repeatable; e.g. classic: "
        "two-naturals-per-wild, black-three-minus-100, black-three-freezes, joker-canasta, "
        "concealed-only-bonus, concealed-waives-minimum, concealed-canasta, "
        "black-three-last-turn; fi-351: canasta-kind-at-scoring)",
    )
    play.add_argument(
        "--target",
        type=int,
        metavar="POINTS",
        help="the agreed target, when the family allows another (fi-351: 351 or 555)",
    )
    play.add_argument("--save", type=Path, metavar="FILE", help="write the game record as JSON")
    play.add_argument(
        "--deals", action="store_true", help="with --save: include every explicit deal"
    )
    play.add_argument(
        "--max-hands", type=int, default=200, metavar="N", help="stop after N hands (default 200)"
    )
    play.add_argument("--quiet", action="store_true", help="print only the score sheets")
    _add_log(play)
    play.add_argument(
        "--policy",
        choices=sorted(POLICIES),
        default=PLAY_POLICY,
        help="how the players choose: plausible (the default: greedy, and a player who "
        "melds keeps the meld), greedy (meld as much as possible, taking back an opening "
        "that falls short), or uniformly at random among the legal actions",
    )
    play.add_argument(
        "--engine",
        choices=ENGINES,
        default="reference",
        help="the engine that plays: the reference (default) or the native one "
        "(kanasta-native, pip install ./native)",
    )
    add_language_argument(play, "the game log and score sheets")
    play.set_defaults(handler=_play)

    replay = subparsers.add_parser("replay", help="replay a saved game and print its log")
    replay.add_argument("file", type=Path, help="a game record written by kanasta play --save")
    replay.add_argument("--quiet", action="store_true", help="print only the score sheets")
    _add_log(replay)
    add_language_argument(replay, "the game log and score sheets")
    replay.set_defaults(handler=_replay)


LOG_LEVELS = ("summary", "full")
"""How much of a game ``play`` and ``replay`` print: each hand's summary (its openings,
canastas, fi, red threes, how it ended) and score sheet, or every move as well."""


def _add_log(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--log",
        choices=LOG_LEVELS,
        default="summary",
        help="summary (default): each hand's events and score sheet; full: every move too",
    )


def _number_option(profile: RulesProfile, kind: str, value: int, own: int) -> list[str]:
    """profile-options: the option ``--players`` or ``--target`` (``kind``) asks for: none for
    the family's own number, ``KIND-VALUE`` when the family has that option; anything else
    is refused, saying what the family allows."""
    if value == own:
        return []
    name = f"{kind}-{value}"
    others = [o.name.split("-", 1)[1] for o in profile.known_options if o.name.startswith(kind)]
    family = profile.family
    if name in {o.name for o in profile.known_options}:
        return [name]
    if not others:
        raise InputError(
            f"--{kind} {value}: {family} has no {kind} option: {_numbered(kind, str(own))} "
            "(clause profile-options)."
        )
    allowed = ", ".join([str(own), *others[:-1]]) + f" or {others[-1]}"
    raise InputError(
        f"--{kind} {value}: in {family} {_numbered(kind, allowed)}, not {value} "
        "(clause profile-options)."
    )


def _numbered(kind: str, number: str) -> str:
    return f"the target is {number}" if kind == "target" else f"{number} players play"


def get_options(
    variant: str, players: int | None, target: int | None, named: Sequence[str] = ()
) -> tuple[str, ...]:
    """profile-options: the option names that ``--players`` and ``--target`` ask for
    (none when they repeat the family's own numbers), then those named by ``--option``.

    A number the family has no option for, and a number another option given contradicts
    (``--option target-555 --target 351``), are refused.
    """
    family = get_profile(variant)
    options: list[str] = list(dict.fromkeys(named))
    if players is not None:
        options += _number_option(family, "players", players, family.players)
    if target is not None:
        options += _number_option(family, "target", target, family.target_score // 2)
    profile = get_profile(variant, options)
    for kind, value, got in (
        ("players", players, profile.players),
        ("target", target, profile.target_score // 2),
    ):
        if value is not None and value != got:
            given = ", ".join(f"--option {o}" for o in named)
            raise InputError(
                f"--{kind} {value} contradicts {given}: with it {_numbered(kind, str(got))} "
                "(clause profile-options); give one or the other."
            )
    return tuple(dict.fromkeys(options))


def play_random_game(
    variant: str,
    seed: int,
    *,
    max_hands: int = 200,
    on_hand: Callable[[Game], None] | None = None,
    policy: str | None = None,
    options: Sequence[str] = (),
) -> Game:
    """A game where every action is chosen by a policy (default: :func:`default_policy`).

    The policy's random numbers come from ``random.Random(seed)``; the deals
    from the seed through the portable shuffle. Stops after ``max_hands``
    hands even when nobody has won. With the random policy every action is
    drawn uniformly from the legal actions.
    """
    profile = get_profile(variant, options)
    require_playable(profile, "play")
    game = new_game(profile, seed)
    chooser = make_policy(policy or default_policy(profile), seed)
    while not game.over and len(game.hands) < max_hands:
        before = len(game.hands)
        choices = legal_actions(game.state)
        result = apply_game_action(game, chooser.choose(game.state, choices))
        assert not isinstance(result, Violation), result
        game = result
        if on_hand is not None and len(game.hands) > before:
            on_hand(game)
    return game


# --------------------------------------------------------------------------- the log


def _meld_text(
    meld: Meld, trump: int | None, language: str = "en", family: str | None = None
) -> str:
    text = say_meld(format_meld(meld), language, family)
    if meld.canasta is not None and trump is not None and is_trump_match(meld, trump):
        text += say(" [trump]", language, family)
    return text


def describe_action(before: State, action: Action, after: State, language: str = "en") -> list[str]:
    """The log lines for one action (what happened, in words), in ``language`` and the
    words of the family's sources."""
    family = before.profile.family
    seat = before.turn
    names = get_team_names(before.profile)
    team = seat % len(before.melds)
    if before.profile.partnerships:
        who = say("seat {seat} ({team})", language, seat=seat, team=names[team])
    else:
        who = say("seat {seat}", language, family, seat=seat)

    def line(template: str, **params: object) -> None:
        lines.append(say(template, language, family, who=who, **params))

    lines: list[str] = []
    kind = action.type
    if kind is ActionType.DRAW:
        drawn = len(before.stock) - len(after.stock)
        line("{who} draws {cards} from the stock", cards=format_cards(before.stock[:drawn]))
    elif kind is ActionType.TAKE_PILE and (action.cards or action.meld >= 0):
        how = (
            say("lays its top card off on meld #{meld}", language, family, meld=action.meld)
            if action.meld >= 0
            else say(
                "melds its top card with {cards}",
                language,
                family,
                cards=format_cards(action.cards),
            )
        )
        if action.meld >= 0 and action.cards:
            how += say(", showing {cards}", language, family, cards=format_cards(action.cards))
        line(
            "{who} takes the discard pile ({cards}): {how}",
            cards=format_cards(before.discard),
            how=how,
        )
        if after.pile_top is not None:
            line("  the rest of the pile waits until the opening reaches the minimum")
    elif kind is ActionType.TAKE_PILE:
        line("{who} takes the discard pile ({cards})", cards=format_cards(before.discard))
    elif kind is ActionType.MELD:
        meld = after.melds[team][len(before.melds[team])] if not after.hand_over else None
        meld = meld or after.melds[team][-1]
        line("{who} melds {meld}", meld=_meld_text(meld, before.trump, language, family))
    elif kind is ActionType.LAY_OFF:
        meld = after.melds[team][action.meld]
        line(
            "{who} lays off {cards} on meld #{meld}: {text}",
            cards=format_cards(action.cards),
            meld=action.meld,
            text=_meld_text(meld, before.trump, language, family),
        )
    elif kind is ActionType.DISCARD:
        line("{who} discards {card}", card=format_card(action.cards[0]))
    elif kind is ActionType.PASS:
        line("{who} shows {card} and passes", card=format_card(before.discard[-1]))
    else:
        line("{who} takes back the provisional opening")
    if before.red_threes and len(after.red_threes[team]) > len(before.red_threes[team]):
        laid = after.red_threes[team][len(before.red_threes[team]) :]
        line("  {who} lays the red three(s) {cards} face up", cards=format_cards(laid))
    if not before.opened[team] and after.opened[team]:
        line("  team {team} has opened", team=names[team])
    if after.seat_opened and not before.seat_opened[seat] and after.seat_opened[seat]:
        line("  {who} has opened personally")
    if len(after.fi_takers) > len(before.fi_takers):
        how = "at once, and plays on" if kind is not ActionType.DISCARD else "for the next turn"
        line(
            "  {who} empties the hand and takes fi {n} ({how})",
            n=len(after.fi_takers),
            how=say(how, language, family),
        )
    for other, name in enumerate(names):
        if is_forced(after, other) and not is_forced(before, other):
            line(
                "  team {team} has not opened and the other team took both fi: "
                "it must open with a canasta",
                team=name,
            )
    if after.hand_over:
        for waiting in after.fi_waiting:
            line(
                "  seat {seat} never played the fi it took last: "
                "it counts neither for nor against its team",
                seat=waiting,
            )
        if after.went_out is not None:
            line("  {who} goes out: the hand is over")
        else:
            line("  the stock is exhausted: the hand is over")
    return lines


def format_sheet(
    score: HandScore,
    totals: tuple[int, ...],
    names: Sequence[str] = TEAM_NAMES,
    language: str = "en",
    family: str | None = None,
) -> str:
    """The score sheet of a hand: one row per part, a column per team (biz and onlar),
    the row names in ``language`` (and ``family``'s words)."""
    parts: list[str] = []
    for team in score.teams:
        parts += [k for k, _ in team.parts if k not in parts]
    rows = [(get_score_row(p, language, family), [t.get(p) for t in score.teams]) for p in parts]
    rows.append((get_score_row("total", language, family), [t.total for t in score.teams]))
    rows.append((get_score_row("game", language, family), list(totals)))
    width = max(10, *(len(name) for name, _ in rows))
    head = f"  {'':<{width}}" + "".join(f"{name:>10}" for name in names)
    body = [
        f"  {name:<{width}}" + "".join(f"{say_points(v, language):>10}" for v in values)
        for name, values in rows
    ]
    return "\n".join([head, *body])


def _hand_header(number: int, state: State, language: str = "en") -> str:
    family = state.profile.family
    none = say("none", language, family)
    trump = format_card(state.trump) if state.trump is not None else none
    names = get_team_names(state.profile)
    upcard = format_cards(state.discard) if state.discard else none
    scores = ", ".join(
        f"{names[t]} {say_points(s, language)}" for t, s in enumerate(state.team_scores)
    )
    side = say(get_next_seat_side(state.profile), language, family)
    reds = "".join(
        say(
            ", red threes of {team}: {cards}",
            language,
            family,
            team=names[t],
            cards=format_cards(laid),
        )
        for t, laid in enumerate(state.red_threes)
        if laid
    )
    return say(
        "=== hand {number}: dealer seat {dealer}, seat {first} plays first "
        "(each next seat sits at the {side}), "
        "trump {trump}, upcard {upcard}{reds}; {scores} ===",
        language,
        family,
        number=number,
        dealer=state.dealer,
        first=state.turn,
        side=side,
        trump=trump,
        upcard=upcard,
        reds=reds,
        scores=scores,
    )


def format_game(
    game: Game, out: TextIO, *, quiet: bool = False, log: str = "full", language: str = "en"
) -> None:
    """Print the log of every finished hand of ``game`` and the result: with ``log``
    ``"full"`` every move, with ``"summary"`` only each hand's events (the indented lines
    of the full log: openings, red threes, fi, forced teams, the end of the hand), its
    move count and its canastas; ``quiet``: only the score sheets. The words are in
    ``language`` (``en`` or ``tr``), in the words of the family's sources; cards, melds and
    points are written as everywhere."""
    family = game.profile.family
    names = get_team_names(game.profile)
    if game.profile.options:
        print(
            say("options: {options}", language, family, options=", ".join(game.profile.options)),
            file=out,
        )
    for record in game.hands:
        state = new_hand(
            game.profile,
            record.deal,
            dealer=record.dealer,
            team_scores=tuple(
                t - s for t, s in zip(record.totals, record.score.totals, strict=True)
            ),
        )
        print(_hand_header(record.number, state, language), file=out)
        for action in record.actions:
            after = apply_action(state, action)
            assert not isinstance(after, Violation)
            if not quiet:
                lines = describe_action(state, action, after, language)
                if log != "full":
                    lines = [line for line in lines if line.startswith("  ")]
                for line in lines:
                    print(line, file=out)
            state = after
        if not quiet and log != "full":
            moves = say("  ({n} moves; --log full prints them)", language, n=len(record.actions))
            print(moves, file=out)
        if not quiet:
            for team, melds in enumerate(state.melds):
                for meld in melds:
                    bonus = get_canasta_bonus(game.profile, meld, trump=state.trump)
                    if bonus:
                        text = say(
                            "  canasta of {team}: {meld} +{bonus}",
                            language,
                            family,
                            team=names[team],
                            meld=_meld_text(meld, state.trump, language, family),
                            bonus=say_points(bonus, language),
                        )
                        print(text, file=out)
        print(
            say("score sheet of hand {number}:", language, family, number=record.number), file=out
        )
        print(format_sheet(record.score, record.totals, names, language, family), file=out)
    totals = " - ".join(say_points(t, language) for t in game.totals)
    if game.over:
        assert game.winner is not None
        end = say(
            "game over after {n} hand(s): {team} wins ({totals})",
            language,
            family,
            n=len(game.hands),
            team=names[game.winner],
            totals=totals,
        )
    else:
        end = say(
            "no winner after {n} hand(s) ({totals})", language, n=len(game.hands), totals=totals
        )
    print(end, file=out)


def _check_save_path(path: Path) -> None:
    """Refuse, before playing, a --save path that cannot be written."""
    check_output_path(path, "saved game (--save)")


def write_text_atomically(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all (:func:`kanasta.io.files.write_file`)."""
    write_file(path, text, "saved game (--save)")


def _play(args: argparse.Namespace) -> int:
    check_seed(args.seed, "--seed")
    if args.deals and args.save is None:
        raise InputError("--deals says what --save writes; give --save FILE with it.")
    if args.max_hands < 1:
        raise InputError(f"--max-hands must be at least 1, not {args.max_hands}.")
    if args.save is not None:
        _check_save_path(args.save)
    started = time.perf_counter()
    options = get_options(args.variant, args.players, args.target, args.option)
    require_engine(args.engine, args.variant)
    game = play_random_game(
        args.variant, args.seed, max_hands=args.max_hands, policy=args.policy, options=options
    )
    language = get_language(args)
    format_game(game, sys.stdout, quiet=args.quiet, log=args.log, language=language)
    family = game.profile.family
    moves = sum(len(h.actions) for h in game.hands)
    elapsed = time.perf_counter() - started
    seconds = f"{elapsed:.2f}" if language == "en" else f"{elapsed:.2f}".replace(".", ",")
    print(say("{n} actions in {seconds} s", language, family, n=moves, seconds=seconds))
    if args.save is not None:
        record = game_to_json(game, with_deals=args.deals)
        write_text_atomically(args.save, json.dumps(record, indent=1) + "\n")
        print(say("game record written to {path}", language, family, path=args.save))
    return 0


MAX_RECORD_BYTES = 16 << 20
"""A game record larger than this (16 MiB; 200 hands with their deals need about 6) is
refused unread."""


def _replay(args: argparse.Namespace) -> int:
    data = read_json_file(args.file, max_bytes=MAX_RECORD_BYTES, what="a game record")
    variant = data.get("variant") if isinstance(data, dict) else None
    if isinstance(variant, str) and variant in PROFILES:
        require_playable(PROFILES[variant], f"replay {args.file}: it is a game of")
    language = get_language(args)
    try:
        game = game_from_json(data, str(args.file))
    except RejectedAction as refused:
        if language == "en":
            raise
        violation = refused.violation
        family = variant if isinstance(variant, str) else None
        reason = get_reason(violation, language, family)
        raise InputError(
            say(
                "{path}: the rules reject this action: {code} [{clause}]: {reason}",
                language,
                family,
                path=refused.path,
                code=violation.code,
                clause=violation.clause,
                reason=reason,
            )
        ) from None
    if game.actions and not game.over and not game.awaiting_deal:
        raise InputError(
            f"{args.file}.hands[{len(game.hands)}]: the last hand is not over after its "
            f"{len(game.actions)} action(s); a game record ends with a finished hand, so this "
            "one is cut short (clause game-record)."
        )
    format_game(game, sys.stdout, quiet=args.quiet, log=args.log, language=language)
    return 0
