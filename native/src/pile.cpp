// Chapter "The turn" (spec/06-turn.rst) and the classic pile (spec/10-classic.rst): the pass
// by showing, and the discard pile taken, whole into the hand or with its top card melded.
#include <algorithm>
#include <array>

#include "pile.hpp"
#include "turn.hpp"

namespace kn {

namespace {

std::string rank_text(Card c) {
    const std::string t = card_text(c);
    return t.substr(0, t.size() - 1);
}

bool is_natural_of(Card c, int rank) { return !is_wild(c) && rank_of(c) == rank; }

// take-whole-pile: a new meld in its default arrangement, or the fault.
std::variant<Meld, Violation> new_meld(const Profile& p, std::span<const Card> cards, bool going_out) {
    Meld out;
    if (auto v = validate_meld(p, cards, 0, going_out, out)) return *v;
    return out;
}

// classic-take-pile: the meld after the top card (and its pair) is laid off, default arrangement.
std::variant<Meld, Violation> laid_off(const Profile& p, const Meld& meld, std::span<const Card> cards) {
    Meld out;
    if (auto v = validate_lay_off(p, meld, cards, 0, out)) return *v;
    return out;
}

bool are_black_threes(std::span<const Card> cards) {
    return !cards.empty() && std::all_of(cards.begin(), cards.end(), is_black_three);
}

// classic-black-threes, classic-take-pile: a top card no meld can take.
// classic-black-three-last-turn: with the option, a black three on top is taken only with
// black threes from the hand (`shown`), which lay_pile_top then checks.
bool is_top_refused(const Profile& p, Card top, std::span<const Card> shown) {
    if (p.pile_blockers[top]) return !(p.pile_black_three_last_turn && are_black_threes(shown));
    return is_wild(top) || rank_of(top) == 3;
}

// is_top_refused's verdict with its reason.
std::optional<Violation> top_violation(const Profile& p, Card top, std::span<const Card> shown) {
    if (!is_top_refused(p, top, shown)) return std::nullopt;
    if (p.pile_blockers[top])
        return Violation{"classic-black-threes", "pile-blocked",
                         "a black three (" + card_text(top) + ") on top of the pile blocks it"};
    return Violation{"classic-take-pile", "top-not-meldable",
                     "the top card " + card_text(top) + " cannot be melded, so the pile cannot be taken"};
}

// classic-black-three-last-turn, classic-black-threes-last: the black threes of the pile's
// top and the hand go out: at most one card may stay once the rest of the pile joins the hand.
std::variant<Meld, Violation> black_threes_from_pile(const Profile& p, const State& s, std::span<const Card> batch,
                                                     const Hand& rest) {
    int kept = rest.size;
    for (std::size_t i = 0; i + 1 < s.discard.size(); ++i)
        if (!is_red_three(s.discard[i])) ++kept;
    if (kept > 1)
        return Violation{"classic-black-three-last-turn", "black-threes-not-going-out",
                         "a black three is taken from the pile only to go out: " + std::to_string(kept) +
                             " cards would stay in the hand after the meld of black threes"};
    return new_meld(p, batch, true);
}

}  // namespace

// take-whole-pile: the pile is taken whole and must hold a card.
// single-pile-needs-two-cards: a player holding one card may not take a pile of one card.
std::optional<Violation> check_take_pile(const Profile& p, const State& s) {
    if (s.phase != Phase::Draw) return phase_violation(s, Phase::Draw);
    if (s.discard.empty()) return Violation{"take-whole-pile", "pile-empty", "the discard pile is empty"};
    if (s.discard.size() == 1 && s.hands[static_cast<std::size_t>(s.turn)].size == 1 && p.single_pile_needs_two_cards)
        return Violation{"single-pile-needs-two-cards", "single-card-hand",
                         "a player holding one card may not take a discard pile of one card"};
    return std::nullopt;
}

// pass-by-showing, pass-by-showing-when: at the start of the turn, showing a card identical
// to the top of the pile. action-kinds: a family without the pass refuses it.
std::optional<Violation> check_pass_by_showing(const Profile& p, const State& s) {
    if (!p.pass_by_showing)
        return Violation{"action-kinds", "no-pass-in-family", p.family + " has no pass by showing"};
    if (s.phase != Phase::Draw) return phase_violation(s, Phase::Draw);
    if (s.discard.empty()) return Violation{"pass-by-showing", "pile-empty", "there is no top card to match"};
    const Card top = s.discard.back();
    if (!s.hands[static_cast<std::size_t>(s.turn)].n[top])
        return Violation{"pass-by-showing", "no-matching-card",
                         "the hand holds no " + card_text(top) + ", the top of the discard pile"};
    return std::nullopt;
}

// pass-by-showing, turn-passes: the card is shown and the turn passes, nothing else changes.
std::optional<Violation> apply_pass_into(const Profile& p, const State& s, State& next) {
    if (auto v = check_pass_by_showing(p, s)) return v;
    next = s;
    end_turn_in_place(p, next);
    return std::nullopt;
}

// classic-frozen-pile: frozen for a side that has not opened, and for everyone while a
// freezing card lies in it. classic-freeze-clears: taking the pile empties it.
bool is_pile_frozen(const Profile& p, const State& s) {
    if (!s.opened[static_cast<std::size_t>(p.team_of(s.turn))]) return true;
    return std::any_of(s.discard.begin(), s.discard.end(), [&](Card c) { return p.pile_freezers[c]; });
}

// classic-take-pile, classic-frozen-pile, one-set-per-rank: the checks of the pile taken by
// melding its top card, up to that meld: the hand cards left and the side's melds after it.
std::variant<PileLaid, Violation> lay_pile_top(const Profile& p, const State& s, std::span<const Card> shown,
                                               int index) {
    if (auto v = check_take_pile(p, s)) return *v;
    if (!p.pile_top_melded)
        return Violation{"take-whole-pile", "no-top-meld-in-family",
                         "in " + p.family + " the pile is taken into the hand, without melding"};
    if (shown.empty() && index < 0)
        return Violation{"classic-take-pile", "top-card-not-melded",
                         "the pile is taken by melding its top card at once: name the hand cards that meld with it, "
                         "or the meld it is laid off on"};
    const Card top = s.discard.back();
    if (auto v = top_violation(p, top, shown)) return *v;
    PileLaid out;
    out.rest = s.hands[static_cast<std::size_t>(s.turn)];
    for (Card c : shown)
        if (!out.rest.remove(c))
            return Violation{"classic-take-pile", "cards-not-in-hand", "the hand does not hold " + cards_text(shown)};
    const int rank = rank_of(top);
    const auto naturals = std::count_if(shown.begin(), shown.end(), [&](Card c) { return is_natural_of(c, rank); });
    const bool frozen = is_pile_frozen(p, s);
    if (frozen && naturals < 2)
        return Violation{"classic-frozen-pile", "natural-pair-needed",
                         "the pile is frozen: show two natural " + rank_text(top) + "s from the hand"};
    const auto& team_melds = s.melds[static_cast<std::size_t>(p.team_of(s.turn))];
    MeldCards batch(shown);
    batch.insert(std::upper_bound(batch.begin(), batch.end(), top), top);
    if (index >= 0) {
        if (index >= static_cast<int>(team_melds.size()) || team_melds[static_cast<std::size_t>(index)].rank != rank ||
            team_melds[static_cast<std::size_t>(index)].kind != MeldKind::Set)
            return Violation{"classic-take-pile", "no-meld-of-rank",
                             "the side has no meld of the top card's rank at index " + std::to_string(index)};
        if (!frozen && !shown.empty())
            return Violation{"classic-take-pile", "top-alone",
                             "on an unfrozen pile the top card is laid off alone; the hand cards come after"};
        if (frozen && shown.size() != 2)
            return Violation{"classic-frozen-pile", "natural-pair-needed",
                             "the pile is frozen: show exactly a natural pair of the top card's rank"};
        auto result = laid_off(p, team_melds[static_cast<std::size_t>(index)], batch);
        if (auto* v = std::get_if<Violation>(&result)) return *v;
        out.meld = std::get<Meld>(std::move(result));
        out.index = index;
        return out;
    }
    std::variant<Meld, Violation> meld;
    if (p.pile_blockers[top]) {
        meld = black_threes_from_pile(p, s, batch, out.rest);
    } else {
        if (naturals < 1 || !(shown.size() == 2 || (p.pile_meld_any_size && shown.size() > 2)))
            return Violation{"classic-take-pile", "two-cards-with-top",
                             std::string("a new meld with the top card takes two hand cards, at least one natural") +
                                 (p.pile_meld_any_size ? " (or more, with the option concealed-canasta)" : "")};
        meld = new_meld(p, batch, false);
        if (const auto* m = std::get_if<Meld>(&meld))
            if (auto v = check_new_set(p, team_melds, *m)) return *v;
    }
    if (auto* v = std::get_if<Violation>(&meld)) return *v;
    out.meld = std::get<Meld>(std::move(meld));
    return out;
}

// classic-pile-opening, classic-red-threes: after the top card's meld the rest of the pile
// joins the hand (its red threes laid face up), or waits while the side has not opened.
// `next` becomes the state with the pile taken, then the next state (built in place when
// there is no violation); it is assigned whole from `s`, so a state kept from call to call
// keeps its meld lists' room.
std::optional<Violation> take_pile_after_in_place(const Profile& p, const State& s, PileLaid&& laid, State& next) {
    const auto team = static_cast<std::size_t>(p.team_of(s.turn));
    next = s;
    next.phase = Phase::Play;
    next.discard.clear();
    next.pile_card = NO_CARD;
    next.provisional = 0;
    if (s.opened[team]) {
        for (std::size_t i = 0; i + 1 < s.discard.size(); ++i) {
            const Card c = s.discard[i];
            if (is_red_three(c)) next.red_threes[team].push_back(c);
            else laid.rest.add(c);
        }
    } else {
        next.pile_pending.assign(s.discard.begin(), s.discard.end() - 1);
        next.pile_top = s.discard.back();
    }
    // opening-provisional: counted on the state with the pile taken, before the meld.
    auto& melds = next.melds[team];
    const int provisional = count_provisional(p, next, melds.size() + (laid.index >= 0 ? 0 : 1));
    if (laid.index >= 0) melds[static_cast<std::size_t>(laid.index)] = std::move(laid.meld);
    else melds.push_back(std::move(laid.meld));
    return after_laying_in_place(p, next, provisional, laid.rest);
}

namespace {

// take_pile_after_in_place's verdict, judged in a scratch state of the thread (the listing's
// take_pile_options): a verdict allocates nothing.
bool take_pile_accepted(const Profile& p, const State& s, PileLaid&& laid) {
    ScratchState next;
    return !take_pile_after_in_place(p, s, std::move(laid), *next);
}

// classic-take-pile: the whole pile taken by melding its top card at once.
std::optional<Violation> apply_take_pile_top_into(const Profile& p, const State& s, std::span<const Card> shown,
                                                  int index, State& next) {
    auto laid = lay_pile_top(p, s, shown, index);
    if (auto* v = std::get_if<Violation>(&laid)) return std::move(*v);
    if (auto v = take_pile_after_in_place(p, s, std::get<PileLaid>(std::move(laid)), next)) return v;
    if (p.concealed_canasta_bonus) {
        // classic-concealed-canasta: the hand held before the take, with the top card.
        next.pile_hand = s.hands[static_cast<std::size_t>(s.turn)];
        next.pile_hand.add(s.discard.back());
        record_laid_in_turn(p, s, next, index < 0 ? -1 : index);
    }
    return std::nullopt;
}

// take-whole-pile: every card of the pile into the hand. single-pile-no-discard-back: the
// card of a one-card pile is remembered for the turn. turn-must-finish: the turn can end.
std::optional<Violation> apply_take_pile_whole_into(const Profile& p, const State& s, State& next) {
    if (auto v = check_take_pile(p, s)) return v;
    next = s;
    const auto seat = static_cast<std::size_t>(s.turn);
    Hand& hand = next.hands[seat];
    for (Card c : s.discard) hand.add(c);
    next.pile_card = s.discard.size() == 1 && p.single_pile_no_discard_back ? s.discard[0] : NO_CARD;
    next.phase = Phase::Play;
    next.discard.clear();
    next.went_out = -1;
    next.provisional = 0;
    next.pile_pending.clear();
    next.pile_top = NO_CARD;
    next.turn_laid = false;
    next.turn_melds = 0;
    next.pile_hand = Hand{};
    if (discard_can_end(hand, next.pile_card) || can_finish_turn(p, next)) return std::nullopt;
    return stuck_violation();
}

}  // namespace

// take-whole-pile, classic-take-pile: the action take-pile of the family.
std::optional<Violation> apply_take_pile_into(const Profile& p, const State& s, std::span<const Card> cards, int meld,
                                              State& next) {
    if (p.pile_top_melded) return apply_take_pile_top_into(p, s, cards, meld, next);
    if (!cards.empty() || meld > 0)
        return Violation{"take-whole-pile", "no-top-meld-in-family",
                         "in " + p.family + " the pile is taken into the hand, naming no cards and no meld"};
    return apply_take_pile_whole_into(p, s, next);
}

// take-whole-pile: whether apply_take_pile_whole_into accepts the move, without building the
// state in the common case.
bool is_take_pile_legal(const Profile& p, const State& s) {
    if (p.pile_top_melded || check_take_pile(p, s)) return false;
    Hand hand = s.hands[static_cast<std::size_t>(s.turn)];
    for (Card c : s.discard) hand.add(c);
    const int pile_card = s.discard.size() == 1 && p.single_pile_no_discard_back ? s.discard[0] : NO_CARD;
    if (discard_can_end(hand, pile_card)) return true;
    ScratchState next;
    return !apply_take_pile_whole_into(p, s, *next);
}

}  // namespace kn

