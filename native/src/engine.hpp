// kanasta native engine: the rules of the spec (spec/*.rst) in C++20.
//
// Cards are small ints: suit * 13 + (rank - 1) for the 52 suited cards, 52 for a
// joker (clause card-notation names them at the edges only). A hand is a multiset:
// a count per kind of card (clause card-identity). Points are ints of half points
// (clause points-exact). Variants are data: a Profile built from kanasta's rules
// profile; the few clauses that differ read its fields.
#pragma once

#include <algorithm>
#include <array>
#include <functional>
#include <initializer_list>
#include <memory>
#include <cstdint>
#include <optional>
#include <span>
#include <variant>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "containers.hpp"

namespace kn {

using Card = std::uint8_t;
constexpr Card JOKER = 52;
constexpr int KINDS = 53;
constexpr int NO_CARD = -1;

// An input the engine cannot read (bad card, wrong sizes): an error, never a verdict.
struct InputError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

inline int rank_of(Card c) { return c == JOKER ? 0 : c % 13 + 1; }
inline int suit_of(Card c) { return c == JOKER ? -1 : c / 13; }
inline bool is_wild(Card c) { return c == JOKER || c % 13 == 1; }
constexpr Card make_card(int rank, int suit) { return static_cast<Card>(suit * 13 + rank - 1); }
// wild-cards: the kinds of wild card, the 2 of each suit and the joker.
inline constexpr std::array<Card, 5> WILD_KINDS{make_card(2, 0), make_card(2, 1), make_card(2, 2), make_card(2, 3),
                                                JOKER};
// Ten cards of a list from `first`, packed six bits each (the card's number plus one, the
// first card highest, zero past the list's end): comparing the words of two lists compares
// their cards in canonical order, a list before every longer one it begins.
inline std::uint64_t order_word(std::span<const Card> cards, std::size_t first) {
    std::uint64_t word = 0;
    for (std::size_t i = first; i < first + 10; ++i) word = word << 6 | (i < cards.size() ? cards[i] + 1u : 0u);
    return word;
}

// A short list of small values held inline: copying one of up to N never allocates. A
// longer one (a malformed input, a family beyond the known ones) falls back to the heap,
// through one pointer (so the inline list costs 8 bytes beyond its values: a meld holds
// four such lists, an action one, and both are copied often).
// Invariant: size() <= N holds the values in small_ and big_ is null, otherwise they are in
// *big_.
template <class T, std::size_t N>
class SmallVec {
public:
    using value_type = T;
    using iterator = T*;
    using const_iterator = const T*;
    SmallVec() = default;
    SmallVec(std::initializer_list<T> values) { assign(values.begin(), values.end()); }
    SmallVec(const std::vector<T>& values) { assign(values.data(), values.data() + values.size()); }  // NOLINT
    SmallVec(std::span<const T> values) { assign(values.data(), values.data() + values.size()); }  // NOLINT
    SmallVec(const T* first, const T* last) { assign(first, last); }
    SmallVec(std::size_t count, T value) {
        for (std::size_t i = 0; i < count; ++i) push_back(value);
    }
    SmallVec(const SmallVec& o) : count_(o.count_) {
        if (o.count_ <= N) small_ = o.small_;
        else big_ = std::make_unique<std::vector<T>>(*o.big_);
    }
    SmallVec(SmallVec&& o) noexcept : count_(o.count_) {
        if (o.count_ <= N) {
            small_ = o.small_;
        } else {
            big_ = std::move(o.big_);
            o.count_ = 0;
        }
    }
    // A long list copied onto a long one reuses its heap list.
    SmallVec& operator=(const SmallVec& o) {
        if (this == &o) return *this;
        if (o.count_ <= N) {
            small_ = o.small_;
            big_.reset();
        } else if (big_) {
            *big_ = *o.big_;
        } else {
            big_ = std::make_unique<std::vector<T>>(*o.big_);
        }
        count_ = o.count_;
        return *this;
    }
    SmallVec& operator=(SmallVec&& o) noexcept {
        if (this == &o) return *this;
        count_ = o.count_;
        if (o.count_ <= N) {
            small_ = o.small_;
            big_.reset();
        } else {
            big_ = std::move(o.big_);
            o.count_ = 0;
        }
        return *this;
    }
    ~SmallVec() = default;
    T* data() { return count_ <= N ? small_.data() : big_->data(); }
    const T* data() const { return count_ <= N ? small_.data() : big_->data(); }
    T* begin() { return data(); }
    T* end() { return data() + count_; }
    const T* begin() const { return data(); }
    const T* end() const { return data() + count_; }
    std::reverse_iterator<T*> rbegin() { return std::reverse_iterator<T*>(end()); }
    std::reverse_iterator<T*> rend() { return std::reverse_iterator<T*>(begin()); }
    std::size_t size() const { return count_; }
    bool empty() const { return count_ == 0; }
    T operator[](std::size_t i) const { return data()[i]; }
    T& operator[](std::size_t i) { return data()[i]; }
    T front() const { return data()[0]; }
    T back() const { return data()[count_ - 1]; }
    T at(std::size_t i) const {
        if (i >= count_) throw std::out_of_range("SmallVec::at");
        return data()[i];
    }
    std::vector<T> vec() const { return std::vector<T>(begin(), end()); }
    std::size_t heap_bytes() const { return big_ ? sizeof(std::vector<T>) + big_->capacity() * sizeof(T) : 0; }
    operator std::span<const T>() const { return {data(), count_}; }  // NOLINT
    void clear() {
        count_ = 0;
        big_.reset();
    }
    void push_back(T value) {
        if (count_ < N) {
            small_[count_++] = value;
            return;
        }
        if (count_ == N) spill(N);
        big_->push_back(value);
        ++count_;
    }
    void pop_back() { shrink(count_ - 1); }
    // Keeps the first `count` values (count <= size()).
    void shrink(std::size_t count) {
        if (count_ > N && count <= N) {
            std::copy(big_->begin(), big_->begin() + static_cast<std::ptrdiff_t>(count), small_.begin());
            big_.reset();
        } else if (count_ > N) {
            big_->resize(count);
        }
        count_ = static_cast<std::uint32_t>(count);
    }
    void resize(std::size_t count) {
        if (count <= count_) {
            shrink(count);
            return;
        }
        if (count > N) {
            if (count_ <= N) spill(count_);
            big_->resize(count);
        } else {
            std::fill(small_.begin() + count_, small_.begin() + count, T{});
        }
        count_ = static_cast<std::uint32_t>(count);
    }
    // Inserts [first, last) (not a part of this list) before `at`.
    void insert(const T* at, const T* first, const T* last) {
        const auto index = static_cast<std::size_t>(at - data());
        const auto added = static_cast<std::size_t>(last - first);
        const std::size_t total = count_ + added;
        if (total <= N) {
            std::copy_backward(small_.begin() + index, small_.begin() + count_, small_.begin() + total);
            std::copy(first, last, small_.begin() + index);
        } else {
            if (count_ <= N) spill(count_);
            big_->insert(big_->begin() + static_cast<std::ptrdiff_t>(index), first, last);
        }
        count_ = static_cast<std::uint32_t>(total);
    }
    void insert(const T* at, T value) { insert(at, &value, &value + 1); }
    void erase(const T* first, const T* last) {
        const auto index = static_cast<std::size_t>(first - data());
        const auto removed = static_cast<std::size_t>(last - first);
        T* d = data();
        std::copy(d + index + removed, d + count_, d + index);
        shrink(count_ - removed);
    }
    bool operator==(const SmallVec& o) const {
        return count_ == o.count_ && std::equal(begin(), end(), o.begin());
    }
    bool operator<(const SmallVec& o) const {
        return std::lexicographical_compare(begin(), end(), o.begin(), o.end());
    }

private:
    // The first `count` inline values move to the heap list.
    void spill(std::size_t count) {
        big_ = std::make_unique<std::vector<T>>(small_.begin(), small_.begin() + static_cast<std::ptrdiff_t>(count));
    }
    void assign(const T* first, const T* last) {
        count_ = static_cast<std::uint32_t>(last - first);
        if (count_ <= N) {
            std::copy(first, last, small_.begin());
            big_.reset();
        } else {
            big_ = std::make_unique<std::vector<T>>(first, last);
        }
    }
    std::array<T, N> small_{};
    std::uint32_t count_ = 0;
    std::unique_ptr<std::vector<T>> big_;
};

// card-notation: the one place cards are parsed and printed.
std::string card_text(Card c);
Card parse_card(const std::string& text);  // throws InputError
std::string cards_text(std::span<const Card> cards);  // space-separated

enum class Phase : std::uint8_t { Draw, Play, Over };
const char* phase_text(Phase p);
Phase parse_phase(const std::string& text);

enum class DealScheme : std::uint8_t { HandsThenFi, SixPackets, CutFiThenPairs };

enum class WildMeldRule : std::uint8_t { Forbidden, AnyWilds, TwosSet, CanastaAtOnce };
enum class CanastaScheme : std::uint8_t { CleanDirty, CleanDirtyAtForming, HalfFullGrand, NaturalMixed };
enum class CanastaKind : std::uint8_t { None, Clean, Dirty, Super, AllWild, Half, Full, Grand, Natural, Mixed };
const char* canasta_text(CanastaKind k);
CanastaKind parse_canasta(const std::string& text);

// opening-threshold: one band of the first-opening requirement (kanasta OpeningBand).
struct OpeningBand {
    bool has_min_score = false;  // false: the lowest band (min_score None)
    std::int64_t min_score = 0;  // half points
    std::int64_t min_points = 0;  // half points
    bool needs_clean_run = true;
    bool wilds_count = true;
    bool wild_melds_count = true;
    std::string run_clause = "opening-clean-run";
    std::string total_clause = "opening-threshold";
    int min_melds = 1;
    bool needs_natural_run = false;
};

// A rules profile as data (kanasta.profiles.RulesProfile, the fields the engine reads).
struct Profile {
    std::string family;
    int players = 4;
    bool partnerships = true;
    int deck_jokers = 4;
    int hand_size = 11;
    int fi_packets = 2;
    int fi_size = 11;
    bool initial_upcard = true;
    DealScheme deal_scheme = DealScheme::HandsThenFi;
    bool trump_bottom = false;
    bool red_threes_laid = false;
    bool opening_personal = false;
    std::array<bool, KINDS> upcard_turn_again{};
    // chapter 3 and 4: melds and canastas
    bool runs_allowed = true;
    int max_meld_size = 0;  // 0: no maximum
    int max_wilds_per_meld = 1;
    bool natural_two_in_place = true;
    bool run_wild_needs_three_naturals = false;
    int min_naturals_per_meld = 0;
    bool wilds_at_most_naturals = false;
    int naturals_per_wild = 1;
    WildMeldRule wild_meld_rule = WildMeldRule::Forbidden;
    bool one_set_per_rank = true;
    bool threes_special = false;
    int canasta_size = 7;
    CanastaScheme canasta_scheme = CanastaScheme::CleanDirty;
    // card-points: half points of each card standing as itself, of a 2 acting wild, in hand
    std::array<std::int64_t, KINDS> points{};
    std::int64_t wild_two = 0;
    std::array<std::int64_t, KINDS> hand_points{};
    // canasta-bonus: the bonus of each kind, and of each kind matching the trump (koz)
    std::array<std::int64_t, 10> bonus{};
    std::array<std::int64_t, 10> trump_bonus{};
    std::vector<std::pair<std::string, std::int64_t>> bonuses;  // every named bonus
    // chapter 9: scoring a hand
    bool rounding_up = false;
    bool unplayed_fi_ignored = false;
    bool forced_canasta_opening = false;
    std::int64_t concealed_canasta_bonus = 0;
    std::vector<std::string> score_parts{"fi", "melded", "canastas", "going-out", "hand", "rounding"};
    // chapters 5-8: the turn, the pile, opening, going out (kanasta.rules.families.RulesProfile)
    bool clockwise = true;
    bool single_pile_needs_two_cards = false;
    bool single_pile_no_discard_back = false;
    std::vector<OpeningBand> opening_bands;  // in the profile's order
    int opening_waiver_cards = -1;  // -1: None
    bool emptying_needs_canasta = true;
    bool fi_needs_canasta = true;
    bool first_fi_team_discard_ban = false;
    bool going_out_needs_discard = false;
    bool pass_by_showing = false;
    int going_out_canastas = 1;
    bool pile_top_melded = false;
    std::array<bool, KINDS> pile_freezers{};
    std::array<bool, KINDS> pile_blockers{};
    bool pile_meld_any_size = false;
    bool pile_black_three_last_turn = false;
    bool take_back = true;
    bool pile_seen_whole = true;
    bool tracks_table_seats = false;
    std::int64_t target_score = 0;
    // The key of the move generators' remembered results (actions.cpp): a number unique to
    // each profile once built, never changed after; 0: nothing is remembered.
    std::uint64_t serial = 0;
    std::int64_t bonus_named(const std::string& name) const {
        for (const auto& [key, value] : bonuses)
            if (key == name) return value;
        return 0;
    }

