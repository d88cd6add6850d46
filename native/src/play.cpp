// Chapter "The turn" (spec/06-turn.rst), the play phase: a new meld, a lay-off, the discard
// and the take-back, and the rule every one of them answers to: the turn must still be
// able to end (turn-must-finish). Each check_* decides legality from the state without
// building the next one; each apply_* is its check and the next state.
#include "turn.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>

#include "flat_cache.hpp"
#include "per_thread.hpp"

namespace kn {

namespace {

// The hand without `cards` (a multiset); false when it does not hold them all.
bool remove_all(Hand& hand, std::span<const Card> cards) {
    for (Card c : cards)
        if (!hand.remove(c)) return false;
    return true;
}



// classic-black-threes-last: a meld of black threes leaving at most one card, which the
// search of can_finish_turn would not otherwise try (meld_options never lists black threes).
bool black_threes_go_out(const Profile& p, const State& s, const Hand& hand) {
    const int clubs = hand.n[make_card(3, 0)], spades = hand.n[make_card(3, 3)];
    const int threes = clubs + spades;
    if (threes < 3 || hand.size - threes > 1) return false;
    for (int size = std::max(3, hand.size - 1); size <= threes; ++size)
        for (int c = std::min(clubs, size); c >= 0 && size - c <= spades; --c) {
            std::vector<Card> batch(static_cast<std::size_t>(c), make_card(3, 0));
            batch.insert(batch.end(), static_cast<std::size_t>(size - c), make_card(3, 3));
            if (!check_meld(p, s, batch, 0)) return true;
        }
    return false;
}

// Some discard is legal now: the state allows one, and the hand holds a card other than the
// card taken from a one-card pile.
bool any_discard(const Profile& p, const State& s) {
    const Hand& hand = s.hands[static_cast<std::size_t>(s.turn)];
    if (check_discard_now(p, s)) return false;
    return s.pile_card == NO_CARD || hand.n[static_cast<std::size_t>(s.pile_card)] < hand.size;
}

}  // namespace

// one-set-per-rank: a team may not start a second set of a rank it already has.
std::optional<Violation> check_new_set(const Profile& p, const std::vector<Meld>& team_melds, const Meld& meld) {
    if (!p.one_set_per_rank || meld.kind != MeldKind::Set) return std::nullopt;
    for (const Meld& m : team_melds)
        if (m.kind == MeldKind::Set && m.rank == meld.rank)
            return Violation{"one-set-per-rank", "second-set-of-rank", "lay the cards off on the existing set"};
    return std::nullopt;
}

namespace {

// validate_meld's accepted new melds, remembered per profile (a new meld is a pure function
// of the profile, the batch and wild_at): the listing's melds recur from turn to turn, and
// each one applied was judged the same way before. The key: the profile, then the batch's
// cards as order words (order_word), the top four bits of the first wild_at.
using MeldVerdictKey = Words<4>;
struct MeldVerdictHash {
    std::size_t operator()(const MeldVerdictKey& k) const {
        std::uint64_t h = 0;
        for (std::uint64_t w : k.words) h = mix64(h ^ w);
        return static_cast<std::size_t>(h);
    }
};
using MeldVerdicts = FlatCache<MeldVerdictKey, Meld, MeldVerdictHash>;
// validate_meld's remembered verdicts, the thread's own (per_thread.hpp).
struct RememberedVerdicts {
    MeldVerdicts verdicts;
};
constexpr std::size_t MOST_MELD_VERDICTS = 100000;

// The key of a batch and wild_at, or false when they are beyond a key (nothing remembered).
bool meld_verdict_key(const Profile& p, std::span<const Card> batch, int wild_at, MeldVerdictKey& key) {
    if (p.serial == 0 || batch.size() > 30 || wild_at < 0 || wild_at > 15) return false;
    key.words[0] = p.serial;
    key.words[1] = static_cast<std::uint64_t>(wild_at) << 60 | order_word(batch, 0);
    key.words[2] = order_word(batch, 10);
    key.words[3] = order_word(batch, 20);
    return true;
}

}  // namespace

// meld-minimum, set-definition, run-definition, run-wild-placement: the new meld the
// batch makes, in the arrangement wild_at names.
std::optional<Violation> validate_meld(const Profile& p, std::span<const Card> batch, int wild_at, bool going_out,
                                       Meld& out) {
    MeldVerdictKey key;
    const bool keyed = !going_out && meld_verdict_key(p, batch, wild_at, key);
    MeldVerdicts& remembered = per_thread<RememberedVerdicts>().verdicts;
    if (keyed)
        if (const Meld* found = remembered.find(key)) {
            out = *found;
            return std::nullopt;
        }
    Arrangements a = meld_arrangements(p, batch, going_out);
    if (a.fault) return a.fault;
    auto v = choose_arrangement(p, std::move(a.melds), wild_at, false, out);
    if (!v && keyed) {
        if (remembered.size() >= MOST_MELD_VERDICTS) remembered.clear();
        remembered.add(key, out);
    }
    return v;
}

// lay-off, lay-off-arrangement: the meld after the batch is laid off, in the arrangement
// wild_at names (0: the default).
std::optional<Violation> validate_lay_off(const Profile& p, const Meld& meld, std::span<const Card> batch,
                                          int wild_at, Meld& out) {
    Arrangements a = lay_off_arrangements(p, meld, batch);
    if (a.fault) return a.fault;
    return choose_arrangement(p, std::move(a.melds), wild_at, true, out);
}

Violation pile_waiting_violation() {
    return {"classic-pile-opening", "pile-waiting",
            "the pile taken waits for the first meld to reach the minimum; the turn cannot end before"};
}

Violation stuck_violation() {
    return {"turn-must-finish", "no-way-to-finish", "after this move no legal sequence of moves could end the turn"};
}

bool discard_can_end(const Hand& hand, int pile_card) {
    return hand.size >= 2 && (pile_card == NO_CARD || hand.n[static_cast<std::size_t>(pile_card)] < hand.size);
}

// classic-pile-opening: the side's opening reached the minimum with the pile's top card and
// hand cards only; the rest of the pile joins the hand and the side has opened.
// classic-red-threes: the pile's red threes are laid face up, not replaced.
void release_pending_pile_in_place(const Profile& p, State& s) {
    (void)p;
    const auto team = static_cast<std::size_t>(turn_team(s));
    Hand& hand = s.hands[static_cast<std::size_t>(s.turn)];
    for (Card c : s.pile_pending) {
        if (is_red_three(c)) s.red_threes[team].push_back(c);
        else hand.add(c);
    }
    s.opened[team] = true;
    s.pile_pending.clear();
    s.pile_top = NO_CARD;
}

// classic-concealed-canasta: could every card of the meld have come from the hand held before
// the pile was taken in this turn, with the pile's top card? The copies are alike, so the
// cards are counted: naturals by rank, wild cards together. True when the pile was not taken.
bool is_from_hand_and_top(const State& s, const Meld& m) {
    if (s.pile_hand.size == 0) return true;
    std::array<int, 14> held{}, needed{};
    for (int c = 0; c < KINDS; ++c) {
        const int key = is_wild(static_cast<Card>(c)) ? 0 : rank_of(static_cast<Card>(c));
        held[static_cast<std::size_t>(key)] += s.pile_hand.n[static_cast<std::size_t>(c)];
    }
    for (Card c : m.history.cards()) ++needed[static_cast<std::size_t>(is_wild(c) ? 0 : rank_of(c))];
    for (std::size_t key = 0; key < needed.size(); ++key)
        if (needed[key] > held[key]) return false;
    return true;
}

// classic-concealed-canasta: what the state keeps of a move that laid cards (`index` -1: a new
// meld, which counts among the melds begun in this turn; otherwise a lay-off, which joins
// the first batch of a meld begun in this turn while every card of it could have come from
// the hand and the pile's top card).
void record_laid_in_turn(const Profile& p, const State& s, State& next, int index) {
    if (!p.concealed_canasta_bonus) return;
    if (index < 0) {
        next.turn_melds = s.turn_melds + 1;
        return;
    }
    const auto team = static_cast<std::size_t>(turn_team(s));
    if (index < static_cast<int>(s.melds[team].size()) - s.turn_melds) return;
    Meld& meld = next.melds[team][static_cast<std::size_t>(index)];
    if (meld.history.size() != 2 || !is_from_hand_and_top(next, meld)) return;
    meld.history.join_last();
}

// turn-must-finish, meld-from-hand, lay-off-own-team: an emptied hand must be allowed to
// empty (the opening, the canasta) and then takes a fi or goes out; otherwise the turn must
// still be able to end. `next` is `s` with the team's melds already those after the move.
std::optional<Violation> after_laying_in_place(const Profile& p, const State& s, State& next, const Hand& hand) {
    const int provisional = count_provisional(p, s, next.melds[static_cast<std::size_t>(turn_team(s))].size());
    return after_laying_in_place(p, next, provisional, hand);
}

std::optional<Violation> after_laying_in_place(const Profile& p, State& next, int provisional, const Hand& hand) {
    const auto seat = static_cast<std::size_t>(next.turn);
    const int team = turn_team(next);
    next.provisional = provisional;
    next.hands[seat] = hand;
    next.phase = Phase::Play;
    next.went_out = -1;
    next.turn_laid = p.tracks_table_seats;
    // classic-pile-opening: the cards kept once the pile joins the hand decide;
    // classic-opening-minimum: the waiver releases no card of the pile (it would stay
    // unmelded), so while cards wait they count as more than the waiver allows.
    int kept = hand.size + static_cast<int>(next.pile_pending.size());
    if (!next.pile_pending.empty() && p.opening_waiver_cards >= 0) kept = std::max(kept, p.opening_waiver_cards + 1);
    if (next.pile_top != NO_CARD && !check_provisional_opening(p, next, kept)) release_pending_pile_in_place(p, next);
    if (next.hands[seat].size == 0) {
        if (is_provisional(p, next, team))
            if (auto v = check_provisional_opening(p, next, 0)) return *v;
        if (next.pile_top != NO_CARD) return pile_waiting_violation();
        if (auto v = check_emptying(p, next, team, false)) return *v;
        take_fi_or_go_out_in_place(p, next, false);
        return std::nullopt;
    }
    if (is_provisional(p, next, team)) {
        // classic-no-take-back: without a take-back the opening must still be completed.
        if (p.take_back || can_finish_turn(p, next)) return std::nullopt;
        return stuck_violation();
    }
    if (discard_can_end(next.hands[seat], next.pile_card) || can_finish_turn(p, next)) return std::nullopt;
    return stuck_violation();
}

namespace {

// after_laying_in_place's verdict on `s` changed by `change` (the move's melds), judged in a
// scratch state of the thread: a check allocates nothing. A check within a check (the search
// of can_finish_turn checks moves of the state being judged) has a scratch state of its own.
template <class Change>
std::optional<Violation> judge_after_laying(const Profile& p, const State& s, const Hand& rest, Change change) {
    ScratchState next;
    *next = s;
    change(*next);
    return after_laying_in_place(p, s, *next, rest);
}

// after_laying_in_place accepts, with no next state and no search: the hand keeps cards, no pile
// waits, and the turn can surely end (by a take-back, or by a discard).
bool surely_finishes(const Profile& p, const State& s, const Hand& hand, std::size_t team_melds_after) {
    if (s.pile_top != NO_CARD || hand.size == 0) return false;
    const int team = turn_team(s);
    const bool provisional = p.opening_personal ? count_provisional(p, s, team_melds_after) > 0
                                                : !s.opened[static_cast<std::size_t>(team)] && team_melds_after > 0;
    return provisional ? p.take_back : discard_can_end(hand, s.pile_card);
}

}  // namespace

namespace {

struct SearchCount {
    int depth = 0;
    long tried = 0;
};
thread_local SearchCount search_count;

// The reference's refusal (kanasta.fast.turn.search_too_long), word for word.
std::string search_too_long() {
    std::string number = std::to_string(MOST_SEARCH_TRIES);
    for (auto at = static_cast<std::ptrdiff_t>(number.size()) - 3; at > 0; at -= 3)
        number.insert(static_cast<std::size_t>(at), ",");
    return "whether this turn can still end is not known after " + number +
           " melds and lay-offs tried, too many to decide in reasonable time, so the question is refused: the hand "
           "of a side that has not opened is too large for the search (clause turn-must-finish, "
           "classic-no-take-back). Ask about a position with a smaller hand.";
}

void count_try() {
    if (++search_count.tried > MOST_SEARCH_TRIES) throw InputError(search_too_long());
}

}  // namespace

SearchScope::SearchScope() {
    if (search_count.depth++ == 0) search_count.tried = 0;
}

SearchScope::~SearchScope() { --search_count.depth; }

// turn-must-finish: a discard is legal, a provisional opening can be taken back, or some
// meld or lay-off leads to such a state (or empties the hand legally); every meld and
// lay-off tried counts against the search budget (SearchScope).
bool can_finish_turn(const Profile& p, const State& s) {
    if (s.phase != Phase::Play) return true;
    const Hand& hand = s.hands[static_cast<std::size_t>(s.turn)];
    const int team = turn_team(s);
    if (hand.size == 0) return true;
    if (is_provisional(p, s, team)) {
        if (p.take_back) return true;
        const auto& melds = s.melds[static_cast<std::size_t>(team)];
        const std::size_t count = provisional_count(p, s, team);
        const int reach = opening_in_reach(p, s, team, melds.data() + (melds.size() - count), count, hand);
        if (reach >= 0) return reach == 1;
        if (any_discard(p, s)) return true;
    } else {
        // Some discard is legal: a card other than the pile card, and with a single card, the
        // hand may be emptied.
        const bool other_card = s.pile_card == NO_CARD || hand.n[static_cast<std::size_t>(s.pile_card)] < hand.size;
        if (discard_can_end(hand, s.pile_card) ||
            (hand.size == 1 && other_card && !check_emptying(p, s, team, true)))
            return true;
    }
    if (p.threes_special && black_threes_go_out(p, s, hand)) return true;
    const SearchScope scope;
    const auto t = static_cast<std::size_t>(team);
    const auto& team_melds = s.melds[t];
    for (const Meld& m : meld_options(p, hand)) {
        count_try();
        Hand rest = hand;
        remove_all(rest, m.history[0]);
        if (check_new_set(p, team_melds, m)) continue;
        if (surely_finishes(p, s, rest, team_melds.size() + 1) ||
            !judge_after_laying(p, s, rest, [&](State& next) { next.melds[t].push_back(m); }))
            return true;
    }
    for (std::size_t index = 0; index < team_melds.size(); ++index)
        for (const auto& [batch, result] : lay_off_options(p, team_melds[index], hand)) {
            count_try();
            Hand rest = hand;
            remove_all(rest, batch);
            if (surely_finishes(p, s, rest, team_melds.size()) ||
                !judge_after_laying(p, s, rest, [&](State& next) { next.melds[t][index] = result; }))
                return true;
        }
    return false;
}

// discard-ends-turn, opening-checked-at-discard, classic-pile-opening, emptying-by-discard:
// the checks of a discard that depend only on the state.
std::optional<Violation> check_discard_now(const Profile& p, const State& s) {
    const int team = turn_team(s);
    const Hand& hand = s.hands[static_cast<std::size_t>(s.turn)];
    if (is_provisional(p, s, team)) {
        if (auto v = check_provisional_opening(p, s, hand.size)) return v;
        if (s.pile_top != NO_CARD) return pile_waiting_violation();
    }
    if (hand.size == 1) return check_emptying(p, s, team, true);
    return std::nullopt;
}

// meld-from-hand, one-set-per-rank, classic-threes-in-melds, classic-black-threes-last.
std::optional<Violation> check_meld_cards(const Profile& p, const State& s, std::span<const Card> cards,
                                          int wild_at, Hand& rest, Meld& meld) {
    if (s.phase != Phase::Play) return phase_violation(s, Phase::Play);
    MeldCards batch(cards);
    std::sort(batch.begin(), batch.end());
    rest = s.hands[static_cast<std::size_t>(s.turn)];
    if (!remove_all(rest, batch))
        return Violation{"meld-from-hand", "cards-not-in-hand", "the hand does not hold " + cards_text(batch.vec())};
    if (auto v = validate_meld(p, batch, wild_at, false, meld)) {
        if (v->code != "black-threes-not-going-out" || rest.size > 1) return v;
        // classic-black-threes-last: black threes as the turn's last meld.
        if (auto w = validate_meld(p, batch, 0, true, meld)) return w;
    }
    return check_new_set(p, s.melds[static_cast<std::size_t>(turn_team(s))], meld);
}

// lay-off-own-team: a batch of hand cards onto one of the own team's melds.
std::optional<Violation> check_lay_off_cards(const Profile& p, const State& s, int index,
                                             std::span<const Card> cards, int wild_at, Hand& rest, Meld& meld) {
    if (s.phase != Phase::Play) return phase_violation(s, Phase::Play);
    const auto& team_melds = s.melds[static_cast<std::size_t>(turn_team(s))];
    if (index < 0 || index >= static_cast<int>(team_melds.size()))
        return Violation{"lay-off-own-team", "no-such-meld",
                         "the team has " + std::to_string(team_melds.size()) + " meld(s); there is no meld " +
                             std::to_string(index)};
    MeldCards batch(cards);
    std::sort(batch.begin(), batch.end());
    rest = s.hands[static_cast<std::size_t>(s.turn)];
    if (!remove_all(rest, batch))
        return Violation{"lay-off-own-team", "cards-not-in-hand", "the hand does not hold " + cards_text(batch.vec())};
    return validate_lay_off(p, team_melds[static_cast<std::size_t>(index)], batch, wild_at, meld);
}

std::optional<Violation> check_meld(const Profile& p, const State& s, std::span<const Card> cards, int wild_at) {
    Hand rest;
    Meld meld;
    if (auto v = check_meld_cards(p, s, cards, wild_at, rest, meld)) return v;
    const auto team = static_cast<std::size_t>(turn_team(s));
    if (surely_finishes(p, s, rest, s.melds[team].size() + 1)) return std::nullopt;
    return judge_after_laying(p, s, rest, [&](State& next) { next.melds[team].push_back(std::move(meld)); });
}

std::optional<Violation> apply_meld_into(const Profile& p, const State& s, std::span<const Card> cards, int wild_at,
                                         State& next) {
    Hand rest;
    Meld meld;
    if (auto v = check_meld_cards(p, s, cards, wild_at, rest, meld)) return v;
    next = s;
    next.melds[static_cast<std::size_t>(turn_team(s))].push_back(std::move(meld));
    if (auto v = after_laying_in_place(p, s, next, rest)) return v;
    record_laid_in_turn(p, s, next, -1);
    return std::nullopt;
}

std::optional<Violation> check_lay_off(const Profile& p, const State& s, int index, std::span<const Card> cards,
                                       int wild_at) {
    Hand rest;
    Meld meld;
    if (auto v = check_lay_off_cards(p, s, index, cards, wild_at, rest, meld)) return v;
    const auto team = static_cast<std::size_t>(turn_team(s));
    if (surely_finishes(p, s, rest, s.melds[team].size())) return std::nullopt;
    return judge_after_laying(p, s, rest,
                              [&](State& next) { next.melds[team][static_cast<std::size_t>(index)] = std::move(meld); });
}

std::optional<Violation> apply_lay_off_into(const Profile& p, const State& s, int index,
                                            std::span<const Card> cards, int wild_at, State& next) {
    Hand rest;
    Meld meld;
    if (auto v = check_lay_off_cards(p, s, index, cards, wild_at, rest, meld)) return v;
    next = s;
    next.melds[static_cast<std::size_t>(turn_team(s))][static_cast<std::size_t>(index)] = std::move(meld);
    if (auto v = after_laying_in_place(p, s, next, rest)) return v;
    record_laid_in_turn(p, s, next, index);
    return std::nullopt;
}

// discard-ends-turn, single-pile-no-discard-back (nor its twin: the two copies are the same
// card), discard-playable-card (whether it could be laid off plays no part).
std::optional<Violation> check_discard(const Profile& p, const State& s, Card card) {
    if (s.phase != Phase::Play) return phase_violation(s, Phase::Play);
    if (s.hands[static_cast<std::size_t>(s.turn)].n[card] == 0)
        return Violation{"discard-ends-turn", "card-not-in-hand", "the hand does not hold " + card_text(card)};
    if (static_cast<int>(card) == s.pile_card)
        return Violation{"single-pile-no-discard-back", "discard-taken-card",
                         "the card taken from a one-card pile may not be discarded in the same turn"};
    return check_discard_now(p, s);
}

// discard-ends-turn, opening-checked-at-discard, emptying-by-discard: the card goes on the
// pile and the turn ends; a provisional opening becomes the team's; an emptied hand takes a
// fi (which waits for the next turn) or goes out.
std::optional<Violation> apply_discard_into(const Profile& p, const State& s, Card card, State& next) {
    if (auto v = check_discard(p, s, card)) return v;
    next = s;
    opened_after(p, s, next.opened, next.seat_opened);
    Hand& hand = next.hands[static_cast<std::size_t>(s.turn)];
    hand.remove(card);
    next.discard.push_back(card);
    next.pile_card = NO_CARD;
    next.went_out = -1;
    next.provisional = 0;
    next.pile_pending.clear();
    next.pile_top = NO_CARD;
    if (hand.size == 0) take_fi_or_go_out_in_place(p, next, true);
    end_turn_in_place(p, next);
    return std::nullopt;
}

// opening-take-back, classic-no-take-back.
std::optional<Violation> check_take_back(const Profile& p, const State& s) {
    if (!p.take_back)
        return Violation{"classic-no-take-back", "no-take-back",
                         "in " + p.family + " a card laid on the table is never taken back"};
    if (s.phase != Phase::Play) return phase_violation(s, Phase::Play);
    if (!is_provisional(p, s, turn_team(s)))
        return Violation{"opening-take-back", "nothing-to-take-back",
                         "only a provisional opening (melds of a team that has not opened) can be taken back"};
    return std::nullopt;
}

// opening-take-back: every provisional meld's cards return to the hand; classic-pile-opening:
// a pile set aside goes back as it was, its top card on it, and the turn is back at its draw.
std::optional<Violation> apply_take_back_into(const Profile& p, const State& s, State& next) {
    if (auto v = check_take_back(p, s)) return v;
    const int team = turn_team(s);
    const std::size_t count = provisional_count(p, s, team);
    next = s;
    auto& melds = next.melds[static_cast<std::size_t>(team)];
    Hand& hand = next.hands[static_cast<std::size_t>(s.turn)];
    for (std::size_t i = melds.size() - count; i < melds.size(); ++i) {
        for (Card c : melds[i].cards) hand.add(c);
        for (Card c : melds[i].spare) hand.add(c);
    }
    melds.resize(melds.size() - count);
    if (s.pile_top != NO_CARD) {
        hand.remove(static_cast<Card>(s.pile_top));
        next.discard = s.pile_pending;
        next.discard.push_back(static_cast<Card>(s.pile_top));
        next.phase = Phase::Draw;
    } else {
        next.phase = Phase::Play;
    }
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
