// Random self-play inside the engine (selfplay.hpp): the bench's loop without crossing into
// Python per move. It implements no clause: it only lists, picks and applies.
#include "selfplay.hpp"

#include <ctime>
#include <stdexcept>
#include <string>
#include <utility>

namespace kn {

namespace {

template <class T>
std::size_t heap_of(const std::vector<T>& v) {
    return v.capacity() * sizeof(T);
}

std::size_t heap_of(const Meld& m) {
    return m.cards.heap_bytes() + m.spare.heap_bytes() + m.history.heap_bytes();
}

std::string where(const Profile& p, std::uint64_t seed, std::uint64_t index, std::int64_t move) {
    return p.family + " self-play, seed " + std::to_string(seed) + ", hand " + std::to_string(index) +
           ", move " + std::to_string(move);
}

}  // namespace

std::size_t pick_action(std::uint64_t& stream, std::size_t count) {
    auto [next, value] = splitmix64(stream);
    stream = next;
    return static_cast<std::size_t>(value % count);
}

// The State holds its per-seat and per-team values and card lists inline: only the teams'
// melds own heap memory.
std::size_t memory_bytes(const State& s) {
    std::size_t bytes = sizeof(State);
    for (const auto& team : s.melds) {
        bytes += heap_of(team);
        for (const Meld& m : team) bytes += heap_of(m);
    }
    return bytes;
}

SelfPlayRun self_play(const Profile& p, std::uint64_t seed, std::uint64_t first, std::uint64_t count,
                      bool measure_memory) {
    SelfPlayRun run;
    run.hands.reserve(static_cast<std::size_t>(count));
    const int dealer = p.players - 1;
    const std::vector<std::int64_t> zero(static_cast<std::size_t>(p.teams()), 0);
    const std::clock_t cpu_start = std::clock();
    std::vector<Action> actions;  // the listing of each move, its room kept from move to move
    // The state and the next one, swapped each move: the next state is written over the one
    // before the last, whose meld lists keep their room (no allocation once they have grown).
    State states[2];
    for (std::uint64_t index = first; index < first + count; ++index) {
        const std::uint64_t deal_seed = seed + index;
        std::uint64_t stream = deal_seed ^ POLICY_STREAM;
        State* state = &states[0];
        State* next = &states[1];
        const State dealt = new_hand(p, deal_cards(p, shuffle_deck(p.deck_jokers, deal_seed), dealer), dealer, zero);
        *state = dealt;  // assigned, not moved: the meld lists keep their room
        std::int64_t moves = 0;
        if (measure_memory) {
            ++run.states;
            run.state_bytes += static_cast<std::int64_t>(memory_bytes(dealt));
        }
        while (state->phase != Phase::Over) {
            legal_actions_into(p, *state, actions);
            if (actions.empty())
                throw std::runtime_error(where(p, seed, index, moves) + ": no legal action listed in a hand not over");
            const Action& action = actions[pick_action(stream, actions.size())];
            if (const auto v = apply_action_into(p, *state, action, *next))
                throw std::runtime_error(where(p, seed, index, moves) + ": the listed action " +
                                         action_type_text(action.type) + " was refused: " + std::string(v->code) +
                                         " (clause " + std::string(v->clause) + ")");
            std::swap(state, next);
            if (++moves > MAX_HAND_MOVES)
                throw std::runtime_error(where(p, seed, index, moves) + ": the hand did not end");
            if (measure_memory) {
                // The state as a value of its own (a copy's room), not the room the loop's
                // reused states have kept from earlier moves and hands.
                ++run.states;
                run.state_bytes += static_cast<std::int64_t>(memory_bytes(State(*state)));
            }
        }
        SelfPlayHand hand;
        hand.index = index;
        hand.moves = moves;
        for (const auto& parts : score_hand(p, *state)) {
            std::int64_t total = 0;
            for (const auto& part : parts) total += part.second;
            hand.totals.push_back(total);
        }
        run.moves += moves;
        run.hands.push_back(std::move(hand));
    }
    run.cpu_seconds = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
    return run;
}

}  // namespace kn
