// Chapter "Actions" (spec): the atomic actions, their dispatch and the legal-action list.
#include <algorithm>

#include "engine.hpp"
#include "pile.hpp"
#include "turn.hpp"

namespace kn {

namespace {
constexpr const char* ACTION_NAMES[] = {"draw", "take-pile", "pass", "meld", "lay-off", "discard", "take-back"};
}  // namespace

const char* action_type_text(ActionType t) { return ACTION_NAMES[static_cast<int>(t)]; }

ActionType parse_action_type(const std::string& text) {
    for (int i = 0; i < 7; ++i)
        if (text == ACTION_NAMES[i]) return static_cast<ActionType>(i);
    throw InputError("unknown action type \"" + text + "\" (clause action-kinds)");
}

// action-kinds: one atomic action for the player whose turn it is.
std::variant<State, Violation> apply_action(const Profile& p, const State& s, const Action& a) {
    switch (a.type) {
        case ActionType::Draw: return apply_draw(p, s);
        case ActionType::TakePile: return apply_take_pile(p, s, a.cards, a.meld);
        case ActionType::Pass: return apply_pass(p, s);
        case ActionType::Meld: return apply_meld(p, s, a.cards, a.wild_at);
        case ActionType::LayOff: return apply_lay_off(p, s, a.meld, a.cards, a.wild_at);
        case ActionType::Discard:
            if (a.cards.size() != 1) return Violation{"action-kinds", "one-card-discard", "a discard names one card"};
            return apply_discard(p, s, a.cards[0]);
        case ActionType::TakeBack: return apply_take_back(p, s);
    }
    throw InputError("unknown action type (clause action-kinds)");
}

// legal-action-count: the canonical order: by kind, then meld index, then cards, then the
// wild's place (none first).
bool action_before(const Action& x, const Action& y) {
    if (x.type != y.type) return x.type < y.type;
    if (x.meld != y.meld) return x.meld < y.meld;
    if (x.cards != y.cards) return x.cards < y.cards;
    return x.wild_at < y.wild_at;
}

namespace {

// legal-action-count, the draw phase: the draw, the pile taken (whole, or with each way of
// melding its top card), the pass.
void draw_phase_actions(const Profile& p, const State& s, std::vector<Action>& out) {
    if (!s.stock.empty()) out.push_back(Action{ActionType::Draw, {}, 0, 0});
    if (p.pile_top_melded) {
        for (auto& [cards, index] : take_pile_options(p, s))
            out.push_back(Action{ActionType::TakePile, std::move(cards), index, 0});
    } else if (is_take_pile_legal(p, s)) {
        out.push_back(Action{ActionType::TakePile, {}, -1, 0});
    }
    if (p.pass_by_showing && !check_pass_by_showing(p, s)) out.push_back(Action{ActionType::Pass, {}, 0, 0});
}

// one-set-per-rank: whether the side already has a set of the rank (a second is refused).
bool second_set(const Profile& p, const std::vector<Meld>& team_melds, const Meld& meld) {
    if (!p.one_set_per_rank || meld.kind != MeldKind::Set) return false;
    for (const Meld& m : team_melds)
        if (m.kind == MeldKind::Set && m.rank == meld.rank) return true;
    return false;
}

int count_of(const std::vector<Card>& cards, int card) {
    return static_cast<int>(std::count(cards.begin(), cards.end(), card));
}

// classic-threes-in-melds, classic-black-threes-last: the melds of three or more black threes
// that go out (the meld generator never lists them), merged into the new melds in order.
void add_black_threes(const Profile& p, const State& s, std::vector<Action>& melds) {
    const Hand& hand = s.hands[static_cast<std::size_t>(s.turn)];
    const Card club = make_card(3, 0), spade = make_card(3, 3);
    const int clubs = hand.n[club], spades = hand.n[spade];
    bool added = false;
    for (int size = 3; size <= clubs + spades; ++size)
        for (int c = std::min(clubs, size); c >= 0 && size - c <= spades; --c) {
            std::vector<Card> batch(static_cast<std::size_t>(c), club);
            batch.insert(batch.end(), static_cast<std::size_t>(size - c), spade);
            if (!check_meld(p, s, batch, 0)) {
                melds.push_back(Action{ActionType::Meld, std::move(batch), 0, 0});
                added = true;
            }
        }
    if (added) std::stable_sort(melds.begin(), melds.end(), action_before);
}

// legal-action-count, the play phase: each new meld in each arrangement, each lay-off onto
// each meld of the side, each card as a discard, the take-back. Legality by the check
// functions; the sure case (two cards or more left, no pile card to keep, a side free to
// take back or already opened) needs no check at all.
void play_phase_actions(const Profile& p, const State& s, std::vector<Action>& out) {
    const Hand& hand = s.hands[static_cast<std::size_t>(s.turn)];
    const int team = turn_team(s);
    const auto& team_melds = s.melds[static_cast<std::size_t>(team)];
    const int size = hand.size;
    const bool opened = s.opened[static_cast<std::size_t>(team)];
    const bool committed = !(opened || p.take_back);
    const bool any_card_ends = s.pile_card == NO_CARD || !opened;
    const int pile_held = s.pile_card == NO_CARD ? 0 : hand.n[static_cast<std::size_t>(s.pile_card)];
    auto sure = [&](const std::vector<Card>& cards) {
        const int left = size - static_cast<int>(cards.size());
        return left >= 2 && !committed &&
               (any_card_ends || pile_held - count_of(cards, s.pile_card) < left);
    };
    for (Meld& m : meld_options(p, hand)) {
        if (second_set(p, team_melds, m)) continue;
        std::vector<Card>& cards = m.history[0];
        if (sure(cards) || !check_meld(p, s, cards, m.wild_at))
            out.push_back(Action{ActionType::Meld, std::move(cards), 0, m.wild_at});
    }
    if (p.threes_special && size <= 5) add_black_threes(p, s, out);
    for (std::size_t index = 0; index < team_melds.size(); ++index)
        for (auto& [batch, m] : lay_off_options(p, team_melds[index], hand)) {
            const int i = static_cast<int>(index);
            if (sure(batch) || !check_lay_off(p, s, i, batch, m.wild_at))
                out.push_back(Action{ActionType::LayOff, std::move(batch), i, m.wild_at});
        }
    if (!check_discard_now(p, s))
        for (int c = 0; c < KINDS; ++c)
            if (hand.n[static_cast<std::size_t>(c)] && c != s.pile_card)
                out.push_back(Action{ActionType::Discard, {static_cast<Card>(c)}, 0, 0});
    if (p.take_back && !check_take_back(p, s)) out.push_back(Action{ActionType::TakeBack, {}, 0, 0});
}

}  // namespace

// legal-action-count: every legal action of the state, each once, in the canonical order.
std::vector<Action> legal_actions(const Profile& p, const State& s) {
    std::vector<Action> out;
    if (s.phase == Phase::Draw) draw_phase_actions(p, s, out);
    else if (s.phase == Phase::Play) play_phase_actions(p, s, out);
    return out;
}

}  // namespace kn
