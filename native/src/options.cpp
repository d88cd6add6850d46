// kanasta native engine: every legal new meld of a hand (clause legal-action-count).
//
// The candidate batches are proposed by shape (the sets of a rank, the runs of a suit,
// the melds of wild cards), a superset of the legal ones; meld_arrangements decides.
#include <algorithm>
#include <functional>
#include <span>

#include "engine.hpp"
#include "flat_cache.hpp"
#include "per_thread.hpp"
#include "sort_few.hpp"

namespace kn {

namespace {

using Batch = ActionCards;
using Batches = std::vector<Batch>;

// A batch of up to 20 cards as two order words (order_word): comparing them compares the
// batches in canonical order.
struct BatchOrder {
    std::uint64_t high = 0, low = 0;
    std::uint32_t index = 0;
    bool operator<(const BatchOrder& o) const { return high != o.high ? high < o.high : low < o.low; }
    bool same(const BatchOrder& o) const { return high == o.high && low == o.low; }
};
constexpr std::size_t ORDER_MOST_CARDS = 20;

// The batches in canonical order, each once.
struct SortBuffers {
    std::vector<BatchOrder> order;
    Batches sorted;
};
void sort_unique(Batches& batches) {
    SortBuffers& buffers = per_thread<SortBuffers>();
    std::vector<BatchOrder>& order = buffers.order;
    Batches& sorted = buffers.sorted;
    order.clear();
    for (std::size_t i = 0; i < batches.size(); ++i) {
        const Batch& b = batches[i];
        if (b.size() > ORDER_MOST_CARDS) {
            std::sort(batches.begin(), batches.end());
            batches.erase(std::unique(batches.begin(), batches.end()), batches.end());
            return;
        }
        BatchOrder o;
        o.index = static_cast<std::uint32_t>(i);
        o.high = order_word(b, 0);
        o.low = order_word(b, 10);
        order.push_back(o);
    }
    std::sort(order.begin(), order.end());
    sorted.clear();
    for (std::size_t i = 0; i < order.size(); ++i)
        if (i == 0 || !order[i].same(order[i - 1])) sorted.push_back(std::move(batches[order[i].index]));
    std::swap(batches, sorted);
}

// Every sub-multiset of `kinds` (with the hand's counts) of at most `cap` cards.
void sub_multisets(const Hand& hand, const std::vector<Card>& kinds, int cap, std::size_t at, Batch& current,
                   std::vector<Batch>& out) {
    if (at == kinds.size()) {
        out.push_back(current);
        return;
    }
    const Card c = kinds[at];
    const int most = std::min<int>(hand.n[c], cap - static_cast<int>(current.size()));
    for (int k = 0; k <= most; ++k) {
        for (int i = 0; i < k; ++i) current.push_back(c);
        sub_multisets(hand, kinds, cap, at + 1, current, out);
        for (int i = 0; i < k; ++i) current.pop_back();
    }
}

std::vector<Batch> subsets(const Hand& hand, const std::vector<Card>& kinds, int cap) {
    std::vector<Batch> out;
    Batch current;
    sub_multisets(hand, kinds, cap, 0, current, out);
    return out;
}

std::vector<Card> wild_kinds(const Hand& hand) {
    std::vector<Card> out;
    for (int s = 0; s < 4; ++s)
        if (hand.n[make_card(2, s)]) out.push_back(make_card(2, s));
    if (hand.n[JOKER]) out.push_back(JOKER);
    return out;
}

int wild_cap(const Profile& p) { return std::min(p.max_wilds_per_meld, 3); }

void propose_sets(const Profile& p, const Hand& hand, Batches& batches) {
    const std::vector<Card> wilds = wild_kinds(hand);
    for (int rank = 1; rank <= 13; ++rank) {
        std::vector<Card> naturals;
        for (int s = 0; s < 4; ++s)
            if (hand.n[make_card(rank, s)]) naturals.push_back(make_card(rank, s));
        if (naturals.empty()) continue;
        std::vector<Card> others;
        for (Card w : wilds)
            if (rank_of(w) != rank) others.push_back(w);
        const auto natural_parts = subsets(hand, naturals, 64);
        const auto wild_parts = subsets(hand, others, wild_cap(p));
        for (const Batch& n : natural_parts) {
            if (n.empty()) continue;
            for (const Batch& w : wild_parts) {
                if (n.size() + w.size() < 3) continue;
                Batch b = n;
                b.insert(b.end(), w.begin(), w.end());
                sort_few(b.begin(), b.end());
                batches.push_back(std::move(b));
            }
        }
    }
}

void propose_wild_melds(const Profile& p, const Hand& hand, Batches& batches) {
    if (p.wild_meld_rule != WildMeldRule::AnyWilds && p.wild_meld_rule != WildMeldRule::CanastaAtOnce) return;
    for (Batch b : subsets(hand, wild_kinds(hand), 64)) {
        if (b.size() < 3) continue;
        sort_few(b.begin(), b.end());
        batches.push_back(std::move(b));
    }
}

// A run's naturals fill a window of places, all but at most one (the wild's place).
void propose_runs(const Profile& p, const Hand& hand, Batches& batches) {
    if (!p.runs_allowed) return;
    const std::vector<Card> wilds = wild_kinds(hand);
    for (int suit = 0; suit < 4; ++suit) {
        auto card_at = [&](int pos) -> int {
            if (pos == 1 || pos == 14) return hand.n[make_card(1, suit)] ? make_card(1, suit) : -1;
            if (pos == 2) return (p.natural_two_in_place && hand.n[make_card(2, suit)]) ? make_card(2, suit) : -1;
            return hand.n[make_card(pos, suit)] ? make_card(pos, suit) : -1;
        };
        for (int lo = 1; lo <= 14; ++lo) {
            int holes = 0, hole = -1;
            for (int hi = lo; hi <= 14 && hi - lo <= 12; ++hi) {
                // A window with two places the hand cannot fill holds no run (nor does any
                // wider one); with one, only the wild's place may be that one.
                if (card_at(hi) < 0) {
                    ++holes;
                    hole = hi;
                }
                if (holes > 1) break;
                for (int missing = holes ? hole : lo - 1; missing <= (holes ? hole : hi); ++missing) {
                    // missing == lo - 1: no place inside the window is left to the wild.
                    const bool gap = missing >= lo;
                    // The wild's place at an end of the window: the batch is that of the
                    // window one place narrower (which the hand fills) with a wild beside it.
                    if (gap && (missing == lo || missing == hi)) continue;
                    Batch naturals;
                    bool ok = true;
                    for (int pos = lo; pos <= hi && ok; ++pos) {
                        if (gap && pos == missing) continue;
                        const int c = card_at(pos);
                        if (c < 0) ok = false;
                        else naturals.push_back(static_cast<Card>(c));
                    }
                    if (!ok || naturals.empty()) continue;
                    auto add = [&](int wild) {
                        Batch b = naturals;
                        if (wild >= 0) {
                            b.push_back(static_cast<Card>(wild));
                            int have = 0;
                            for (Card c : b) have += c == wild;
                            if (have > hand.n[static_cast<std::size_t>(wild)]) return;
                        }
                        if (b.size() < 3) return;
                        sort_few(b.begin(), b.end());
                        batches.push_back(std::move(b));
                    };
                    if (!gap) add(-1);
                    for (Card w : wilds) add(w);
                }
            }
        }
    }
}

}  // namespace

namespace {

// The arrangements of one batch as meld_options lists them: sorted by the wild's place, each
// place once (none when the batch is no meld).
std::vector<Meld> batch_melds(const Profile& p, const Batch& b) {
    Arrangements a = meld_arrangements(p, b, false);
    std::vector<Meld> out;
    if (a.fault) return out;
    std::stable_sort(a.melds.begin(), a.melds.end(), [](const Meld& x, const Meld& y) { return x.wild_at < y.wild_at; });
    for (Meld& m : a.melds)
        if (out.empty() || out.back().wild_at != m.wild_at) out.push_back(std::move(m));
    return out;
}

// The profile fields meld_arrangements reads: a cache entry is good for every profile with
// the same ones.
using MeldRules = std::array<int, 13>;
MeldRules meld_rules_key(const Profile& p) {
    return {p.canasta_size, static_cast<int>(p.canasta_scheme), p.bonus[static_cast<int>(CanastaKind::Super)] != 0,
            p.max_meld_size, p.min_naturals_per_meld, p.wilds_at_most_naturals, p.naturals_per_wild,
            p.max_wilds_per_meld, p.natural_two_in_place, p.run_wild_needs_three_naturals, p.runs_allowed,
            p.threes_special, static_cast<int>(p.wild_meld_rule)};
}

// A batch of up to 20 cards packed into two words, six bits a card.
struct BatchKey {
    std::uint64_t high = 0, low = 0;
    bool operator==(const BatchKey&) const = default;
};
struct BatchHash {
    std::size_t operator()(const BatchKey& k) const {
        return static_cast<std::size_t>(mix64(k.high ^ mix64(k.low)));
    }
};
constexpr std::size_t KEY_MOST_CARDS = 20;

BatchKey batch_key(const Batch& b) {
    BatchKey k;
    for (std::size_t i = 0; i < b.size(); ++i) (i < 10 ? k.high : k.low) |= (b[i] + 1ull) << (6 * (i % 10));
    return k;
}

// batch_melds remembered per thread (a pure function of the batch and the meld rules): the
// same batches come back move after move while a hand changes one card at a time.
struct MeldCache {
    MeldRules rules{};
    FlatCache<BatchKey, std::vector<Meld>, BatchHash> melds;
};
constexpr std::size_t MELD_CACHE_LIMIT = 50000;

MeldCache& meld_cache(const Profile& p) {
    MeldCache& cache = per_thread<MeldCache>();
    const MeldRules key = meld_rules_key(p);
    if (key != cache.rules) {
        cache.melds.clear();
        cache.rules = key;
    }
    return cache;
}

// The melds of a batch too long for a key (never remembered).
struct LongBatchMelds {
    std::vector<Meld> melds;
};

const std::vector<Meld>& cached_batch_melds(const Profile& p, MeldCache& cache, const Batch& b) {
    if (b.size() > KEY_MOST_CARDS) {
        std::vector<Meld>& scratch = per_thread<LongBatchMelds>().melds;
        scratch = batch_melds(p, b);
        return scratch;
    }
    const BatchKey key = batch_key(b);
    if (const std::vector<Meld>* found = cache.melds.find(key)) return *found;
    if (cache.melds.size() >= MELD_CACHE_LIMIT) cache.melds.clear();
    return cache.melds.add(key, batch_melds(p, b));
}

// The candidate batches of visit_meld_options and visit_lay_off_options, kept from call to call.
struct NewMeldBatches {
    Batches batches;
};
struct LayOffBatches {
    Batches batches;
};

}  // namespace

// legal-action-count: every legal new meld of the hand, each arrangement once, sorted by
// cards, then the wild's place (none first). One-set-per-rank and the turn rules are the
// caller's. `shapes` (MeldShape bits) names the generators asked: sets, melds of wild cards,
// runs.
void visit_meld_options(const Profile& p, const Hand& hand, unsigned shapes,
                        const std::function<void(const Meld&)>& visit) {
    Batches& batches = per_thread<NewMeldBatches>().batches;
    batches.clear();
    if (shapes & SHAPE_SETS) propose_sets(p, hand, batches);
    if (shapes & SHAPE_WILD_MELDS) propose_wild_melds(p, hand, batches);
    if (shapes & SHAPE_RUNS) propose_runs(p, hand, batches);
    sort_unique(batches);
    MeldCache& cache = meld_cache(p);
    for (const Batch& b : batches) {
        if (p.max_meld_size && static_cast<int>(b.size()) > p.max_meld_size) continue;
        // Each arrangement once: the batches come in order, so only one batch's melds can
        // repeat one (batch_melds removes those).
        for (const Meld& m : cached_batch_melds(p, cache, b)) visit(m);
    }
}

std::vector<Meld> meld_options(const Profile& p, const Hand& hand, unsigned shapes) {
    std::vector<Meld> out;
    visit_meld_options(p, hand, shapes, [&](const Meld& m) { out.push_back(m); });
    return out;
}

}  // namespace kn

