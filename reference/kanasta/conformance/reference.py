"""The reference engine as an implementation under test: protocol requests in, answers out.

:class:`ReferenceImplementation` answers every request of the protocol with
the reference engine. The runner calls it in-process (the default), and
``kanasta adapter`` serves it over stdin/stdout, so both paths answer with the
same code.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from kanasta import __version__
from kanasta.conformance import MAX_GAME_HANDS, PROTOCOL_VERSION
from kanasta.conformance.checks import get_turn_zones
from kanasta.conformance.engine_api import Engine, EngineStatus, count_to_depth, load_engine
from kanasta.conformance.model import CAPABILITIES, ENGINE_STEP_KINDS, JsonObject, StepKind
from kanasta.conformance.request_check import check_request
from kanasta.errors import InputError, Violation
from kanasta.families import PROFILES, get_variant_profile
from kanasta.rules.canastas import get_canasta_bonus
from kanasta.rules.cards import Card, format_card, make_card, parse_card, parse_cards
from kanasta.rules.deal import get_next_dealer
from kanasta.rules.families import RulesProfile
from kanasta.rules.game import get_game_after_hand, get_hand_seed
from kanasta.rules.melds import Meld, MeldKind, apply_lay_off, get_meld_points, validate_meld
from kanasta.rules.points import HalfPoints, check_score, parse_points, points_to_json
from kanasta.rules.state import get_team_count

__all__ = [
    "REFERENCE_FEATURES",
    "ReferenceImplementation",
    "arrangement_to_json",
    "format_arrangement",
    "get_deal_facts",
    "get_turn_facts",
    "rank_text",
]

REFERENCE_FEATURES: tuple[str, ...] = tuple(
    dict.fromkeys(option.name for profile in PROFILES.values() for option in profile.known_options)
)
"""The named rule options the reference implements (clause profile-options)."""


def rank_text(rank: int) -> str:
    """A rank as the notation writes it (``A``, ``2`` .. ``10``, ``J``, ``Q``, ``K``)."""
    return format_card(make_card(rank, 0))[:-1]


def arrangement_to_json(meld: Meld) -> JsonObject:
    """The arrangement of a meld in the protocol's format (``$defs/arrangement``)."""
    cards = [format_card(c) for c in meld.cards]
    if meld.kind is MeldKind.SET:
        return {"kind": "set", "rank": rank_text(meld.rank), "cards": cards}
    if meld.kind is MeldKind.RUN:
        assert meld.suit is not None
        return {
            "kind": "run",
            "suit": meld.suit.letter,
            "low": meld.low,
            "cards": cards,
            "spare": [format_card(c) for c in meld.spare],
        }
    return {"kind": "wild", "cards": cards}


_NO_GAME_DEALER = "the engine cannot deal the hands of a game"
_NO_DECK_DEALER = "the engine cannot deal a deck given in order"
_NO_DEALER = "the engine cannot deal a hand from a deck given in order or from a seed"


class _Rejected(Exception):
    """An action of a setup was refused: the setup is wrong, not the implementation."""


