"""Chapter 9 and 10 for classic: the hand score, red threes in it, the game to 5000, and
the named options."""

from __future__ import annotations

import random
from typing import Any

import pytest

from kanasta import engine
from kanasta.engine import legal_actions
from kanasta.errors import InputError, Violation
from kanasta.families import get_profile
from kanasta.families.classic import PROFILE as CLASSIC
from kanasta.rules.cards import parse_card
from kanasta.rules.game import apply_game_action, get_game_winner, new_game
from kanasta.rules.points import to_half_points
from kanasta.rules.scoring import HandScore, get_red_three_score, is_concealed_canasta, score_hand
from tests.classic.util import (
    CANASTA,
    MIXED,
    Phase,
    accept,
    classic_state,
    disc,
    lay,
    meld,
    take,
)

P = to_half_points


def _out(seat: int, *options: str, mine: list[object], reds: list[str], partner: str) -> HandScore:
    hands: list[str | None] = [None] * 4
    hands[seat] = "9D"
    hands[(seat + 2) % 4] = partner
    hands[(seat + 1) % 4] = "5D"
    hands[(seat + 3) % 4] = "5S"
    melds: list[list[object]] = [[], []]
    melds[seat % 2] = mine
    melds[1 - seat % 2] = ["6C 6D 6H"]
    state = classic_state(
        *options, hands=hands, melds=melds, red_threes=reds, turn=seat, phase=Phase.PLAY
    )
    return score_hand(accept(state, disc("9D")))


@pytest.mark.clause("classic-hand-score")
@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_classic_hand_score_parts_of_both_sides(seat: int) -> None:
    reds = ["", ""]
    reds[seat % 2] = "3H 3D"
    score = _out(seat, mine=[CANASTA, MIXED], reds=reds, partner="JK 4C")
    mine, theirs = score.teams[seat % 2], score.teams[1 - seat % 2]
    assert mine.parts == (
        ("melded", P(180)),
        ("canastas", P(800)),
        ("red-threes", P(200)),
        ("going-out", P(100)),
        ("concealed", 0),
        ("hand", P(-55)),
    )
    assert theirs.total == P(15 - 10)


@pytest.mark.clause("classic-red-three-score")
@pytest.mark.parametrize(("count", "value"), [(1, 100), (2, 200), (3, 300), (4, 800)])
def test_classic_red_three_score_four_are_800_minus_without_melds(count: int, value: int) -> None:
    reds = " ".join(["3H", "3D", "3H", "3D"][:count])
    melded = classic_state(melds=[["6C 6D 6H"], []], red_threes=[reds, ""], phase=Phase.PLAY)
    assert get_red_three_score(melded, 0) == P(value)
    bare = classic_state(melds=[[], ["6C 6D 6H"]], red_threes=[reds, ""], phase=Phase.DRAW)
    assert get_red_three_score(bare, 0) == P(-value)
    assert get_red_three_score(bare, 1) == 0


@pytest.mark.clause("classic-options")
def test_classic_options_concealed_canasta_and_black_three_in_hand() -> None:
    plain = _out(0, mine=[CANASTA], reds=["", ""], partner="3C")
    option = _out(
        0,
        "concealed-canasta",
        "black-three-minus-100",
        mine=[CANASTA, ["QC QC QD", "QD QH QH JK"]],
        reds=["", ""],
        partner="3C",
    )
    assert plain.teams[0].get("canastas") == P(500)
    assert plain.teams[0].get("hand") == P(-5)
    assert option.teams[0].get("canastas") == P(600 + 300)
    assert option.teams[0].get("hand") == P(-100)


@pytest.mark.clause("classic-options")
def test_classic_options_two_naturals_per_wild_and_black_three_freezes() -> None:
    strict = get_profile("classic", ["two-naturals-per-wild"])
    state = classic_state(
        "two-naturals-per-wild", hands=["5C 5D 5H 2C JK 6S", None, None, None], phase=Phase.PLAY
    )
    refused = engine.apply(state, meld("5C 5D 5H 2C JK"))
    assert isinstance(refused, Violation)
    assert refused.clause == "classic-options"
    accept(state, meld("5C 5D 5H JK"))
    assert strict.naturals_per_wild == 2
    freezes = get_profile("classic", ["black-three-freezes"])
    assert set(CLASSIC.pile_freezers) < set(freezes.pile_freezers)


