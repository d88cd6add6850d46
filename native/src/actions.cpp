// Chapter "Actions" (spec): the atomic actions, their dispatch and the legal-action list.
#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <initializer_list>
#include <stdexcept>
#include <string>

#include "engine.hpp"
#include "flat_cache.hpp"
#include "per_thread.hpp"
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
std::optional<Violation> apply_action_into(const Profile& p, const State& s, const Action& a, State& next) {
    const SearchScope scope;  // turn-must-finish: one search budget for the action
    switch (a.type) {
        case ActionType::Draw: return apply_draw_into(p, s, next);
        case ActionType::TakePile: return apply_take_pile_into(p, s, a.cards, a.meld, next);
        case ActionType::Pass: return apply_pass_into(p, s, next);
        case ActionType::Meld: return apply_meld_into(p, s, a.cards, a.wild_at, next);
        case ActionType::LayOff: return apply_lay_off_into(p, s, a.meld, a.cards, a.wild_at, next);
        case ActionType::Discard:
            if (a.cards.size() != 1) return Violation{"action-kinds", "one-card-discard", "a discard names one card"};
            return apply_discard_into(p, s, a.cards[0], next);
        case ActionType::TakeBack: return apply_take_back_into(p, s, next);
    }
    throw InputError("unknown action type (clause action-kinds)");
}