class ReferenceImplementation:
    """Answers protocol requests with the reference engine."""

    engine_label = "the reference"
    """How an error names the engine that raised it (the server's last resort)."""

    def __init__(self, engine: EngineStatus | None = None) -> None:
        self._engine_status = engine if engine is not None else load_engine()
        self.deadline: float | None = None
        """A :func:`time.monotonic` time past which in-process work (a count) stops with
        an error (the run's ``--max-time``); ``None``: only the work bounds apply."""

    @property
    def engine(self) -> Engine | None:
        return self._engine_status.engine

    def get_requests(self, profile: RulesProfile) -> list[str]:
        """The request types the reference answers for a family: the meld checks for
        every family, the engine requests only for a family it plays whole games of
        (``RulesProfile.implemented``) and only when the engine is available; games only
        when the engine can deal a game's hands (a claim is a promise to answer every
        request of the kind)."""
        requests = [StepKind.MELD.value]
        engine = self.engine
        if profile.is_playable and engine is not None:
            deals = callable(getattr(engine, "new_hand_of_game", None))
            stacked = self.deals_deck_order
            requests.extend(
                kind.value
                for kind in sorted(ENGINE_STEP_KINDS)
                if (kind is not StepKind.GAME or deals)
                and (kind is not StepKind.DEAL or deals or stacked)
            )
        return requests

    @property
    def deals_deck_order(self) -> bool:
        """Whether the engine deals a deck given in order (the capability ``deck-order``)."""
        return callable(getattr(self.engine, "new_hand_from_deck", None))

    def hello(self) -> JsonObject:
        """The handshake answer (without ``seq``).

        ``requests`` is every type answered for some family; ``variant_requests``
        narrows it family by family, and ``reasons`` says why a type is not answered.
        """
        by_variant = {name: self.get_requests(profile) for name, profile in PROFILES.items()}
        requests = sorted({kind for kinds in by_variant.values() for kind in kinds})
        reasons: dict[str, str] = {}
        if self.engine is None:
            for kind in sorted(ENGINE_STEP_KINDS):
                reasons[kind.value] = self._engine_status.reason
        else:
            if StepKind.GAME.value not in requests:
                reasons[StepKind.GAME.value] = _NO_GAME_DEALER
            if StepKind.DEAL.value not in requests:
                reasons[StepKind.DEAL.value] = _NO_DEALER
        for name, profile in PROFILES.items():
            if not profile.is_playable:
                reasons[name] = _not_playable(profile)
        answer: JsonObject = {
            "type": "hello",
            "protocol": PROTOCOL_VERSION,
            "implementation": {"name": "kanasta reference", "version": __version__},
            "variants": list(PROFILES),
            "requests": requests,
            "variant_requests": by_variant,
            "features": list(REFERENCE_FEATURES),
            "capabilities": [c for c in CAPABILITIES if c != "deck-order" or self.deals_deck_order],
        }
        if reasons:
            answer["reasons"] = reasons
        return answer

    def answer(self, request: Mapping[str, Any]) -> JsonObject:
        """The answer to one request (with the request's ``seq`` when it has one).

        Malformed requests get an ``error`` answer; the reference never raises
        for what a request contains. Every request of a known family is checked whole
        first (:func:`~kanasta.conformance.request_check.check_request`), so that every engine
        behind the adapter answers a malformed one alike.
        """
        seq = request.get("seq")
        try:
            body = self._dispatch(request)
        except InputError as exc:
            body = {"error": str(exc)}
        return {"seq": seq, **body} if isinstance(seq, int) else body

    def _dispatch(self, request: Mapping[str, Any]) -> JsonObject:
        kind = request.get("type")
        if kind == "hello":
            return self.hello()
        if kind == "bye":
            return {"type": "bye"}
        variant = request.get("variant")
        if not isinstance(variant, str) or variant not in PROFILES:
            return {"unsupported": f"unknown variant {variant!r}"}
        features = request.get("features", [])
        if not isinstance(features, list) or not all(isinstance(f, str) for f in features):
            raise InputError("$.features: expected a list of option names")
        profile = get_variant_profile(variant, features)
        check_request(request)
        if kind == "meld":
            return self._meld(profile, request)
        if kind not in {k.value for k in ENGINE_STEP_KINDS}:
            return {"error": f"unknown request type {kind!r}"}
        if not profile.is_playable:
            return {"unsupported": _not_playable(profile)}
        engine = self.engine
        if engine is None:
            return {"unsupported": self._engine_status.reason}
        if kind == "game":
            return self._game(engine, profile, request)
        if kind == "deal":
            return self._deal(engine, profile, request)
        try:
            state = self._start(engine, profile, request.get("setup"))
        except _Rejected as exc:
            return {"error": str(exc)}
        if kind == "actions":
            return self._actions(engine, profile, state, request.get("actions"))
        if kind == "state":
            return {"state": engine.state_to_json(profile, state)}
        if kind == "score":
            return {"teams": self._score(engine, profile, state)}
        if kind == "count":
            depth = request.get("depth", 1)
            if not isinstance(depth, int) or isinstance(depth, bool) or not 1 <= depth <= 4:
                raise InputError(f"$.depth: expected 1..4, got {depth!r}")
            return {"count": count_to_depth(engine, profile, state, depth, deadline=self.deadline)}
        if kind == "turn":
            return self.turn_answer(engine, profile, state, request.get("play"))
        return self._playthrough(engine, profile, state, request.get("actions"))

    # -- melds ----------------------------------------------------------------------

    def _meld(self, profile: RulesProfile, request: Mapping[str, Any]) -> JsonObject:
        cards = _cards(request.get("cards"), "$.cards")
        going_out = request.get("going_out", False) is True
        result = validate_meld(
            profile,
            cards,
            wild_at=_position(request.get("wild_at"), "$.wild_at"),
            going_out=going_out,
        )
        if isinstance(result, Violation):
            return _rejected_meld(result, 0)
        lay_offs = request.get("lay_offs")
        if lay_offs is None:
            lay_offs = []
        if not isinstance(lay_offs, list):
            raise InputError("$.lay_offs: expected a list of batches")
        meld = result
        for index, batch in enumerate(lay_offs, start=1):
            where = f"$.lay_offs[{index - 1}]"
            if not isinstance(batch, Mapping):
                raise InputError(f"{where}: expected an object with 'cards'")
            grown = apply_lay_off(
                profile,
                meld,
                _cards(batch.get("cards"), f"{where}.cards"),
                wild_at=_position(batch.get("wild_at"), f"{where}.wild_at"),
            )
            if isinstance(grown, Violation):
                return _rejected_meld(grown, index)
            meld = grown
        trump_text = request.get("trump")
        trump = _card(trump_text, "$.trump") if trump_text is not None else None
        return {
            "verdict": "legal",
            "arrangement": arrangement_to_json(meld),
            "points": points_to_json(get_meld_points(profile, meld)),
            "canasta": meld.canasta.value if meld.canasta is not None else None,
            "bonus": points_to_json(get_canasta_bonus(profile, meld, trump=trump)),
        }

    # -- engine requests --------------------------------------------------------------

    @staticmethod
    def _start(engine: Engine, profile: RulesProfile, setup: Any) -> Any:
        if not isinstance(setup, Mapping):
            raise InputError("$.setup: expected an object with 'state' or 'seed'")
        if setup.get("state") is not None:
            state = engine.new_state_from_json(profile, setup["state"], "$.setup.state")
        elif isinstance(setup.get("seed"), int):
            state = engine.new_state_from_seed(profile, setup["seed"])
        else:
            raise InputError("$.setup: needs 'state' or 'seed'")
        actions = setup.get("actions", [])
        if not isinstance(actions, list):
            raise InputError("$.setup.actions: expected a list of actions")
        for index, raw in enumerate(actions):
            action = engine.action_from_json(profile, raw, f"$.setup.actions[{index}]")
            result = engine.apply_action(profile, state, action)
            if isinstance(result, Violation):
                raise _Rejected(f"setup action {index} ({raw.get('type')}) is refused: {result}")
            state = result
        return state

    @staticmethod
    def _actions(engine: Engine, profile: RulesProfile, state: Any, actions: Any) -> JsonObject:
        if not isinstance(actions, list):
            raise InputError("$.actions: expected a list of actions")
        verdicts: list[JsonObject] = []
        for index, raw in enumerate(actions):
            action = engine.action_from_json(profile, raw, f"$.actions[{index}]")
            result = engine.apply_action(profile, state, action)
            if isinstance(result, Violation):
                verdicts.append(_rejection(result))
            else:
                verdicts.append({"verdict": "accepted"})
                state = result
        return {"verdicts": verdicts}

    @staticmethod
    def _score(engine: Engine, profile: RulesProfile, state: Any) -> list[JsonObject]:
        teams: list[JsonObject] = []
        for team in engine.score_hand(profile, state):
            teams.append(
                {
                    "total": points_to_json(team["total"]),
                    "breakdown": {
                        key: points_to_json(value) for key, value in team.items() if key != "total"
                    },
                }
            )
        return teams

    def _playthrough(
        self, engine: Engine, profile: RulesProfile, state: Any, actions: Any
    ) -> JsonObject:
        if not isinstance(actions, list):
            raise InputError("$.actions: expected a list of actions")
        for index, raw in enumerate(actions):
            action = engine.action_from_json(profile, raw, f"$.actions[{index}]")
            result = engine.apply_action(profile, state, action)
            if isinstance(result, Violation):
                return {"verdict": "rejected", "index": index, **_rejection(result, verdict=False)}
            state = result
        return {"verdict": "accepted", "teams": self._score(engine, profile, state)}

    def turn_answer(
        self, engine: Engine, profile: RulesProfile, state: Any, play: Any
    ) -> JsonObject:
        """A whole turn: the goal's actions in order (the reference's moves are the
        protocol's own); the first refused one refuses the goal. Then where every card
        lies, who went out, the canastas and, the hand over, the scores."""
        if not isinstance(play, list):
            raise InputError("$.play: expected a list of actions")
        for index, raw in enumerate(play):
            action = engine.action_from_json(profile, raw, f"$.play[{index}]")
            result = engine.apply_action(profile, state, action)
            if isinstance(result, Violation):
                return _rejection(result)
            state = result
        facts = get_turn_facts(engine.state_to_json(profile, state), get_turn_zones(profile))
        if profile.pile_freezers:
            pile = {parse_card(card) for card in facts["cards"]["pile"]}
            facts["pile_frozen"] = not pile.isdisjoint(profile.pile_freezers)
        if facts["hand_over"]:
            facts["teams"] = self._score(engine, profile, state)
        return {"verdict": "accepted", **facts}

    # -- deals ----------------------------------------------------------------------------

    def _deal(
        self, engine: Engine, profile: RulesProfile, request: Mapping[str, Any]
    ) -> JsonObject:
        """deal-order, first-player (and each family's deal clauses): the hand the engine
        deals by its own procedure from the deck given in order (or from the seed, by the
        portable shuffle), with the dealer given; the dealt state as a deal answer."""
        players = request.get("players")
        if isinstance(players, bool) or not isinstance(players, int):
            raise InputError("$.players: expected the number of players")
        if players != profile.players:
            raise InputError(
                f"$.players: {players} players, but {profile.family} with the features "
                f"{list(profile.options) or 'none'} is played by {profile.players} "
                "(clause profile-options)"
            )
        dealer = request.get("dealer")
        if isinstance(dealer, bool) or not isinstance(dealer, int):
            raise InputError("$.dealer: expected a seat number")
        if not 0 <= dealer < profile.players:
            raise InputError(f"$.dealer: {profile.family} has seats 0..{profile.players - 1}")
        deck, seed = request.get("deck"), request.get("seed")
        if (deck is None) == (seed is None):
            raise InputError("$: a deal request gives exactly one of 'deck' and 'seed'")
        if deck is not None:
            new_hand = getattr(engine, "new_hand_from_deck", None)
            if not callable(new_hand):
                return {"unsupported": _NO_DECK_DEALER}
            if not isinstance(deck, list) or not all(isinstance(c, str) for c in deck):
                raise InputError("$.deck: expected a list of cards, top card first")
            state = new_hand(profile, deck, dealer, "$.deck")
        else:
            new_game_hand = getattr(engine, "new_hand_of_game", None)
            if not callable(new_game_hand):
                return {"unsupported": _NO_DEALER}
            if isinstance(seed, bool) or not isinstance(seed, int):
                raise InputError("$.seed: expected an integer")
            zero = (0,) * get_team_count(profile)
            state = new_game_hand(profile, None, seed, dealer, zero, "$.seed")
        return get_deal_facts(profile, engine.state_to_json(profile, state))

    # -- games ----------------------------------------------------------------------------

    def _game(
        self, engine: Engine, profile: RulesProfile, request: Mapping[str, Any]
    ) -> JsonObject:
        """game-hands, game-target, game-tie, dealer-rotation: the hands in order, the totals
        after each, the target in force, and the winner with the hand that decided it."""
        hands = request.get("hands")
        if not isinstance(hands, list) or not hands:
            raise InputError("$.hands: expected a non-empty list of hands")
        if len(hands) > MAX_GAME_HANDS:
            raise InputError(
                f"$.hands: a game names at most {MAX_GAME_HANDS} hands (clause game-hands), "
                f"not {len(hands)}"
            )
        dealer = request.get("first_dealer")
        if isinstance(dealer, bool) or not isinstance(dealer, int):
            raise InputError("$.first_dealer: expected a seat number")
        if not 0 <= dealer < profile.players:
            raise InputError(f"$.first_dealer: {profile.family} has seats 0..{profile.players - 1}")
        seed = request.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise InputError("$.seed: expected an integer")
        teams = get_team_count(profile)
        totals: tuple[HalfPoints, ...] = (0,) * teams
        target: HalfPoints = profile.target_score
        winner: int | None = None
        results: list[JsonObject] = []
        for index, hand in enumerate(hands):
            where = f"$.hands[{index}]"
            if not isinstance(hand, Mapping):
                raise InputError(f"{where}: expected an object with 'scores' or 'actions'")
            if "scores" in hand:
                scores = _team_points(hand["scores"], teams, f"{where}.scores")
            else:
                played = self._game_hand(engine, profile, hand, index, seed, dealer, totals)
                if isinstance(played, dict):
                    return played
                scores = played
            totals, winner, target = get_game_after_hand(profile, totals, target, scores)
            results.append(
                {
                    "dealer": dealer,
                    "scores": [points_to_json(p) for p in scores],
                    "totals": [points_to_json(p) for p in totals],
                    "target": points_to_json(target),
                }
            )
            if winner is not None:
                break
            dealer = get_next_dealer(profile, dealer)
        return {
            "verdict": "accepted",
            "hands": results,
            "winner": winner,
            "decided_in": len(results) if winner is not None else None,
        }

    def _game_hand(
        self,
        engine: Engine,
        profile: RulesProfile,
        hand: Mapping[str, Any],
        index: int,
        seed: int | None,
        dealer: int,
        totals: tuple[HalfPoints, ...],
    ) -> tuple[HalfPoints, ...] | JsonObject:
        """Play one hand of a game; its scores, or the answer that ends the request."""
        where = f"$.hands[{index}]"
        new_hand = getattr(engine, "new_hand_of_game", None)
        if not callable(new_hand):
            return {"unsupported": _NO_GAME_DEALER}
        deal = hand.get("deal")
        hand_seed: int | None = None
        if deal is None:
            if seed is None:
                raise InputError(f"{where}: a hand without a deal needs the game's 'seed'")
            hand_seed = get_hand_seed(seed, index + 1)
        elif not isinstance(deal, Mapping):
            raise InputError(f"{where}.deal: expected a deal object")
        state = new_hand(profile, deal, hand_seed, dealer, totals, f"{where}.deal")
        actions = hand.get("actions")
        if not isinstance(actions, list):
            raise InputError(f"{where}.actions: expected a list of actions")
        for number, raw in enumerate(actions):
            action = engine.action_from_json(profile, raw, f"{where}.actions[{number}]")
            result = engine.apply_action(profile, state, action)
            if isinstance(result, Violation):
                return {
                    "verdict": "rejected",
                    "hand": index,
                    "index": number,
                    **_rejection(result, verdict=False),
                }
            state = result
        if engine.state_to_json(profile, state).get("hand_over") is not True:
            return {"error": f"hand {index + 1} of the game is not over after its actions"}
        return tuple(team["total"] for team in engine.score_hand(profile, state))


