// kanasta native engine: melds and canastas (spec chapters 3 and 4).
#include <algorithm>

#include "engine.hpp"
#include "per_thread.hpp"
#include "sort_few.hpp"

namespace kn {

namespace {
constexpr int ACE_HIGH = 14;
const char* const CANASTA_TEXT[] = {"", "clean", "dirty", "super", "all-wild",
                                    "half", "full", "grand", "natural", "mixed"};

Violation fault(const char* clause, const char* code, Detail detail = {}) {
    return Violation{clause, code, std::move(detail)};
}

// canasta-definition and the family's scheme: the kind after the meld was made or grew.
CanastaKind classify(const Profile& p, CanastaKind previous, int size, int naturals, int wilds,
                     MeldKind kind) {
    if (size < p.canasta_size) return CanastaKind::None;
    const bool is_run = kind == MeldKind::Run;
    const bool wild_meld = kind == MeldKind::Wild;
    switch (p.canasta_scheme) {
        case CanastaScheme::CleanDirty:  // canasta-clean-dirty, canasta-super, canasta-all-wild
            if (wild_meld) return CanastaKind::AllWild;
            if (is_run && naturals == 13 && wilds == 0 && p.bonus[static_cast<int>(CanastaKind::Super)])
                return CanastaKind::Super;
            return wilds ? CanastaKind::Dirty : CanastaKind::Clean;
        case CanastaScheme::HalfFullGrand:  // canasta-half-full, canasta-kind-fixed, canasta-grand
            if (is_run && naturals == 13) return CanastaKind::Grand;
            if (previous != CanastaKind::None) return previous;
            return naturals >= p.canasta_size ? CanastaKind::Full : CanastaKind::Half;
        case CanastaScheme::CleanDirtyAtForming:  // canasta-kind-at-forming-fi-351
            if (previous != CanastaKind::None) return previous;
            return wilds ? CanastaKind::Dirty : CanastaKind::Clean;
        case CanastaScheme::NaturalMixed:  // canasta-natural-mixed
            if (wild_meld) return CanastaKind::AllWild;
            return wilds ? CanastaKind::Mixed : CanastaKind::Natural;
    }
    return CanastaKind::None;
}

// meld-minimum, meld-max-size
std::optional<Violation> check_size(const Profile& p, int count) {
    if (count < 3) return fault("meld-minimum", "too-few-cards", "a meld needs 3 cards");
    if (p.max_meld_size && count > p.max_meld_size)
        return fault("meld-max-size", "meld-too-large", "at most " + std::to_string(p.max_meld_size) + " cards");
    return std::nullopt;
}

// classic-threes-in-melds
std::optional<Violation> check_threes(std::span<const Card> cards, bool going_out) {
    int threes = 0;
    bool red = false;
    for (Card c : cards)
        if (rank_of(c) == 3) {
            ++threes;
            red = red || suit_of(c) == 1 || suit_of(c) == 2;
        }
    if (!threes) return std::nullopt;
    if (red) return fault("classic-threes-in-melds", "red-three-melded", "red threes are bonus cards");
    if (!going_out)
        return fault("classic-threes-in-melds", "black-threes-not-going-out",
                     "black threes may be melded only when going out");
    if (threes != static_cast<int>(cards.size()))
        return fault("classic-threes-in-melds", "black-threes-with-wilds", "black threes take no wilds");
    return std::nullopt;
}

// one-wild-per-meld, classic-wild-ratio, classic-options (two-naturals-per-wild)
std::optional<Violation> check_wild_ratio(const Profile& p, int naturals, int wilds) {
    if (naturals < p.min_naturals_per_meld)
        return fault("classic-wild-ratio", "too-few-naturals");
    if (p.wilds_at_most_naturals && wilds * p.naturals_per_wild > naturals) {
        if (p.naturals_per_wild > 1) return fault("classic-options", "too-few-naturals-per-wild");
        return fault("classic-wild-ratio", "wilds-outnumber-naturals");
    }
    if (wilds > p.max_wilds_per_meld)
        return fault(p.wilds_at_most_naturals ? "classic-wild-ratio" : "one-wild-per-meld", "too-many-wilds");
    return std::nullopt;
}

using History = MeldHistory;
using Cards = MeldCards;  // a batch's or a meld's cards, held inline
using Places = SmallVec<int, 16>;

// set-definition: naturals of one rank (sorted), then the wilds (sorted). The set is appended
// to `out` (nothing on a fault).
std::optional<Violation> make_set(const Profile& p, std::span<const Card> cards, int rank, const History& history,
                                  CanastaKind previous, std::vector<Meld>& out) {
    Cards naturals, wilds;
    for (Card c : cards) (rank_of(c) == rank ? naturals : wilds).push_back(c);
    for (Card c : wilds)
        if (!is_wild(c)) return fault("set-definition", "mixed-ranks", "a set holds cards of one rank");
    const int count = static_cast<int>(naturals.size());
    const int wild_total = static_cast<int>(wilds.size());
    if (wild_total || count < p.min_naturals_per_meld)
        if (auto v = check_wild_ratio(p, count, wild_total)) return *v;
    sort_few(naturals.begin(), naturals.end());
    sort_few(wilds.begin(), wilds.end());
    Meld& m = out.emplace_back();
    m.kind = MeldKind::Set;
    m.rank = rank;
    m.cards = naturals;
    m.cards.insert(m.cards.end(), wilds.data(), wilds.data() + wilds.size());
    m.history = history;
    m.canasta = classify(p, previous, m.size(), count, wild_total, MeldKind::Set);
    return std::nullopt;
}

// wild-only-melds, twos-set, classic-options (joker-canasta): the meld appended to `out`
// (nothing on a fault).
std::optional<Violation> make_wild_only(const Profile& p, std::span<const Card> cards, const History& history,
                                        CanastaKind previous, std::vector<Meld>& out) {
    if (p.wild_meld_rule == WildMeldRule::CanastaAtOnce && static_cast<int>(history[0].size()) < p.canasta_size)
        return fault("classic-options", "joker-canasta-at-once");
    if (p.wild_meld_rule == WildMeldRule::AnyWilds || p.wild_meld_rule == WildMeldRule::CanastaAtOnce) {
        Meld& m = out.emplace_back();
        m.kind = MeldKind::Wild;
        m.cards = cards;
        sort_few(m.cards.begin(), m.cards.end());
        m.history = history;
        const int size = static_cast<int>(cards.size());
        m.canasta = classify(p, previous, size, 0, size, MeldKind::Wild);
        return std::nullopt;
    }
    if (p.wild_meld_rule == WildMeldRule::TwosSet) return make_set(p, cards, 2, history, previous, out);
    return fault("wild-only-melds", "wild-meld-not-allowed", "a meld needs natural cards in this family");
}

struct Layout {
    int low;
    MeldCards cards;
    int wild_at;  // 0: none
    SpareCards spare;
};

int longest_streak(std::span<const int> positions) {
    int best = 0, streak = 0, last = -2;
    for (int pos : positions) {
        streak = pos == last + 1 ? streak + 1 : 1;
        best = std::max(best, streak);
        last = pos;
    }
    return best;
}

// run-definition, run-wild-placement, run-wild-after-three-naturals, wild-spare-outside:
// the layouts of one choice of where the ace stands and whether the own 2 is natural.
// The layouts are appended to `out` (nothing on a fault).
std::optional<Violation> run_layout(const Profile& p, int suit, const Cards& naturals, const Cards& aces,
                                    const Cards& own_twos, const Cards& foreign, int ace_at, bool two_natural,
                                    std::vector<Layout>& out) {
    Places positions;
    Cards placed;
    Cards wilds = foreign;
    if (ace_at == 1) {
        positions.push_back(1);
        placed.push_back(aces[0]);
    }
    if (two_natural) {
        positions.push_back(2);
        placed.push_back(own_twos[0]);
        wilds.insert(wilds.end(), own_twos.begin() + 1, own_twos.end());
    } else {
        wilds.insert(wilds.end(), own_twos.begin(), own_twos.end());
    }
    sort_few(wilds.begin(), wilds.end());
    for (Card c : naturals) {
        positions.push_back(c % 13 + 1);
        placed.push_back(c);
    }
    if (ace_at == ACE_HIGH) {
        positions.push_back(ACE_HIGH);
        placed.push_back(aces[0]);
    }
    if (positions.empty()) return fault("run-definition", "not-consecutive", "a run needs natural cards");
    const int low = positions.front(), high = positions.back();
    const int span = high - low + 1;
    const int gaps = span - static_cast<int>(positions.size());
    if (static_cast<int>(wilds.size()) > p.max_wilds_per_meld)
        return fault("one-wild-per-meld", "too-many-wilds", "at most one wild in a meld");
    if (gaps > static_cast<int>(wilds.size()))
        return fault("run-definition", "not-consecutive", "the cards are not consecutive");
    if (wilds.empty()) {
        out.push_back(Layout{low, placed, 0, {}});
        return std::nullopt;
    }
    if (p.run_wild_needs_three_naturals && longest_streak(positions) < 3)
        return fault("run-wild-after-three-naturals", "wild-needs-three-naturals");
    const Card wild = wilds[0];
    Places spots;
    if (gaps) {
        std::size_t i = 0;
        for (int pos = low; pos <= high; ++pos) {
            if (i < positions.size() && positions[i] == pos) {
                ++i;
                continue;
            }
            spots.push_back(pos);
        }
    } else {
        if (low > 1 && span < 13) spots.push_back(low - 1);
        if (high < ACE_HIGH && span < 13) spots.push_back(high + 1);
    }
    if (wild == suit * 13 + 1) spots.erase(std::remove(spots.begin(), spots.end(), 2), spots.end());
    if (spots.empty()) {
        if (!p.max_meld_size && positions.size() == 13) {
            out.push_back(Layout{low, placed, 0, {wild}});
            return std::nullopt;
        }
        return fault(p.max_meld_size ? "meld-max-size" : "wild-spare-outside", "meld-too-large",
                     "no place is left for the wild");
    }
    for (int spot : spots) {
        Layout l{low, placed, spot, {}};
        if (spot < low) {
            l.low = spot;
            l.cards.insert(l.cards.begin(), wild);
        } else if (spot > high) {
            l.cards.push_back(wild);
        } else {
            l.cards.insert(l.cards.begin() + (spot - low), wild);
        }
        out.push_back(std::move(l));
    }
    return std::nullopt;
}

// run-definition, run-ace-position, natural-two-in-place: every arrangement as a run of suit,
// written to `found` (a buffer the caller reuses), or the fault when there is none.
std::optional<Violation> run_layouts(const Profile& p, std::span<const Card> cards, int suit,
                                     std::vector<Layout>& found) {
    found.clear();
    const int own_ace = suit * 13, own_two = own_ace + 1;
    Cards aces, own_twos, naturals, foreign;
    for (Card c : cards) {
        if (c == JOKER) foreign.push_back(c);
        else if (c % 13 == 0) aces.push_back(c);
        else if (c == own_two) own_twos.push_back(c);
        else if (c % 13 == 1) foreign.push_back(c);
        else naturals.push_back(c);
    }
    sort_few(naturals.begin(), naturals.end());
    bool mixed = !naturals.empty() && (naturals.front() < own_ace || naturals.back() > own_ace + 12);
    for (Card a : aces) mixed = mixed || a != own_ace;
    if (mixed) return fault("run-definition", "mixed-suits", "a run holds cards of one suit");
    if (aces.size() > 1) return fault("run-ace-position", "ace-both-ends", "a run cannot hold an ace at both ends");
    if (std::adjacent_find(naturals.begin(), naturals.end()) != naturals.end())
        return fault("run-definition", "duplicate-in-run", "a run holds each rank once");
    // The ace low and high (or no ace); the own 2 natural and wild (or only wild).
    const int ace_choices[2] = {aces.empty() ? 0 : 1, ACE_HIGH};
    const std::size_t ace_count = aces.empty() ? 1 : 2;
    const bool two_choices[2] = {!own_twos.empty() && p.natural_two_in_place, false};
    const std::size_t two_count = two_choices[0] ? 2 : 1;
    std::optional<Violation> problem;
    for (std::size_t a = 0; a < ace_count; ++a)
        for (std::size_t t = 0; t < two_count; ++t) {
            const int ace_at = ace_choices[a];
            const bool two = two_choices[t];
            auto v = run_layout(p, suit, naturals, aces, own_twos, foreign, ace_at, two, found);
            if (v && !problem) problem = std::move(v);
        }
    if (!found.empty()) return std::nullopt;
    return problem;
}

// run-thirteen-ace-low: the melds of the layouts, a thirteen-place run with a natural ace low,
// appended to `out`.
void run_melds(const Profile& p, const std::vector<Layout>& layouts, int suit, const History& history,
               CanastaKind previous, std::vector<Meld>& out) {
    out.reserve(out.size() + layouts.size());
    for (const Layout& l : layouts) {
        Meld& m = out.emplace_back();
        m.kind = MeldKind::Run;
        m.suit = suit;
        m.low = l.low;
        m.cards = l.cards;
        m.wild_at = l.wild_at;
        m.spare = l.spare;
        m.history = history;
        if (m.low == 2 && m.cards.size() == 13 && m.wild_at != ACE_HIGH) {
            m.low = 1;
            std::rotate(m.cards.rbegin(), m.cards.rbegin() + 1, m.cards.rend());
        }
        const int size = m.size();
        const int wilds = (m.wild_at != 0) + static_cast<int>(m.spare.size());
        m.canasta = classify(p, previous, size, size - wilds, wilds, MeldKind::Run);
    }
}

// The melds, each arrangement once (the first), in order; in place, so no second list.
std::vector<Meld> unique(std::vector<Meld> melds) {
    std::size_t kept = 0;
    for (std::size_t i = 0; i < melds.size(); ++i) {
        bool seen = false;
        for (std::size_t j = 0; j < kept && !seen; ++j) seen = melds[j].same_arrangement(melds[i]);
        if (seen) continue;
        if (kept != i) melds[kept] = std::move(melds[i]);
        ++kept;
    }
    melds.resize(kept);
    return melds;
}

// The arrangements a maker appended to `melds`, or its fault.
Arrangements from(std::optional<Violation>&& fault, std::vector<Meld>&& melds) {
    if (fault) return Arrangements{{}, std::move(fault)};
    return Arrangements{unique(std::move(melds)), std::nullopt};
}

// The layouts of meld_arrangements and lay_off_arrangements, kept from call to call
// (per_thread.hpp).
struct NewMeldLayouts {
    std::vector<Layout> layouts;
};
struct LayOffLayouts {
    std::vector<Layout> layouts;
};

}  // namespace

const char* canasta_text(CanastaKind k) { return CANASTA_TEXT[static_cast<int>(k)]; }

CanastaKind parse_canasta(const std::string& text) {
    for (int k = 1; k < 10; ++k)
        if (text == CANASTA_TEXT[k]) return static_cast<CanastaKind>(k);
    throw InputError("'" + text + "' is not a canasta kind (clause canasta-definition).");
}

int Meld::wild_count() const {
    if (kind == MeldKind::Run) return (wild_at != 0) + static_cast<int>(spare.size());
    if (kind == MeldKind::Wild) return static_cast<int>(cards.size());
    int n = 0;
    for (Card c : cards) n += rank_of(c) != rank;
    return n;
}

bool Meld::acting_wild(std::size_t index) const {
    if (kind == MeldKind::Run) return wild_at != 0 && low + static_cast<int>(index) == wild_at;
    if (kind == MeldKind::Wild) return true;
    return rank_of(cards[index]) != rank;
}

// neither-set-nor-run-fault: every reading of a new batch, or the fault that refuses it.
Arrangements meld_arrangements(const Profile& p, std::span<const Card> batch, bool going_out) {
    Cards cards(batch);
    sort_few(cards.begin(), cards.end());
    if (auto v = check_size(p, static_cast<int>(cards.size()))) return {{}, v};
    if (p.threes_special)
        if (auto v = check_threes(cards, going_out)) return {{}, v};
    const History history{std::span<const Card>(cards)};
    Cards plain;
    for (Card c : cards)
        if (!is_wild(c)) plain.push_back(c);
    std::vector<Meld> results;
    if (plain.empty()) {
        auto v = make_wild_only(p, cards, history, CanastaKind::None, results);
        return from(std::move(v), std::move(results));
    }
    bool one_rank = true, one_suit = true;
    for (Card c : plain) {
        one_rank = one_rank && rank_of(c) == rank_of(plain[0]);
        one_suit = one_suit && suit_of(c) == suit_of(plain[0]);
    }
    std::optional<Violation> set_fault, run_fault;
    if (one_rank) set_fault = make_set(p, cards, rank_of(plain[0]), history, CanastaKind::None, results);
    if (one_suit && p.runs_allowed) {
        std::vector<Layout>& layouts = per_thread<NewMeldLayouts>().layouts;
        if (auto v = run_layouts(p, cards, suit_of(plain[0]), layouts)) run_fault = std::move(v);
        else run_melds(p, layouts, suit_of(plain[0]), history, CanastaKind::None, results);
    }
    if (!results.empty()) return {unique(std::move(results)), std::nullopt};
    if (set_fault && (plain.size() >= 2 || !run_fault)) return {{}, set_fault};
    if (run_fault) return {{}, run_fault};
    if (!p.runs_allowed) return {{}, fault("runs-not-in-classic", "no-runs", "melds are sets only in this family")};
    return {{}, fault("run-definition", "not-a-meld", "the cards share neither a rank nor a suit")};
}

// lay-off, run-wild-moves: every result of adding one batch to a meld.
Arrangements lay_off_arrangements(const Profile& p, const Meld& meld, std::span<const Card> added) {
    Cards batch(added);
    sort_few(batch.begin(), batch.end());
    if (batch.empty()) return {{}, fault("lay-off", "no-cards", "a lay-off adds at least one card")};
    Cards joined = meld.cards;
    joined.insert(joined.end(), meld.spare.begin(), meld.spare.end());
    joined.insert(joined.end(), batch.begin(), batch.end());
    if (auto v = check_size(p, static_cast<int>(joined.size()))) return {{}, v};
    History history = meld.history;
    history.push_back(batch);
    if (meld.kind == MeldKind::Set) {
        if (p.threes_special && meld.rank == 3)
            return {{}, fault("classic-threes-in-melds", "black-threes-not-going-out")};
        std::vector<Meld> found;
        auto v = make_set(p, joined, meld.rank, history, meld.canasta, found);
        return from(std::move(v), std::move(found));
    }
    sort_few(joined.begin(), joined.end());
    if (meld.kind == MeldKind::Wild) {
        for (Card c : batch)
            if (!is_wild(c)) return {{}, fault("wild-only-melds", "natural-on-wild-meld")};
        std::vector<Meld> found;
        auto v = make_wild_only(p, joined, history, meld.canasta, found);
        return from(std::move(v), std::move(found));
    }
    // The layouts and the filters below reuse this thread's buffers: a lay-off allocates no list.
    std::vector<Layout>& kept = per_thread<LayOffLayouts>().layouts;
    if (auto v = run_layouts(p, joined, meld.suit, kept)) return {{}, std::move(*v)};
    // Every natural keeps its place.
    auto keeps_naturals = [&](const Layout& l) {
        for (std::size_t i = 0; i < meld.cards.size(); ++i) {
            const int pos = meld.low + static_cast<int>(i);
            if (pos == meld.wild_at) continue;
            const int index = pos - l.low;
            if (index < 0 || index >= static_cast<int>(l.cards.size()) || pos == l.wild_at ||
                l.cards[static_cast<std::size_t>(index)] != meld.cards[i])
                return false;
        }
        return true;
    };
    // Keeps, in order, the layouts `keep` accepts.
    auto filter = [](std::vector<Layout>& ls, auto keep) {
        ls.erase(std::remove_if(ls.begin(), ls.end(), [&](const Layout& l) { return !keep(l); }), ls.end());
    };
    filter(kept, keeps_naturals);
    if (meld.wild_at != 0) {
        auto stays = [&](const Layout& l) { return l.wild_at == meld.wild_at; };
        if (std::any_of(kept.begin(), kept.end(), stays)) {
            filter(kept, stays);
        } else {
            filter(kept, [&](const Layout& l) {
                return l.low <= meld.wild_at && meld.wild_at < l.low + static_cast<int>(l.cards.size()) &&
                       l.wild_at != meld.wild_at;
            });
            auto home = [](const Layout& l) { return l.wild_at == 0 && l.spare.empty(); };
            if (std::any_of(kept.begin(), kept.end(), home)) filter(kept, home);
        }
    }
    if (kept.empty()) return {{}, fault("lay-off", "does-not-fit", "the cards do not fit this meld")};
    std::vector<Meld> found;
    run_melds(p, kept, meld.suit, history, meld.canasta, found);
    return {unique(std::move(found)), std::nullopt};
}

namespace {

// run-wild-placement, run-wild-moves: the index of the arrangement wild_at names (0: the
// default, the fewest acting wilds, then the highest wild place), -1 for none.
std::ptrdiff_t arrangement_index(const std::vector<Meld>& options, int wild_at) {
    if (wild_at == 0) {
        if (options.size() == 1) return 0;
        std::size_t best = 0;
        for (std::size_t i = 0; i < options.size(); ++i) {
            const Meld& m = options[i];
            if (-m.wild_count() > -options[best].wild_count() ||
                (m.wild_count() == options[best].wild_count() && m.wild_at > options[best].wild_at))
                best = i;
        }
        return static_cast<std::ptrdiff_t>(best);
    }
    for (std::size_t i = 0; i < options.size(); ++i)
        if (options[i].wild_at == wild_at) return static_cast<std::ptrdiff_t>(i);
    return -1;
}

// run-wild-placement, run-wild-moves, runs-not-in-classic: no arrangement puts the wild there.
Violation no_such_arrangement(const Profile& p, const std::vector<Meld>& options, bool lay_off) {
    std::string where;
    for (const Meld& m : options)
        if (m.wild_at) where += (where.empty() ? "" : ", ") + std::to_string(m.wild_at);
    const char* clause = !p.runs_allowed ? "runs-not-in-classic" : lay_off ? "run-wild-moves" : "run-wild-placement";
    return Violation{clause, "no-such-arrangement", "the wild may stand at: " + (where.empty() ? "none" : where)};
}

}  // namespace

// run-wild-placement, run-wild-moves, runs-not-in-classic: the arrangement wild_at names.
std::optional<Violation> choose_arrangement(const Profile& p, const std::vector<Meld>& options, int wild_at,
                                            bool lay_off, Meld& out) {
    const std::ptrdiff_t index = arrangement_index(options, wild_at);
    if (index < 0) return no_such_arrangement(p, options, lay_off);
    out = options[static_cast<std::size_t>(index)];
    return std::nullopt;
}

// choose_arrangement, the chosen meld moved out of `options` (no copy).
std::optional<Violation> choose_arrangement(const Profile& p, std::vector<Meld>&& options, int wild_at,
                                            bool lay_off, Meld& out) {
    const std::ptrdiff_t index = arrangement_index(options, wild_at);
    if (index < 0) return no_such_arrangement(p, options, lay_off);
    out = std::move(options[static_cast<std::size_t>(index)]);
    return std::nullopt;
}

// meld-points, twos-set-points
std::int64_t meld_points(const Profile& p, const Meld& m) {
    std::int64_t total = 0;
    auto value = [&](Card c, bool acting) { return acting && c != JOKER && c % 13 == 1 ? p.wild_two : p.points[c]; };
    for (Card c : m.spare) total += value(c, true);
    const bool every_two_wild = m.kind == MeldKind::Wild || (m.kind == MeldKind::Set && m.rank == 2);
    for (std::size_t i = 0; i < m.cards.size(); ++i) total += value(m.cards[i], every_two_wild || m.acting_wild(i));
    return total;
}

// canasta-bonus, canasta-trump-match, twos-canasta-bonus
std::int64_t canasta_bonus(const Profile& p, const Meld& m, int trump) {
    if (m.canasta == CanastaKind::None) return 0;
    const int k = static_cast<int>(m.canasta);
    bool match = false;
    if (trump != NO_CARD) {
        if (trump == JOKER) match = m.kind == MeldKind::Wild;
        else if (m.kind == MeldKind::Set) match = m.rank == rank_of(static_cast<Card>(trump));
        else if (m.kind == MeldKind::Run) match = m.suit == suit_of(static_cast<Card>(trump));
    }
    if (match && p.trump_bonus[k]) return p.trump_bonus[k];
    return p.bonus[k];
}

// opening-two-melds: the most naturals of a run in consecutive places.
int natural_streak(const Meld& m) {
    if (m.kind != MeldKind::Run) return 0;
    Places positions;
    for (std::size_t i = 0; i < m.cards.size(); ++i) {
        const int pos = m.low + static_cast<int>(i);
        if (pos != m.wild_at) positions.push_back(pos);
    }
    return longest_streak(positions);
}

}  // namespace kn
