// Chapter "The opening" (spec/07-opening.rst): a team's first melds, provisional until the
// turn moves on, checked when the player discards or empties the hand.
#include "turn.hpp"

#include <algorithm>
#include <functional>

namespace kn {

// opening-bands, opening-negative-score: the last band whose start the score reaches; a
// score below every start (a negative one) falls in the lowest band.
const OpeningBand* opening_band(const Profile& p, std::int64_t team_score) {
    const OpeningBand* chosen = nullptr;
    for (const OpeningBand& band : p.opening_bands)
        if (!band.has_min_score || team_score >= band.min_score) chosen = &band;
    return chosen;
}

// opening-clean-run: a run in which no card acts as a wild.
bool is_clean_run(const Meld& m) { return m.kind == MeldKind::Run && m.wild_count() == 0; }

// opening-natural-two: no wild card in the meld, a 2 natural only in its own run place.
bool is_wild_free(const Meld& m) {
    if (!m.spare.empty()) return false;
    if (m.kind == MeldKind::Run) return m.wild_at == 0;
    for (Card c : m.cards)
        if (is_wild(c)) return false;
    return true;
}

// opening-total, opening-lower-band, opening-no-wild-reading: the card points of the opening
// melds; canasta bonuses never count.
std::int64_t opening_total(const Profile& p, const Meld* first, std::size_t count, const OpeningBand& band) {
    std::int64_t total = 0;
    for (std::size_t i = 0; i < count; ++i) {
        const Meld& m = first[i];
        if (!band.wild_melds_count && !is_wild_free(m)) continue;
        if (band.wilds_count) {
            total += meld_points(p, m);
            continue;
        }
        for (std::size_t k = 0; k < m.cards.size(); ++k)
            if (!m.acting_wild(k)) total += p.points[m.cards[k]];
    }
    return total;
}

// opening-threshold (inclusive), opening-clean-run, opening-waiver, opening-two-melds,
// rejection-cites-family: a refusal names the band's own clauses.
std::optional<Violation> check_opening(const Profile& p, const Meld* first, std::size_t count,
                                       std::int64_t team_score, int cards_left) {
    const OpeningBand* band = opening_band(p, team_score);
    if (band == nullptr) return std::nullopt;
    if (static_cast<int>(count) < band->min_melds)
        return Violation{"opening-two-melds", "too-few-melds",
                         "the opening lays " + std::to_string(count) + " meld(s); it needs at least " +
                             std::to_string(band->min_melds)};
    if (band->needs_natural_run) {
        bool found = false;
        for (std::size_t i = 0; i < count && !found; ++i) found = natural_streak(first[i]) >= 3;
        if (!found)
            return Violation{"opening-two-melds", "no-natural-run",
                             "one opening meld must be a run with three naturals in consecutive places"};
    }
    if (band->needs_clean_run) {
        bool found = false;
        for (std::size_t i = 0; i < count && !found; ++i) found = is_clean_run(first[i]);
        if (!found)
            return Violation{band->run_clause, "no-clean-run",
                             "the first opening needs a run of three or more naturals with no wild"};
    }
    if (p.opening_waiver_cards >= 0 && cards_left <= p.opening_waiver_cards) return std::nullopt;
    const std::int64_t total = opening_total(p, first, count, *band);
    if (total < band->min_points)
        return Violation{band->total_clause, "below-threshold",
                         "the opening totals " + std::to_string(total) + " half points; the team needs " +
                             std::to_string(band->min_points)};
    return std::nullopt;
}

// forced-canasta-trigger: the team has not opened and the other team took every fi (an
// opening is never lost, so this is the state when the last fi was taken).
bool is_forced(const Profile& p, const State& s, int team) {
    if (!p.forced_canasta_opening || s.opened[static_cast<std::size_t>(team)] || !s.fi.empty()) return false;
    if (s.fi_takers.empty()) return false;
    for (int seat : s.fi_takers)
        if (p.team_of(seat) == team) return false;
    return true;
}

// forced-canasta-opening
std::optional<Violation> check_forced_opening(const Meld* first, std::size_t count) {
    for (std::size_t i = 0; i < count; ++i)
        if (first[i].canasta != CanastaKind::None) return std::nullopt;
    return Violation{"forced-canasta-opening", "no-canasta-opening",
                     "the other team took both fi before this team opened: it opens only with a canasta"};
}

// opening-provisional: melds on the table and no opening yet; opening-personal: the melds
// the player to act laid this turn without having opened.
bool is_provisional(const Profile& p, const State& s, int team) {
    if (p.opening_personal) return team == turn_team(s) && s.provisional > 0;
    return !s.opened[static_cast<std::size_t>(team)] && !s.melds[static_cast<std::size_t>(team)].empty();
}

std::size_t provisional_count(const Profile& p, const State& s, int team) {
    if (!is_provisional(p, s, team)) return 0;
    const auto& melds = s.melds[static_cast<std::size_t>(team)];
    if (p.opening_personal) return static_cast<std::size_t>(s.provisional);
    return melds.size();
}

// opening-personal: with a team opening a player has opened when the team has.
bool has_opened(const Profile& p, const State& s, int seat) {
    if (p.opening_personal) return s.seat_opened[static_cast<std::size_t>(seat)];
    return s.opened[static_cast<std::size_t>(p.team_of(seat))];
}

// opening-checked-at-discard, forced-canasta-opening: the provisional melds (the last ones
// of the team) are checked against the band, or the canasta a forced team needs.
std::optional<Violation> check_provisional_opening(const Profile& p, const State& s, int cards_left) {
    const int team = turn_team(s);
    const auto& melds = s.melds[static_cast<std::size_t>(team)];
    const std::size_t count = provisional_count(p, s, team);
    const Meld* first = melds.data() + (melds.size() - count);
    if (is_forced(p, s, team)) return check_forced_opening(first, count);
    return check_opening(p, first, count, s.team_scores[static_cast<std::size_t>(team)], cards_left);
}

// opening-personal: a new meld of a player who has not opened joins that player's
// provisional opening; lay-offs change nothing.
int count_provisional(const Profile& p, const State& s, std::size_t team_melds_after) {
    if (!p.opening_personal || s.seat_opened[static_cast<std::size_t>(s.turn)]) return s.provisional;
    const auto before = s.melds[static_cast<std::size_t>(turn_team(s))].size();
    return s.provisional + static_cast<int>(team_melds_after) - static_cast<int>(before);
}

// opening-team: a team with melds has opened once they are accepted (they qualified, or the
// hand was emptied with them). opening-personal: the player has opened when a provisional
// opening was accepted, the team when one of its players has; a fi alone opens nobody.
void opened_after(const Profile& p, const State& s, decltype(State::opened)& opened,
                  decltype(State::seat_opened)& seat_opened) {
    const auto seat = static_cast<std::size_t>(s.turn);
    const auto team = static_cast<std::size_t>(turn_team(s));
    if (p.opening_personal) {
        if (s.provisional > 0 && !seat_opened[seat]) seat_opened[seat] = true;
        if (seat_opened[seat] && !opened[team]) opened[team] = true;
        return;
    }
    if (!s.melds[team].empty() && !opened[team]) opened[team] = true;
}

}  // namespace kn

