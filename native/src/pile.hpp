// The draw phase's pile rules (pile.cpp) that the legal-action list (actions.cpp) shares.
#pragma once

#include <utility>

#include "engine.hpp"

namespace kn {

// take-whole-pile, single-pile-needs-two-cards
std::optional<Violation> check_take_pile(const Profile& p, const State& s);
// pass-by-showing, pass-by-showing-when, action-kinds
std::optional<Violation> check_pass_by_showing(const Profile& p, const State& s);
// classic-frozen-pile, classic-freeze-clears
bool is_pile_frozen(const Profile& p, const State& s);
// take-whole-pile: whether the pile taken into the hand is legal (no state built in the
// common case).
bool is_take_pile_legal(const Profile& p, const State& s);

// classic-take-pile: the hand cards left once the top card is melded, and the meld it makes:
// a new one (index -1) or the side's meld at `index` after the lay-off.
struct PileLaid {
    Hand rest;
    Meld meld;
    int index = -1;
};
std::variant<PileLaid, Violation> lay_pile_top(const Profile& p, const State& s, std::span<const Card> shown,
                                               int index);
// classic-take-pile, classic-concealed-canasta, classic-black-three-last-turn: every legal
// way to take the pile by melding its top card, as (hand cards, meld index) in canonical order.
std::vector<std::pair<std::vector<Card>, int>> take_pile_options(const Profile& p, const State& s);

}  // namespace kn
