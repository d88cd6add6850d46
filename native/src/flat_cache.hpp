// The listing's remembered tables (actions.cpp, options.cpp): a cache implements no
// clause, it only keeps the answer of a pure function of its key.
#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <vector>

namespace kn {

// A 64-bit mix (splitmix64's finalizer): every bit of the key reaches the low bits a
// power-of-two table indexes by.
inline std::uint64_t mix64(std::uint64_t x) {
    x ^= x >> 30;
    x *= 0xBF58476D1CE4E5B9ull;
    x ^= x >> 27;
    x *= 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

// A key of N words, compared word by word (the defaulted comparison of an array calls
// memcmp).
template <std::size_t N>
struct Words {
    std::array<std::uint64_t, N> words{};
    bool operator==(const Words& o) const {
        std::uint64_t diff = 0;
        for (std::size_t i = 0; i < N; ++i) diff |= words[i] ^ o.words[i];
        return diff == 0;
    }
};

// A remembered table of the listing: open addressing (linear probing) over a power-of-two
// array of small slots (a key's hash and its entry's number), so a lookup reads one slot,
// not a chain of nodes; the keys and values live in a deque, so their addresses hold until
// clear(). In front of the table, a small direct-mapped array of the keys last found or
// added, with their values' addresses: a listing asks for much the same keys as the one
// before it, and these few hundred entries stay in the processor's near caches where the
// big table's slots and entries do not.
template <class Key, class Value, class Hash>
class FlatCache {
public:
    std::size_t size() const { return entries_.size(); }
    void clear() {
        entries_.clear();
        slots_.clear();
        recent_.fill(Recent{});
    }
    const Value* find(const Key& key) {
        if (slots_.empty()) return nullptr;
        const std::uint64_t hash = Hash{}(key);
        Recent& recent = recent_[hash >> RECENT_SHIFT];
        if (recent.value && recent.key == key) return recent.value;
        const std::size_t mask = slots_.size() - 1;
        for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
            const Slot& slot = slots_[i];
            if (slot.index == 0) return nullptr;
            if (slot.hash == static_cast<std::uint32_t>(hash)) {
                const Entry& entry = entries_[slot.index - 1];
                if (entry.key == key) {
                    recent = Recent{key, &entry.value};
                    return &entry.value;
                }
            }
        }
    }
    // The key must not be in the table.
    const Value& add(const Key& key, Value value) {
        if (2 * (entries_.size() + 1) > slots_.size()) grow();
        entries_.push_back(Entry{key, std::move(value)});
        const std::uint64_t hash = Hash{}(key);
        place(hash, static_cast<std::uint32_t>(entries_.size()));
        recent_[hash >> RECENT_SHIFT] = Recent{key, &entries_.back().value};
        return entries_.back().value;
    }

private:
    static constexpr int RECENT_BITS = 9;
    static constexpr int RECENT_SHIFT = 64 - RECENT_BITS;
    struct Recent {
        Key key{};
        const Value* value = nullptr;  // null: empty
    };
    std::array<Recent, std::size_t{1} << RECENT_BITS> recent_{};
    struct Entry {
        Key key;
        Value value;
    };
    // A slot: the low half of its key's hash (which places it: no table has 2^32 slots) and
    // its entry's number, in 8 bytes, so eight slots share a cache line.
    struct Slot {
        std::uint32_t hash = 0;
        std::uint32_t index = 0;  // 0: empty; otherwise the entry's number + 1
    };
    void place(std::uint64_t hash, std::uint32_t index) {
        const std::size_t mask = slots_.size() - 1;
        std::size_t i = hash & mask;
        while (slots_[i].index != 0) i = (i + 1) & mask;
        slots_[i] = Slot{static_cast<std::uint32_t>(hash), index};
    }
    void grow() {
        std::vector<Slot> old = std::move(slots_);
        slots_.assign(old.empty() ? 1024 : 2 * old.size(), Slot{});
        for (const Slot& slot : old)
            if (slot.index != 0) place(slot.hash, slot.index);
    }
    std::vector<Slot> slots_;
    std::deque<Entry> entries_;
};

}  // namespace kn
