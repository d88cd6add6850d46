// kanasta native engine: the rules of the spec (spec/*.rst) in C++20.
//
// Cards are small ints: suit * 13 + (rank - 1) for the 52 suited cards, 52 for a
// joker (clause card-notation names them at the edges only). A hand is a multiset:
// a count per kind of card (clause card-identity). Points are ints of half points
// (clause points-exact). Variants are data: a Profile built from kanasta's rules
// profile; the few clauses that differ read its fields.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

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
inline Card make_card(int rank, int suit) { return static_cast<Card>(suit * 13 + rank - 1); }

// card-notation: the one place cards are parsed and printed.
std::string card_text(Card c);
Card parse_card(const std::string& text);  // throws InputError

enum class Phase : std::uint8_t { Draw, Play, Over };
const char* phase_text(Phase p);
Phase parse_phase(const std::string& text);

enum class DealScheme : std::uint8_t { HandsThenFi, SixPackets, CutFiThenPairs };

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

struct State {
    int dealer = 0;
    int turn = 0;
    Phase phase = Phase::Draw;
    std::vector<Hand> hands;
    std::vector<Card> stock;  // stock[0] is drawn next
    std::vector<Card> discard;  // back() is the top
    std::vector<std::vector<Card>> fi;  // front() is taken next
    std::vector<int> fi_takers;
    std::vector<bool> opened;
    std::vector<std::int64_t> team_scores;
    int trump = NO_CARD;
    int pile_card = NO_CARD;
    int went_out = -1;
    std::vector<bool> seat_opened;
    int provisional = 0;
    std::vector<int> fi_waiting;
    std::vector<std::vector<Card>> red_threes;
    std::vector<Card> pile_pending;
    int pile_top = NO_CARD;
    std::vector<bool> table_seats;
    bool turn_laid = false;
};

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

}  // namespace kn