    int teams() const { return partnerships ? 2 : players; }
    int team_of(int seat) const { return seat % teams(); }
    int deck_size() const { return 104 + deck_jokers; }
};

// A hand: how many of each kind of card it holds.
struct Hand {
    std::array<std::uint8_t, KINDS> n{};
    int size = 0;
    void add(Card c) { ++n[c]; ++size; }
    bool remove(Card c) {
        if (n[c] == 0) return false;
        --n[c];
        --size;
        return true;
    }
    std::vector<Card> sorted() const;
};



// A violation's explanation for people: a string literal held as it is (no copy, no
// allocation: most refusals the listing asks and throws away have one), or a text built
// for the case.
class Detail {
public:
    Detail() = default;
    Detail(const char* literal) : literal_(literal) {}  // NOLINT: a string literal only
    Detail(std::string text) : text_(std::move(text)) {}  // NOLINT
    std::string_view view() const { return literal_ ? std::string_view(literal_) : std::string_view(text_); }
    std::string str() const { return std::string(view()); }
    bool empty() const { return view().empty(); }

private:
    const char* literal_ = nullptr;
    std::string text_;
};

// A rule says no: the deciding clause and the stable reason code (never an exception).
// clause and code view string literals or strings of the Profile (which outlives every
// state and violation), so a violation allocates nothing unless its detail is built.
struct Violation {
    std::string_view clause;
    std::string_view code;
    Detail detail;
};

enum class MeldKind : std::uint8_t { Set, Run, Wild };

// A meld's cards: 14 at most in every family (a run of 13 places and a spare wild; a set of
// 8 naturals and 3 wilds; 8 twos and 4 jokers), so copying a meld never allocates.
using MeldCards = SmallVec<Card, 16>;
using SpareCards = SmallVec<Card, 4>;
// An action's cards held inline (no allocation for any batch of up to 30 cards, which
// covers every action the generators list); a longer list, read from input, falls back to
// the heap.
using ActionCards = SmallVec<Card, 30>;


// A meld's history: the batches laid, in order, their cards one after another.
class MeldHistory {
public:
    MeldHistory() = default;
    explicit MeldHistory(std::span<const Card> first) { push_back(first); }
    std::size_t size() const { return sizes_.size(); }  // the number of batches
    std::span<const Card> operator[](std::size_t index) const {
        std::size_t at = 0;
        for (std::size_t i = 0; i < index; ++i) at += sizes_[i];
        return {cards_.data() + at, sizes_[index]};
    }
    void push_back(std::span<const Card> batch) {
        for (Card c : batch) cards_.push_back(c);
        sizes_.push_back(static_cast<std::uint8_t>(batch.size()));
    }
    const MeldCards& cards() const { return cards_; }
    // classic-concealed-canasta: the last batch joins the one before it (its cards sorted).
    void join_last() {
        const std::size_t n = sizes_.size();
        std::size_t at = 0;
        for (std::size_t i = 0; i + 2 < n; ++i) at += sizes_[i];
        sizes_[n - 2] = static_cast<std::uint8_t>(sizes_[n - 2] + sizes_[n - 1]);
        sizes_.pop_back();
        std::sort(cards_.begin() + static_cast<std::ptrdiff_t>(at), cards_.end());
    }
    std::size_t heap_bytes() const { return cards_.heap_bytes() + sizes_.heap_bytes(); }
    bool operator==(const MeldHistory&) const = default;

private:
    MeldCards cards_;
    SmallVec<std::uint8_t, 15> sizes_;
};

// A meld with its arrangement and history (clause lay-off, state-json).
struct Meld {
    MeldKind kind = MeldKind::Set;
    int rank = 0;  // Set
    int suit = -1;  // Run
    int low = 0;  // Run: the position of cards[0]
    MeldCards cards;  // Run: in position order; otherwise naturals then wilds, sorted
    int wild_at = 0;  // Run: the acting wild's position, 0 for none
    SpareCards spare;  // Run: wilds standing aside (wild-spare-outside)
    MeldHistory history;
    CanastaKind canasta = CanastaKind::None;