def _team_points(value: Any, teams: int, where: str) -> tuple[HalfPoints, ...]:
    if not isinstance(value, list) or len(value) != teams:
        raise InputError(f"{where}: expected one score per team ({teams})")
    points: list[HalfPoints] = []
    for i, item in enumerate(value):
        try:
            points.append(check_score(parse_points(item), f"{where}[{i}]"))
        except InputError as exc:
            if str(exc).startswith(f"{where}[{i}]"):
                raise
            raise InputError(f"{where}[{i}]: {exc}") from None
    return tuple(points)


def get_turn_facts(
    state: Mapping[str, Any], zones: Sequence[str] = ("stock", "pile", "hands", "melds")
) -> JsonObject:
    """The facts of a turn answer, read from a whole state in the fixture format: where
    every card lies in the family's ``zones`` (card-conservation,
    :func:`~kanasta.conformance.checks.get_turn_zones`), who went out, whether the hand is
    over, and each team's number of canastas."""
    extra = state.get("extra", {})
    if extra.get("pile_pending"):
        raise InputError(
            "$.play: the goal leaves the rest of a taken pile set aside, so the turn is not "
            "over (classic-pile-opening); a turn's goal plays the whole turn"
        )
    melds = [
        [[card for batch in meld["history"] for card in batch["cards"]] for meld in team]
        for team in state["melds"]
    ]
    cards: JsonObject = {
        "stock": list(state["stock"]),
        "pile": list(state["discard"]),
        "hands": [list(hand) for hand in state["hands"]],
        "melds": melds,
    }
    if "fi" in zones:
        cards["fi"] = [list(packet) for packet in state.get("fi", [])]
    if "red_threes" in zones:
        cards["red_threes"] = [list(team) for team in extra.get("red_threes", [])]
    return {
        "cards": cards,
        "went_out": extra.get("went_out"),
        "hand_over": bool(state.get("hand_over", False)),
        "canastas": [
            sum(1 for meld in team if meld.get("canasta") is not None) for team in state["melds"]
        ],
    }


