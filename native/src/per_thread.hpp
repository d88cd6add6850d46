// Per-thread storage: the listing's buffers and tables (actions.cpp, options.cpp, melds.cpp),
// the remembered meld verdicts (play.cpp) and the scratch states (turn.hpp). It implements
// no clause.
#pragma once

namespace kn {

// The calling thread's own T, one per type (name a struct for each use). Not inlined: in a
// shared library every use of an inlined thread_local's address may become a call to
// __tls_get_addr (GCC recomputes that address rather than keep it in a register), whereas
// the reference this function returns is an ordinary pointer, looked up once per call.
template <class T>
[[gnu::noinline]] T& per_thread() {
    thread_local T value;
    return value;
}

}  // namespace kn
