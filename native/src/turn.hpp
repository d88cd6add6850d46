// The rules of the turn that several rule files share (chapters 6-8 of the spec): the
// opening (opening.cpp), laying cards and the turn that must be able to finish (play.cpp),
// emptying the hand, the fi, going out and the end of the turn (going_out.cpp).
//
// Functions that only decide read the state; functions named `*_in_place` change a state
// the caller already copied (the next state being built).
#pragma once

#include <memory>
#include <vector>

#include "engine.hpp"
#include "per_thread.hpp"

namespace kn {

// A state the thread keeps for building or judging a state on the side (a move judged
// without applying it, the pile taken before its meld): each holder has its own, one held
// within another a deeper one, and a state assigned into it reuses its meld lists' room, so
// once they have grown the check allocates nothing. It implements no clause.
class ScratchState {
public:
    ScratchState() {
        Pool& pool = thread_pool();
        if (pool.depth == pool.states.size()) pool.states.push_back(std::make_unique<State>());
        state_ = pool.states[pool.depth++].get();
    }
    ~ScratchState() { --thread_pool().depth; }
    ScratchState(const ScratchState&) = delete;
    ScratchState& operator=(const ScratchState&) = delete;
    State& operator*() const { return *state_; }
    State* operator->() const { return state_; }

private:
    struct Pool {
        std::vector<std::unique_ptr<State>> states;
        std::size_t depth = 0;  // the states in use: states[0 .. depth)
    };
    static Pool& thread_pool() { return per_thread<Pool>(); }
    State* state_;
};

inline int turn_team(const State& s) { return s.turn % static_cast<int>(s.melds.size()); }
inline bool is_black_three(Card c) { return c == make_card(3, 0) || c == make_card(3, 3); }
inline bool is_red_three(Card c) { return c == make_card(3, 1) || c == make_card(3, 2); }

// turn-structure: the refusal of an action of `phase` when the turn is not in it (turn.cpp).
Violation phase_violation(const State& s, Phase phase);

// ---- play.cpp: the meld rules a move on the table asks (new melds, lay-offs)

// one-set-per-rank: a team may not start a second set of a rank it already has.
std::optional<Violation> check_new_set(const Profile& p, const std::vector<Meld>& team_melds, const Meld& meld);
// meld-minimum .. run-wild-placement: the new meld of the batch, arranged as wild_at says (0: default).
std::optional<Violation> validate_meld(const Profile& p, std::span<const Card> batch, int wild_at, bool going_out,
                                       Meld& out);
// lay-off, lay-off-arrangement: the meld after the batch, arranged as wild_at says (0: default).
std::optional<Violation> validate_lay_off(const Profile& p, const Meld& meld, std::span<const Card> batch,
                                          int wild_at, Meld& out);

// ---- opening.cpp: chapter "The opening" (spec/07-opening.rst)

// opening-bands: the band of the team's score before the hand (nullptr: no requirement).
const OpeningBand* opening_band(const Profile& p, std::int64_t team_score);
// opening-clean-run
bool is_clean_run(const Meld& m);
// opening-natural-two
bool is_wild_free(const Meld& m);
// opening-total: the points of the opening melds [first, first + count) in the band.
std::int64_t opening_total(const Profile& p, const Meld* first, std::size_t count, const OpeningBand& band);
// opening-threshold, opening-clean-run, opening-waiver, opening-two-melds
std::optional<Violation> check_opening(const Profile& p, const Meld* first, std::size_t count,
                                       std::int64_t team_score, int cards_left);
// forced-canasta-trigger: the team has not opened and the other team took every fi.
bool is_forced(const Profile& p, const State& s, int team);
// forced-canasta-opening: a forced team opens only with a canasta among its melds.
std::optional<Violation> check_forced_opening(const Meld* first, std::size_t count);
// opening-provisional, opening-personal: the team has provisional melds now.
bool is_provisional(const Profile& p, const State& s, int team);
// opening-provisional: how many of the team's last melds are provisional (0: none).
std::size_t provisional_count(const Profile& p, const State& s, int team);
// opening-personal: whether the player at `seat` counts as opened.
bool has_opened(const Profile& p, const State& s, int seat);
// opening-checked-at-discard: do the player's provisional melds qualify, keeping cards_left?
std::optional<Violation> check_provisional_opening(const Profile& p, const State& s, int cards_left);
// opening-personal: the provisional count once the team's melds number `team_melds_after`.
int count_provisional(const Profile& p, const State& s, std::size_t team_melds_after);
// opening-team, opening-personal: the team and player flags once the player's opening is
// accepted, written into `opened` and `seat_opened` (copies of the state's).
void opened_after(const Profile& p, const State& s, decltype(State::opened)& opened,
                  decltype(State::seat_opened)& seat_opened);

// classic-no-take-back, turn-must-finish: whether a provisional opening of sets (`count`
// melds from `melds`) can still reach the minimum from `hand`: 1 yes, 0 no, -1 only the
// search can tell.
int opening_in_reach(const Profile& p, const State& s, int team, const Meld* melds, std::size_t count,
                     const Hand& hand);

// ---- play.cpp: melds, lay-offs and the turn that must be able to finish (chapter 6)

// classic-pile-opening: no discard and no going out while a pile is set aside.
Violation pile_waiting_violation();
// turn-must-finish
Violation stuck_violation();
// turn-must-finish, the case without a search: two cards or more, one other than the card
// taken from a one-card pile, so a discard can end the turn without emptying the hand.
bool discard_can_end(const Hand& hand, int pile_card);
// turn-must-finish, meld-from-hand, lay-off-own-team: `next`, the state `s` with the team's
// melds already those after a meld or lay-off that left `hand`, made the next state in place;
// or the rule the move breaks (`next` then holds no meaningful state).
std::optional<Violation> after_laying_in_place(const Profile& p, const State& s, State& next, const Hand& hand);
// classic-concealed-canasta: the record of a move that laid cards (`index` -1: a new meld).
void record_laid_in_turn(const Profile& p, const State& s, State& next, int index);
// The same, given the provisional count after the move (count_provisional of the state
// before it): the verdict then reads only `next`.
std::optional<Violation> after_laying_in_place(const Profile& p, State& next, int provisional, const Hand& hand);
// classic-pile-opening, classic-red-threes: the pile set aside joins the hand.
void release_pending_pile_in_place(const Profile& p, State& s);
// turn-must-finish: can the player still end this turn by some sequence of legal moves?
// Throws InputError past the search budget (SearchScope).
bool can_finish_turn(const Profile& p, const State& s);
// turn-must-finish: how many melds and lay-offs the searches of can_finish_turn of one listing
// of the legal actions or one action applied may try, as in the reference
// (kanasta.fast.turn.MOST_SEARCH_TRIES); past it the question is refused with the reference's
// words, so both engines give one answer to a hand too large to search.
inline constexpr long MOST_SEARCH_TRIES = 50'000;
// The searches started while one SearchScope is alive (the outermost of nested ones) share
// one count of the moves tried (one per thread).
class SearchScope {
public:
    SearchScope();
    ~SearchScope();
    SearchScope(const SearchScope&) = delete;
    SearchScope& operator=(const SearchScope&) = delete;
};
// discard-ends-turn: the part of the discard check that depends only on the state.
std::optional<Violation> check_discard_now(const Profile& p, const State& s);
// meld-from-hand .. : the new meld the action would lay (the team's melds after it), or the
// violation, without the turn rules (after_laying_in_place decides those).
std::optional<Violation> check_meld_cards(const Profile& p, const State& s, std::span<const Card> cards,
                                          int wild_at, Hand& rest, Meld& meld);
std::optional<Violation> check_lay_off_cards(const Profile& p, const State& s, int index,
                                             std::span<const Card> cards, int wild_at, Hand& rest, Meld& meld);
// The legality of each action without building the next state.
std::optional<Violation> check_meld(const Profile& p, const State& s, std::span<const Card> cards, int wild_at);
std::optional<Violation> check_lay_off(const Profile& p, const State& s, int meld, std::span<const Card> cards,
                                       int wild_at);
std::optional<Violation> check_discard(const Profile& p, const State& s, Card card);
std::optional<Violation> check_take_back(const Profile& p, const State& s);

// ---- going_out.cpp: chapter "Fi and going out" (spec/08-going-out.rst)

// emptying-needs-canasta, classic-going-out: the team has the canastas its family asks.
bool has_canasta(const Profile& p, const State& s, int team);
// emptying-needs-canasta, first-fi-team-discard-ban, going-out-needs-discard,
// going-out-own-opening: may the player's hand become empty now?
std::optional<Violation> check_emptying(const Profile& p, const State& s, int team, bool by_discard);
// fi-pickup, fi-continue, going-out: the emptied hand takes the next fi, or goes out.
void take_fi_or_go_out_in_place(const Profile& p, State& s, bool by_discard);
// classic-concealed: the table flags once the current turn is over.
void table_seats_after_in_place(State& s);
// turn-passes, fi-unplayed-fi-5200: the next seat and the fi waiting once it begins.
int next_turn(const Profile& p, const State& s);
void remove_waiting(decltype(State::fi_waiting)& waiting, int seat);
// turn-passes, stock-exhaustion: the turn passes, or the hand is over.
void end_turn_in_place(const Profile& p, State& s);

}  // namespace kn