def get_deal_facts(profile: RulesProfile, state: Mapping[str, Any]) -> JsonObject:
    """The answer to a deal request, read from the dealt state in the fixture format: the
    hands by seat, the fi packets (the next one taken first), the pile (bottom first, its
    top the upcard or the last card turned onto it), the stock in draw order, the trump,
    the red threes laid per team (classic-red-threes: families that lay them) and the
    first player (first-player: the seat whose turn it is)."""
    facts: JsonObject = {
        "hands": [list(hand) for hand in state["hands"]],
        "fi": [list(packet) for packet in state.get("fi", [])],
        "pile": list(state["discard"]),
        "stock": list(state["stock"]),
        "trump": state.get("trump"),
        "first_player": state["turn"],
    }
    if profile.red_threes_laid:
        extra = state.get("extra", {})
        facts["red_threes"] = [list(team) for team in extra.get("red_threes", [])]
    return facts


def _not_playable(profile: RulesProfile) -> str:
    name = profile.family
    return f"for {name} the reference implements only {profile.implemented.value}"


def _rejection(violation: Violation, *, verdict: bool = True) -> JsonObject:
    out: JsonObject = {"verdict": "rejected"} if verdict else {}
    out.update({"code": violation.code, "clause": violation.clause})
    if violation.detail:
        out["detail"] = violation.detail
    return out


