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
// array of keys, so a lookup reads one slot, not a chain of nodes; the values live in a
// deque, so their addresses hold until clear().
template <class Key, class Value, class Hash>
class FlatCache {
public:
    std::size_t size() const { return values_.size(); }
    void clear() {
        values_.clear();
        slots_.clear();
    }
    const Value* find(const Key& key) const {
        if (slots_.empty()) return nullptr;
        const std::size_t mask = slots_.size() - 1;
        for (std::size_t i = Hash{}(key) & mask;; i = (i + 1) & mask) {
            const Slot& slot = slots_[i];
            if (slot.index == 0) return nullptr;
            if (slot.key == key) return &values_[slot.index - 1];
        }
    }
    // The key must not be in the table.
    const Value& add(const Key& key, Value value) {
        if (2 * (values_.size() + 1) > slots_.size()) grow();
        values_.push_back(std::move(value));
        place(key, static_cast<std::uint32_t>(values_.size()));
        return values_.back();
    }

private:
    struct Slot {
        Key key{};
        std::uint32_t index = 0;  // 0: empty; otherwise the value's index + 1
    };
    void place(const Key& key, std::uint32_t index) {
        const std::size_t mask = slots_.size() - 1;
        std::size_t i = Hash{}(key) & mask;
        while (slots_[i].index != 0) i = (i + 1) & mask;
        slots_[i] = Slot{key, index};
    }
    void grow() {
        std::vector<Slot> old = std::move(slots_);
        slots_.assign(old.empty() ? 1024 : 2 * old.size(), Slot{});
        for (const Slot& slot : old)
            if (slot.index != 0) place(slot.key, slot.index);
    }
    std::vector<Slot> slots_;
    std::deque<Value> values_;
};

}  // namespace kn
