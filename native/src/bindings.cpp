// The Python binding of the native engine (nanobind): profiles and deals in, states out,
// states and actions as the conformance protocol's JSON objects (Python dicts).
#include <nanobind/nanobind.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/shared_ptr.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/string_view.h>
#include <nanobind/stl/vector.h>

#include <algorithm>
#include <cctype>
#include <climits>
#include <cmath>
#include <memory>
#include <optional>

#include <nanobind/stl/optional.h>

#include "engine.hpp"
#include "selfplay.hpp"
#include "turn.hpp"

namespace nb = nanobind;
using namespace kn;

namespace {

struct NativeProfile {
    std::shared_ptr<const Profile> p;
};

struct NativeState {
    std::shared_ptr<const Profile> p;
    State s;
};

template <class T>
T get(const nb::dict& d, const char* key, T fallback) {
    if (!d.contains(key)) return fallback;
    return nb::cast<T>(d[key]);
}

Profile profile_from_dict(const nb::dict& d) {
    static std::uint64_t serials = 0;
    Profile p;
    p.serial = ++serials;
    p.family = nb::cast<std::string>(d["family"]);
    p.players = get<int>(d, "players", 4);
    p.partnerships = get<bool>(d, "partnerships", true);
    p.deck_jokers = get<int>(d, "deck_jokers", 4);
    p.hand_size = get<int>(d, "hand_size", 11);
    p.fi_packets = get<int>(d, "fi_packets", 2);
    // The State holds its seats, teams, fi packets and card lists inline, sized for the families.
    if (p.players < 2 || p.players > static_cast<int>(MAX_SEATS) || p.deck_jokers < 0 || p.deck_jokers > MAX_JOKERS ||
        p.fi_packets < 0 || p.fi_packets > static_cast<int>(MAX_FI))
        throw InputError("profile: the native engine plays 2 to " + std::to_string(MAX_SEATS) + " players, at most " +
                         std::to_string(MAX_JOKERS) + " jokers and " + std::to_string(MAX_FI) + " fi packets.");
    p.fi_size = get<int>(d, "fi_size", 11);
    p.initial_upcard = get<bool>(d, "initial_upcard", true);
    p.deal_scheme = static_cast<DealScheme>(get<int>(d, "deal_scheme", 0));
    p.trump_bottom = get<bool>(d, "trump_bottom", false);
    p.red_threes_laid = get<bool>(d, "red_threes_laid", false);
    p.opening_personal = get<bool>(d, "opening_personal", false);
    p.runs_allowed = get<bool>(d, "runs_allowed", true);
    p.max_meld_size = get<int>(d, "max_meld_size", 0);
    p.max_wilds_per_meld = get<int>(d, "max_wilds_per_meld", 1);
    p.natural_two_in_place = get<bool>(d, "natural_two_in_place", true);
    p.run_wild_needs_three_naturals = get<bool>(d, "run_wild_needs_three_naturals", false);
    p.min_naturals_per_meld = get<int>(d, "min_naturals_per_meld", 0);
    p.wilds_at_most_naturals = get<bool>(d, "wilds_at_most_naturals", false);
    p.naturals_per_wild = get<int>(d, "naturals_per_wild", 1);
    p.wild_meld_rule = static_cast<WildMeldRule>(get<int>(d, "wild_meld_rule", 0));
    p.one_set_per_rank = get<bool>(d, "one_set_per_rank", true);
    p.threes_special = get<bool>(d, "threes_special", false);
    p.canasta_size = get<int>(d, "canasta_size", 7);
    p.canasta_scheme = static_cast<CanastaScheme>(get<int>(d, "canasta_scheme", 0));
    if (d.contains("points")) {
        auto v = nb::cast<std::vector<std::int64_t>>(d["points"]);
        std::copy(v.begin(), v.end(), p.points.begin());
    }
    if (d.contains("hand_points")) {
        auto v = nb::cast<std::vector<std::int64_t>>(d["hand_points"]);
        std::copy(v.begin(), v.end(), p.hand_points.begin());
    }
    p.wild_two = get<std::int64_t>(d, "wild_two", 0);
    p.rounding_up = get<bool>(d, "rounding_up", false);
    p.unplayed_fi_ignored = get<bool>(d, "unplayed_fi_ignored", false);
    p.forced_canasta_opening = get<bool>(d, "forced_canasta_opening", false);
    p.concealed_canasta_bonus = get<std::int64_t>(d, "concealed_canasta_bonus", 0);
    if (d.contains("score_parts")) p.score_parts = nb::cast<std::vector<std::string>>(d["score_parts"]);
    if (d.contains("bonuses")) {
        p.bonuses = nb::cast<std::vector<std::pair<std::string, std::int64_t>>>(d["bonuses"]);
        for (int k = 1; k < 10; ++k) {
            const std::string name = canasta_text(static_cast<CanastaKind>(k));
            p.bonus[static_cast<std::size_t>(k)] = p.bonus_named(name);
            p.trump_bonus[static_cast<std::size_t>(k)] = p.bonus_named("trump-" + name);
        }
    }
    p.clockwise = get<bool>(d, "clockwise", true);
    p.single_pile_needs_two_cards = get<bool>(d, "single_pile_needs_two_cards", false);
    p.single_pile_no_discard_back = get<bool>(d, "single_pile_no_discard_back", false);
    if (d.contains("opening_bands"))
        for (nb::handle item : nb::borrow<nb::list>(d["opening_bands"])) {
            nb::dict b = nb::borrow<nb::dict>(item);
            OpeningBand band;
            band.has_min_score = !b["min_score"].is_none();
            if (band.has_min_score) band.min_score = nb::cast<std::int64_t>(b["min_score"]);
            band.min_points = nb::cast<std::int64_t>(b["min_points"]);
            band.needs_clean_run = nb::cast<bool>(b["needs_clean_run"]);
            band.wilds_count = nb::cast<bool>(b["wilds_count"]);
            band.wild_melds_count = nb::cast<bool>(b["wild_melds_count"]);
            band.run_clause = nb::cast<std::string>(b["run_clause"]);
            band.total_clause = nb::cast<std::string>(b["total_clause"]);
            band.min_melds = nb::cast<int>(b["min_melds"]);
            band.needs_natural_run = nb::cast<bool>(b["needs_natural_run"]);
            p.opening_bands.push_back(band);
        }
    p.opening_waiver_cards = get<int>(d, "opening_waiver_cards", -1);
    p.emptying_needs_canasta = get<bool>(d, "emptying_needs_canasta", true);
    p.fi_needs_canasta = get<bool>(d, "fi_needs_canasta", true);
    p.first_fi_team_discard_ban = get<bool>(d, "first_fi_team_discard_ban", false);
    p.going_out_needs_discard = get<bool>(d, "going_out_needs_discard", false);
    p.pass_by_showing = get<bool>(d, "pass_by_showing", false);
    p.going_out_canastas = get<int>(d, "going_out_canastas", 1);
    p.pile_top_melded = get<bool>(d, "pile_top_melded", false);
    if (d.contains("pile_freezers"))
        for (int c : nb::cast<std::vector<int>>(d["pile_freezers"])) p.pile_freezers.at(static_cast<std::size_t>(c)) = true;
    if (d.contains("pile_blockers"))
        for (int c : nb::cast<std::vector<int>>(d["pile_blockers"])) p.pile_blockers.at(static_cast<std::size_t>(c)) = true;
    p.pile_meld_any_size = get<bool>(d, "pile_meld_any_size", false);
    p.pile_black_three_last_turn = get<bool>(d, "pile_black_three_last_turn", false);
    p.take_back = get<bool>(d, "take_back", true);
    p.pile_seen_whole = get<bool>(d, "pile_seen_whole", true);
    p.tracks_table_seats = get<bool>(d, "tracks_table_seats", false);
    p.target_score = get<std::int64_t>(d, "target_score", 0);
    if (d.contains("upcard_turn_again"))
        for (int c : nb::cast<std::vector<int>>(d["upcard_turn_again"])) p.upcard_turn_again.at(static_cast<std::size_t>(c)) = true;
    return p;
}

nb::object points_json(std::int64_t half) {
    if (half % 2 == 0) return nb::int_(half / 2);
    return nb::float_(static_cast<double>(half) / 2.0);
}

nb::list cards_json(std::span<const Card> cards) {
    nb::list out;
    for (Card c : cards) out.append(nb::str(card_text(c).c_str()));
    return out;
}

template <class Values>
nb::list list_of(const Values& v) {
    nb::list out;
    for (const auto& x : v) out.append(nb::cast(x));
    return out;
}

nb::object card_or_none(int c) {
    if (c == NO_CARD) return nb::none();
    return nb::str(card_text(static_cast<Card>(c)).c_str());
}

nb::dict arrangement_json(const Meld& m);
nb::dict table_arrangement_json(const Meld& m);

// state-json: a meld on the table: its batches in order, arrangement and canasta kind.
nb::dict table_meld_json(const Meld& m) {
    nb::dict out;
    nb::list history;
    for (std::size_t i = 0; i < m.history.size(); ++i) {
        nb::dict b;
        b["cards"] = cards_json(m.history[i]);
        history.append(b);
    }
    out["history"] = history;
    out["arrangement"] = table_arrangement_json(m);
    out["canasta"] = m.canasta == CanastaKind::None ? nb::none() : nb::object(nb::str(canasta_text(m.canasta)));
    return out;
}

// state-json: the state as the fixture schema's state object.
nb::dict state_json(const Profile& p, const State& s) {
    nb::dict out;
    nb::list hands;
    for (const Hand& h : s.hands) hands.append(cards_json(h.sorted()));
    out["hands"] = hands;
    out["stock"] = cards_json(s.stock);
    out["discard"] = cards_json(s.discard);
    nb::list fi;
    for (const auto& packet : s.fi) fi.append(cards_json(packet));
    out["fi"] = fi;
    nb::list melds;
    for (const auto& team : s.melds) {
        nb::list laid;
        for (const Meld& m : team) laid.append(table_meld_json(m));
        melds.append(laid);
    }
    out["melds"] = melds;
    nb::list scores;
    for (auto v : s.team_scores) scores.append(points_json(v));
    out["team_scores"] = scores;
    out["trump"] = card_or_none(s.trump);
    out["dealer"] = s.dealer;
    out["turn"] = s.turn;
    out["phase"] = phase_text(s.phase);
    out["opened"] = list_of(s.opened);
    std::vector<int> taken(static_cast<std::size_t>(p.teams()), 0);
    for (int seat : s.fi_takers) ++taken[static_cast<std::size_t>(p.team_of(seat))];
    out["fi_taken"] = list_of(taken);
    out["hand_over"] = s.phase == Phase::Over;
    nb::dict extra;
    extra["fi_takers"] = list_of(s.fi_takers);
    extra["pile_card"] = card_or_none(s.pile_card);
    extra["went_out"] = s.went_out < 0 ? nb::none() : nb::object(nb::int_(s.went_out));
    if (p.opening_personal) {
        extra["opened_seats"] = list_of(s.seat_opened);
        extra["provisional"] = s.provisional;
    }
    if (!s.fi_waiting.empty()) extra["fi_waiting"] = list_of(s.fi_waiting);
    if (p.red_threes_laid) {
        nb::list reds;
        for (const auto& team : s.red_threes) reds.append(cards_json(team));
        extra["red_threes"] = reds;
        extra["table_seats"] = list_of(s.table_seats);
        extra["turn_laid"] = s.turn_laid;
        if (s.pile_top != NO_CARD) {
            extra["pile_pending"] = cards_json(s.pile_pending);
            extra["pile_top"] = card_or_none(s.pile_top);
        }
        if (s.turn_melds) extra["turn_melds"] = s.turn_melds;
        if (s.pile_hand.size) extra["pile_hand"] = cards_json(s.pile_hand.sorted());
    }
    out["extra"] = extra;
    return out;
}

std::vector<Card> read_cards(nb::handle value, const std::string& where) {
    if (!nb::isinstance<nb::list>(value)) throw InputError(where + ": expected a list of cards.");
    std::vector<Card> out;
    std::size_t i = 0;
    for (nb::handle item : nb::borrow<nb::list>(value)) {
        if (!nb::isinstance<nb::str>(item))
            throw InputError(where + "[" + std::to_string(i) + "]: expected a card such as \"7S\".");
        try {
            out.push_back(parse_card(nb::cast<std::string>(item)));
        } catch (const InputError& e) {
            throw InputError(where + "[" + std::to_string(i) + "]: " + e.what());
        }
        ++i;
    }
    return out;
}

Deal deal_from_dict(const Profile& p, const nb::dict& d) {
    Deal deal;
    for (const char* key : {"hands", "stock"})
        if (!d.contains(key)) throw InputError(std::string("deal: the field '") + key + "' is required.");
    if (!nb::isinstance<nb::list>(d["hands"])) throw InputError("deal.hands: expected a list of hands.");
    std::size_t i = 0;
    for (nb::handle h : nb::borrow<nb::list>(d["hands"])) {
        auto cards = read_cards(h, "deal.hands[" + std::to_string(i++) + "]");
        std::sort(cards.begin(), cards.end());
        deal.hands.push_back(cards);
    }
    if (d.contains("fi")) {
        if (!nb::isinstance<nb::list>(d["fi"])) throw InputError("deal.fi: expected a list of packets.");
        i = 0;
        for (nb::handle f : nb::borrow<nb::list>(d["fi"]))
            deal.fi.push_back(read_cards(f, "deal.fi[" + std::to_string(i++) + "]"));
    }
    if (d.contains("discard")) deal.discard = read_cards(d["discard"], "deal.discard");
    deal.stock = read_cards(d["stock"], "deal.stock");
    if (d.contains("trump") && !d["trump"].is_none()) {
        nb::list one;
        one.append(d["trump"]);
        deal.trump = read_cards(one, "deal.trump")[0];
    } else if (p.trump_bottom && !deal.stock.empty()) {
        deal.trump = deal.stock.back();
    }
    check_deal(p, deal);
    return deal;
}

std::vector<std::int64_t> scores_or_zero(const Profile& p, const std::optional<std::vector<std::int64_t>>& given) {
    if (given) return *given;
    return std::vector<std::int64_t>(static_cast<std::size_t>(p.teams()), 0);
}

nb::str rank_json(int rank) {
    std::string t = card_text(make_card(rank, 0));
    return nb::str(t.substr(0, t.size() - 1).c_str());
}

// The protocol's arrangement of a meld ($defs/arrangement).
nb::dict arrangement_json(const Meld& m) {
    nb::dict out;
    if (m.kind == MeldKind::Set) {
        out["kind"] = "set";
        out["rank"] = rank_json(m.rank);
        out["cards"] = cards_json(m.cards);
    } else if (m.kind == MeldKind::Run) {
        out["kind"] = "run";
        out["suit"] = nb::str(std::string(1, "CDHS"[m.suit]).c_str());
        out["low"] = m.low;
        out["cards"] = cards_json(m.cards);
        out["spare"] = cards_json(m.spare);
    } else {
        out["kind"] = "wild";
        out["cards"] = cards_json(m.cards);
    }
    return out;
}

nb::dict rejected(const Violation& v) {
    nb::dict out;
    out["verdict"] = "rejected";
    out["code"] = v.code;
    out["clause"] = v.clause;
    if (!v.detail.empty()) out["detail"] = v.detail.view();
    return out;
}

int int_in(nb::handle value, long long lo, long long hi, const std::string& where, const std::string& what);

// run-wild-placement: a run position 1..14 (0: none given), or the input error naming `where`.
int position(nb::handle value, const std::string& where = "$.wild_at") {
    if (value.is_none()) return 0;
    return int_in(value, 1, 14, where, "a run position is 1..14 (1 = ace low, 14 = ace high)");
}

// The answer to a protocol meld request: lay the cards, then each batch of lay-offs.
nb::dict meld_verdict(const Profile& p, const std::vector<Card>& cards, int wild_at, nb::list lay_offs, int trump,
                      bool going_out) {
    Arrangements made = meld_arrangements(p, cards, going_out);
    Meld meld;
    std::optional<Violation> v = made.fault;
    if (!v) v = choose_arrangement(p, made.melds, wild_at, false, meld);
    if (v) {
        nb::dict out = rejected(*v);
        out["at"] = 0;
        return out;
    }
    int index = 0;
    for (nb::handle batch : lay_offs) {
        ++index;
        nb::dict b = nb::borrow<nb::dict>(batch);
        std::vector<Card> added = read_cards(b["cards"], "$.lay_offs[" + std::to_string(index - 1) + "].cards");
        Arrangements grown = lay_off_arrangements(p, meld, added);
        std::optional<Violation> w = grown.fault;
        Meld next;
        if (!w) w = choose_arrangement(p, grown.melds, b.contains("wild_at") ? position(b["wild_at"], "$.lay_offs[" + std::to_string(index - 1) + "].wild_at") : 0, true, next);
        if (w) {
            nb::dict out = rejected(*w);
            out["at"] = index;
            return out;
        }
        meld = next;
    }
    nb::dict out;
    out["verdict"] = "legal";
    out["arrangement"] = arrangement_json(meld);
    out["points"] = points_json(meld_points(p, meld));
    out["canasta"] = meld.canasta == CanastaKind::None ? nb::none() : nb::object(nb::str(canasta_text(meld.canasta)));
    out["bonus"] = points_json(canasta_bonus(p, meld, trump));
    return out;
}

// ---------------------------------------------------------------- reading a state

[[noreturn]] void bad(const std::string& where, const std::string& what) { throw InputError(where + ": " + what); }

// A JSON whole number as a long long (false when it is none, or beyond a long long): read
// without a cast that could fail, so an out-of-range number is an input error naming its place.
bool whole_number(nb::handle value, long long& out) {
    if (nb::isinstance<nb::bool_>(value) || !nb::isinstance<nb::int_>(value)) return false;
    int overflow = 0;
    out = PyLong_AsLongLongAndOverflow(value.ptr(), &overflow);
    return overflow == 0;
}

// A JSON whole number lo..hi, or the input error `where: what`.
int int_in(nb::handle value, long long lo, long long hi, const std::string& where, const std::string& what) {
    long long v = 0;
    if (!whole_number(value, v) || v < lo || v > hi) bad(where, what);
    return static_cast<int>(v);
}

// A JSON whole number lo or more (an index or a seat), the largest int standing for any
// larger one (a meld or seat that does not exist, as the reference reads it); or the input
// error `where: what`.
int int_at_least(nb::handle value, long long lo, const std::string& where, const std::string& what) {
    if (nb::isinstance<nb::bool_>(value) || !nb::isinstance<nb::int_>(value)) bad(where, what);
    int overflow = 0;
    const long long v = PyLong_AsLongLongAndOverflow(value.ptr(), &overflow);
    if (overflow > 0 || (overflow == 0 && v > INT_MAX)) return INT_MAX;
    if (overflow < 0 || v < lo) bad(where, what);
    return static_cast<int>(v);
}

// A JSON boolean, or the input error `where: what`.
bool bool_at(nb::handle value, const std::string& where, const std::string& what) {
    if (!nb::isinstance<nb::bool_>(value)) bad(where, what);
    return nb::cast<bool>(value);
}

nb::list list_at(nb::handle value, std::size_t size, const std::string& where, bool any_size = false) {
    if (!nb::isinstance<nb::list>(value)) bad(where, "expected a list.");
    nb::list l = nb::borrow<nb::list>(value);
    if (!any_size && l.size() != size) bad(where, "expected a list of " + std::to_string(size) + ".");
    return l;
}

int seat_at(nb::handle value, int players, const std::string& where) {
    if (nb::isinstance<nb::bool_>(value) || !nb::isinstance<nb::int_>(value)) bad(where, "expected a seat number.");
    return int_in(value, 0, players - 1, where, "expected a seat number 0.." + std::to_string(players - 1) + ".");
}

int card_or_none_at(nb::handle value, const std::string& where) {
    if (value.is_none()) return NO_CARD;
    nb::list one;
    one.append(value);
    return read_cards(one, where)[0];
}

// points-exact: the most points a score may hold either way (as the reference's MOST_POINTS).
constexpr long long MOST_POINTS = 1000000000000LL;

std::int64_t bounded_half_points(long long half, const std::string& where) {
    if (half > 2 * MOST_POINTS || half < -2 * MOST_POINTS)
        bad(where, "beyond the 1,000,000,000,000 points a score may hold either way (clause points-exact).");
    return half;
}

// points-exact: a whole or half point value, as a number or as text ("4.5"), in half points.
std::int64_t half_points_at(nb::handle value, const std::string& where) {
    if (nb::isinstance<nb::bool_>(value)) bad(where, "not a point value (clause points-exact).");
    if (nb::isinstance<nb::int_>(value)) {
        long long v = 0;
        if (!whole_number(value, v) || v > MOST_POINTS || v < -MOST_POINTS) bounded_half_points(4 * MOST_POINTS, where);
        return 2 * v;
    }
    if (nb::isinstance<nb::float_>(value)) {
        const double x = nb::cast<double>(value);
        if (!std::isfinite(x)) bad(where, "not a point value (clause points-exact).");
        if (x > static_cast<double>(MOST_POINTS) || x < -static_cast<double>(MOST_POINTS))
            bounded_half_points(4 * MOST_POINTS, where);
        const double twice = 2 * x;
        if (twice != static_cast<double>(static_cast<std::int64_t>(twice)))
            bad(where, "not a whole or half number of points (clause points-exact).");
        return static_cast<std::int64_t>(twice);
    }
    if (nb::isinstance<nb::str>(value)) {
        // As the reference: optional minus, 1 to 18 digits, optionally a point and 1 to 18 digits.
        const std::string text = nb::cast<std::string>(value);
        std::size_t i = text.size() > 0 && text[0] == '-' ? 1 : 0;
        const std::size_t start = i;
        while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
        const std::size_t whole_digits = i - start;
        std::size_t fraction_digits = 0;
        std::string fraction;
        if (i < text.size() && text[i] == '.') {
            ++i;
            while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) fraction += text[i++];
            fraction_digits = fraction.size();
            if (fraction_digits == 0) i = text.size() + 1;
        }
        if (i != text.size() || whole_digits == 0 || whole_digits > 18 || fraction_digits > 18)
            bad(where, "not a point value; write a whole or half number such as 10 or 4.5 (clause points-exact).");
        const long long whole = std::stoll(text.substr(start, whole_digits));
        int half = 0;
        const std::string rest = fraction.find_first_not_of('0') == std::string::npos ? "" : fraction;
        if (!rest.empty()) {
            if (rest[0] != '5' || rest.find_first_not_of('0', 1) != std::string::npos)
                bad(where, "not a whole or half number of points (clause points-exact).");
            half = 1;
        }
        if (whole > MOST_POINTS) bounded_half_points(4 * MOST_POINTS, where);
        const long long twice = 2 * whole + half;
        return bounded_half_points(start ? -twice : twice, where);
    }
    bad(where, "not a point value (clause points-exact).");
}