namespace kn {

namespace {

// A candidate way to take the pile: the hand cards shown and the meld index, held inline
// (ActionCards: no allocation), kept in a buffer of the thread that keeps its room.
struct PileOption {
    ActionCards cards;
    int index = -1;
};
struct PileOptionBuffer {
    std::vector<PileOption> options;
};

// The canonical order of the options: by cards, then meld index (compared card by card).
bool option_before(const PileOption& x, const PileOption& y) {
    if (!(x.cards == y.cards)) return x.cards < y.cards;
    return x.index < y.index;
}

// The cards of `hand` for which `keep` holds, with their copies, in card order.
template <class Keep>
ActionCards cards_where(const Hand& hand, Keep keep) {
    ActionCards out;
    for (int c = 0; c < KINDS; ++c)
        if (keep(static_cast<Card>(c)))
            for (int k = 0; k < hand.n[static_cast<std::size_t>(c)]; ++k) out.push_back(static_cast<Card>(c));
    return out;
}

// Every distinct sub-multiset of the sorted `cards` of `size` cards, handed to `each` in
// canonical order, built in `current`.
template <class Each>
void each_combination(std::span<const Card> cards, std::size_t size, std::size_t at, ActionCards& current,
                      Each& each) {
    if (current.size() == size) {
        each(std::span<const Card>(current));
        return;
    }
    for (std::size_t i = at; i < cards.size(); ++i) {
        if (i > at && cards[i] == cards[i - 1]) continue;
        current.push_back(cards[i]);
        each_combination(cards, size, i + 1, current, each);
        current.pop_back();
    }
}

template <class Each>
void each_combination(std::span<const Card> cards, std::size_t size, Each each) {
    ActionCards current;
    each_combination(cards, size, 0, current, each);
}

// Every distinct sub-multiset of the sorted `cards` of at most `most` cards (the empty one
// too), by size.
template <class Each>
void each_sub_multiset(std::span<const Card> cards, std::size_t most, Each each) {
    for (std::size_t size = 0; size <= std::min(most, cards.size()); ++size) each_combination(cards, size, each);
}

// classic-concealed-canasta: the candidates that meld a natural top card when the take may
// name any number of hand cards.
void top_meld_options(const Profile& p, const State& s, Card top, const Hand& hand, std::vector<PileOption>& options) {
    const int rank = rank_of(top);
    const auto naturals = cards_where(hand, [&](Card c) { return is_natural_of(c, rank); });
    const bool frozen = is_pile_frozen(p, s);
    const auto& team_melds = s.melds[static_cast<std::size_t>(turn_team(s))];
    for (std::size_t i = 0; i < team_melds.size(); ++i)
        if (team_melds[i].kind == MeldKind::Set && team_melds[i].rank == rank) {
            if (!frozen) {
                options.push_back({{}, static_cast<int>(i)});
                return;
            }
            each_combination(naturals, 2, [&](std::span<const Card> pair) {
                options.push_back({ActionCards(pair), static_cast<int>(i)});
            });
            return;
        }
    const auto wilds = cards_where(hand, [](Card c) { return is_wild(c); });
    const std::size_t least = frozen ? 2 : 1;
    each_sub_multiset(naturals, naturals.size(), [&](std::span<const Card> n) {
        if (n.size() < least) return;
        const auto most =
            static_cast<std::size_t>(std::max(0, std::min(p.max_wilds_per_meld, static_cast<int>(n.size()) + 1)));
        each_sub_multiset(wilds, most, [&](std::span<const Card> w) {
            if (n.size() + w.size() < 2) return;
            ActionCards cards(n);
            for (Card c : w) cards.push_back(c);
            std::sort(cards.begin(), cards.end());
            options.push_back({std::move(cards), -1});
        });
    });
    std::sort(options.begin(), options.end(), option_before);
}

// classic-take-pile: the candidates when a new meld takes two hand cards (or the top card
// is laid off on the side's meld of its rank), in canonical order.
void two_card_options(const Profile& p, const State& s, Card top, const Hand& hand, std::vector<PileOption>& options) {
    const int rank = rank_of(top);
    // The naturals of the top card's rank (never a 2: the top is natural), by kind.
    std::array<Card, 4> kinds{};
    std::size_t kind_count = 0;
    for (int suit = 0; suit < 4; ++suit) {
        const Card n = make_card(rank, suit);
        if (hand.n[n]) kinds[kind_count++] = n;
    }
    const bool frozen = is_pile_frozen(p, s);
    // Every distinct pair of those naturals, in card order.
    const auto each_pair = [&](auto each) {
        for (std::size_t a = 0; a < kind_count; ++a) {
            if (hand.n[kinds[a]] >= 2) each(kinds[a], kinds[a]);
            for (std::size_t b = a + 1; b < kind_count; ++b) each(kinds[a], kinds[b]);
        }
    };
    int index = -1;
    const auto& team_melds = s.melds[static_cast<std::size_t>(turn_team(s))];
    for (std::size_t i = 0; i < team_melds.size(); ++i)
        if (team_melds[i].kind == MeldKind::Set && team_melds[i].rank == rank) index = static_cast<int>(i);
    if (index >= 0) {
        if (frozen) each_pair([&](Card a, Card b) { options.push_back({{a, b}, index}); });
        else options.push_back({{}, index});
        return;
    }
    each_pair([&](Card a, Card b) { options.push_back({{a, b}, -1}); });
    if (!frozen)
        // A natural with a wild card.
        for (std::size_t k = 0; k < kind_count; ++k)
            for (Card w : WILD_KINDS)
                if (hand.n[w]) options.push_back({{std::min(kinds[k], w), std::max(kinds[k], w)}, -1});
    std::sort(options.begin(), options.end(), option_before);
}

}  // namespace

std::vector<std::pair<std::vector<Card>, int>> take_pile_options(const Profile& p, const State& s) {
    if (check_take_pile(p, s)) return {};
    const Card top = s.discard.back();
    const Hand& hand = s.hands[static_cast<std::size_t>(s.turn)];
    const int team = turn_team(s);
    std::vector<PileOption>& options = per_thread<PileOptionBuffer>().options;
    options.clear();
    if (p.pile_blockers[top] && p.pile_black_three_last_turn) {
        const auto threes = cards_where(hand, is_black_three);
        for (std::size_t size : {2u, 3u})
            each_combination(threes, size, [&](std::span<const Card> batch) {
                options.push_back({ActionCards(batch), -1});
            });
        std::sort(options.begin(), options.end(), option_before);
    } else if (is_top_refused(p, top, {})) {
        return {};
    } else if (p.pile_meld_any_size) {
        top_meld_options(p, s, top, hand, options);
    } else {
        two_card_options(p, s, top, hand, options);
    }
    const bool committed = !(s.opened[static_cast<std::size_t>(team)] || p.take_back);
    std::vector<std::pair<std::vector<Card>, int>> found;
    for (auto& option : options) {
        auto laid = lay_pile_top(p, s, option.cards, option.index);
        if (std::holds_alternative<Violation>(laid)) continue;
        auto& l = std::get<PileLaid>(laid);
        if ((!committed && l.rest.size >= 2) || take_pile_accepted(p, s, std::move(l)))
            found.emplace_back(option.cards.vec(), option.index);
    }
    return found;
}

}  // namespace kn