std::variant<State, Violation> apply_action(const Profile& p, const State& s, const Action& a) {
    State next;
    if (auto v = apply_action_into(p, s, a, next)) return std::move(*v);
    return next;
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

// legal-action-count: a hand's new melds, found part by part. Every new meld is a set (the
// naturals of one rank and wild cards), a run (the cards of one suit and wild cards) or a
// meld of wild cards, so the new melds of a hand are those of its parts together; the melds
// of each part are remembered per profile (a part recurs from turn to turn and hand to hand).
// A new meld as the listing keeps it: its cards inline (a new meld holds at most 14: a run
// of 13 places and a spare wild; a set 8 naturals and 3 wild cards; a meld of wild cards 12),
// 40 bytes, so a part's table is a few cache lines.
constexpr std::size_t MOST_NEW_MELD_CARDS = 16;
struct NewMeld {
    std::uint64_t order = 0;  // the first ten cards packed: their canonical order
    // A set's: a one in the order word's field of each of its naturals among the first ten,
    // so that the order word of the same set of another rank is order + shift * naturals.
    std::uint64_t naturals = 0;
    std::array<Card, MOST_NEW_MELD_CARDS> card{};
    std::uint8_t size = 0;
    std::int8_t wild_at = 0;
    std::uint8_t set_rank = 0;  // 0: not a set
    std::span<const Card> cards() const { return {card.data(), size}; }
};
using MeldTable = std::vector<NewMeld>;

// The sets of a rank from 5 to king are those of the 5s with the cards renamed: a set's
// validity reads its rank only for the threes (classic-threes-in-melds), and a batch of one
// rank reads as a run only with the own 2 in place and at most one wild card beside it
// (run-definition, one-wild-per-meld), so from a 3 or a 4 at most; and a rank r from 5 to 13
// keeps the 5's place among the wild cards in the canonical order (card r of a suit lies
// between that suit's 2 and the next suit's), so the renamed table is still in order. Those
// ranks share the 5s' table, each listed meld naming the shift of its naturals' rank.
constexpr int SHARED_SET_RANK = 5;

// A listed new meld: its order key beside its address, so sorting reads the key without
// going to the meld; `shift` renames the naturals of a shared set table (0: none).
struct Listed {
    std::uint64_t order;
    const NewMeld* meld;
    int shift;
};

// The listed meld's cards: the table's, or their renamed copy in `room`.
std::span<const Card> listed_cards(const NewMeld& m, int shift, std::array<Card, MOST_NEW_MELD_CARDS>& room) {
    if (shift == 0) return m.cards();
    for (std::size_t i = 0; i < m.size; ++i) {
        const Card c = m.card[i];
        room[i] = static_cast<Card>(is_wild(c) ? c : c + shift);
    }
    return {room.data(), m.size};
}

// The canonical order of new melds: their cards, then the wild's place.
bool meld_before(const Listed& a, const Listed& b) {
    if (a.order != b.order) return a.order < b.order;
    std::array<Card, MOST_NEW_MELD_CARDS> room_a, room_b;
    const std::span<const Card> x = listed_cards(*a.meld, a.shift, room_a);
    const std::span<const Card> y = listed_cards(*b.meld, b.shift, room_b);
    if (!std::ranges::equal(x, y)) return std::ranges::lexicographical_compare(x, y);
    return a.meld->wild_at < b.meld->wild_at;
}

bool same_meld(const Listed& a, const Listed& b) {
    if (a.order != b.order || a.meld->wild_at != b.meld->wild_at) return false;
    std::array<Card, MOST_NEW_MELD_CARDS> room_a, room_b;
    return std::ranges::equal(listed_cards(*a.meld, a.shift, room_a), listed_cards(*b.meld, b.shift, room_b));
}

// The ones of a word of places (std::popcount is a library call without the popcnt
// instruction, which the build does not assume).
constexpr int bit_count(unsigned x) {
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0Fu;
    return static_cast<int>((x * 0x01010101u) >> 24);
}
static_assert(bit_count(0x1FFDu) == 12 && bit_count(0) == 0 && bit_count(0x3FFFu) == 14);

// Eight counts of a word (byte i: a count of at most 8, card-identity: two decks) to eight
// bits (bit i: byte i is not 0). Adding 0x7F sets a byte's high bit exactly when it is not 0,
// with no carry into the next byte; the multiplication gathers the high bits into the top byte.
constexpr std::uint64_t nonzero_bytes(std::uint64_t word) {
    const std::uint64_t high = ((word + 0x7F7F7F7F7F7F7F7Full) & 0x8080808080808080ull) >> 7;
    return (high * 0x0102040810204080ull) >> 56;
}
static_assert(nonzero_bytes(0) == 0 && nonzero_bytes(0x0800000300010002ull) == 0b10010101 &&
              nonzero_bytes(0x0808080808080808ull) == 0xFF && nonzero_bytes(0x0000000000000100ull) == 0b10);

// The kinds of card the hand holds: bit c for card c.
std::uint64_t held_kinds(const Hand& hand) {
    std::uint64_t held = 0;
    for (std::size_t at = 0; at + 8 <= KINDS; at += 8) {
        std::uint64_t word;
        std::memcpy(&word, hand.n.data() + at, sizeof word);
        if constexpr (std::endian::native == std::endian::big) word = __builtin_bswap64(word);
        held |= nonzero_bytes(word) << at;
    }
    for (std::size_t c = KINDS / 8 * 8; c < KINDS; ++c) held |= std::uint64_t{hand.n[c] != 0} << c;
    return held;
}

struct PartKey {
    std::uint64_t serial;
    std::uint64_t part;
    bool operator==(const PartKey&) const = default;
};
struct PartHash {
    std::size_t operator()(const PartKey& k) const {
        return static_cast<std::size_t>(mix64(k.part ^ mix64(k.serial)));
    }
};
constexpr std::size_t MOST_PARTS = 200000;

MeldTable part_melds(const Profile& p, const Hand& part, unsigned shapes) {
    MeldTable out;
    // A rank's part leaves the melds of wild cards alone (the sets of 2s of its wild cards) to
    // the wild cards' part, which holds every wild card of the hand: a rank's table holds the
    // sets of its rank only.
    const bool rank_part = shapes == SHAPE_SETS;
    visit_meld_options(p, part, shapes, [&](const Meld& m) {
        const std::span<const Card> cards = m.history[0];
        if (rank_part && std::ranges::all_of(cards, is_wild)) return;
        if (cards.size() > MOST_NEW_MELD_CARDS) throw std::length_error("a new meld beyond the listing's room");
        NewMeld n;
        n.order = order_word(cards, 0);
        if (m.kind == MeldKind::Set)
            for (std::size_t i = 0; i < 10 && i < cards.size(); ++i)
                if (!is_wild(cards[i])) n.naturals |= std::uint64_t{1} << (6 * (9 - i));
        std::copy(cards.begin(), cards.end(), n.card.begin());
        n.size = static_cast<std::uint8_t>(cards.size());
        n.wild_at = static_cast<std::int8_t>(m.wild_at);
        n.set_rank = static_cast<std::uint8_t>(m.kind == MeldKind::Set ? m.rank : 0);
        out.push_back(n);
    });
    // The table in canonical order, so a listing merges its parts' tables (no sort per listing).
    std::sort(out.begin(), out.end(),
              [](const NewMeld& x, const NewMeld& y) { return meld_before(Listed{x.order, &x, 0}, Listed{y.order, &y, 0}); });
    return out;
}

// The remembered part tables (FlatCache keeps the parts last asked for in front of its big
// table: a listing asks for much the same parts as the one before it).
using PartTables = FlatCache<PartKey, MeldTable, PartHash>;

// A part of the hand (new_melds): its key, the shapes it asks for, and what gathers its cards.
struct Part {
    std::uint64_t key;
    unsigned shapes;
    int rank;  // the set's rank; 0: the wild cards' part; -1: a run's
    int suit;  // a run's suit
    int mask;  // a run's places (bit place - 1)
    int shift;  // a set part read from the shared table: its rank's distance from it
};

// A part's table in the listing's merge: its next meld and its end.
struct Head {
    Listed next;  // the next meld, its order key read without going to the meld
    const NewMeld* end;
};

// new_melds' per-thread storage (per_thread.hpp), looked up once per listing: the part
// tables, and the buffers of the parts, the merge and the result, kept from call to call (no
// allocation once grown).
struct Listing {
    PartTables tables;
    std::vector<Part> parts;
    std::vector<Head> heads;
    std::vector<Listed> out;
};

// The part's melds, remembered (the cache is emptied only between two listings, when full);
// `cards()` gives the part's cards, built only when the part is new.
template <class Cards>
const MeldTable& remembered_part(PartTables& parts, const Profile& p, std::uint64_t key, unsigned shapes,
                                 const Cards& cards) {
    const PartKey k{p.serial, key};
    if (const MeldTable* found = parts.find(k)) return *found;
    return parts.add(k, part_melds(p, cards(), shapes));
}

// The new melds of the hand in canonical order (cards, then the wild's place), each once.
// The parts: the wild cards alone (the melds of wild cards, the sets of 2s); per rank, its
// naturals with as many copies of each wild card as a set takes wild cards; per suit (when
// runs are allowed), one copy of each of its cards (two of its 2, a natural and a wild) with
// one copy of each wild card, as a run takes one card per place and at most one wild card
// (the generator proposes no more). A part is named by its key (its shape and its cards'
// counts); its cards are gathered only for a part not seen before.
// `held`: the kinds of card the hand holds (held_kinds).
const std::vector<Listed>& new_melds(const Profile& p, const Hand& hand, std::uint64_t held,
                                     std::vector<MeldTable>& own) {
    // The result is read before the next listing.
    Listing& storage = per_thread<Listing>();
    std::vector<Listed>& out = storage.out;
    out.clear();
    const int set_wilds = std::min(p.max_wilds_per_meld, 3);
    // How many copies of the wild card w a part takes: at most `most`, twice that of the
    // run's own 2 (a natural in its place and a wild).
    auto wild_copies = [&](Card w, int most, int own_two) {
        return std::min<int>(hand.n[w], w == own_two ? 2 * most : most);
    };
    // The ranks of a run part's naturals (bit rank - 1) from its places (bit place - 1): every
    // place but the 2's (left to the wild cards), the ace's two places (1 and 14) one card.
    auto run_naturals = [](int mask) {
        return (static_cast<unsigned>(mask) & 0x1FFDu) | ((static_cast<unsigned>(mask) >> 13) & 1u);
    };
    auto cards_of = [&](const Part& part) {
        Hand cards;
        auto add = [&](Card c, int n) {
            for (int k = 0; k < n; ++k) cards.add(c);
        };
        if (part.rank == 0) {
            for (Card w : WILD_KINDS) add(w, hand.n[w]);
        } else if (part.rank > 0) {
            // The counts of the part's own rank, named as the table's rank's cards.
            for (int s = 0; s < 4; ++s) add(make_card(part.rank, s), hand.n[make_card(part.rank + part.shift, s)]);
            for (Card w : WILD_KINDS) add(w, wild_copies(w, set_wilds, -1));
        } else {
            for (int rank = 1; rank <= 13; ++rank)
                if ((run_naturals(part.mask) >> (rank - 1)) & 1u) add(make_card(rank, part.suit), 1);
            for (Card w : WILD_KINDS) add(w, wild_copies(w, 1, make_card(2, part.suit)));
        }
        return cards;
    };
    // A part of fewer than three cards holds no meld (meld-minimum).
    // Each part asks only for the melds of its shape: the sets of a rank, the runs of a suit,
    // the melds of wild cards and the sets of 2s (every meld lies within a part of its shape).
    std::vector<Part>& parts = storage.parts;
    parts.clear();
    int wild_total = 0;
    std::uint64_t wild_key = 0;
    for (int s = 0; s < 4; ++s) {
        const Card two = make_card(2, s);
        wild_key = wild_key << 2 | hand.n[two];
        wild_total += hand.n[two];
    }
    wild_key = wild_key << 4 | hand.n[JOKER];
    wild_total += hand.n[JOKER];
    // wild-only-melds, classic-options (joker-canasta): the wild cards' part holds a meld only
    // where melds of wild cards (or sets of 2s) are allowed, and of a canasta's size where
    // they must be a canasta at once.
    const bool wild_melds = p.wild_meld_rule != WildMeldRule::Forbidden &&
                            (p.wild_meld_rule != WildMeldRule::CanastaAtOnce || wild_total >= p.canasta_size);
    if (wild_total >= 3 && wild_melds) parts.push_back(Part{3ull << 60 | wild_key, SHAPE_SETS | SHAPE_WILD_MELDS, 0, -1, 0, 0});
    // The wild cards a part takes (three bits of key each) and their number: the same for
    // every rank's part and for every run part of a suit, so found once.
    struct Wilds {
        std::uint64_t bits = 0;
        int count = 0;
    };
    auto wilds_taken = [&](int most, int own_two) {
        Wilds taken;
        for (Card w : WILD_KINDS) {
            const int n = wild_copies(w, most, own_two);
            taken.bits = taken.bits << 3 | static_cast<std::uint64_t>(n);
            taken.count += n;
        }
        return taken;
    };
    const Wilds set_taken = wilds_taken(set_wilds, -1);
    // The shared sets table holds when no set part reads as a run of more than its own 2
    // and one wild card (profile-validation: a family with runs has one wild per meld).
    const bool shared_sets = !p.runs_allowed || p.max_wilds_per_meld <= 1;
    // A part no meld can come from is not asked for: a new meld holds three cards or more
    // (meld-minimum) and at most max_wilds_per_meld wild cards (one-wild-per-meld,
    // classic-wild-ratio), a set at least min_naturals_per_meld naturals (classic-wild-ratio),
    // and no new meld off the going out holds a three where threes are special
    // (classic-threes-in-melds: the black threes going out are add_black_threes').
    const int set_wilds_used = std::min(set_taken.count, p.max_wilds_per_meld);
    const int least_naturals = std::max(1, p.min_naturals_per_meld);
    for (int rank = 1; rank <= 13; ++rank) {
        if (rank == 2 || (rank == 3 && p.threes_special)) continue;
        const int table_rank = shared_sets && rank >= SHARED_SET_RANK ? SHARED_SET_RANK : rank;
        std::uint64_t key = 1ull << 4 | static_cast<std::uint64_t>(table_rank);
        int size = 0;
        for (int s = 0; s < 4; ++s) {
            const Card c = make_card(rank, s);
            key = key << 2 | hand.n[c];
            size += hand.n[c];
        }
        if (size < least_naturals || size + set_wilds_used < 3) continue;
        key = key << 15 | set_taken.bits;
        parts.push_back(Part{key, SHAPE_SETS, table_rank, -1, 0, rank - table_rank});
    }
    // A run part takes one of each wild card, two of its own 2: the same for every suit but
    // for that 2's field (WILD_KINDS' order, the joker's field lowest).
    const Wilds one_each = p.runs_allowed ? wilds_taken(1, -1) : Wilds{};
    if (p.runs_allowed)
        for (int s = 0; s < 4; ++s) {
            const int second_two = hand.n[make_card(2, s)] >= 2 ? 1 : 0;
            const Wilds run_taken{one_each.bits + (static_cast<std::uint64_t>(second_two) << (3 * (4 - s))),
                                  one_each.count + second_two};
            // A run's naturals fill a window of places (1..14, the ace at both ends) with at
            // most one place missing: they lie in one block of places no two apart. The places
            // the hand fills (bit place - 1): the ace's two, the own 2's when it may stand
            // natural (natural-two-in-place).
            unsigned places = static_cast<unsigned>(held >> (13 * s)) & 0x1FFFu;
            places |= (places & 1u) << 13;
            if (!p.natural_two_in_place) places &= ~2u;
            auto close = [&](int mask) {
                std::uint64_t key = 2ull << 2 | static_cast<std::uint64_t>(s);
                key = key << 14 | static_cast<std::uint64_t>(mask);
                const int naturals = bit_count(run_naturals(mask));
                // Its naturals, its own 2 in place, and as many wild cards as a meld takes.
                const int most = naturals + ((mask >> 1) & 1) + std::min(run_taken.count, p.max_wilds_per_meld);
                if (naturals == 0 || most < 3) return;
                // run-wild-after-three-naturals: every run then holds three naturals in a row
                // (a run without a wild card is all naturals in a row).
                if (p.run_wild_needs_three_naturals && !(mask & (mask >> 1) & (mask >> 2))) return;
                key = key << 15 | run_taken.bits;
                parts.push_back(Part{key, SHAPE_RUNS, -1, s, mask, 0});
            };
            // A block starts at a filled place with neither of the two before it filled, and
            // runs up to the next block's start.
            const unsigned starts = places & ~(places << 1) & ~(places << 2);
            for (unsigned rest = starts; rest;) {
                const unsigned first = rest & (0u - rest);
                rest ^= first;
                const unsigned next = rest & (0u - rest);
                close(static_cast<int>(places & ~(first - 1) & (next ? next - 1 : ~0u)));
            }
        }
    PartTables& tables = storage.tables;
    if (tables.size() + parts.size() > MOST_PARTS) tables.clear();
    // Each part's table is in canonical order: the listing is their merge (a heap of the
    // tables' next melds), each meld once (a meld found in two parts is listed once).
    auto order_of = [](const NewMeld& m, int shift) { return m.order + static_cast<std::uint64_t>(shift) * m.naturals; };
    std::vector<Head>& heads = storage.heads;
    heads.clear();
    std::size_t total = 0;
    for (const Part& part : parts) {
        std::span<const NewMeld> table;
        if (p.serial) {
            table = remembered_part(tables, p, part.key, part.shapes, [&] { return cards_of(part); });
        } else {
            own.push_back(part_melds(p, cards_of(part), part.shapes));
            table = own.back();
        }
        if (!table.empty())
            heads.push_back(Head{Listed{order_of(table.front(), part.shift), table.data(), part.shift},
                                 table.data() + table.size()});
        total += table.size();
    }
    out.reserve(total);
    // The heap's top is the head of least meld.
    auto after = [](const Head& x, const Head& y) {
        if (x.next.order != y.next.order) return y.next.order < x.next.order;
        return meld_before(y.next, x.next);
    };
    std::make_heap(heads.begin(), heads.end(), after);
    while (!heads.empty()) {
        Head& top = heads.front();
        if (out.empty() || out.back().order != top.next.order || !same_meld(out.back(), top.next))
            out.push_back(top.next);
        if (++top.next.meld == top.end) {
            std::pop_heap(heads.begin(), heads.end(), after);
            heads.pop_back();
            continue;
        }
        top.next.order = order_of(*top.next.meld, top.next.shift);
        // Sift the top down to its place (the other heads stay a heap).
        const std::size_t n = heads.size();
        std::size_t at = 0;
        for (;;) {
            std::size_t child = 2 * at + 1;
            if (child >= n) break;
            if (child + 1 < n && after(heads[child], heads[child + 1])) ++child;
            if (!after(heads[at], heads[child])) break;
            std::swap(heads[at], heads[child]);
            at = child;
        }
    }
    return out;
}

// legal-action-count: the lay-offs onto a meld, as (batch, wild's place) in canonical order.
// Those onto a set or a run depend only on the meld and on a few of the hand's cards
// (lay_off_key): remembered per profile.
struct LayOff {
    ActionCards batch;
    int wild_at = 0;
};
using LayOffs = std::vector<LayOff>;

LayOffs lay_offs_of(const Profile& p, const Meld& meld, const Hand& hand) {
    LayOffs out;
    visit_lay_off_options(p, meld, hand, [&](const ActionCards& batch, Meld& m) { out.push_back(LayOff{batch, m.wild_at}); });
    return out;
}

// The remembered lay-offs' key: the profile, the meld's arrangement, and the counts of the
// hand cards that decide (lay_off_key), packed into five words.
using LayOffKey = Words<5>;
struct LayOffHash {
    std::size_t operator()(const LayOffKey& k) const {
        std::uint64_t h = 0;
        for (std::uint64_t w : k.words) {
            h = (h ^ w) * 0x9E3779B97F4A7C15ull;
            h ^= h >> 29;
        }
        return static_cast<std::size_t>(mix64(h));
    }
};
// The cards of a meld a key holds: six bits each, ten to a word, in words 2..4.
constexpr std::size_t KEY_CARDS = 30;

// The places (1..14, the ace at both ends) whose hand card may join a lay-off onto the run:
// those of the run that no natural holds (the wild's), and outward from each end up to the
// second place the hand cannot fill. A batch fills a window of places with at most one
// place left to a wild card, so no window reaches past two such places (place 2 is never
// counted as one: the run's own 2 may go home there).
std::array<bool, 15> run_reach(const Meld& meld, const Hand& hand) {
    std::array<bool, 15> reach{};
    const int low = meld.low, high = meld.low + static_cast<int>(meld.cards.size()) - 1;
    if (meld.wild_at) reach[static_cast<std::size_t>(meld.wild_at)] = true;
    auto lacks = [&](int place) { return place != 2 && hand.n[make_card(place == 14 ? 1 : place, meld.suit)] == 0; };
    // With no wild card in the run (acting or spare) nor in the hand, no place is left to a
    // wild: the first unfilled place on each side ends the reach.
    bool wilds = meld.wild_at != 0 || !meld.spare.empty();
    for (Card w : WILD_KINDS) wilds = wilds || hand.n[w];
    const int most_holes = wilds ? 2 : 1;
    for (int place = low - 1, holes = 0; place >= 1 && holes < most_holes; --place) {
        reach[static_cast<std::size_t>(place)] = true;
        holes += lacks(place);
    }
    for (int place = high + 1, holes = 0; place <= 14 && holes < most_holes; ++place) {
        reach[static_cast<std::size_t>(place)] = true;
        holes += lacks(place);
    }
    return reach;
}

// The key and the cards of the hand that decide the lay-offs onto a set (its rank's naturals,
// the wild cards up to as many as a batch takes) or a run (one copy of each card of its suit
// within reach (run_reach), two of its 2, one of each wild card: a run takes one card per
// place and one wild card).
// False when the meld is too long for a key (then nothing is remembered).
bool lay_off_key(const Profile& p, const Meld& meld, const Hand& hand, Hand& part, LayOffKey& key) {
    if (meld.cards.size() + meld.spare.size() + 1 > KEY_CARDS) return false;
    key.words[0] = p.serial;
    // Onto a set, which batches fit depends on the set's rank and its numbers of naturals and
    // of wild cards only (set-definition, the wild ratio, the size): a set is keyed by those.
    // Onto a run, which batches fit depends on its places, the place of its wild card, and
    // whether a wild card of it (acting or spare) is its own 2, which may go home to place 2
    // (run-wild-moves); not on which other wild card it is (every other one is foreign alike:
    // run-definition; a family with runs allows one wild card per meld, one-wild-per-meld, so
    // no choice among wild cards arises), nor on the canasta either meld is (the kind of the
    // arrangement, not whether it fits): a run's other wild cards are keyed as a joker.
    const bool set = meld.kind == MeldKind::Set;
    std::uint64_t head = static_cast<std::uint64_t>(meld.kind);
    for (int field : {meld.rank, meld.suit + 1, meld.low, meld.wild_at, 0})
        head = head << 4 | static_cast<std::uint64_t>(field);
    auto take = [&](Card c, int most) {
        const int n = std::min<int>(hand.n[c], most);
        head = head << 2 | static_cast<std::uint64_t>(n);
        for (int k = 0; k < n; ++k) part.add(c);
    };
    if (meld.kind == MeldKind::Set) {
        for (int s = 0; s < 4; ++s) take(make_card(meld.rank, s), 2);
        for (Card w : WILD_KINDS)
            if (rank_of(w) != meld.rank) take(w, std::min(p.max_wilds_per_meld, 3));
    } else {
        const std::array<bool, 15> reach = run_reach(meld, hand);
        for (int rank = 1; rank <= 13; ++rank)
            if (rank != 2) take(make_card(rank, meld.suit), reach[static_cast<std::size_t>(rank)] || (rank == 1 && reach[14]) ? 1 : 0);
        // one-wild-per-meld: a run that holds as many wild cards as a meld may, none its own
        // 2, takes no other wild card (its own 2 may still stand naturally in place 2): the
        // hand's other wild cards decide nothing (options.cpp refuses those batches unjudged).
        const Card own_two = make_card(2, meld.suit);
        const WildCount held = run_wilds(meld);
        const bool full = held.wilds >= p.max_wilds_per_meld && !held.own_two;
        for (Card w : WILD_KINDS)
            take(w, w == own_two ? 2 : full ? 0 : 1);
    }
    key.words[1] = head;  // 22 bits of meld, at most 17 counts of 2 bits
    key.words[2] = key.words[3] = key.words[4] = 0;
    std::size_t at = 0;
    auto put = [&](std::uint64_t six) {
        key.words[2 + at / 10] |= six << (6 * (at % 10));
        ++at;
    };
    if (set) {
        const int wilds = meld.wild_count();
        put(static_cast<std::uint64_t>(meld.size() - wilds));
        put(static_cast<std::uint64_t>(wilds));
        return true;
    }
    const Card own_two = make_card(2, meld.suit);
    auto run_card = [&](Card c) { return (is_wild(c) && c != own_two ? JOKER : c) + 1u; };
    for (Card c : meld.cards) put(run_card(c));
    put(KINDS + 1u);
    for (Card c : meld.spare) put(run_card(c));
    return true;
}

// lay_offs' per-thread tables (per_thread.hpp).
struct LayOffTables {
    LayOffs scratch;
    FlatCache<LayOffKey, LayOffs, LayOffHash> remembered;
};

// Cards as kinds (held_kinds' bits).
constexpr std::uint64_t kinds_of(std::initializer_list<Card> cards) {
    std::uint64_t kinds = 0;
    for (Card c : cards) kinds |= std::uint64_t{1} << c;
    return kinds;
}
constexpr std::uint64_t WILD_BITS = kinds_of({make_card(2, 0), make_card(2, 1), make_card(2, 2), make_card(2, 3), JOKER});
constexpr std::uint64_t RANK_BITS = kinds_of({make_card(1, 0), make_card(1, 1), make_card(1, 2), make_card(1, 3)});
// The kinds of card that may join the meld, a superset (lay-off): the wild cards, and a set's
// naturals of its rank or a run's cards of its suit (run-definition); a meld of wild cards
// takes wild cards only (wild-only-melds).
std::uint64_t joinable_kinds(const Meld& meld) {
    if (meld.kind == MeldKind::Set) return WILD_BITS | RANK_BITS << (meld.rank - 1);
    if (meld.kind == MeldKind::Run) return WILD_BITS | std::uint64_t{0x1FFF} << (13 * meld.suit);
    return WILD_BITS;
}

// `t`: this thread's tables, looked up once per listing.
const LayOffs& lay_offs(const Profile& p, const Meld& meld, const Hand& hand, std::uint64_t held, LayOffTables& t) {
    // No card of the hand can join the meld (joinable_kinds): nothing to build a key for.
    if (!(held & joinable_kinds(meld))) {
        t.scratch.clear();
        return t.scratch;
    }
    LayOffKey key;
    Hand part;
    if (meld.kind == MeldKind::Wild || p.serial == 0 || !lay_off_key(p, meld, hand, part, key)) {
        t.scratch = lay_offs_of(p, meld, hand);
        return t.scratch;
    }
    // No card of the hand decides (an empty part): every batch is of the deciding cards, so
    // the meld takes none of the hand's; nothing to look up (most melds, most turns).
    if (part.size == 0) {
        t.scratch.clear();
        return t.scratch;
    }
    if (const LayOffs* found = t.remembered.find(key)) return *found;
    if (t.remembered.size() >= MOST_PARTS) t.remembered.clear();
    return t.remembered.add(key, lay_offs_of(p, meld, part));
}

int count_of(std::span<const Card> cards, int card) {
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

// An action appended in place: its cards copied once into the list's new entry (no temporary
// list of cards moved in).
void add_action(std::vector<Action>& out, ActionType type, std::span<const Card> cards, int meld, int wild_at) {
    Action& a = out.emplace_back();
    a.type = type;
    for (Card c : cards) a.cards.push_back(c);  // a few cards: no call to memset and memmove
    a.meld = meld;
    a.wild_at = wild_at;
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
    auto sure = [&](std::span<const Card> cards) {
        const int left = size - static_cast<int>(cards.size());
        return left >= 2 && !committed &&
               (any_card_ends || pile_held - count_of(cards, s.pile_card) < left);
    };
    // one-set-per-rank: the ranks of the side's sets take no second set.
    std::array<bool, 14> has_set{};
    if (p.one_set_per_rank)
        for (const Meld& m : team_melds)
            if (m.kind == MeldKind::Set) has_set[static_cast<std::size_t>(m.rank)] = true;
    std::vector<MeldTable> own;
    if (p.serial == 0) own.reserve(32);
    std::array<Card, MOST_NEW_MELD_CARDS> renamed;
    const std::uint64_t held = held_kinds(hand);
    for (const auto& [order, m, shift] : new_melds(p, hand, held, own)) {
        if (m->set_rank && has_set[static_cast<std::size_t>(m->set_rank + shift)]) continue;
        const std::span<const Card> cards = listed_cards(*m, shift, renamed);
        if (sure(cards) || !check_meld(p, s, cards, m->wild_at))
            add_action(out, ActionType::Meld, cards, 0, m->wild_at);
    }
    if (p.threes_special && size <= 5) add_black_threes(p, s, out);
    LayOffTables& lay_off_tables = per_thread<LayOffTables>();
    for (std::size_t index = 0; index < team_melds.size(); ++index) {
        const Meld& meld = team_melds[index];
        for (const auto& [batch, wild_at] : lay_offs(p, meld, hand, held, lay_off_tables)) {
            const int i = static_cast<int>(index);
            if (sure(batch) || !check_lay_off(p, s, i, batch, wild_at))
                add_action(out, ActionType::LayOff, batch, i, wild_at);
        }
    }
    if (!check_discard_now(p, s)) {
        std::uint64_t discards = held;
        if (s.pile_card != NO_CARD) discards &= ~(std::uint64_t{1} << s.pile_card);
        for (; discards; discards &= discards - 1)
            add_action(out, ActionType::Discard, std::array<Card, 1>{static_cast<Card>(std::countr_zero(discards))}, 0, 0);
    }
    if (p.take_back && !check_take_back(p, s)) out.push_back(Action{ActionType::TakeBack, {}, 0, 0});
}

}  // namespace

// legal-action-count: every legal action of the state, each once, in the canonical order.
std::vector<Action> legal_actions(const Profile& p, const State& s) {
    std::vector<Action> out;
    out.reserve(64);
    legal_actions_into(p, s, out);
    return out;
}

void legal_actions_into(const Profile& p, const State& s, std::vector<Action>& out) {
    const SearchScope scope;  // turn-must-finish: one search budget for the listing
    out.clear();
    if (s.phase == Phase::Draw) draw_phase_actions(p, s, out);
    else if (s.phase == Phase::Play) play_phase_actions(p, s, out);
}

}  // namespace kn