// state-json: a table meld's arrangement: as the protocol's, a run's spare only when it has one.
nb::dict table_arrangement_json(const Meld& m) {
    nb::dict out = arrangement_json(m);
    if (m.kind == MeldKind::Run && m.spare.empty()) nb::del(out["spare"]);
    return out;
}

// Whether a given arrangement is the meld's (the cards of a set or wild meld in any order).
bool same_arrangement_json(nb::handle wanted, const Meld& m) {
    if (!nb::isinstance<nb::dict>(wanted)) return false;
    nb::dict w = nb::borrow<nb::dict>(wanted);
    if (m.kind != MeldKind::Run && w.contains("cards") && nb::isinstance<nb::list>(w["cards"])) {
        nb::dict copy;
        for (auto [key, value] : w) copy[key] = value;
        try {
            std::vector<Card> cards = read_cards(w["cards"], "arrangement.cards");
            std::sort(cards.begin(), cards.end());
            copy["cards"] = cards_json(cards);
        } catch (const InputError&) {
            return false;
        }
        w = copy;
    }
    nb::dict mine = table_arrangement_json(m);
    if (m.kind != MeldKind::Run) {
        std::vector<Card> cards = m.cards.vec();
        std::sort(cards.begin(), cards.end());
        mine["cards"] = cards_json(cards);
    }
    return mine.equal(w);
}

