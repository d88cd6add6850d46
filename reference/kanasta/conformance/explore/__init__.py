"""Differential exploration beyond the fixtures (``kanasta conformance explore``).

The reference plays seeded hands of every family, player count and rule option; the
positions it reaches are sent to an implementation as protocol requests within its
handshake, the answers are compared with the reference's by the runner's own checks, and
each difference is shrunk to a small fixture that ``kanasta conformance run --fixtures``
runs. The parts:

* :mod:`~kanasta.conformance.explore.positions`: the targets (family and options), the
  seeded self-play and the policy that seeks the clauses the fixtures reach least;
* :mod:`~kanasta.conformance.explore.requests`: the requests a position becomes, with the
  reference's answers as expectations, and their comparison (:func:`run_fixture`);
* :mod:`~kanasta.conformance.explore.shrink`: delta debugging of a difference to a
  minimal fixture;
* :mod:`~kanasta.conformance.explore.driver`: chunks of positions, over processes or a
  Ray cluster, merged in chunk order; the summary and the fixture files.
"""

from __future__ import annotations
