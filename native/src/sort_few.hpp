// Sorting a few cards in place (the generators' batches, a meld's cards): it implements no
// clause.
#pragma once

namespace kn {

// An insertion sort, inline: the lists are short (at most a meld and a batch) and mostly in
// order already, where std::sort goes through its introsort's calls for a handful of bytes.
template <class T>
inline void sort_few(T* first, T* last) {
    if (first == last) return;
    for (T* i = first + 1; i != last; ++i) {
        const T value = *i;
        T* j = i;
        for (; j != first && value < *(j - 1); --j) *j = *(j - 1);
        *j = value;
    }
}

}  // namespace kn
