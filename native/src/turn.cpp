// Chapter "The turn" (spec/06-turn.rst): the actions of a turn, each returning the next
// state or the violation that refuses it (never an exception for an illegal move).
#include "turn.hpp"

namespace kn {

// turn-structure: the refusal of an action of `phase` when the turn is not in it.
Violation phase_violation(const State& s, Phase phase) {
    if (s.phase == Phase::Over) return {"turn-structure", "hand-over", "the hand is over"};
    return {"turn-structure", "wrong-phase",
            std::string("this action belongs to the ") + phase_text(phase) + " phase, the turn is in the " +
                phase_text(s.phase) + " phase"};
}

// draw-from-stock: the top card of the stock into the hand. classic-red-threes: each red
// three drawn is laid for the team at once and replaced by the next card;
// classic-stock-exhaustion: the stock ran out on red threes, the hand ends.
std::optional<Violation> apply_draw_into(const Profile& p, const State& s, State& next) {
    if (s.phase != Phase::Draw) return phase_violation(s, Phase::Draw);
    if (s.stock.empty()) return Violation{"draw-from-stock", "stock-empty", "the stock is empty"};
    next = s;
    const auto seat = static_cast<std::size_t>(s.turn);
    std::size_t top = 0;
    next.phase = Phase::Play;
    if (p.red_threes_laid) {
        auto& laid = next.red_threes.at(static_cast<std::size_t>(p.team_of(s.turn)));
        while (top < s.stock.size() && is_red_three(s.stock[top])) laid.push_back(s.stock[top++]);
    }
    if (top < s.stock.size()) {
        next.hands[seat].add(s.stock[top++]);
    } else {
        next.phase = Phase::Over;
    }
    next.stock.erase(next.stock.begin(), next.stock.begin() + static_cast<std::ptrdiff_t>(top));
    next.pile_card = NO_CARD;
    next.went_out = -1;
    next.provisional = 0;
    next.pile_pending.clear();
    next.pile_top = NO_CARD;
    next.turn_laid = false;
    next.turn_melds = 0;
    next.pile_hand = Hand{};
    return std::nullopt;
}

}  // namespace kn
