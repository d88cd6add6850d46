// The listing's remembered tables (actions.cpp, options.cpp): a cache implements no
// clause, it only keeps the answer of a pure function of its key.
#pragma once

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

// A remembered table of the listing: open addressing (linear probing) over a power-of-two
// array of small slots (a key's hash and its entry's number), so a lookup reads one slot,
// not a chain of nodes; the keys and values live in a deque, so their addresses hold until
// clear().
template <class Key, class Value, class Hash>
class FlatCache {
public:
    std::size_t size() const { return entries_.size(); }
    void clear() {
        entries_.clear();
        slots_.clear();
    }
    const Value* find(const Key& key) const {
        if (slots_.empty()) return nullptr;
        const std::uint64_t hash = Hash{}(key);
        const std::size_t mask = slots_.size() - 1;
        for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
            const Slot& slot = slots_[i];
            if (slot.index == 0) return nullptr;
            if (slot.hash == hash) {
                const Entry& entry = entries_[slot.index - 1];
                if (entry.key == key) return &entry.value;
            }
        }
    }
    // The key must not be in the table.
    const Value& add(const Key& key, Value value) {
        if (2 * (entries_.size() + 1) > slots_.size()) grow();
        entries_.push_back(Entry{key, std::move(value)});
        place(Hash{}(key), static_cast<std::uint32_t>(entries_.size()));
        return entries_.back().value;
    }

private:
    struct Entry {
        Key key;
        Value value;
    };
    struct Slot {
        std::uint64_t hash = 0;
        std::uint32_t index = 0;  // 0: empty; otherwise the entry's number + 1
    };
    void place(std::uint64_t hash, std::uint32_t index) {
        const std::size_t mask = slots_.size() - 1;
        std::size_t i = hash & mask;
        while (slots_[i].index != 0) i = (i + 1) & mask;
        slots_[i] = Slot{hash, index};
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