    int size() const { return static_cast<int>(cards.size() + spare.size()); }
    int wild_count() const;
    bool acting_wild(std::size_t index) const;
    bool same_arrangement(const Meld& o) const {
        return kind == o.kind && rank == o.rank && suit == o.suit && low == o.low &&
               cards == o.cards && wild_at == o.wild_at && spare == o.spare && canasta == o.canasta;
    }
};

// one-wild-per-meld: the wild cards (the joker and every 2) among some cards, and whether a
// run's own 2 is one of them (it may stand naturally in place 2).
struct WildCount {
    int wilds = 0;
    bool own_two = false;
    void add(std::span<const Card> cards, Card own_two_card) {
        for (Card c : cards) {
            wilds += is_wild(c);
            own_two = own_two || c == own_two_card;
        }
    }
};
// A run's wild cards, those standing aside included.
inline WildCount run_wilds(const Meld& run) {
    WildCount w;
    const Card own_two = make_card(2, run.suit);
    w.add(run.cards, own_two);
    w.add(run.spare, own_two);
    return w;
}

// The largest table the families deal (classic-players: six players) and the largest deck
// (deck-composition: 104 cards and at most 4 jokers); profile_from_dict refuses a profile
// beyond them. A State holds its per-seat and per-team values and its card lists inline.
constexpr std::size_t MAX_SEATS = 6;
constexpr std::size_t MAX_TEAMS = MAX_SEATS;
constexpr int MAX_JOKERS = 4;
constexpr std::size_t MAX_DECK = 104 + MAX_JOKERS;
constexpr std::size_t MAX_FI = 2;  // fi packets dealt
constexpr std::size_t MAX_RED_THREES = 8;  // a team's laid red threes (a deck has 4)

// A team's melds, in the order laid: a std::vector of melds whose copy keeps room for one
// more, so the next state of a new meld (the state copied, then the meld added) allocates its
// team's list once, and moves no meld to a larger one. An empty list copies without
// allocating. A list copied onto another (the next state written into a state kept from move
// to move) reuses its room and its melds: once the list has grown, it allocates nothing.
class TeamMelds : public std::vector<Meld> {
public:
    TeamMelds() = default;
    TeamMelds(std::vector<Meld> melds) : std::vector<Meld>(std::move(melds)) {}  // NOLINT
    TeamMelds(const TeamMelds& o) : std::vector<Meld>() { copy_from(o); }
    TeamMelds(TeamMelds&&) noexcept = default;
    TeamMelds& operator=(const TeamMelds& o) {
        if (this == &o) return *this;
        if (!o.empty() && capacity() < o.size() + 1) {
            clear();
            reserve(o.size() + 1);
        }
        std::vector<Meld>::operator=(o);  // within the capacity: the melds assigned in place
        return *this;
    }
    TeamMelds& operator=(TeamMelds&&) noexcept = default;
    ~TeamMelds() = default;

private:
    void copy_from(const std::vector<Meld>& o) {
        if (o.empty()) return;
        reserve(o.size() + 1);
        insert(end(), o.begin(), o.end());
    }
};

template <std::size_t N>
using CardList = Fixed<Card, N>;
using DeckCards = CardList<MAX_DECK>;

struct State {
    int dealer = 0;
    int turn = 0;
    Phase phase = Phase::Draw;
    Fixed<Hand, MAX_SEATS> hands;
    DeckCards stock;  // stock[0] is drawn next
    DeckCards discard;  // back() is the top
    Fixed<DeckCards, MAX_FI> fi;  // front() is taken next
    Fixed<int, MAX_FI> fi_takers;
    Fixed<TeamMelds, MAX_TEAMS> melds;  // per team, in the order laid
    Fixed<bool, MAX_TEAMS> opened;
    Fixed<std::int64_t, MAX_TEAMS> team_scores;
    int trump = NO_CARD;
    int pile_card = NO_CARD;
    int went_out = -1;
    Fixed<bool, MAX_SEATS> seat_opened;
    int provisional = 0;
    Fixed<int, MAX_SEATS + MAX_FI> fi_waiting;
    Fixed<CardList<MAX_RED_THREES>, MAX_TEAMS> red_threes;
    DeckCards pile_pending;
    int pile_top = NO_CARD;
    Fixed<bool, MAX_SEATS> table_seats;
    bool turn_laid = false;
    // classic-concealed-canasta (option concealed-canasta): how many of the side's last melds
    // the player to act began in this turn, and the hand held before the pile was taken in
    // this turn with the pile's top card (empty when it was not taken).
    int turn_melds = 0;
    Hand pile_hand;
};

// Every legal arrangement of a new meld, or the fault (neither-set-nor-run-fault).
struct Arrangements {
    std::vector<Meld> melds;
    std::optional<Violation> fault;
};
Arrangements meld_arrangements(const Profile& p, std::span<const Card> batch, bool going_out);
Arrangements lay_off_arrangements(const Profile& p, const Meld& meld, std::span<const Card> batch);
// wild_at 0: the default arrangement (fewest acting wilds, then the highest wild place).
std::optional<Violation> choose_arrangement(const Profile& p, const std::vector<Meld>& options,
                                            int wild_at, bool lay_off, Meld& out);
// The same, the chosen meld moved out of `options`.
std::optional<Violation> choose_arrangement(const Profile& p, std::vector<Meld>&& options, int wild_at,
                                            bool lay_off, Meld& out);
std::int64_t meld_points(const Profile& p, const Meld& m);
std::int64_t canasta_bonus(const Profile& p, const Meld& m, int trump);
int natural_streak(const Meld& m);
// The generators meld_options runs: the listing asks each part of a hand for one shape.
enum MeldShape : unsigned { SHAPE_SETS = 1, SHAPE_WILD_MELDS = 2, SHAPE_RUNS = 4, SHAPE_ALL = 7 };
std::vector<Meld> meld_options(const Profile& p, const Hand& hand, unsigned shapes = SHAPE_ALL);
// meld_options' melds in the same order, each seen once by `visit` without a copy.
void visit_meld_options(const Profile& p, const Hand& hand, unsigned shapes,
                        const std::function<void(const Meld&)>& visit);
std::vector<std::pair<ActionCards, Meld>> lay_off_options(const Profile& p, const Meld& meld, const Hand& hand);
// lay_off_options' pairs in the same order, each seen once by `visit` (which may move the
// meld away, and must not list lay-offs itself: the batches live in a buffer of the thread).
void visit_lay_off_options(const Profile& p, const Meld& meld, const Hand& hand,
                           const std::function<void(const ActionCards&, Meld&)>& visit);

// seeded-shuffle
std::pair<std::uint64_t, std::uint64_t> splitmix64(std::uint64_t state);
std::vector<Card> canonical_deck(int jokers);
std::vector<Card> shuffle_deck(int jokers, std::uint64_t seed);

// A deal: hands, fi packets, pile, stock, trump (clause explicit-deal).
struct Deal {
    std::vector<std::vector<Card>> hands;
    std::vector<std::vector<Card>> fi;
    std::vector<Card> discard;
    std::vector<Card> stock;
    int trump = NO_CARD;
};

Deal deal_cards(const Profile& p, const std::vector<Card>& deck, int dealer);
void check_deal(const Profile& p, const Deal& d);  // throws InputError
State new_hand(const Profile& p, const Deal& d, int dealer,
               const std::vector<std::int64_t>& team_scores);

// action-kinds: one atomic action (kanasta.rules.actions.Action). `cards` sorted by card
// number; `meld` an index into the side's melds (take-pile: -1 a new meld); `wild_at` the
// run place of the acting wild, 0 for None.
enum class ActionType : std::uint8_t { Draw, TakePile, Pass, Meld, LayOff, Discard, TakeBack };
struct Action {
    ActionType type = ActionType::Draw;
    ActionCards cards;
    int meld = 0;
    int wild_at = 0;
    bool operator==(const Action&) const = default;
};
const char* action_type_text(ActionType t);
ActionType parse_action_type(const std::string& text);  // throws InputError

// The actions of a turn (chapters 6-8). Each apply_*_into writes the next state into `next`,
// a state the caller owns (never `s` itself), or returns the violation refusing the action
// (`next` then holds no meaningful state). `next` is assigned from `s` by copy-assignment,
// which reuses its meld lists' room: a loop that keeps two states and swaps them allocates
// nothing per move once the lists have grown.
// turn.cpp: draw-from-stock (chapter 6).
std::optional<Violation> apply_draw_into(const Profile& p, const State& s, State& next);
// pile.cpp: the pass and the pile taken (whole, or with its top card melded at once).
std::optional<Violation> apply_pass_into(const Profile& p, const State& s, State& next);
std::optional<Violation> apply_take_pile_into(const Profile& p, const State& s, std::span<const Card> cards,
                                              int meld, State& next);
// play.cpp: a new meld, a lay-off, the discard, the take-back.
std::optional<Violation> apply_meld_into(const Profile& p, const State& s, std::span<const Card> cards,
                                         int wild_at, State& next);
std::optional<Violation> apply_lay_off_into(const Profile& p, const State& s, int meld,
                                            std::span<const Card> cards, int wild_at, State& next);
std::optional<Violation> apply_discard_into(const Profile& p, const State& s, Card card, State& next);
std::optional<Violation> apply_take_back_into(const Profile& p, const State& s, State& next);

// action-kinds: apply one action for the player whose turn it is (actions.cpp), into `next`
// as above; apply_action returns the next state as a new value instead.
std::optional<Violation> apply_action_into(const Profile& p, const State& s, const Action& a, State& next);
std::variant<State, Violation> apply_action(const Profile& p, const State& s, const Action& a);
// legal-action-count: every legal action, each once, in the canonical order (actions.cpp).
std::vector<Action> legal_actions(const Profile& p, const State& s);
// legal_actions into a list the caller keeps from call to call (emptied first): a loop that
// lists move after move allocates nothing once the list has grown.
void legal_actions_into(const Profile& p, const State& s, std::vector<Action>& out);

// hand-score: per team, the named parts of the family's score_parts, in half points.
std::vector<std::vector<std::pair<std::string, std::int64_t>>> score_hand(const Profile& p, const State& s);

}  // namespace kn
