// Chapter "Fi and going out" (spec/08-going-out.rst): a player who empties the hand takes
// the next fi while one is on the table and goes out once none is left; the turn passes.
#include "turn.hpp"

#include <algorithm>

namespace kn {

// emptying-needs-canasta, classic-going-out: one canasta (two in some families).
bool has_canasta(const Profile& p, const State& s, int team) {
    int count = 0;
    for (const Meld& m : s.melds[static_cast<std::size_t>(team)]) count += m.canasta != CanastaKind::None;
    return count >= p.going_out_canastas;
}

// emptying-needs-canasta, emptying-canasta-same-move, first-fi-team-discard-ban,
// going-out-needs-discard, going-out-needs-canasta, going-out-own-opening, classic-going-out.
// `s` has the last cards already laid (meld, lay-off) or is the state before the discard,
// so a canasta the emptying move makes counts.
std::optional<Violation> check_emptying(const Profile& p, const State& s, int team, bool by_discard) {
    const bool needs_canasta = p.fi_needs_canasta || s.fi.empty();
    if (p.emptying_needs_canasta && needs_canasta && !has_canasta(p, s, team))
        return Violation{p.fi_needs_canasta ? "emptying-needs-canasta" : "going-out-needs-canasta", "no-canasta",
                         "a hand may be emptied only when the team has " + std::to_string(p.going_out_canastas) +
                             " canasta(s)"};
    if (by_discard && p.first_fi_team_discard_ban && !s.fi.empty() && !s.fi_takers.empty() &&
        p.team_of(s.fi_takers.front()) == team)
        return Violation{"first-fi-team-discard-ban", "first-fi-team-discard",
                         "the team that took the first fi must lay off its last card while a fi is left"};
    if (!by_discard && p.going_out_needs_discard && s.fi.empty())
        return Violation{"going-out-needs-discard", "going-out-without-discard",
                         "the hand is ended only by discarding the last card"};
    if (s.fi.empty() && !has_opened(p, s, s.turn) && !is_provisional(p, s, team))
        return Violation{"going-out-own-opening", "not-opened-personally",
                         "a player who laid off without opening personally may not end the hand"};
    return std::nullopt;
}

// fi-pickup, fi-continue, going-out, opening-team: after emptying the hand by a meld or
// lay-off the player takes the fi and goes on; after a discard the fi waits for the next
// turn (the caller ends this one); with no fi left the hand is over.
void take_fi_or_go_out_in_place(const Profile& p, State& s, bool by_discard) {
    opened_after(p, s, s.opened, s.seat_opened);
    s.provisional = 0;
    const auto seat = static_cast<std::size_t>(s.turn);
    if (!s.fi.empty()) {
        Hand hand;
        for (Card c : s.fi.front()) hand.add(c);
        s.hands[seat] = hand;
        s.fi.erase(s.fi.begin());
        s.fi_takers.push_back(s.turn);
        if (by_discard) {
            s.pile_card = NO_CARD;
            s.fi_waiting.push_back(s.turn);
        }
        s.went_out = -1;
        return;
    }
    s.phase = Phase::Over;
    s.pile_card = NO_CARD;
    s.went_out = s.turn;
}

// classic-concealed: the current player has laid cards on the table once this turn laid some.
void table_seats_after_in_place(State& s) {
    if (!s.turn_laid || s.table_seats.empty()) return;
    s.table_seats[static_cast<std::size_t>(s.turn)] = true;
}

// turn-passes: the next seat in the order of play.
int next_turn(const Profile& p, const State& s) { return (s.turn + 1) % p.players; }

// fi-unplayed-fi-5200: a seat that waits with a fi begins its turn, its fi no longer unplayed.
void remove_waiting(decltype(State::fi_waiting)& waiting, int seat) {
    waiting.erase(std::remove(waiting.begin(), waiting.end(), seat), waiting.end());
}

// turn-passes, stock-exhaustion: the turn passes to the next seat; with the stock empty at
// the end of a turn the hand is over instead.
void end_turn_in_place(const Profile& p, State& s) {
    if (s.phase == Phase::Over) return;
    s.pile_card = NO_CARD;
    s.went_out = -1;
    s.provisional = 0;
    if (s.stock.empty()) {
        s.phase = Phase::Over;
        return;
    }
    const int following = next_turn(p, s);
    remove_waiting(s.fi_waiting, following);
    table_seats_after_in_place(s);
    s.turn = following;
    s.phase = Phase::Draw;
    s.turn_laid = false;
    s.turn_melds = 0;
    s.pile_hand = Hand{};
}

}  // namespace kn