namespace kn {

namespace {

void propose_set_lay_offs(const Profile& p, const Meld& meld, const Hand& hand, Batches& batches) {
    std::vector<Card> naturals, wilds = wild_kinds(hand), others;
    for (int s = 0; s < 4; ++s)
        if (hand.n[make_card(meld.rank, s)]) naturals.push_back(make_card(meld.rank, s));
    for (Card w : wilds)
        if (rank_of(w) != meld.rank) others.push_back(w);
    for (const Batch& n : subsets(hand, naturals, 64))
        for (const Batch& w : subsets(hand, others, wild_cap(p))) {
            if (n.empty() && w.empty()) continue;
            Batch b = n;
            b.insert(b.end(), w.begin(), w.end());
            sort_few(b.begin(), b.end());
            batches.push_back(std::move(b));
        }
}

void propose_run_lay_offs(const Profile& p, const Meld& meld, const Hand& hand, Batches& batches) {
    const int suit = meld.suit;
    const int old_low = meld.low, old_high = meld.low + static_cast<int>(meld.cards.size()) - 1;
    std::array<bool, 16> natural_at{};
    for (std::size_t i = 0; i < meld.cards.size(); ++i) {
        const int pos = meld.low + static_cast<int>(i);
        if (pos != meld.wild_at) natural_at[static_cast<std::size_t>(pos)] = true;
    }
    // An ace of the run stands at 1 or 14: the other end can take no ace.
    const bool has_ace = natural_at[1] || natural_at[14];
    auto card_at = [&](int pos) -> int {
        if (pos == 1 || pos == 14) return (!has_ace && hand.n[make_card(1, suit)]) ? make_card(1, suit) : -1;
        if (pos == 2) return (p.natural_two_in_place && hand.n[make_card(2, suit)]) ? make_card(2, suit) : -1;
        return hand.n[make_card(pos, suit)] ? make_card(pos, suit) : -1;
    };
    const std::vector<Card> wilds = wild_kinds(hand);
    // one-wild-per-meld: a run holds at most max_wilds_per_meld wild cards (the joker and every
    // 2), less at most one own 2 standing naturally in place 2 (natural_two_in_place). A
    // candidate whose run would hold more in every layout is refused by lay_off_arrangements
    // whatever else it holds: it is not proposed.
    const Card own_two = make_card(2, suit);
    const WildCount held = run_wilds(meld);
    auto too_many_wilds = [&](const Batch& b) {
        WildCount after = held;
        after.add(b, own_two);
        const int natural_two = after.own_two && p.natural_two_in_place ? 1 : 0;
        return after.wilds - natural_two > p.max_wilds_per_meld;
    };
    // run-wild-moves: the run's own 2 acting as its wild may go home to place 2.
    const bool two_may_go_home =
        meld.wild_at != 0 && p.natural_two_in_place &&
        meld.cards[static_cast<std::size_t>(meld.wild_at - meld.low)] == make_card(2, suit);
    for (int home = 0; home <= (two_may_go_home ? 1 : 0); ++home) {
    // A place of the window that neither the run nor the hand fills (the own 2 going home
    // fills place 2): with two such, neither this window nor any wider one takes a batch;
    // with one, only the wild's place may be that one.
    auto unfilled = [&](int pos) {
        return !natural_at[static_cast<std::size_t>(pos)] && !(home && pos == 2) && card_at(pos) < 0;
    };
    for (int lo = 1; lo <= old_low; ++lo) {
        int holes = 0, open = -1;
        const int first_hi = std::max(old_high, lo);
        for (int pos = lo; pos < first_hi; ++pos)
            if (unfilled(pos)) {
                ++holes;
                open = pos;
            }
        for (int hi = first_hi; hi <= 14 && hi - lo <= 12; ++hi) {
            if (unfilled(hi)) {
                ++holes;
                open = hi;
            }
            if (holes > 1) break;
            for (int hole = holes ? open : lo - 1; hole <= (holes ? open : hi); ++hole) {
                const bool gap = hole >= lo;
                // A place the run or its own 2 going home already fills leaves nothing to the
                // wild: that batch is the one without a gap.
                if (gap && (natural_at[static_cast<std::size_t>(hole)] || (home && hole == 2))) continue;
                Batch naturals;
                bool ok = true;
                for (int pos = lo; pos <= hi && ok; ++pos) {
                    if (natural_at[static_cast<std::size_t>(pos)] || (gap && pos == hole)) continue;
                    if (home && pos == 2) continue;
                    const int c = card_at(pos);
                    if (c < 0) ok = false;
                    else naturals.push_back(static_cast<Card>(c));
                }
                if (!ok) continue;
                auto add = [&](int wild) {
                    Batch b = naturals;
                    if (wild >= 0) {
                        b.push_back(static_cast<Card>(wild));
                        int have = 0;
                        for (Card c : b) have += c == wild;
                        if (have > hand.n[static_cast<std::size_t>(wild)]) return;
                    }
                    if (b.empty() || too_many_wilds(b)) return;
                    sort_few(b.begin(), b.end());
                    batches.push_back(std::move(b));
                };
                add(-1);
                for (Card w : wilds) add(w);
            }
        }
    }
    }
}

}  // namespace

// legal-action-count: every batch of hand cards the meld accepts at once, each resulting
// arrangement once, sorted by batch, then the wild's place (none first).
void visit_lay_off_options(const Profile& p, const Meld& meld, const Hand& hand,
                           const std::function<void(const ActionCards&, Meld&)>& visit) {
    Batches& batches = per_thread<LayOffBatches>().batches;
    batches.clear();
    if (meld.kind == MeldKind::Set) propose_set_lay_offs(p, meld, hand, batches);
    else if (meld.kind == MeldKind::Wild) {
        for (Batch b : subsets(hand, wild_kinds(hand), 64))
            if (!b.empty()) {
                sort_few(b.begin(), b.end());
                batches.push_back(std::move(b));
            }
    } else propose_run_lay_offs(p, meld, hand, batches);
    sort_unique(batches);
    for (const Batch& b : batches) {
        Arrangements a = lay_off_arrangements(p, meld, b);
        if (a.fault) continue;
        std::vector<Meld>& found = a.melds;
        // (std::stable_sort takes a scratch buffer even for one meld: most batches make one.)
        if (found.size() > 1)
            std::stable_sort(found.begin(), found.end(),
                             [](const Meld& x, const Meld& y) { return x.wild_at < y.wild_at; });
        int last = -1;
        for (Meld& m : found) {
            if (m.wild_at == last) continue;
            last = m.wild_at;
            visit(b, m);
        }
    }
}

std::vector<std::pair<ActionCards, Meld>> lay_off_options(const Profile& p, const Meld& meld, const Hand& hand) {
    std::vector<std::pair<ActionCards, Meld>> out;
    visit_lay_off_options(p, meld, hand, [&](const ActionCards& b, Meld& m) { out.emplace_back(b, std::move(m)); });
    return out;
}

}  // namespace kn