// state-json: a table meld rebuilt by replaying its batches under the family's rules.
Meld table_meld_at(const Profile& p, nb::handle value, const std::string& where) {
    if (!nb::isinstance<nb::dict>(value)) bad(where, "a table meld is an object with a 'history' of batches.");
    nb::dict d = nb::borrow<nb::dict>(value);
    if (!d.contains("history") || !nb::isinstance<nb::list>(d["history"]) || nb::borrow<nb::list>(d["history"]).size() == 0)
        bad(where + ".history", "expected a non-empty list of batches.");
    struct Batch { std::vector<Card> cards; bool chosen; int wild_at; };
    std::vector<Batch> batches;
    std::size_t i = 0;
    for (nb::handle b : nb::borrow<nb::list>(d["history"])) {
        const std::string at = where + ".history[" + std::to_string(i++) + "]";
        if (!nb::isinstance<nb::dict>(b)) bad(at, "a batch is an object with 'cards'.");
        nb::dict bd = nb::borrow<nb::dict>(b);
        if (!bd.contains("cards")) bad(at + ".cards", "expected a list of cards.");
        const bool chosen = bd.contains("wild_at");
        batches.push_back({read_cards(bd["cards"], at + ".cards"), chosen, chosen ? position(bd["wild_at"], at + ".wild_at") : 0});
    }
    std::vector<Meld> candidates;
    for (Meld& m : meld_arrangements(p, batches[0].cards, true).melds)
        if (!batches[0].chosen || m.wild_at == batches[0].wild_at) candidates.push_back(m);
    for (std::size_t k = 1; k < batches.size(); ++k) {
        std::vector<Meld> following;
        for (const Meld& m : candidates)
            for (Meld& n : lay_off_arrangements(p, m, batches[k].cards).melds)
                if (!batches[k].chosen || n.wild_at == batches[k].wild_at) following.push_back(n);
        candidates = following;
    }
    if (d.contains("arrangement") && !d["arrangement"].is_none()) {
        std::vector<Meld> kept;
        for (Meld& m : candidates)
            if (same_arrangement_json(d["arrangement"], m)) kept.push_back(m);
        candidates = kept;
    }
    if (d.contains("canasta")) {
        std::vector<Meld> kept;
        for (Meld& m : candidates) {
            nb::object kind = d["canasta"];
            const bool none = m.canasta == CanastaKind::None;
            if ((none && kind.is_none()) ||
                (!none && nb::isinstance<nb::str>(kind) && nb::cast<std::string>(kind) == canasta_text(m.canasta)))
                kept.push_back(m);
        }
        candidates = kept;
    }
    if (candidates.empty())
        bad(where, "no legal meld of " + p.family + " is built by these batches with the arrangement and canasta "
                   "kind given (clause lay-off).");
    // The meld every unstated choice builds by default, when it is among the candidates.
    Meld fallback;
    bool built = true;
    {
        Arrangements a = meld_arrangements(p, batches[0].cards, true);
        built = !a.fault && !choose_arrangement(p, a.melds, batches[0].wild_at, false, fallback);
        for (std::size_t k = 1; k < batches.size() && built; ++k) {
            Arrangements b = lay_off_arrangements(p, fallback, batches[k].cards);
            Meld next;
            built = !b.fault && !choose_arrangement(p, b.melds, batches[k].wild_at, true, next);
            if (built) fallback = next;
        }
    }
    if (built)
        for (const Meld& m : candidates)
            if (m.same_arrangement(fallback) && m.history == fallback.history) return m;
    return candidates[0];
}

