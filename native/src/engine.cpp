// kanasta native engine: cards, the seeded shuffle and the deal (spec chapters 1 and 5).
#include "engine.hpp"

#include <algorithm>

namespace kn {

namespace {
constexpr const char* RANK_TEXT[] = {"", "A", "2", "3", "4", "5", "6", "7",
                                     "8", "9", "10", "J", "Q", "K"};
constexpr const char SUIT_TEXT[] = "CDHS";
}  // namespace

// card-notation
std::string card_text(Card c) {
    if (c == JOKER) return "JK";
    return std::string(RANK_TEXT[c % 13 + 1]) + SUIT_TEXT[c / 13];
}

std::string cards_text(std::span<const Card> cards) {
    std::string out;
    for (Card c : cards) {
        if (!out.empty()) out += ' ';
        out += card_text(c);
    }
    return out;
}

// card-notation: upper or lower case; anything else is an input error.
Card parse_card(const std::string& text) {
    std::string t;
    for (char ch : text) {
        if (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r') continue;
        t.push_back(static_cast<char>(ch >= 'a' && ch <= 'z' ? ch - 32 : ch));
    }
    if (t == "JK") return JOKER;
    if (t.size() >= 2) {
        const char suit = t.back();
        const std::string rank = t.substr(0, t.size() - 1);
        const char* pos = suit == 'C' ? SUIT_TEXT : nullptr;
        int s = -1;
        for (int i = 0; i < 4; ++i)
            if (SUIT_TEXT[i] == suit) s = i;
        (void)pos;
        for (int r = 1; r <= 13 && s >= 0; ++r)
            if (rank == RANK_TEXT[r]) return make_card(r, s);
    }
    throw InputError("'" + text +
                     "' is not a card: write the rank (A, 2-10, J, Q, K) followed by the suit "
                     "letter (C, D, H, S), e.g. 5H, 10S, QC, or JK for a joker (clause "
                     "card-notation).");
}

const char* phase_text(Phase p) {
    switch (p) {
        case Phase::Draw: return "draw";
        case Phase::Play: return "play";
        case Phase::Over: return "over";
    }
    return "over";
}

Phase parse_phase(const std::string& text) {
    if (text == "draw") return Phase::Draw;
    if (text == "play") return Phase::Play;
    if (text == "over") return Phase::Over;
    throw InputError("'" + text + "' is not a phase (draw, play or over; clause turn-structure).");
}

std::vector<Card> Hand::sorted() const {
    std::vector<Card> out;
    out.reserve(static_cast<std::size_t>(size));
    for (int c = 0; c < KINDS; ++c)
        for (int k = 0; k < n[c]; ++k) out.push_back(static_cast<Card>(c));
    return out;
}

// seeded-shuffle: one step of SplitMix64, (next state, output).
std::pair<std::uint64_t, std::uint64_t> splitmix64(std::uint64_t state) {
    state += 0x9E3779B97F4A7C15ULL;
    std::uint64_t z = state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return {state, z ^ (z >> 31)};
}

// deck-composition: every suited card twice in a row, in code order, then the jokers.
std::vector<Card> canonical_deck(int jokers) {
    std::vector<Card> deck;
    deck.reserve(static_cast<std::size_t>(104 + jokers));
    for (int c = 0; c < 52; ++c) {
        deck.push_back(static_cast<Card>(c));
        deck.push_back(static_cast<Card>(c));
    }
    for (int j = 0; j < jokers; ++j) deck.push_back(JOKER);
    return deck;
}

// seeded-shuffle: Fisher-Yates from the last index down, SplitMix64 from the seed.
std::vector<Card> shuffle_deck(int jokers, std::uint64_t seed) {
    std::vector<Card> deck = canonical_deck(jokers);
    std::uint64_t state = seed;
    for (std::size_t i = deck.size() - 1; i > 0; --i) {
        auto [next, value] = splitmix64(state);
        state = next;
        const std::size_t j = static_cast<std::size_t>(value % (i + 1));
        std::swap(deck[i], deck[j]);
    }
    return deck;
}

namespace {

// first-player
int first_player(const Profile& p, int dealer) { return (dealer + 1) % p.players; }

}  // namespace

// deal-order, deal-koz, trump-card, deal-six-packets, deal-fi-351-order, classic-upcard
Deal deal_cards(const Profile& p, const std::vector<Card>& deck, int dealer) {
    Deal d;
    d.hands.assign(static_cast<std::size_t>(p.players), {});
    std::size_t k = 0;
    const int first = first_player(p, dealer);
    switch (p.deal_scheme) {
        case DealScheme::HandsThenFi: {
            for (int round = 0; round < p.hand_size; ++round)
                for (int off = 0; off < p.players; ++off)
                    d.hands[static_cast<std::size_t>((first + off) % p.players)].push_back(deck[k++]);
            for (int f = 0; f < p.fi_packets; ++f) {
                d.fi.emplace_back(deck.begin() + static_cast<long>(k),
                                  deck.begin() + static_cast<long>(k + static_cast<std::size_t>(p.fi_size)));
                k += static_cast<std::size_t>(p.fi_size);
            }
            break;
        }
        case DealScheme::SixPackets: {
            std::vector<Card> a, b, c;
            for (int round = 0; round < p.hand_size; ++round) {
                for (int off = 1; off < p.players; ++off)
                    d.hands[static_cast<std::size_t>((dealer + off) % p.players)].push_back(deck[k++]);
                a.push_back(deck[k++]);
                b.push_back(deck[k++]);
                c.push_back(deck[k++]);
            }
            d.hands[static_cast<std::size_t>(dealer)] = b;
            d.fi = {a, c};
            break;
        }
        case DealScheme::CutFiThenPairs: {
            d.fi.assign(static_cast<std::size_t>(p.fi_packets), {});
            for (int i = 0; i < p.fi_size; ++i)
                for (auto& packet : d.fi) packet.push_back(deck[k++]);
            int dealt = 0;
            while (dealt < p.hand_size) {
                const int step = std::min(2, p.hand_size - dealt);
                for (int off = 0; off < p.players; ++off)
                    for (int s = 0; s < step; ++s)
                        d.hands[static_cast<std::size_t>((first + off) % p.players)].push_back(deck[k++]);
                dealt += step;
            }
            break;
        }
    }
    if (p.initial_upcard) {
        d.discard.push_back(deck[k++]);
        while (p.upcard_turn_again[d.discard.back()] && k < deck.size()) d.discard.push_back(deck[k++]);
    }
    d.stock.assign(deck.begin() + static_cast<long>(k), deck.end());
    if (p.trump_bottom && !d.stock.empty()) d.trump = d.stock.back();
    for (auto& h : d.hands) std::sort(h.begin(), h.end());
    return d;
}

// explicit-deal: exactly one deck, in the family's packet sizes.
void check_deal(const Profile& p, const Deal& d) {
    if (static_cast<int>(d.hands.size()) != p.players)
        throw InputError("deal.hands: expected " + std::to_string(p.players) + " hands.");
    for (std::size_t s = 0; s < d.hands.size(); ++s)
        if (static_cast<int>(d.hands[s].size()) != p.hand_size)
            throw InputError("deal.hands[" + std::to_string(s) + "]: a " + p.family + " hand has " +
                             std::to_string(p.hand_size) + " cards, not " +
                             std::to_string(d.hands[s].size()) + " (clause deal-koz).");
    bool fi_ok = static_cast<int>(d.fi.size()) == p.fi_packets;
    for (const auto& packet : d.fi) fi_ok = fi_ok && static_cast<int>(packet.size()) == p.fi_size;
    if (!fi_ok)
        throw InputError("deal.fi: expected " + std::to_string(p.fi_packets) + " fi packets of " +
                         std::to_string(p.fi_size) + " cards.");
    bool any_turn_again = false;
    for (bool b : p.upcard_turn_again) any_turn_again = any_turn_again || b;
    bool pile_ok = d.discard.size() == (p.initial_upcard ? 1u : 0u);
    if (!pile_ok && any_turn_again && !d.discard.empty()) {
        pile_ok = true;
        for (std::size_t i = 0; i + 1 < d.discard.size(); ++i)
            pile_ok = pile_ok && p.upcard_turn_again[d.discard[i]];
    }
    if (!d.discard.empty() && any_turn_again && p.upcard_turn_again[d.discard.back()]) pile_ok = false;
    if (!pile_ok)
        throw InputError(std::string("deal.discard: expected ") + (p.initial_upcard ? "1" : "0") +
                         " upcard(s)" +
                         (any_turn_again ? ", covered while it is a wild card or a three (clause classic-upcard)"
                                         : "") +
                         ".");
    std::array<int, KINDS> count{};
    for (const auto& h : d.hands)
        for (Card c : h) ++count[c];
    for (const auto& f : d.fi)
        for (Card c : f) ++count[c];
    for (Card c : d.discard) ++count[c];
    for (Card c : d.stock) ++count[c];
    bool deck_ok = count[JOKER] == p.deck_jokers;
    for (int c = 0; c < 52; ++c) deck_ok = deck_ok && count[c] == 2;
    if (!deck_ok)
        throw InputError("deal: the cards are not exactly one " + p.family +
                         " deck (clause deck-composition).");
    if (!p.trump_bottom && d.trump != NO_CARD)
        throw InputError("deal.trump: " + p.family + " has no trump card.");
    if (p.trump_bottom && (d.stock.empty() || d.trump != d.stock.back()))
        throw InputError("deal.trump: the trump is the bottom (last) card of the stock (clause trump-card).");
}

namespace {
bool is_red_three(int c) { return c == make_card(3, 1) || c == make_card(3, 2); }
}  // namespace

// deal-koz, first-player, classic-red-threes: the state before the first turn.
State new_hand(const Profile& p, const Deal& d, int dealer, const std::vector<std::int64_t>& team_scores) {
    const int teams = p.teams();
    if (static_cast<int>(team_scores.size()) != teams)
        throw InputError("team_scores: expected " + std::to_string(teams) + " scores, got " +
                         std::to_string(team_scores.size()) + ".");
    State s;
    s.dealer = dealer;
    s.turn = first_player(p, dealer);
    s.phase = Phase::Draw;
    s.hands.assign(static_cast<std::size_t>(p.players), Hand{});
    for (std::size_t i = 0; i < d.hands.size(); ++i)
        for (Card c : d.hands[i]) s.hands[i].add(c);
    s.stock.assign(d.stock.begin(), d.stock.end());
    s.discard.assign(d.discard.begin(), d.discard.end());
    for (const auto& packet : d.fi) s.fi.emplace_back(packet.begin(), packet.end());
    s.opened.assign(static_cast<std::size_t>(teams), false);
    s.melds.assign(static_cast<std::size_t>(teams), {});
    s.team_scores.assign(team_scores.begin(), team_scores.end());
    s.trump = d.trump;
    if (p.opening_personal) s.seat_opened.assign(static_cast<std::size_t>(p.players), false);
    if (p.red_threes_laid) {
        s.red_threes.assign(static_cast<std::size_t>(teams), {});
        s.table_seats.assign(static_cast<std::size_t>(p.players), false);
        std::size_t top = 0;
        for (int off = 0; off < p.players; ++off) {
            const int seat = (s.turn + off) % p.players;
            Hand& h = s.hands[static_cast<std::size_t>(seat)];
            // classic-red-threes: the hand as dealt (sorted), replacements appended; the red
            // threes are laid in that order, each replaced from the stock at once.
            std::vector<Card> held = h.sorted();
            bool stock_left = top < s.stock.size();
            while (stock_left) {
                std::vector<Card> reds;
                for (Card c : held)
                    if (is_red_three(c)) reds.push_back(c);
                if (reds.empty()) break;
                for (Card c : reds) {
                    held.erase(std::find(held.begin(), held.end(), c));
                    h.remove(c);
                    s.red_threes[static_cast<std::size_t>(seat % teams)].push_back(c);
                    held.push_back(s.stock[top]);
                    h.add(s.stock[top++]);
                    if (top >= s.stock.size()) {
                        stock_left = false;
                        break;
                    }
                }
            }
        }
        s.stock.erase(s.stock.begin(), s.stock.begin() + static_cast<long>(top));
    }
    return s;
}

}  // namespace kn
