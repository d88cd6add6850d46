// Random self-play inside the engine: whole hands played by a uniform random legal policy,
// for the bench and for long simulations (kanasta bench --engine native, --jobs N).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine.hpp"

namespace kn {

// The policy's stream of hand `index` of the run of `seed` starts at (seed + index) xor this
// (the deal of that hand is shuffled from seed + index itself): each hand has its own
// stream, so a run gives the same hands however it is split over processes.
constexpr std::uint64_t POLICY_STREAM = 0xD1B54A32D192ED03ULL;
// A guard against a hand that never ends (a defect, never seen in play).
constexpr std::int64_t MAX_HAND_MOVES = 1000000;

struct SelfPlayHand {
    std::uint64_t index = 0;
    std::int64_t moves = 0;
    std::vector<std::int64_t> totals;  // each team's hand score, half points
};

struct SelfPlayRun {
    std::vector<SelfPlayHand> hands;
    std::int64_t moves = 0;
    double cpu_seconds = 0.0;  // processor time of the play (std::clock)
    // With measure_memory: memory_bytes summed over every state the hands passed through.
    std::int64_t states = 0;
    std::int64_t state_bytes = 0;
};

// The choice among `count` listed actions: one SplitMix64 step of the stream, modulo count.
std::size_t pick_action(std::uint64_t& stream, std::size_t count);

// Hands first .. first + count - 1 of the run of `seed`: hand i dealt by the last seat from
// seed + i, then legal_actions listed and one applied, chosen by the hand's stream, until the
// hand is over. A listed action refused, an empty list or an endless hand is a defect: it
// throws std::runtime_error naming the hand and the move.
SelfPlayRun self_play(const Profile& p, std::uint64_t seed, std::uint64_t first, std::uint64_t count,
                      bool measure_memory = false);

// The bytes a state occupies: the State itself and every heap block it owns (capacities).
std::size_t memory_bytes(const State& s);

}  // namespace kn