// state-json: read a state written by state_json (or by hand); the JSON path in every error.
State state_from_dict(const Profile& p, nb::handle value, const std::string& where) {
    if (!nb::isinstance<nb::dict>(value)) bad(where, "a state is a JSON object.");
    nb::dict d = nb::borrow<nb::dict>(value);
    const int players = p.players, teams = p.teams();
    for (const char* key : {"hands", "stock", "discard", "melds", "turn", "phase"})
        if (!d.contains(key)) bad(where, std::string("the field '") + key + "' is required.");
    State s;
    // The State holds its card lists inline, each as long as a deck: a longer list is not one deck.
    const std::string not_one_deck = "the cards are not one " + p.family + " deck (clause deck-composition).";
    auto card_list = [&](auto& out, nb::handle value, const std::string& at) {
        const std::vector<Card> cards = read_cards(value, at);
        if (cards.size() > out.capacity()) bad(where, not_one_deck);
        out.assign(cards.begin(), cards.end());
    };
    const std::string fi_packets =
        p.family + " deals " + std::to_string(p.fi_packets) + " fi packets (clause state-json).";
    std::size_t i = 0;
    for (nb::handle h : list_at(d["hands"], static_cast<std::size_t>(players), where + ".hands")) {
        Hand hand;
        for (Card c : read_cards(h, where + ".hands[" + std::to_string(i++) + "]")) {
            // deck-composition: more copies than the deck holds are no deck (and never wrap).
            if (hand.n[static_cast<std::size_t>(c)] >= (c == JOKER ? p.deck_jokers : 2)) bad(where, not_one_deck);
            hand.add(c);
        }
        s.hands.push_back(hand);
    }
    card_list(s.stock, d["stock"], where + ".stock");
    card_list(s.discard, d["discard"], where + ".discard");
    if (d.contains("fi")) {
        i = 0;
        for (nb::handle f : list_at(d["fi"], 0, where + ".fi", true)) {
            if (s.fi.size() == s.fi.capacity()) bad(where, fi_packets);
            card_list(s.fi.emplace_back(), f, where + ".fi[" + std::to_string(i++) + "]");
        }
    }
    i = 0;
    for (nb::handle team : list_at(d["melds"], static_cast<std::size_t>(teams), where + ".melds")) {
        const std::string at = where + ".melds[" + std::to_string(i++) + "]";
        std::vector<Meld> laid;
        std::size_t k = 0;
        for (nb::handle m : list_at(team, 0, at, true)) laid.push_back(table_meld_at(p, m, at + "[" + std::to_string(k++) + "]"));
        s.melds.push_back(laid);
    }
    if (d.contains("team_scores")) {
        i = 0;
        for (nb::handle v : list_at(d["team_scores"], static_cast<std::size_t>(teams), where + ".team_scores"))
            s.team_scores.push_back(half_points_at(v, where + ".team_scores[" + std::to_string(i++) + "]"));
    } else {
        s.team_scores.assign(static_cast<std::size_t>(teams), 0);
    }
    s.trump = d.contains("trump") ? card_or_none_at(d["trump"], where + ".trump") : NO_CARD;
    s.turn = seat_at(d["turn"], players, where + ".turn");
    s.dealer = d.contains("dealer") ? seat_at(d["dealer"], players, where + ".dealer") : (s.turn + players - 1) % players;
    if (!nb::isinstance<nb::str>(d["phase"])) bad(where + ".phase", "expected one of draw, play, over.");
    try {
        s.phase = parse_phase(nb::cast<std::string>(d["phase"]));
    } catch (const InputError&) {
        bad(where + ".phase", "expected one of draw, play, over.");
    }
    const bool opened_given = d.contains("opened") && !d["opened"].is_none();
    if (opened_given) {
        for (nb::handle o : list_at(d["opened"], static_cast<std::size_t>(teams), where + ".opened")) {
            if (!nb::isinstance<nb::bool_>(o)) bad(where + ".opened", "expected " + std::to_string(teams) + " booleans.");
            s.opened.push_back(nb::cast<bool>(o));
        }
    } else {
        for (const auto& team : s.melds) s.opened.push_back(!team.empty());
    }
    std::vector<int> fi_taken;
    if (d.contains("fi_taken")) {
        i = 0;
        for (nb::handle n : list_at(d["fi_taken"], static_cast<std::size_t>(teams), where + ".fi_taken")) {
            fi_taken.push_back(
                int_in(n, 0, INT_MAX, where + ".fi_taken[" + std::to_string(i) + "]", "expected a count."));
            ++i;
        }
    } else {
        fi_taken.assign(static_cast<std::size_t>(teams), 0);
    }
    nb::dict extra;
    if (d.contains("extra")) {
        if (!nb::isinstance<nb::dict>(d["extra"])) bad(where + ".extra", "expected an object.");
        extra = nb::borrow<nb::dict>(d["extra"]);
    }
    if (extra.contains("fi_takers")) {
        i = 0;
        for (nb::handle t : list_at(extra["fi_takers"], 0, where + ".extra.fi_takers", true)) {
            if (s.fi_takers.size() == s.fi_takers.capacity()) bad(where, fi_packets);
            s.fi_takers.push_back(seat_at(t, players, where + ".extra.fi_takers[" + std::to_string(i++) + "]"));
        }
        std::vector<int> counts(static_cast<std::size_t>(teams), 0);
        for (int seat : s.fi_takers) ++counts[static_cast<std::size_t>(seat % teams)];
        if (counts != fi_taken) bad(where, "extra.fi_takers does not agree with fi_taken.");
    } else {
        int taking = -1, both = 0;
        for (int t = 0; t < teams; ++t)
            if (fi_taken[static_cast<std::size_t>(t)]) {
                taking = t;
                ++both;
            }
        if (both > 1) bad(where, "both teams have taken a fi; say who took which in extra.fi_takers.");
        if (taking >= 0)
            for (int k = 0; k < fi_taken[static_cast<std::size_t>(taking)]; ++k) {
                if (s.fi_takers.size() == s.fi_takers.capacity()) bad(where, fi_packets);
                s.fi_takers.push_back(taking);
            }
    }
    s.pile_card = extra.contains("pile_card") ? card_or_none_at(extra["pile_card"], where + ".extra.pile_card") : NO_CARD;
    s.went_out = (extra.contains("went_out") && !extra["went_out"].is_none())
                     ? seat_at(extra["went_out"], players, where + ".extra.went_out") : -1;
    if (d.contains("hand_over") && !d["hand_over"].is_none() &&
        nb::cast<bool>(nb::bool_(d["hand_over"])) != (s.phase == Phase::Over))
        bad(where, "hand_over must be true exactly when the phase is over.");
    if (extra.contains("fi_waiting")) {
        i = 0;
        for (nb::handle t : list_at(extra["fi_waiting"], 0, where + ".extra.fi_waiting", true)) {
            // Room is kept for the fi the hand may still hand out (fi-unplayed-fi-5200).
            if (s.fi_waiting.size() == MAX_SEATS) bad(where + ".extra.fi_waiting", "more waiting seats than seats.");
            s.fi_waiting.push_back(seat_at(t, players, where + ".extra.fi_waiting[" + std::to_string(i++) + "]"));
        }
    }
    if (p.opening_personal) {
        if (extra.contains("opened_seats")) {
            for (nb::handle o : list_at(extra["opened_seats"], static_cast<std::size_t>(players), where + ".extra.opened_seats")) {
                if (!nb::isinstance<nb::bool_>(o)) bad(where + ".extra.opened_seats", "expected booleans.");
                s.seat_opened.push_back(nb::cast<bool>(o));
            }
        } else {
            for (int seat = 0; seat < players; ++seat) s.seat_opened.push_back(s.opened[static_cast<std::size_t>(seat % teams)]);
        }
        decltype(State::opened) opened;
        opened.assign(static_cast<std::size_t>(teams), false);
        for (int seat = 0; seat < players; ++seat)
            if (s.seat_opened[static_cast<std::size_t>(seat)]) opened[static_cast<std::size_t>(seat % teams)] = true;
        if (opened_given && opened != s.opened)
            bad(where, "opened does not agree with extra.opened_seats: a team has opened when one of its players "
                       "has (clause opening-personal).");
        s.opened = opened;
        const auto& team_melds = s.melds[static_cast<std::size_t>(s.turn % teams)];
        const bool team_opened = opened[static_cast<std::size_t>(s.turn % teams)];
        const int fallback = team_opened ? 0 : static_cast<int>(team_melds.size());
        nb::object raw = extra.contains("provisional") ? nb::borrow<nb::object>(extra["provisional"]) : nb::object(nb::int_(fallback));
        long long given = -1;
        const bool counted = whole_number(raw, given);
        if (!team_opened && !(counted && given == fallback))
            bad(where + ".extra.provisional", "the current team has not opened, so all its " + std::to_string(fallback) +
                                                  " melds are provisional (clause opening-provisional).");
        if (!counted || given < 0 || given > static_cast<long long>(team_melds.size()))
            bad(where + ".extra.provisional", "expected a count 0.." + std::to_string(team_melds.size()) +
                                                  " of the current team's last melds.");
        s.provisional = static_cast<int>(given);
        if (s.provisional && (s.phase != Phase::Play || s.seat_opened[static_cast<std::size_t>(s.turn)]))
            bad(where + ".extra.provisional", "only a player who has not opened, in the play phase, has provisional "
                                              "melds (clause opening-personal).");
    }
    if (p.red_threes_laid) {
        if (extra.contains("red_threes")) {
            i = 0;
            for (nb::handle t : list_at(extra["red_threes"], static_cast<std::size_t>(teams), where + ".extra.red_threes"))
            {
                const std::string at = where + ".extra.red_threes[" + std::to_string(i++) + "]";
                const std::vector<Card> laid = read_cards(t, at);
                for (Card c : laid)
                    if (!is_red_three(c)) bad(at, card_text(c) + " is not a red three (clause classic-red-threes).");
                // Room is kept for the red threes still to be laid (classic-red-threes).
                if (laid.size() > MAX_RED_THREES / 2) bad(at, "a team lays at most the deck's 4 red threes.");
                s.red_threes.emplace_back(laid.begin(), laid.end());
            }
        } else {
            s.red_threes.assign(static_cast<std::size_t>(teams), {});
        }
        if (extra.contains("table_seats")) {
            for (nb::handle o : list_at(extra["table_seats"], static_cast<std::size_t>(players), where + ".extra.table_seats"))
                s.table_seats.push_back(
                    bool_at(o, where + ".extra.table_seats", "expected " + std::to_string(players) + " booleans."));
        } else {
            for (int seat = 0; seat < players; ++seat) s.table_seats.push_back(!s.melds[static_cast<std::size_t>(seat % teams)].empty());
        }
        s.turn_laid = extra.contains("turn_laid") && bool_at(extra["turn_laid"], where + ".extra.turn_laid", "expected a boolean.");
        if (extra.contains("pile_pending")) card_list(s.pile_pending, extra["pile_pending"], where + ".extra.pile_pending");
        s.pile_top = extra.contains("pile_top") ? card_or_none_at(extra["pile_top"], where + ".extra.pile_top") : NO_CARD;
        // classic-concealed-canasta: the melds begun and the hand before the pile, in this turn.
        if (extra.contains("turn_melds")) {
            const nb::handle raw = extra["turn_melds"];
            const int most = static_cast<int>(s.melds[static_cast<std::size_t>(s.turn % teams)].size());
            if (!nb::isinstance<nb::int_>(raw) || nb::isinstance<nb::bool_>(raw) || nb::cast<int>(raw) < 0 ||
                nb::cast<int>(raw) > most)
                bad(where + ".extra.turn_melds", "expected how many of the side's last melds were begun in this "
                                                 "turn, 0.." + std::to_string(most) +
                                                 " (clause classic-concealed-canasta).");
            s.turn_melds = nb::cast<int>(raw);
        }
        if (extra.contains("pile_hand"))
            for (Card c : read_cards(extra["pile_hand"], where + ".extra.pile_hand")) s.pile_hand.add(c);
    }
    // deck-composition: exactly one deck of the family.
    std::array<int, KINDS> count{};
    for (const Hand& h : s.hands)
        for (int c = 0; c < KINDS; ++c) count[static_cast<std::size_t>(c)] += h.n[static_cast<std::size_t>(c)];
    auto add = [&](const auto& cards) { for (Card c : cards) ++count[c]; };
    add(s.stock);
    add(s.discard);
    for (const auto& f : s.fi) add(f);
    for (const auto& team : s.melds)
        for (const Meld& m : team) {
            add(m.cards);
            add(m.spare);
        }
    for (const auto& team : s.red_threes) add(team);
    add(s.pile_pending);
    bool one_deck = count[JOKER] == p.deck_jokers;
    for (int c = 0; c < 52; ++c) one_deck = one_deck && count[static_cast<std::size_t>(c)] == 2;
    if (!one_deck) bad(where, "the cards are not one " + p.family + " deck (clause deck-composition).");
    if (s.trump != NO_CARD && !p.trump_bottom)
        bad(where, p.family + " turns up no trump card (clause state-json).");
    if (static_cast<int>(s.fi.size() + s.fi_takers.size()) > p.fi_packets)
        bad(where, p.family + " deals " + std::to_string(p.fi_packets) + " fi packets (clause state-json).");
    // opening-provisional: only the player to act, in the play phase, holds a provisional opening.
    for (int t = 0; t < teams; ++t) {
        const auto team = static_cast<std::size_t>(t);
        if (s.opened[team] || s.melds[team].empty()) continue;
        const bool provisional = p.opening_personal ? (t == s.turn % teams && s.provisional > 0) : true;
        if (s.phase != Phase::Play || t != s.turn % teams || !provisional)
            bad(where, "team " + std::to_string(t) + " has melds but has not opened; only the player whose turn it is, "
                       "in the play phase, can hold a provisional opening (clause opening-provisional).");
    }
    return s;
}


