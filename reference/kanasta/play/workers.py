"""How many worker processes a run over processes starts (``--jobs N``), decided in one place.

Every command that spreads work over processes (``kanasta bench``, ``kanasta native-check``,
the native self-play of ``bench --engine native``) asks :func:`get_workers`: never more
processes than there are pieces of work, and a number far beyond the machine's processors
refused in one line, before any process starts. The module implements no clause.
"""

from __future__ import annotations

import os

from kanasta.errors import InputError

__all__ = ["MOST_JOBS_PER_PROCESSOR", "get_processors", "get_workers"]

MOST_JOBS_PER_PROCESSOR = 4
"""``--jobs`` may ask at most this many processes per processor of the machine: more only
wait for each other, and each costs its memory."""


def get_processors() -> int:
    """The processors this process may run on (at least 1)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def get_workers(jobs: object, work: int, flag: str = "--jobs") -> int:
    """The worker processes for ``work`` pieces of work (hands, chunks, tasks) when ``jobs``
    were asked: ``min(jobs, work)``, and 1 when there is no work (1: the caller works in
    its own process, starting none).

    ``jobs`` must be a whole number from 1 to :data:`MOST_JOBS_PER_PROCESSOR` times the
    processors (:func:`get_processors`); otherwise :class:`~kanasta.errors.InputError`
    says so in one line, naming ``flag``."""
    if isinstance(jobs, bool) or not isinstance(jobs, int):
        raise InputError(f"{flag} must be a whole number of processes, not {jobs!r}.")
    if jobs < 1:
        raise InputError(f"{flag} must be at least 1, not {jobs}.")
    processors = get_processors()
    most = MOST_JOBS_PER_PROCESSOR * processors
    if jobs > most:
        raise InputError(
            f"{flag} {jobs} asks more than {MOST_JOBS_PER_PROCESSOR} processes for each of the "
            f"{processors} processor(s) here; more only wait for each other: ask {most} or "
            "fewer."
        )
    return max(1, min(jobs, work))