@pytest.mark.clause("classic-options")
def test_classic_options_players_exclude_each_other_and_unknown_is_an_error() -> None:
    with pytest.raises(InputError, match="cannot be combined"):
        get_profile("classic", ["players-2", "players-6"])
    with pytest.raises(InputError, match="no option"):
        get_profile("classic", ["target-555"])
    both = get_profile("classic", ["concealed-canasta", "players-3"])
    assert both.options == ("players-3", "concealed-canasta")


@pytest.mark.clause("classic-game-target")
@pytest.mark.parametrize(
    ("totals", "winner"),
    [((5000, 4995), 0), ((4995, 5000), 1), ((6000, 5500), 0), ((4000, 4995), None)],
)
def test_classic_game_target_5000(totals: tuple[int, int], winner: int | None) -> None:
    assert get_game_winner(CLASSIC, [P(t) for t in totals], CLASSIC.target_score)[0] == winner


@pytest.mark.clause("classic-game-target")
def test_classic_game_target_equal_totals_over_5000_play_on() -> None:
    assert get_game_winner(CLASSIC, [P(5200), P(5200)], CLASSIC.target_score)[0] is None


@pytest.mark.clause("classic-game-target")
@pytest.mark.parametrize("options", [(), ("players-3",)])
def test_classic_game_target_a_random_game_ends_when_a_side_reaches_it(
    options: tuple[str, ...],
) -> None:
    game = new_game(get_profile("classic", options), 4)
    rng = random.Random(4)
    while not game.over and len(game.hands) < 60:
        result = apply_game_action(game, rng.choice(legal_actions(game.state)))
        assert not isinstance(result, Violation)
        game = result
    assert game.over
    assert max(game.totals) >= P(5000)
    assert game.winner == game.totals.index(max(game.totals))


@pytest.mark.clause("classic-options", "wild-only-melds")
@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_classic_options_joker_canasta_laid_at_once_earns_2000(seat: int) -> None:
    hands: list[str | None] = [None] * 4
    hands[seat] = "JK JK JK JK 2C 2D 2H 9D"
    melds: list[list[object]] = [[], []]
    melds[seat % 2] = [CANASTA]
    state = classic_state("joker-canasta", hands=hands, melds=melds, turn=seat, phase=Phase.PLAY)
    short = engine.apply(state, meld("2C 2D JK JK"))
    assert isinstance(short, Violation)
    assert short.code == "joker-canasta-at-once"
    out = accept(state, meld("2C 2D 2H JK JK JK JK"), disc("9D"))
    assert score_hand(out).teams[seat % 2].get("canastas") == P(500 + 2000)
    plain = classic_state(hands=hands, melds=melds, turn=seat, phase=Phase.PLAY)
    refused = engine.apply(plain, meld("2C 2D 2H JK JK JK JK"))
    assert isinstance(refused, Violation)
    assert refused.clause == "wild-only-melds"


@pytest.mark.clause("classic-black-three-in-hand")
@pytest.mark.parametrize("seat", [0, 3])
def test_classic_black_three_in_hand_costs_100_in_place_of_its_5(seat: int) -> None:
    plain = _out(seat, mine=[CANASTA], reds=["", ""], partner="3S 3C")
    option = _out(seat, "black-three-minus-100", mine=[CANASTA], reds=["", ""], partner="3S 3C")
    team = seat % 2
    assert plain.teams[team].get("hand") == P(-10)
    assert option.teams[team].get("hand") == P(-200)
    minus = get_profile("classic", ["black-three-minus-100"])
    assert minus.card_points(parse_card("3S"), acting_wild=False) == P(5)