// ---------------------------------------------------------------- actions

// action-json: an action with the seat it names (-1: none), as the protocol reads it.
struct NativeAction {
    Action a;
    int seat = -1;
};

// action-json: an action as the fixture schema's action object.
nb::dict action_json(const NativeAction& na) {
    const Action& a = na.a;
    nb::dict out;
    out["type"] = action_type_text(a.type);
    switch (a.type) {
        case ActionType::TakePile:
            if (a.meld >= 0) out["meld"] = a.meld;
            if (!a.cards.empty()) out["cards"] = cards_json(a.cards.vec());
            break;
        case ActionType::Discard:
            out["card"] = card_text(a.cards.at(0));
            break;
        case ActionType::Meld:
        case ActionType::LayOff:
            if (a.type == ActionType::LayOff) out["meld"] = a.meld;
            out["cards"] = cards_json(a.cards.vec());
            if (a.wild_at) out["wild_at"] = a.wild_at;
            break;
        default:
            break;
    }
    if (na.seat >= 0) out["seat"] = na.seat;
    return out;
}

// action-json: a list of cards, or one space-separated text, each error naming its place.
std::vector<Card> action_cards(nb::handle value, const std::string& where) {
    std::vector<nb::object> tokens;
    if (nb::isinstance<nb::str>(value)) {
        std::string text = nb::cast<std::string>(value), token;
        for (char ch : text + " ") {
            if (ch == ' ' || ch == '\t' || ch == '\n') {
                if (!token.empty()) tokens.push_back(nb::str(token.c_str()));
                token.clear();
            } else {
                token += ch;
            }
        }
    } else if (nb::isinstance<nb::list>(value)) {
        for (nb::handle item : nb::borrow<nb::list>(value)) tokens.push_back(nb::borrow<nb::object>(item));
    } else {
        throw InputError(where + ": expected a list of cards such as [\"5H\", \"JK\"].");
    }
    std::vector<Card> out;
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        const std::string number = "card #" + std::to_string(i + 1);
        if (!nb::isinstance<nb::str>(tokens[i]))
            throw InputError(where + ": " + number + " is " + nb::cast<std::string>(nb::repr(tokens[i])) +
                             ", not a card written as text (clause card-notation).");
        try {
            out.push_back(parse_card(nb::cast<std::string>(tokens[i])));
        } catch (const InputError& e) {
            throw InputError(where + ": " + number + ": " + e.what());
        }
    }
    std::sort(out.begin(), out.end());
    return out;
}