def _rejected_meld(violation: Violation, at: int) -> JsonObject:
    return {**_rejection(violation), "at": at}


def _cards(value: Any, where: str) -> tuple[Card, ...]:
    if not isinstance(value, list | str):
        raise InputError(f"{where}: expected a list of cards")
    try:
        return parse_cards(value)
    except InputError as exc:
        raise InputError(f"{where}: {exc}") from None


def _card(value: Any, where: str) -> Card:
    if not isinstance(value, str):
        raise InputError(f"{where}: expected a card such as 5H")
    try:
        return parse_card(value)
    except InputError as exc:
        raise InputError(f"{where}: {exc}") from None


def _position(value: Any, where: str) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 14:
        raise InputError(f"{where}: a run position is 1..14 (1 = ace low, 14 = ace high)")
    return value


def format_arrangement(arrangement: Mapping[str, Any]) -> str:
    """An arrangement as text: ``run H from 4: 4H 5H 6H JK 8H``."""
    cards: Sequence[str] = arrangement.get("cards", [])
    kind = arrangement.get("kind")
    if kind == "set":
        head = f"set of {arrangement.get('rank')}"
    elif kind == "run":
        head = f"run of {arrangement.get('suit')} from position {arrangement.get('low')}"
    else:
        head = "meld of wild cards"
    text = f"{head}: {' '.join(cards)}"
    spare = arrangement.get("spare") or []
    if spare:
        text += f" (outside: {' '.join(spare)})"
    return text