namespace kn {

namespace {

// classic-wild-ratio: how many more wild cards a set of `naturals` holding `in_meld` may take.
int wild_room(const Profile& p, int naturals, int in_meld) {
    int room = p.max_wilds_per_meld;
    if (p.wilds_at_most_naturals) room = std::min(room, naturals / p.naturals_per_wild);
    return room > in_meld ? room - in_meld : 0;
}

// The minimum the reach is measured against, or -1 when the band asks more than points (a
// run, two melds, wild-free melds) and only the search can tell.
std::int64_t opening_goal(const Profile& p, const State& s, int team) {
    const OpeningBand* band = opening_band(p, s.team_scores[static_cast<std::size_t>(team)]);
    if (band == nullptr || band->needs_clean_run || band->needs_natural_run || band->min_melds > 1) return -1;
    if (!(band->wilds_count && band->wild_melds_count) || p.runs_allowed) return -1;
    return band->min_points;
}

}  // namespace

// classic-no-take-back, classic-opening-minimum, turn-must-finish: how far a provisional
// opening of sets can still grow from the hand. One sequence every rule allows (every
// natural of a rank the melds have or the hand holds three times, then the most valuable
// wild cards those sets have room for; then, below the goal, pairs each with a wild card)
// decides "yes" when it reaches the minimum keeping two cards; a bound on every sequence
// (adding the pairs, black threes and, with wild-card melds, every wild card) decides "no"
// when it stays below the minimum and no waiver can help. 1 yes, 0 no, -1 only the search
// can tell.
int opening_in_reach(const Profile& p, const State& s, int team, const Meld* melds, std::size_t count,
                     const Hand& hand) {
    const std::int64_t goal = opening_goal(p, s, team);
    if (goal < 0) return -1;
    std::int64_t total = 0;
    std::array<int, 14> on_table{}, in_meld{};
    std::array<bool, 14> has_set{};
    for (std::size_t i = 0; i < count; ++i) {
        const Meld& m = melds[i];
        if (m.kind == MeldKind::Set) {
            const int wilds = m.wild_count();
            has_set[static_cast<std::size_t>(m.rank)] = true;
            on_table[static_cast<std::size_t>(m.rank)] = m.size() - wilds;
            in_meld[static_cast<std::size_t>(m.rank)] = wilds;
            for (Card c : m.cards) total += (c != JOKER && rank_of(c) == 2) ? p.wild_two : p.points[c];
        } else {
            total += meld_points(p, m);
        }
    }
    std::array<int, 14> held{};
    std::array<std::int64_t, 14> points{};
    Fixed<std::int64_t, 8 + MAX_JOKERS> wilds;  // the deck's 2s and jokers at most
    // The hand rank by rank (each kind's copies at once): the wild cards, the black threes,
    // and each other rank's naturals and their points.
    int twos = 0;
    for (int suit = 0; suit < 4; ++suit) twos += hand.n[make_card(2, suit)];
    const int threes = hand.n[make_card(3, 0)] + hand.n[make_card(3, 3)];
    for (int rank = 1; rank <= 13; ++rank) {
        if (rank == 2 || rank == 3) continue;
        const auto r = static_cast<std::size_t>(rank);
        for (int suit = 0; suit < 4; ++suit) {
            const Card card = make_card(rank, suit);
            const int copies = hand.n[card];
            held[r] += copies;
            points[r] += copies * p.points[card];
        }
    }
    // The wild cards' values, the most valuable first (two values: a 2's and a joker's).
    const int jokers = hand.n[JOKER];
    const std::int64_t joker = p.points[JOKER];
    const std::int64_t two = p.wild_two;
    const bool jokers_first = joker >= two;
    for (int k = 0; k < (jokers_first ? jokers : twos); ++k) wilds.push_back(jokers_first ? joker : two);
    for (int k = 0; k < (jokers_first ? twos : jokers); ++k) wilds.push_back(jokers_first ? two : joker);
    std::int64_t sure_points = 0;
    int sure_cards = 0, sure_room = 0, pair_room = 0;
    Fixed<std::pair<std::int64_t, int>, 14> pairs;  // one per rank at most
    const int least = std::max(p.min_naturals_per_meld, 2);
    for (int rank = 1; rank < 14; ++rank) {
        if (rank == 2 || rank == 3) continue;
        const auto r = static_cast<std::size_t>(rank);
        int room;
        if (!has_set[r]) {
            if (held[r] < least) continue;
            room = wild_room(p, held[r], 0);
            if (held[r] < 3) {
                pairs.emplace_back(points[r], rank);
                pair_room += room;
                continue;
            }
        } else {
            room = wild_room(p, on_table[r] + held[r], in_meld[r]);
        }
        sure_points += points[r];
        sure_cards += held[r];
        sure_room += room;
    }
    std::sort(pairs.begin(), pairs.end(), std::greater<>());
    const int n_wilds = static_cast<int>(wilds.size());
    auto sum_wilds = [&](int from, int to) {
        std::int64_t out = 0;
        for (int i = from; i < std::min(to, n_wilds); ++i) out += wilds[static_cast<std::size_t>(i)];
        return out;
    };
    const int placed = std::min(sure_room, n_wilds);
    const std::int64_t reached = total + sure_points + sum_wilds(0, sure_room);
    const int kept = hand.size - sure_cards - placed;
    const int room = sure_room + pair_room;
    // Each pair melds only with a wild card of its own: at most as many pairs as wild cards.
    const std::size_t usable = std::min(pairs.size(), wilds.size());
    std::int64_t most = total + sure_points + sum_wilds(0, room);
    for (std::size_t i = 0; i < usable; ++i) most += pairs[i].first;
    if (threes >= 3) most += threes * p.points[make_card(3, 0)];
    if (p.wild_meld_rule == WildMeldRule::CanastaAtOnce) most += sum_wilds(room, n_wilds);
    std::int64_t paired = reached;
    int paired_kept = kept;
    std::size_t spare = static_cast<std::size_t>(placed);
    for (std::size_t i = 0; i < usable && paired < goal; ++i) {
        if (spare < wilds.size()) {
            paired += pairs[i].first + wilds[spare++];
            paired_kept -= 3;
        } else {
            paired += pairs[i].first;
            paired_kept -= 2;
        }
    }
    if ((reached >= goal && kept >= 2) || (paired >= goal && paired_kept >= 2)) return 1;
    // concealed-waives-minimum releases no card set aside: it can help only while none waits.
    const bool waiver_may_help = p.opening_waiver_cards >= 0 && s.pile_pending.empty();
    if (most < goal && !waiver_may_help) return 0;
    return -1;
}

}  // namespace kn
