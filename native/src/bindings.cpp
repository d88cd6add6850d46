// The Python binding of the native engine (nanobind): profiles and deals in, states out,
// states and actions as the conformance protocol's JSON objects (Python dicts).
#include <nanobind/nanobind.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/shared_ptr.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <algorithm>
#include <memory>
#include <optional>

#include <nanobind/stl/optional.h>

#include "engine.hpp"

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
    Profile p;
    p.family = nb::cast<std::string>(d["family"]);
    p.players = get<int>(d, "players", 4);
    p.partnerships = get<bool>(d, "partnerships", true);
    p.deck_jokers = get<int>(d, "deck_jokers", 4);
    p.hand_size = get<int>(d, "hand_size", 11);
    p.fi_packets = get<int>(d, "fi_packets", 2);
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
    if (d.contains("bonuses")) {
        p.bonuses = nb::cast<std::vector<std::pair<std::string, std::int64_t>>>(d["bonuses"]);
        for (int k = 1; k < 10; ++k) {
            const std::string name = canasta_text(static_cast<CanastaKind>(k));
            p.bonus[static_cast<std::size_t>(k)] = p.bonus_named(name);
            p.trump_bonus[static_cast<std::size_t>(k)] = p.bonus_named("trump-" + name);
        }
    }
    if (d.contains("upcard_turn_again"))
        for (int c : nb::cast<std::vector<int>>(d["upcard_turn_again"])) p.upcard_turn_again.at(static_cast<std::size_t>(c)) = true;
    return p;
}

nb::object points_json(std::int64_t half) {
    if (half % 2 == 0) return nb::int_(half / 2);
    return nb::float_(static_cast<double>(half) / 2.0);
}

nb::list cards_json(const std::vector<Card>& cards) {
    nb::list out;
    for (Card c : cards) out.append(nb::str(card_text(c).c_str()));
    return out;
}

template <class T>
nb::list list_of(const std::vector<T>& v) {
    nb::list out;
    for (const auto& x : v) out.append(nb::cast(x));
    return out;
}

nb::object card_or_none(int c) {
    if (c == NO_CARD) return nb::none();
    return nb::str(card_text(static_cast<Card>(c)).c_str());
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
    for (int t = 0; t < p.teams(); ++t) melds.append(nb::list());
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
    if (!v.detail.empty()) out["detail"] = v.detail;
    return out;
}

int position(nb::handle value) {
    if (value.is_none()) return 0;
    return nb::cast<int>(value);
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
        if (!w) w = choose_arrangement(p, grown.melds, b.contains("wild_at") ? position(b["wild_at"]) : 0, true, next);
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

}  // namespace

NB_MODULE(_core, m) {
    m.doc() = "kanasta's native engine (C++20): the rules of the spec, held to the conformance suite.";
    m.attr("ENGINE_VERSION") = "0.1.0";
    // The families whose whole hands the native engine plays (the others: meld verdicts only).
    m.attr("FAMILIES") = nb::make_tuple();
    nb::exception<InputError>(m, "NativeInputError", PyExc_ValueError);

    nb::class_<NativeProfile>(m, "NativeProfile")
        .def("__init__", [](NativeProfile* self, nb::dict d) {
            new (self) NativeProfile{std::make_shared<const Profile>(profile_from_dict(d))};
        })
        .def_prop_ro("family", [](const NativeProfile& np) { return np.p->family; })
        .def_prop_ro("players", [](const NativeProfile& np) { return np.p->players; });

    nb::class_<NativeState>(m, "NativeState")
        .def("to_json", [](const NativeState& ns) { return state_json(*ns.p, ns.s); },
             "state-json: the state as the fixture schema's state object.")
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
                  if (v) throw InputError("history: " + v->code + " (clause " + v->clause + ")");
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
    m.def("state_from_json", [](const NativeProfile&, nb::dict) -> NativeState {
        throw InputError("the native engine does not read explicit states yet.");
    });
}
