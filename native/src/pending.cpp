// Actions the native engine does not play yet: each refuses with the code native-pending.
// Remove a function from here when its rule file defines it.
#include "engine.hpp"

namespace kn {

namespace {
Violation pending(const char* what) {
    return {"action-kinds", "native-pending", std::string("the native engine does not play ") + what + " yet"};
}
}  // namespace

std::variant<State, Violation> apply_pass(const Profile&, const State&) { return pending("the pass"); }
std::variant<State, Violation> apply_take_pile(const Profile&, const State&, const std::vector<Card>&, int) {
    return pending("the pile taken");
}

}  // namespace kn