// action-json: read an action object; every error names the JSON path `where`.
NativeAction action_from_dict(nb::handle data, const std::string& where) {
    if (!nb::isinstance<nb::dict>(data)) throw InputError(where + ": an action is an object with a 'type'.");
    nb::dict d = nb::borrow<nb::dict>(data);
    nb::object raw_type = d.contains("type") ? nb::borrow<nb::object>(d["type"]) : nb::none();
    NativeAction na;
    try {
        na.a.type = parse_action_type(nb::cast<std::string>(nb::str(raw_type)));
    } catch (const InputError&) {
        throw InputError(where + ".type: " + nb::cast<std::string>(nb::repr(raw_type)) +
                         " is not an action type (draw, take-pile, pass, meld, lay-off, discard, take-back) "
                         "(clause action-kinds).");
    }
    if (d.contains("seat") && !d["seat"].is_none()) {
        // action-seat: a seat 0 or more; -1 is no seat the action can name.
        na.seat = int_at_least(d["seat"], 0, where + ".seat", "expected a seat number (0 or more).");
    }
    const ActionType t = na.a.type;
    std::vector<std::string> allowed;
    if (t == ActionType::TakePile) allowed = {"cards", "meld"};
    if (t == ActionType::Discard) allowed = {"card"};
    if (t == ActionType::Meld) allowed = {"cards", "wild_at"};
    if (t == ActionType::LayOff) allowed = {"cards", "meld", "wild_at"};
    std::vector<std::string> unknown;
    for (auto [key, value] : d) {
        const std::string name = nb::cast<std::string>(nb::str(key));
        if (name == "type" || name == "seat" || std::find(allowed.begin(), allowed.end(), name) != allowed.end())
            continue;
        unknown.push_back(name);
    }
    if (!unknown.empty()) {
        std::sort(unknown.begin(), unknown.end());
        throw InputError(where + ": a " + action_type_text(t) + " action has no field '" + unknown[0] +
                         "' (clause action-json).");
    }
    if (t == ActionType::Discard) {
        if (!d.contains("card") || !nb::isinstance<nb::str>(d["card"]))
            throw InputError(where + ".card: a discard names one card, e.g. \"7S\".");
        try {
            na.a.cards = {parse_card(nb::cast<std::string>(d["card"]))};
        } catch (const InputError& e) {
            throw InputError(where + ".card: " + e.what());
        }
        return na;
    }
    if (t == ActionType::Meld || t == ActionType::LayOff) {
        na.a.cards = action_cards(d.contains("cards") ? nb::borrow<nb::object>(d["cards"]) : nb::none(), where + ".cards");
        if (na.a.cards.empty()) throw InputError(where + ".cards: name at least one card.");
        if (d.contains("wild_at") && !d["wild_at"].is_none()) {
            nb::handle w = d["wild_at"];
            na.a.wild_at = int_in(w, 1, 14, where + ".wild_at", "a run position 1..14 or null.");
        }
        if (t == ActionType::LayOff) {
            nb::object raw = d.contains("meld") ? nb::borrow<nb::object>(d["meld"]) : nb::none();
            na.a.meld = int_at_least(raw, 0, where + ".meld", "the index of one of the team's melds (0, 1, ...).");
        }
        return na;
    }
    if (t == ActionType::TakePile) {
        na.a.cards = d.contains("cards") ? action_cards(d["cards"], where + ".cards") : std::vector<Card>{};
        na.a.meld = -1;
        if (d.contains("meld")) {
            nb::handle raw = d["meld"];
            na.a.meld = int_at_least(raw, -1, where + ".meld", "the index of one of the team's melds (0, 1, ...).");
        }
    }
    return na;
}