@pytest.mark.clause("classic-concealed-canasta", "classic-take-pile")
@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_classic_concealed_canasta_top_card_and_hand_cards_in_one_batch(seat: int) -> None:
    melds: list[list[object]] = [[], []]
    melds[seat % 2] = ["8C 8D 8H"]
    kwargs: dict[str, Any] = {
        "hands": [("9D 9D 9H 9H 9S 9S 4C" if s == seat else None) for s in range(4)],
        "melds": melds,
        "discard": "9C",
        "turn": seat,
        "phase": Phase.DRAW,
    }
    six = take("9D 9D 9H 9H 9S 9S")
    plain = classic_state(**kwargs)
    refused = engine.apply(plain, six)
    assert isinstance(refused, Violation)
    assert refused.code == "two-cards-with-top"
    option = classic_state("concealed-canasta", **kwargs)
    at_once = accept(option, six)
    nines = at_once.melds[seat % 2][1]
    assert nines.canasta is not None
    assert len(nines.history) == 1
    assert is_concealed_canasta(option.profile, nines)
    gone = score_hand(accept(at_once, disc("4C")))
    assert gone.teams[seat % 2].get("canastas") == P(600)


def _nines(seat: int, hand: str, discard: str) -> dict[str, Any]:
    melds: list[list[object]] = [[], []]
    melds[seat % 2] = ["8C 8D 8H"]
    return {
        "hands": [(hand if s == seat else None) for s in range(4)],
        "melds": melds,
        "discard": discard,
        "turn": seat,
        "phase": Phase.DRAW,
    }


@pytest.mark.clause("classic-concealed-canasta")
@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_classic_concealed_canasta_made_over_two_moves_of_one_turn(seat: int) -> None:
    option = classic_state("concealed-canasta", **_nines(seat, "9D 9D 9H 9H 9S 9S 4C", "9C"))
    taken = accept(option, take("9D 9D"))
    assert taken.turn_melds == 1
    assert taken.pile_hand == tuple(sorted((*option.hands[seat], option.discard[-1])))
    in_two = accept(taken, lay(1, "9H 9H 9S 9S"))
    nines = in_two.melds[seat % 2][1]
    assert len(nines.history) == 1
    assert is_concealed_canasta(option.profile, nines)
    gone = score_hand(accept(in_two, disc("4C")))
    assert gone.teams[seat % 2].get("canastas") == P(600)
    longer = classic_state("concealed-canasta", **_nines(seat, "9D 9D 9H 9H 9S 9S 4C 5C", "9C"))
    passed = accept(longer, take("9D 9D"), lay(1, "9H 9H 9S 9S"), disc("4C"))
    assert passed.turn == (seat + 1) % 4
    assert (passed.turn_melds, passed.pile_hand) == (0, ())


@pytest.mark.clause("classic-concealed-canasta")
@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_classic_concealed_canasta_not_when_a_pile_card_was_needed(seat: int) -> None:
    option = classic_state("concealed-canasta", **_nines(seat, "9D 9D 9H 9H 9S 4C", "9C 9C"))
    made = accept(option, take("9D 9D"), lay(1, "9H 9H 9S 9C"))
    nines = made.melds[seat % 2][1]
    assert nines.canasta is not None
    assert len(nines.history) == 2
    assert not is_concealed_canasta(option.profile, nines)
    gone = score_hand(accept(made, disc("4C")))
    assert gone.teams[seat % 2].get("canastas") == P(500)


@pytest.mark.clause("classic-concealed-canasta")
@pytest.mark.parametrize("seat", [0, 3])
def test_classic_concealed_canasta_cards_laid_after_it_change_nothing(seat: int) -> None:
    option = classic_state("concealed-canasta", **_nines(seat, "9D 9D 9H 9H 9S 9S 4C", "9C 9C"))
    made = accept(option, take("9D 9D"), lay(1, "9H 9H 9S 9S"), lay(1, "9C"))
    nines = made.melds[seat % 2][1]
    assert [len(batch) for batch in nines.history] == [7, 1]
    assert is_concealed_canasta(option.profile, nines)


@pytest.mark.clause("classic-concealed-canasta")
@pytest.mark.parametrize("seat", [1, 2])
def test_classic_concealed_canasta_not_when_begun_in_an_earlier_turn(seat: int) -> None:
    melds: list[list[object]] = [[], []]
    melds[seat % 2] = ["8C 8D 8H", "9D 9D 9H 9H 9S 9S"]
    state = classic_state(
        "concealed-canasta",
        hands=[("9C 4C" if s == seat else None) for s in range(4)],
        melds=melds,
        turn=seat,
        phase=Phase.PLAY,
    )
    made = accept(state, lay(1, "9C"))
    assert not is_concealed_canasta(state.profile, made.melds[seat % 2][1])
