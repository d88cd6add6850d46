// Chapter "Actions" (spec): the atomic actions, their dispatch and the legal-action list.
#include "engine.hpp"

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

// legal-action-count: not yet listed natively (the list is empty until every action is played).
std::vector<Action> legal_actions(const Profile&, const State&) { return {}; }

}  // namespace kn