// action-seat, action-kinds: the state after the action, or (clause, code, detail).
nb::object apply_json(const NativeState& ns, const NativeAction& na) {
    if (na.seat >= 0 && na.seat != ns.s.turn && ns.s.phase != Phase::Over)
        return nb::make_tuple("action-seat", "not-your-turn",
                              "it is seat " + std::to_string(ns.s.turn) + "'s turn, not seat " +
                                  std::to_string(na.seat) + "'s");
    auto next = apply_action(*ns.p, ns.s, na.a);
    if (const auto* v = std::get_if<Violation>(&next)) return nb::make_tuple(v->clause, v->code, v->detail.view());
    return nb::cast(NativeState{ns.p, std::get<State>(std::move(next))});
}

}  // namespace

NB_MODULE(_core, m) {
    m.doc() = "kanasta's native engine (C++20): the rules of the spec, held to the conformance suite.";
    m.attr("ENGINE_VERSION") = "0.1.0";
    // The families whose whole hands the native engine plays (the others: meld verdicts only).
    m.attr("FAMILIES") = nb::make_tuple("koz", "fi-5200", "fi-351", "classic");
    nb::exception<InputError>(m, "NativeInputError", PyExc_ValueError);

    nb::class_<NativeProfile>(m, "NativeProfile")
        .def("__init__", [](NativeProfile* self, nb::dict d) {
            new (self) NativeProfile{std::make_shared<const Profile>(profile_from_dict(d))};
        })
        .def_prop_ro("family", [](const NativeProfile& np) { return np.p->family; })
        .def_prop_ro("players", [](const NativeProfile& np) { return np.p->players; });

    nb::class_<NativeAction>(m, "NativeAction")
        .def("to_json", [](const NativeAction& na) { return action_json(na); },
             "action-json: the action as the fixture schema's action object.")
        .def_prop_ro("type", [](const NativeAction& na) { return action_type_text(na.a.type); })
        .def_prop_ro("seat", [](const NativeAction& na) -> nb::object {
            return na.seat < 0 ? nb::none() : nb::object(nb::int_(na.seat));
        })
        .def("__eq__", [](const NativeAction& x, const NativeAction& y) { return x.a == y.a && x.seat == y.seat; })
        .def("__hash__", [](const NativeAction& na) {
            std::size_t h = static_cast<std::size_t>(na.a.type) * 1000003u + static_cast<std::size_t>(na.a.meld + 1);
            for (Card c : na.a.cards) h = h * 131u + c;
            return h * 31u + static_cast<std::size_t>(na.a.wild_at) + static_cast<std::size_t>(na.seat + 1) * 7u;
        })
        .def("__repr__", [](const NativeAction& na) {
            return "NativeAction(" + nb::cast<std::string>(nb::repr(action_json(na))) + ")";
        });
    m.def("action_from_json",
          [](nb::object data, std::string where) { return action_from_dict(data, where); },
          nb::arg("data"), nb::arg("where") = "action",
          "action-json: read an action object (an input error names the JSON path).");

    nb::class_<NativeState>(m, "NativeState")
        .def("to_json", [](const NativeState& ns) { return state_json(*ns.p, ns.s); },
             "state-json: the state as the fixture schema's state object.")
        .def("score", [](const NativeState& ns) {
                 nb::list teams;
                 for (const auto& parts : score_hand(*ns.p, ns.s)) {
                     nb::dict team;
                     std::int64_t total = 0;
                     for (const auto& [name, value] : parts) total += value;
                     team["total"] = total;
                     for (const auto& [name, value] : parts) team[nb::str(name.c_str())] = value;
                     teams.append(team);
                 }
                 return teams;
             },
             "hand-score: per team, in half points, the total and every part of the breakdown.")
        .def("draw", [](const NativeState& ns) -> nb::object {
                 auto next = apply_action(*ns.p, ns.s, Action{ActionType::Draw, {}, 0, 0});
                 if (const auto* v = std::get_if<Violation>(&next))
                     return nb::make_tuple(v->clause, v->code, v->detail.view());
                 return nb::cast(NativeState{ns.p, std::get<State>(std::move(next))});
             },
             "draw-from-stock: the state after the draw, or (clause, code, detail) refusing it.")
        .def("apply", [](const NativeState& ns, const NativeAction& na) { return apply_json(ns, na); },
             "action-kinds: the state after the action, or (clause, code, detail) refusing it.")
        .def("legal_actions", [](const NativeState& ns) {
                 std::vector<NativeAction> out;
                 for (Action& a : legal_actions(*ns.p, ns.s)) out.push_back(NativeAction{std::move(a), -1});
                 return out;
             },
             "legal-action-count: every legal action, each once, in the canonical order.")
        .def_prop_ro("phase", [](const NativeState& ns) { return phase_text(ns.s.phase); })
        .def_prop_ro("hand_over", [](const NativeState& ns) { return ns.s.phase == Phase::Over; });

    m.def("splitmix64", [](std::uint64_t state) { return splitmix64(state); },
          "seeded-shuffle: one SplitMix64 step, (next state, output).");
    m.def("shuffle", [](int jokers, std::uint64_t seed) {
        std::vector<std::string> out;
        for (Card c : shuffle_deck(jokers, seed)) out.push_back(card_text(c));
        return out;
    }, "seeded-shuffle: the deck with this many jokers shuffled from the seed, top card first.");
    m.def("new_hand_from_seed",
          [](const NativeProfile& np, std::uint64_t seed, int dealer,
             std::optional<std::vector<std::int64_t>> scores) {
              const Profile& p = *np.p;
              Deal d = deal_cards(p, shuffle_deck(p.deck_jokers, seed), dealer);
              return NativeState{np.p, new_hand(p, d, dealer, scores_or_zero(p, scores))};
          },
          nb::arg("profile"), nb::arg("seed"), nb::arg("dealer"), nb::arg("team_scores") = nb::none(),
          "seeded-shuffle, deal-order: a new hand dealt by the dealer from the seed.");
    m.def("new_hand_from_deck",
          [](const NativeProfile& np, nb::list deck, int dealer) {
              const Profile& p = *np.p;
              std::vector<Card> cards = read_cards(deck, "$.deck");
              std::vector<Card> sorted = cards;
              std::sort(sorted.begin(), sorted.end());
              std::vector<Card> whole = canonical_deck(p.deck_jokers);
              std::sort(whole.begin(), whole.end());
              if (sorted != whole)
                  throw InputError("$.deck: the deck of " + std::to_string(cards.size()) +
                                   " cards is not one deck of the family, every card once "
                                   "(clause deck-composition).");
              if (dealer < 0 || dealer >= p.players)
                  throw InputError("$.dealer: not a seat of the table.");
              Deal d = deal_cards(p, cards, dealer);
              return NativeState{np.p, new_hand(p, d, dealer, scores_or_zero(p, std::nullopt))};
          },
          nb::arg("profile"), nb::arg("deck"), nb::arg("dealer"),
          "deal-order: a new hand dealt by the dealer from a deck given in order, top card first.");
    m.def("new_hand_from_deal",
          [](const NativeProfile& np, nb::dict deal, int dealer,
             std::optional<std::vector<std::int64_t>> scores) {
              const Profile& p = *np.p;
              Deal d = deal_from_dict(p, deal);
              return NativeState{np.p, new_hand(p, d, dealer, scores_or_zero(p, scores))};
          },
          nb::arg("profile"), nb::arg("deal"), nb::arg("dealer"), nb::arg("team_scores") = nb::none(),
          "explicit-deal: a new hand from an explicit deal.");
    m.def("meld_verdict",
          [](const NativeProfile& np, nb::list cards, nb::object wild_at, nb::list lay_offs, nb::object trump,
             bool going_out) {
              int t = NO_CARD;
              if (!trump.is_none()) {
                  nb::list one;
                  one.append(trump);
                  t = read_cards(one, "$.trump")[0];
              }
              return meld_verdict(*np.p, read_cards(cards, "$.cards"), position(wild_at), lay_offs, t, going_out);
          },
          nb::arg("profile"), nb::arg("cards"), nb::arg("wild_at").none(), nb::arg("lay_offs"),
          nb::arg("trump").none(), nb::arg("going_out"),
          "meld-minimum .. canasta-bonus: the protocol's answer to a meld request.");
    m.def("meld_options",
          [](const NativeProfile& np, nb::list cards) {
              Hand hand;
              for (Card c : read_cards(cards, "hand")) hand.add(c);
              nb::list out;
              for (const Meld& m : meld_options(*np.p, hand)) {
                  nb::dict option;
                  option["cards"] = cards_json(m.history[0]);
                  option["wild_at"] = m.wild_at ? nb::object(nb::int_(m.wild_at)) : nb::none();
                  option["arrangement"] = arrangement_json(m);
                  option["canasta"] = m.canasta == CanastaKind::None ? nb::none()
                                                                      : nb::object(nb::str(canasta_text(m.canasta)));
                  out.append(option);
              }
              return out;
          },
          "legal-action-count: every legal new meld of a hand, each arrangement once, in order.");
    m.def("lay_off_options",
          [](const NativeProfile& np, nb::list history, nb::list cards) {
              // The meld is rebuilt from its batches, each with the wild's place chosen.
              const Profile& p = *np.p;
              Meld meld;
              bool first = true;
              for (nb::handle item : history) {
                  nb::dict batch = nb::borrow<nb::dict>(item);
                  std::vector<Card> batch_cards = read_cards(batch["cards"], "history");
                  const int wild_at = batch.contains("wild_at") ? position(batch["wild_at"]) : 0;
                  Arrangements a = first ? meld_arrangements(p, batch_cards, true)
                                         : lay_off_arrangements(p, meld, batch_cards);
                  Meld next;
                  std::optional<Violation> v = a.fault;
                  if (!v) v = choose_arrangement(p, a.melds, wild_at, !first, next);
                  if (v) throw InputError("history: " + std::string(v->code) + " (clause " + std::string(v->clause) + ")");
                  meld = next;
                  first = false;
              }
              Hand hand;
              for (Card c : read_cards(cards, "hand")) hand.add(c);
              nb::list out;
              for (const auto& [batch, m] : lay_off_options(p, meld, hand)) {
                  nb::dict option;
                  option["cards"] = cards_json(batch);
                  option["wild_at"] = m.wild_at ? nb::object(nb::int_(m.wild_at)) : nb::none();
                  option["arrangement"] = arrangement_json(m);
                  option["canasta"] = m.canasta == CanastaKind::None ? nb::none()
                                                                      : nb::object(nb::str(canasta_text(m.canasta)));
                  out.append(option);
              }
              return out;
          },
          "legal-action-count: every lay-off batch a meld accepts from a hand, per arrangement.");
    m.def("state_from_json",
          [](const NativeProfile& np, nb::object data, std::string where) {
              return NativeState{np.p, state_from_dict(*np.p, data, where)};
          },
          nb::arg("profile"), nb::arg("data"), nb::arg("where") = "state",
          "state-json: read a state in the fixture format (an input error names the JSON path).");

    // ---------------------------------------------------------------- self-play (selfplay.hpp)
    nb::object state_type = nb::borrow<nb::object>(nb::type<NativeState>());
    state_type.attr("memory_bytes") = nb::cpp_function(
        [](const NativeState& ns) { return memory_bytes(ns.s); }, nb::is_method(), nb::scope(state_type),
        nb::name("memory_bytes"), "The bytes this state occupies: the State and every heap block it owns.");
    m.def("self_play",
          [](const NativeProfile& np, std::uint64_t seed, std::uint64_t first, std::uint64_t count,
             bool measure_memory) {
              SelfPlayRun run;
              {
                  nb::gil_scoped_release unlocked;
                  run = self_play(*np.p, seed, first, count, measure_memory);
              }
              nb::list hands;
              for (const SelfPlayHand& h : run.hands) hands.append(nb::make_tuple(h.index, h.moves, h.totals));
              nb::dict out;
              out["hands"] = hands;
              out["moves"] = run.moves;
              out["cpu_seconds"] = run.cpu_seconds;
              out["states"] = run.states;
              out["state_bytes"] = run.state_bytes;
              return out;
          },
          nb::arg("profile"), nb::arg("seed"), nb::arg("first"), nb::arg("count"), nb::arg("measure_memory") = false,
          "Random self-play in the engine: hands first..first+count-1 of the run of seed (hand i dealt "
          "from seed + i, its policy's stream from (seed + i) xor POLICY_STREAM), each (index, moves, "
          "team totals in half points), with the moves and the CPU seconds.");
    m.attr("POLICY_STREAM") = POLICY_STREAM;
    m.def("pick_action",
          [](std::uint64_t stream, std::size_t count) {
              if (count == 0) throw InputError("pick_action: no action to pick from.");
              const std::size_t chosen = pick_action(stream, count);
              return nb::make_tuple(stream, chosen);
          },
          nb::arg("stream"), nb::arg("count"),
          "The self-play policy's choice among count actions: (next stream state, index).");

    // Test-only (helper native-play): the verdict of the play phase's check functions alone
    // (legality without the next state), held to NativeState.apply by tests/native/test_play.py.
    m.def("check_action_dict",
          [](const NativeState& ns, const std::string& type, nb::list cards, int meld, nb::object wild_at) -> nb::object {
              const ActionType t = parse_action_type(type);
              std::vector<Card> c = read_cards(cards, "$.cards");
              std::optional<Violation> v;
              if (t == ActionType::Meld) v = check_meld(*ns.p, ns.s, c, position(wild_at));
              else if (t == ActionType::LayOff) v = check_lay_off(*ns.p, ns.s, meld, c, position(wild_at));
              else if (t == ActionType::Discard && c.size() == 1) v = check_discard(*ns.p, ns.s, c[0]);
              else if (t == ActionType::TakeBack) v = check_take_back(*ns.p, ns.s);
              else throw InputError("check_action_dict: meld, lay-off, discard (one card) or take-back");
              if (v) return nb::make_tuple(v->clause, v->code, v->detail.view());
              return nb::none();
          },
          nb::arg("state"), nb::arg("type"), nb::arg("cards"), nb::arg("meld"), nb::arg("wild_at").none());
}
