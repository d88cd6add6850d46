// Generic containers of the native engine: a vector of at most N values held inline, so
// that copying a State (every action builds the next one from a copy) allocates nothing.
// It implements no clause.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <stdexcept>
#include <type_traits>
#include <utility>

namespace kn {

// A vector of at most N values held inline, with the part of std::vector's interface the
// engine uses. The values past size() are default values for a type that owns memory (a
// vector of melds), so they hold none; for a trivial type they are left as they were.
// Going past N throws std::length_error (input readers check sizes first and say why).
template <class T, std::size_t N>
class Fixed {
    using Count = std::conditional_t<(N < 256), std::uint8_t, std::uint32_t>;
    static constexpr bool RESET = !std::is_trivially_copyable_v<T>;
    // Copy-assignment copies the values in use only, for a type that owns memory (the unused
    // ones hold none) and for a long array of trivial values (a State's hands); a short array
    // is copied whole (a fixed-size copy), and stays trivially copyable.
    static constexpr bool COPY_USED = RESET || sizeof(std::array<T, N>) > 256;

public:
    using value_type = T;
    using size_type = std::size_t;
    using iterator = T*;
    using const_iterator = const T*;
    using reference = T&;
    using const_reference = const T&;

    Fixed() = default;
    Fixed(const Fixed&) = default;
    Fixed(Fixed&&) = default;
    Fixed& operator=(Fixed&&) = default;
    Fixed& operator=(const Fixed&)
        requires(!COPY_USED)
    = default;
    Fixed& operator=(const Fixed& o)
        requires(COPY_USED)
    {
        if (this == &o) return *this;
        std::copy(o.begin(), o.end(), begin());
        shrink(std::min<std::size_t>(count_, o.count_));  // the values past o's count, reset
        count_ = o.count_;
        return *this;
    }
    ~Fixed() = default;
    Fixed(std::initializer_list<T> values) { assign(values.begin(), values.end()); }
    template <class It>
        requires(!std::is_integral_v<It>)
    Fixed(It first, It last) {
        assign(first, last);
    }

    static constexpr std::size_t capacity() { return N; }
    std::size_t size() const { return count_; }
    bool empty() const { return count_ == 0; }

    T* data() { return items_.data(); }
    const T* data() const { return items_.data(); }
    iterator begin() { return items_.data(); }
    iterator end() { return items_.data() + count_; }
    const_iterator begin() const { return items_.data(); }
    const_iterator end() const { return items_.data() + count_; }

    T& operator[](std::size_t i) { return items_[i]; }
    const T& operator[](std::size_t i) const { return items_[i]; }
    T& at(std::size_t i) {
        if (i >= count_) throw std::out_of_range("kn::Fixed::at");
        return items_[i];
    }
    const T& at(std::size_t i) const {
        if (i >= count_) throw std::out_of_range("kn::Fixed::at");
        return items_[i];
    }
    T& front() { return items_[0]; }
    const T& front() const { return items_[0]; }
    T& back() { return items_[count_ - 1]; }
    const T& back() const { return items_[count_ - 1]; }

    void push_back(const T& value) {
        room(1);
        items_[count_++] = value;
    }
    void push_back(T&& value) {
        room(1);
        items_[count_++] = std::move(value);
    }
    template <class... Args>
    T& emplace_back(Args&&... args) {
        room(1);
        items_[count_] = T(std::forward<Args>(args)...);
        return items_[count_++];
    }
    void pop_back() {
        --count_;
        if constexpr (RESET) items_[count_] = T{};
    }
    void clear() { shrink(0); }
    void resize(std::size_t n) {
        if (n < count_) {
            shrink(n);
            return;
        }
        room(n - count_);
        std::fill(items_.begin() + count_, items_.begin() + static_cast<std::ptrdiff_t>(n), T{});
        count_ = static_cast<Count>(n);
    }
    void assign(std::size_t n, const T& value) {
        shrink(0);
        room(n);
        std::fill(items_.begin(), items_.begin() + static_cast<std::ptrdiff_t>(n), value);
        count_ = static_cast<Count>(n);
    }
    template <class It>
        requires(!std::is_integral_v<It>)
    void assign(It first, It last) {
        shrink(0);
        const auto n = static_cast<std::size_t>(std::distance(first, last));
        room(n);
        std::copy(first, last, items_.begin());
        count_ = static_cast<Count>(n);
    }
    iterator erase(const_iterator first, const_iterator last) {
        T* at = begin() + (first - begin());
        const auto gone = static_cast<std::size_t>(last - first);
        std::move(at + gone, end(), at);
        shrink(count_ - gone);
        return at;
    }
    iterator erase(const_iterator pos) { return erase(pos, pos + 1); }
    iterator insert(const_iterator pos, T value) {
        room(1);
        T* at = begin() + (pos - begin());
        std::move_backward(at, end(), end() + 1);
        *at = std::move(value);
        ++count_;
        return at;
    }

    bool operator==(const Fixed& o) const { return count_ == o.count_ && std::equal(begin(), end(), o.begin()); }

private:
    void room(std::size_t more) const {
        if (count_ + more > N) throw std::length_error("kn::Fixed: more values than its capacity");
    }
    void shrink(std::size_t n) {
        if constexpr (RESET)
            for (std::size_t i = n; i < count_; ++i) items_[i] = T{};
        count_ = static_cast<Count>(n);
    }

    std::array<T, N> items_{};
    Count count_ = 0;
};

}  // namespace kn
