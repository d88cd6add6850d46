// Chapter "Scoring a hand" (spec/09-scoring.rst): each team's hand score as named parts
// in half points, the parts and their order the family's (profile score_parts).
#include "engine.hpp"

namespace kn {

namespace {

bool on_team(const Profile& p, int seat, int team) { return p.team_of(seat) == team; }

bool contains(const decltype(State::fi_waiting)& v, int x) {
    for (int y : v)
        if (y == x) return true;
    return false;
}

// forced-canasta-trigger: not opened, no fi left, and the other side took every fi.
bool is_forced(const Profile& p, const State& s, int team) {
    if (!p.forced_canasta_opening || s.opened[static_cast<std::size_t>(team)] || !s.fi.empty()) return false;
    if (s.fi_takers.empty()) return false;
    for (int seat : s.fi_takers)
        if (on_team(p, seat, team)) return false;
    return true;
}

// no-fi-penalty, forced-opening-penalty
std::int64_t penalty(const Profile& p, const State& s, int team) {
    for (int seat : s.fi_takers)
        if (on_team(p, seat, team)) return 0;
    const std::int64_t forced = p.bonus_named("forced-opening");
    if (forced && is_forced(p, s, team)) return forced;
    return p.bonus_named("no-fi");
}

// classic-red-three-score: each red three laid, or all four together; minus without a meld.
std::int64_t red_three_score(const Profile& p, const State& s, int team) {
    if (s.red_threes.empty()) return 0;
    const auto count = static_cast<std::int64_t>(s.red_threes[static_cast<std::size_t>(team)].size());
    const std::int64_t all_four = p.bonus_named("all-red-threes");
    const std::int64_t value = (count == 4 && all_four) ? all_four : count * p.bonus_named("red-three");
    return s.melds[static_cast<std::size_t>(team)].empty() ? -value : value;
}

// classic-concealed: the seat that went out had laid nothing before that turn.
std::int64_t concealed_bonus(const Profile& p, const State& s) {
    const int seat = s.went_out;
    if (seat < 0 || s.table_seats.empty() || s.table_seats[static_cast<std::size_t>(seat)]) return 0;
    return p.bonus_named("concealed");
}

}  // namespace

// hand-score, score-breakdown, fi-bonus, hand-penalty, score-rounding, fi-unplayed(-fi-5200),
// hand-score-fi-5200, hand-score-fi-351, classic-hand-score, classic-concealed-canasta.
std::vector<std::vector<std::pair<std::string, std::int64_t>>> score_hand(const Profile& p, const State& s) {
    // fi-unplayed-fi-5200: a fi taken by discarding and not yet played neither scores nor costs.
    const decltype(State::fi_waiting) unplayed = p.unplayed_fi_ignored ? s.fi_waiting : decltype(State::fi_waiting){};
    std::vector<std::vector<std::pair<std::string, std::int64_t>>> result;
    const int teams = static_cast<int>(s.melds.size());
    for (int team = 0; team < teams; ++team) {
        const auto& melds = s.melds[static_cast<std::size_t>(team)];
        // fi-unplayed-fi-5200: a waiting seat's last fi is the unplayed one; a fi the same
        // seat took and played before still counts.
        std::int64_t played = 0;
        for (int seat : s.fi_takers)
            if (on_team(p, seat, team)) ++played;
        for (int seat : unplayed)
            if (on_team(p, seat, team)) --played;
        std::int64_t melded = 0, canastas = 0;
        for (const Meld& m : melds) {
            melded += meld_points(p, m);
            canastas += canasta_bonus(p, m, s.trump);
            if (p.concealed_canasta_bonus && m.canasta != CanastaKind::None &&
                static_cast<int>(m.history[0].size()) >= p.canasta_size)
                canastas += p.concealed_canasta_bonus;
        }
        const bool went_out_here = s.went_out >= 0 && on_team(p, s.went_out, team);
        std::int64_t hand = 0;
        for (std::size_t seat = 0; seat < s.hands.size(); ++seat) {
            if (!on_team(p, static_cast<int>(seat), team) || contains(unplayed, static_cast<int>(seat))) continue;
            for (int c = 0; c < KINDS; ++c)
                hand -= p.hand_points[static_cast<std::size_t>(c)] * s.hands[seat].n[static_cast<std::size_t>(c)];
        }
        std::vector<std::pair<std::string, std::int64_t>> values = {
            {"red-threes", red_three_score(p, s, team)},
            {"concealed", went_out_here ? concealed_bonus(p, s) : 0},
            {"fi", played * p.bonus_named("fi")},
            {"melded", melded},
            {"canastas", canastas},
            {"going-out", went_out_here ? p.bonus_named("going-out") : 0},
            {"hand", hand},
            {"penalty", penalty(p, s, team)},
        };
        std::int64_t raw = 0;
        for (const auto& [name, value] : values) raw += value;
        // score-rounding: koz rounds a half point up (toward plus infinity); others do not.
        values.emplace_back("rounding", (p.rounding_up && raw % 2) ? 1 : 0);
        std::vector<std::pair<std::string, std::int64_t>> parts;
        for (const std::string& name : p.score_parts)
            for (const auto& [key, value] : values)
                if (key == name) parts.emplace_back(name, value);
        result.push_back(std::move(parts));
    }
    return result;
}

}  // namespace kn
