"""Suite strength: mutation testing of the rule modules against the conformance suite alone.

A mutant is the reference engine with one small change (an operator of
cosmic-ray: a comparison, a boolean, a number, an arithmetic operator, ``and``/
``or``, ``not``, a ``break``/``continue``, an ``except`` clause...). It is
*killed* when some fixture fails against it, through the in-process runner
(``tools/mutation_suite.py``), and *survives* when the whole suite passes. The
unit tests play no part: the score says how much a foreign engine that passes the
suite can still be wrong.

Each mutant is applied to a scratch copy of the package (the checkout is never
written) and judged in a child process. A seeded sample keeps a run to minutes on
a 2-core machine; the score comes with its 95% Wilson interval. What is left out,
and why, is in ``docs/strength.rst``: the display, JSON and notation functions
(``DISPLAY``), positions in type annotations and ``__all__``, and the
remove-decorator operator. Known equivalent mutants are listed, each with its
argument, in ``conformance/mutation/equivalent.txt`` and leave the denominator.

Per family, the same child plays the differential play oracle
(``tools/mutation_oracle.py``): a family whose oracle answers differently under
the mutant has an input where the mutant is wrong, so the family's score is the
share of the mutants it can tell at all (killed by its fixtures or observed by
its oracle) that its fixtures kill. ``--jobs N`` runs N mutants at once.

    python tools/mutation.py [--sample N] [--seed S] [--modules melds,turn] [--out DIR]
                             [--jobs N] [--no-oracle]
    python tools/mutation.py --list          # the population per module, nothing run
"""

from __future__ import annotations

import argparse
import ast
import difflib
import hashlib
import json
import math
import os
import queue
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

from kanasta.conformance.loader import load_fixtures
from kanasta.conformance.model import JsonObject
from kanasta.conformance.runner import reference_dealer
from kanasta.families import FAMILY_MODULES
from kanasta.specdoc.spec import load_spec
from mutation_oracle import FAMILIES as ORACLE_FAMILIES
from mutation_suite import FrozenSuite, get_oracle_limit, save_suite

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ROOT / "tools"
PACKAGE = ROOT / "reference" / "kanasta"
EQUIVALENT_FILE = ROOT / "conformance" / "mutation" / "equivalent.txt"
DEFAULT_OUT = ROOT / "conformance" / "mutation"

FAMILY_MUTATION_MODULES: tuple[str, ...] = tuple(
    f"family_{m.__name__.rsplit('.', 1)[-1]}" for m in FAMILY_MODULES
)
"""The family modules (``families/<name>.py``: each family's profile and the clauses that
are its data), one mutation module each, from the families' registry (a new family is
mutated without a change here)."""

RULE_MODULES: tuple[str, ...] = (
    "melds",
    "canasta",
    "opening",
    "turn",
    "going_out",
    "scoring",
    "game",
    "deal",
    "profiles",
    *FAMILY_MUTATION_MODULES,
)
"""The rule modules. ``candidates`` (the speed layer) is opt-in: see docs/strength.rst."""

MODULE_FILES: dict[str, str] = {
    "canasta": "rules/canastas",
    "profiles": "rules/families",
    "candidates": "fast/candidates",
    **{name: "families/" + name.removeprefix("family_") for name in FAMILY_MUTATION_MODULES},
}
"""Where a module's file lies under the package, when not at ``rules/<module>.py`` (the
mutant keys keep the module names they were recorded under)."""


def module_file(package: Path, module: str) -> Path:
    """The source file of a module of the mutation population under ``package``."""
    return package / f"{MODULE_FILES.get(module, 'rules/' + module)}.py"


DISPLAY = re.compile(
    r"^(format.*|describe.*|.*_to_json|.*_from_json|to_json|__str__|__repr__|_kind_name|_replay)$"
)
"""Functions that print, read or write notation and JSON (not rules): never mutated."""

INPUT_CHECK = (
    "a check of malformed input: a fixture states well-formed requests only, and an error "
    "answer is never a pass"
)

NOT_REACHED: dict[str, dict[str, str]] = {
    "game": {
        "new_game": "the game loop of `kanasta play` and `replay`",
        "apply_game_action": "the game loop of `kanasta play` and `replay`",
        "_start_hand": "the game loop of `kanasta play` and `replay`",
        "Game.number": "the game loop of `kanasta play` and `replay`",
        "Game.over": "the game loop of `kanasta play` and `replay`",
    },
    "deal": {
        "get_next_seat_side": "a word of the `kanasta play` log",
        "check_seed": INPUT_CHECK,
        "check_deal": INPUT_CHECK,
    },
    "melds": {
        "Meld.size": "read by the speed layer (candidates) only",
        "Meld.high": "read by the test strategies only",
    },
    "scoring": {"TeamScore.get": "read by the score sheet's text only"},
    "profiles": {
        "RulesProfile.deck_size": "read by stock_size only",
        "RulesProfile.stock_size": "no caller in the engine: the deal counts the stock it leaves",
    },
}
"""Functions of the rule modules that no conformance request reaches (checked by reading
their callers): the game request plays its hands through ``get_game_after_hand`` and the
engine facade, not through the interactive game loop. Left out, and listed on the page."""

EXCLUDED_OPERATORS = frozenset({"core/RemoveDecorator"})
"""Removing a decorator here removes a ``dataclass`` (every fixture fails at once) or
a cache (no change): it says nothing about the suite."""

Z95 = 1.959963984540054


# -- the population ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Function:
    """A function of a module: where it is, its dotted name and the clauses it cites."""

    start: int
    end: int
    name: str
    qualname: str
    slugs: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Mutant:
    """One mutation: an operator's n-th site in a module."""

    module: str
    operator: str
    occurrence: int
    line: int
    col: int
    function: str
    slugs: tuple[str, ...]


@dataclass(slots=True)
class Outcome:
    """What became of one sampled mutant."""

    mutant: Mutant
    status: str  # killed | survived | equivalent | no-mutation | error
    key: str = ""
    diff: str = ""
    killed_by: list[str] = field(default_factory=list)
    seconds: float = 0.0
    oracle: dict[str, str] = field(default_factory=dict)
    """Per family: ``same``, ``differs``, ``crash: ...``, ``timeout`` or ``not run``."""
    first_difference: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Per family whose oracle observes the mutant: the first event that differs."""
    oracle_cpu: float = 0.0
    """Processor seconds the oracle took in the child (all families)."""

    def is_killed_in(self, family: str) -> bool:
        """Whether ``family``'s fixtures fail (a crash or a time-out fails them all)."""
        return self.status == "killed" and (
            family in self.killed_by or bool({"crash", "timeout"} & set(self.killed_by))
        )

    def is_observed_in(self, family: str) -> bool:
        """Whether ``family``'s oracle tells the mutant from the pristine code."""
        return self.oracle.get(family, "same") not in ("same", "not run")


_SLUG_LINE = re.compile(r"^\s*([a-z0-9]+(?:-[a-z0-9]+)*(?:\s*,\s*[a-z0-9]+(?:-[a-z0-9]+)*)*)\s*:")


def get_docstring_slugs(doc: str | None, known: frozenset[str]) -> tuple[str, ...]:
    """The clause slugs a docstring cites where a paragraph opens with ``slug[, slug]:``."""
    if not doc:
        return ()
    found: list[str] = []
    for line in doc.splitlines():
        match = _SLUG_LINE.match(line)
        if match is None:
            continue
        for slug in (s.strip() for s in match.group(1).split(",")):
            if slug in known and slug not in found:
                found.append(slug)
    return tuple(found)


def _functions(tree: ast.Module, known: frozenset[str]) -> list[Function]:
    found: list[Function] = []

    def walk(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                qual = f"{prefix}{child.name}"
                slugs = get_docstring_slugs(ast.get_docstring(child), known)
                end = child.end_lineno if child.end_lineno is not None else child.lineno
                start = min([child.lineno, *(d.lineno for d in child.decorator_list)])
                found.append(Function(start, end, child.name, qual, slugs))
                walk(child, f"{qual}.")
            else:
                walk(child, prefix)

    walk(tree, "")
    return found


def _skipped_spans(tree: ast.Module) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Annotations, ``__all__`` and ``if TYPE_CHECKING:`` blocks: no behaviour lives there."""
    spans: list[tuple[tuple[int, int], tuple[int, int]]] = []

    def add(node: ast.AST | None) -> None:
        if node is None:
            return
        end_line = getattr(node, "end_lineno", None)
        end_col = getattr(node, "end_col_offset", None)
        if end_line is None or end_col is None:
            return
        spans.append(
            ((getattr(node, "lineno", 0), getattr(node, "col_offset", 0)), (end_line, end_col))
        )

    for node in ast.walk(tree):
        if isinstance(node, ast.arg):
            add(node.annotation)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            add(node.returns)
        elif isinstance(node, ast.AnnAssign):
            add(node.annotation)
            if isinstance(node.target, ast.Name) and node.target.id == "__all__":
                add(node)
        elif isinstance(node, ast.Assign):
            if any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
                add(node)
        elif isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            add(node)
    return spans


def _inside(pos: tuple[int, int], spans: list[tuple[tuple[int, int], tuple[int, int]]]) -> bool:
    return any(start <= pos < end for start, end in spans)


def _known_slugs() -> frozenset[str]:
    return frozenset(c.slug for c in load_spec(ROOT / "spec"))


def get_population(package: Path, modules: Sequence[str], known: frozenset[str]) -> list[Mutant]:
    """Every mutant of the modules that the filters keep, in a stable order."""
    import cosmic_ray.plugins  # type: ignore[import-untyped, import-not-found, unused-ignore]  # noqa: PLC0415
    from cosmic_ray.ast import (  # type: ignore[import-untyped, import-not-found, unused-ignore]  # noqa: PLC0415
        ast_nodes,
        get_ast_from_path,
    )

    operators = []
    for name in cosmic_ray.plugins.operator_names():
        cls = cosmic_ray.plugins.get_operator(name)
        if name in EXCLUDED_OPERATORS or cls.arguments():
            continue
        operators.append((name, cls()))
    population: list[Mutant] = []
    for module in modules:
        path = module_file(package, module)
        source = path.read_text(encoding="utf-8")
        tree = ast.parse(source)
        functions = _functions(tree, known)
        spans = _skipped_spans(tree)
        parso_tree = get_ast_from_path(path)
        nodes = list(ast_nodes(parso_tree))
        for op_name, operator in operators:
            occurrence = 0
            for node in nodes:
                for start, _end in operator.mutation_positions(node):
                    here = occurrence
                    occurrence += 1
                    pos = (start[0], start[1])
                    enclosing = [f for f in functions if f.start <= pos[0] <= f.end]
                    if any(DISPLAY.match(f.name) for f in enclosing):
                        continue
                    unreached = NOT_REACHED.get(module, {})
                    if any(f.qualname in unreached for f in enclosing):
                        continue
                    if _inside(pos, spans):
                        continue
                    inner = max(enclosing, key=lambda f: f.start, default=None)
                    slugs: tuple[str, ...] = ()
                    for f in sorted(enclosing, key=lambda f: -f.start):
                        if f.slugs:
                            slugs = f.slugs
                            break
                    population.append(
                        Mutant(
                            module=module,
                            operator=op_name.removeprefix("core/"),
                            occurrence=here,
                            line=pos[0],
                            col=pos[1],
                            function=inner.qualname if inner is not None else "<module>",
                            slugs=slugs,
                        )
                    )
    return population


def draw_sample(population: Sequence[Mutant], size: int, seed: int) -> list[Mutant]:
    """A seeded simple random sample (all of them when ``size`` is 0 or too large)."""
    if size <= 0 or size >= len(population):
        return list(population)
    return sorted(
        random.Random(seed).sample(list(population), size),
        key=lambda m: (m.module, m.operator, m.occurrence),
    )


# -- scores --------------------------------------------------------------------------------------


def wilson(killed: int, total: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``killed / total`` (0..1)."""
    if total <= 0:
        return (0.0, 1.0)
    p = killed / total
    denom = 1 + z * z / total
    centre = (p + z * z / (2 * total)) / denom
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def get_score(outcomes: Sequence[Outcome]) -> dict[str, Any]:
    """Killed over killed + survived (equivalent mutants and non-mutations left out)."""
    killed = sum(1 for o in outcomes if o.status == "killed")
    survived = sum(1 for o in outcomes if o.status == "survived")
    equivalent = sum(1 for o in outcomes if o.status == "equivalent")
    errors = sum(1 for o in outcomes if o.status in ("error", "no-mutation"))
    total = killed + survived
    low, high = wilson(killed, total)
    return {
        "sampled": len(outcomes),
        "killed": killed,
        "survived": survived,
        "equivalent": equivalent,
        "not_run": errors,
        "score": killed / total if total else None,
        "ci95": [low, high],
    }


JUDGED = ("killed", "survived", "equivalent")
"""The statuses of mutants that ran (the others did not mutate or did not run)."""


def get_family_score(outcomes: Sequence[Outcome], family: str) -> dict[str, Any]:
    """The score of one family's fixtures over the mutants that family can tell at all.

    killed: the family's fixtures fail; observed: the family's oracle differs; seen:
    either. The score is killed / seen; a survivor is observed and not killed (an input
    of the family where the mutant answers otherwise, that no fixture of the family
    gives); the rest are not seen in the family (counted only). Listed equivalents take
    part: the evidence decides here, not the triage (an observed one contradicts its line).
    """
    ran = [o for o in outcomes if o.status in JUDGED]
    killed = [o for o in ran if o.is_killed_in(family)]
    observed = [o for o in ran if o.is_observed_in(family)]
    seen = [o for o in ran if o.is_killed_in(family) or o.is_observed_in(family)]
    survivors = [o for o in seen if not o.is_killed_in(family)]
    low, high = wilson(len(killed), len(seen))
    return {
        "killed": len(killed),
        "observed": len(observed),
        "seen": len(seen),
        "survived": len(survivors),
        "not_seen": len(ran) - len(seen),
        "score": len(killed) / len(seen) if seen else None,
        "ci95": [low, high],
        "survivors": [o.key for o in survivors],
    }


def read_equivalent(path: Path = EQUIVALENT_FILE) -> dict[str, str]:
    """Known equivalent mutants: ``key  argument`` a line (``#`` starts a comment)."""
    known: dict[str, str] = {}
    if not path.is_file():
        return known
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, _, why = line.partition(" ")
        known[key] = why.strip()
    return known


def mutant_key(mutant: Mutant, diff: str) -> str:
    """A name for a mutant that survives edits elsewhere in its module: module, function,
    operator and a digest of the changed lines."""
    changed = [
        line[1:].strip()
        for line in diff.splitlines()
        if line[:1] in "+-" and not line.startswith(("+++", "---"))
    ]
    digest = hashlib.sha1("\n".join(changed).encode()).hexdigest()[:8]
    return f"{mutant.module}:{mutant.function}:{mutant.operator}:{digest}"


def get_stale_equivalent(population: Sequence[Mutant], equivalent: dict[str, str]) -> list[str]:
    """The keys of ``equivalent`` that name no mutant of ``population`` any more (the code
    they argue about changed or went). Only the functions the keys name are mutated."""
    from cosmic_ray.mutating import (  # type: ignore[import-untyped, import-not-found, unused-ignore]  # noqa: PLC0415
        mutate_code,
    )
    from cosmic_ray.plugins import (  # type: ignore[import-untyped, import-not-found, unused-ignore]  # noqa: PLC0415
        get_operator,
    )

    named = {":".join(key.split(":")[:2]) for key in equivalent}
    found: set[str] = set()
    sources: dict[str, str] = {}
    for mutant in population:
        if f"{mutant.module}:{mutant.function}" not in named:
            continue
        if mutant.module not in sources:
            sources[mutant.module] = module_file(PACKAGE, mutant.module).read_text(encoding="utf-8")
        original = sources[mutant.module]
        operator = get_operator(f"core/{mutant.operator}")()
        mutated = mutate_code(original, operator, mutant.occurrence)
        if mutated is None:
            continue
        diff = "\n".join(
            difflib.unified_diff(original.split("\n"), mutated.split("\n"), lineterm="", n=0)
        )
        found.add(mutant_key(mutant, diff))
    return sorted(set(equivalent) - found)


# -- running -------------------------------------------------------------------------------------


def _git(*args: str) -> str:
    try:
        out = subprocess.run(
            ["git", *args], cwd=ROOT, capture_output=True, text=True, check=False, timeout=30
        )
    except OSError:
        return ""
    return out.stdout.strip()


def _prepare_scratch(folder: Path) -> Path:
    """A copy of the package under ``folder/reference`` beside links to spec and fixtures."""
    (folder / "reference").mkdir()
    package = folder / "reference" / "kanasta"
    shutil.copytree(PACKAGE, package, ignore=shutil.ignore_patterns("__pycache__", "_data"))
    for name in ("spec", "conformance"):
        (folder / name).symlink_to(ROOT / name, target_is_directory=True)
    return package


def _freeze_suite(path: Path, fixtures: Path) -> int:
    """Load the fixtures and deal their seeded setups with the pristine code; pickle them."""
    loaded = load_fixtures([fixtures])
    if loaded.problems:
        raise SystemExit("the fixtures do not load:\n" + "\n".join(loaded.problems))
    dealer = reference_dealer()
    deals: dict[tuple[str, int, tuple[str, ...]], JsonObject] = {}
    for fixture in loaded.fixtures:
        setup = fixture.setup
        if setup is not None and setup.state is None and setup.seed is not None and dealer:
            features = tuple(fixture.features)
            dealt = dealer(fixture.variant, setup.seed, features)
            if dealt is not None:
                deals[(fixture.variant, setup.seed, features)] = dealt
    save_suite(FrozenSuite(loaded.fixtures, deals), path)
    return len(loaded.fixtures)


def _run_child(command: list[str], env: dict[str, str], timeout: float) -> tuple[int, str]:
    """Run a child; its exit code (-1: timed out) and its output (what it wrote before a
    time-out too, so that a finished first line still counts)."""
    with tempfile.TemporaryFile("w+", encoding="utf-8") as out:
        with subprocess.Popen(command, env=env, stdout=out, stderr=subprocess.STDOUT) as child:
            try:
                code = child.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                child.kill()
                child.wait()
                code = -1
        out.seek(0)
        return (code, out.read())


def _read_child(
    code: int, output: str, families: Sequence[str]
) -> tuple[list[str] | None, dict[str, str], dict[str, dict[str, Any]], float]:
    """The variants whose fixtures failed (``None``: the suite passed), and the oracle's
    verdict per family.

    The suite's own line decides when the child wrote it: a child that the oracle
    held past the time limit, after the suite passed, does not kill its mutant."""
    lines = output.splitlines()
    first = lines[0] if lines else ""
    suite: dict[str, Any] = {}
    if first.startswith("{"):
        try:
            suite = json.loads(first)
        except json.JSONDecodeError:  # cut short by a time-out
            suite = {}
    passed = bool(suite.get("passed", code == 0))
    killed_by: list[str] | None = None
    if not passed:
        if "crash" in suite:
            killed_by = ["crash"]
        elif suite.get("variants"):
            killed_by = list(suite["variants"])
        else:
            killed_by = ["timeout" if code == -1 else "crash"]
    oracle: dict[str, str] = {}
    first_difference: dict[str, dict[str, Any]] = {}
    found: dict[str, Any] = {}
    for line in lines[1:]:
        if line.startswith('{"oracle"'):
            try:
                found = json.loads(line)["oracle"]
            except json.JSONDecodeError:  # cut short by a time-out
                found = {}
    for family in families:
        entry = found.get(family)
        if entry is None:
            oracle[family] = "timeout" if code == -1 else "crash: no oracle answer"
        elif entry["status"] != "ok":
            oracle[family] = str(entry["status"])
        else:
            oracle[family] = "differs" if entry.get("differs") else "same"
        if entry is not None and entry.get("first_difference") and oracle[family] != "same":
            first_difference[family] = entry["first_difference"]
    cpu = sum(float(e.get("cpu_seconds", 0.0)) for e in found.values())
    return killed_by, oracle, first_difference, cpu


def _child_command(suite_file: Path, oracle_file: Path | None, mode: str) -> list[str]:
    command = [sys.executable, str(TOOLS / "mutation_suite.py"), str(suite_file)]
    if oracle_file is not None:
        command += [mode, str(oracle_file)]
    return command


def run_mutants(
    sample: Sequence[Mutant],
    packages: Sequence[Path],
    suite_file: Path,
    equivalent: dict[str, str],
    timeout: float,
    progress: bool = True,
    oracle_file: Path | None = None,
) -> Iterator[Outcome]:
    """Apply each mutant to a scratch package, run the suite (and the oracle, with its
    pristine record ``oracle_file``), and say what became of it.

    One mutant runs at a time in each package of ``packages`` (``--jobs``); the
    outcomes come in the order of ``sample`` whatever the order they end in.
    """
    from cosmic_ray.mutating import (  # type: ignore[import-untyped, import-not-found, unused-ignore]  # noqa: PLC0415
        mutate_code,
    )
    from cosmic_ray.plugins import (  # type: ignore[import-untyped, import-not-found, unused-ignore]  # noqa: PLC0415
        get_operator,
    )

    families = ORACLE_FAMILIES if oracle_file is not None else ()
    command = _child_command(suite_file, oracle_file, "--oracle-reference")
    free: queue.Queue[Path] = queue.Queue()
    for package in packages:
        free.put(package)
    parse_lock = threading.Lock()
    print_lock = threading.Lock()
    sources = {m.module: module_file(PACKAGE, m.module).read_text(encoding="utf-8") for m in sample}

    def judge(number: int, mutant: Mutant) -> Outcome:
        started = time.perf_counter()
        original = sources[mutant.module]
        with parse_lock:  # parso and the operators are not known to be thread-safe
            operator = get_operator(f"core/{mutant.operator}")()
            mutated = mutate_code(original, operator, mutant.occurrence)
        if mutated is None:
            outcome = Outcome(mutant, "no-mutation")
        else:
            diff = "\n".join(
                difflib.unified_diff(original.split("\n"), mutated.split("\n"), lineterm="", n=0)
            )
            key = mutant_key(mutant, diff)
            package = free.get()
            path = module_file(package, mutant.module)
            try:
                path.write_text(mutated, encoding="utf-8")
                env = dict(os.environ, PYTHONPATH=str(package.parent), PYTHONDONTWRITEBYTECODE="1")
                code, output = _run_child(command, env, timeout)
            finally:
                path.write_text(original, encoding="utf-8")
                free.put(package)
            killed_by, oracle, first, cpu = _read_child(code, output, families)
            if killed_by is None:
                status = "equivalent" if key in equivalent else "survived"
                outcome = Outcome(mutant, status, key, diff)
            else:
                outcome = Outcome(mutant, "killed", key, diff, killed_by)
            outcome.oracle = oracle
            outcome.first_difference = first
            outcome.oracle_cpu = cpu
        outcome.seconds = time.perf_counter() - started
        if progress:
            seen = [f for f in families if outcome.is_observed_in(f)]
            with print_lock:
                print(
                    f"[{number}/{len(sample)}] {outcome.status:<10} {mutant.module}:{mutant.line} "
                    f"{mutant.operator} ({mutant.function})"
                    + (f" observed: {' '.join(seen)}" if seen else ""),
                    file=sys.stderr,
                    flush=True,
                )
        return outcome

    pool = ThreadPoolExecutor(max_workers=max(1, len(packages)))
    try:
        yield from pool.map(judge, range(1, len(sample) + 1), sample)
    finally:  # a stop (SIGTERM, Ctrl-C) waits for the running mutants only
        pool.shutdown(wait=True, cancel_futures=True)


# -- reports -------------------------------------------------------------------------------------


def _pct(value: float | None) -> str:
    return "n/a" if value is None else f"{100 * value:.1f}%"


def build_report(
    outcomes: Sequence[Outcome],
    population: Mapping[str, int],
    meta: dict[str, Any],
    modules: Sequence[str],
    families: Sequence[str] = (),
) -> dict[str, Any]:
    """The result as JSON: meta, overall, per-module and per-family scores, survivors by
    clause, split by whether some family's oracle observes them. ``population`` counts the
    mutants of each module the sample was drawn from."""
    per_module: dict[str, Any] = {}
    for module in modules:
        mine = [o for o in outcomes if o.mutant.module == module]
        entry = get_score(mine)
        entry["population"] = population.get(module, 0)
        per_module[module] = entry
    survivors: list[dict[str, Any]] = [
        {
            "key": o.key,
            "module": o.mutant.module,
            "line": o.mutant.line,
            "function": o.mutant.function,
            "operator": o.mutant.operator,
            "clauses": list(o.mutant.slugs),
            "diff": [
                line
                for line in o.diff.splitlines()
                if line[:1] in "+-" and not line.startswith(("+++", "---"))
            ],
            "observed_by": [f for f in families if o.is_observed_in(f)],
            "first_difference": {
                f: o.first_difference[f] for f in families if f in o.first_difference
            },
        }
        for o in outcomes
        if o.status == "survived"
    ]
    by_clause: dict[str, list[str]] = {}
    for entry in survivors:
        slugs: list[str] = list(entry["clauses"]) or ["(no clause cited)"]
        for slug in slugs:
            by_clause.setdefault(slug, []).append(str(entry["key"]))
    killed = [o for o in outcomes if o.status == "killed"]
    killed_by: dict[str, int] = {}
    for o in killed:
        for name in o.killed_by:
            killed_by[name] = killed_by.get(name, 0) + 1
    total = get_score(outcomes)
    total["population"] = sum(population.values())
    return {
        "meta": meta,
        "total": total,
        "modules": per_module,
        "families": {f: get_family_score(outcomes, f) for f in families},
        "killed_by_family": dict(sorted(killed_by.items())),
        "survivors_observed": [s["key"] for s in survivors if s["observed_by"]],
        "survivors_unobserved": [s["key"] for s in survivors if not s["observed_by"]],
        "equivalent_observed": sorted(
            o.key
            for o in outcomes
            if o.status == "equivalent" and any(o.is_observed_in(f) for f in families)
        ),
        "survivors": survivors,
        "outcomes": [
            {
                "key": o.key,
                "module": o.mutant.module,
                "line": o.mutant.line,
                "operator": o.mutant.operator,
                "status": o.status,
                "killed_by": o.killed_by,
                "oracle": o.oracle,
            }
            for o in outcomes
        ],
        "survivors_by_clause": dict(sorted(by_clause.items())),
        "equivalent_seen": sorted(o.key for o in outcomes if o.status == "equivalent"),
    }


def retriage(report: dict[str, Any], equivalent: Mapping[str, str]) -> dict[str, Any]:
    """A finished run's report with its survivors triaged by today's ``equivalent``: a
    survivor listed there counts as equivalent, a mutant counted equivalent whose line has
    gone counts as a survivor. The verdicts stay those of the run (the fixtures of its
    commit), so a fresh sample triaged this way is an honest estimate of the score."""
    details = {s["key"]: s for s in report["survivors"]}
    families = tuple(report["families"])
    outcomes: list[Outcome] = []
    for entry in report["outcomes"]:
        key = str(entry["key"])
        status = str(entry["status"])
        if status == "survived" and key in equivalent:
            status = "equivalent"
        elif status == "equivalent" and key not in equivalent:
            status = "survived"
        detail = details.get(key, {})
        parts = key.split(":")
        mutant = Mutant(
            module=str(entry["module"]),
            operator=str(entry["operator"]),
            occurrence=-1,
            line=int(entry["line"]),
            col=0,
            function=str(detail.get("function", parts[1] if len(parts) > 1 else "")),
            slugs=tuple(detail.get("clauses", ())),
        )
        diff = "\n".join(detail.get("diff", ()))
        outcomes.append(
            Outcome(
                mutant,
                status,
                key=key,
                diff=diff,
                killed_by=list(entry["killed_by"]),
                oracle=dict(entry["oracle"]),
                first_difference=dict(detail.get("first_difference", {})),
            )
        )
    meta = dict(report["meta"])
    meta["triaged"] = datetime.now(UTC).isoformat(timespec="seconds")
    label = f"survivors triaged {meta['triaged'][:10]} by equivalent.txt"
    meta["label"] = f"{meta['label']}; {label}" if meta.get("label") else label
    population = {m: int(e["population"]) for m, e in report["modules"].items()}
    return build_report(outcomes, population, meta, list(report["modules"]), families)


def format_report(report: dict[str, Any]) -> str:
    """The result as text (what docs/strength.rst includes)."""
    meta = report["meta"]
    total = report["total"]
    low, high = total["ci95"]
    label = f"  ({meta['label']})" if meta.get("label") else ""
    lines = [
        f"commit {meta['commit']}  date {meta['date']}  seed {meta['seed']}{label}",
        f"sample {total['sampled']} of {total['population']} mutants, "
        f"{meta['seconds']:.0f} s, {meta['fixtures']} fixtures (the suite alone)",
        f"score {_pct(total['score'])} killed ({total['killed']} killed, "
        f"{total['survived']} survived, {total['equivalent']} equivalent, "
        f"{total['not_run']} not run); 95% Wilson interval {_pct(low)} .. {_pct(high)}",
    ]
    if meta.get("oracle"):
        lines.append(
            f"play oracle: {meta['oracle_cpu_seconds_per_mutant']:.2f} s of processor time per "
            f"mutant (four families); {meta['jobs']} job(s)"
        )
    lines += [
        "",
        f"{'module':<11} {'population':>10} {'sampled':>7} {'killed':>6} {'survived':>8} "
        f"{'equiv':>5} {'score':>7}  95% interval",
    ]
    for module, entry in report["modules"].items():
        lo, hi = entry["ci95"]
        lines.append(
            f"{module:<11} {entry['population']:>10} {entry['sampled']:>7} {entry['killed']:>6} "
            f"{entry['survived']:>8} {entry['equivalent']:>5} {_pct(entry['score']):>7}  "
            f"{_pct(lo)} .. {_pct(hi)}"
        )
    families = report.get("families", {})
    if families:
        lines += [
            "",
            "per family: killed by the family's fixtures, observed by its play oracle, seen = "
            "either; score = killed / seen",
            f"{'family':<11} {'killed':>6} {'observed':>8} {'seen':>5} {'survived':>8} "
            f"{'not seen':>8} {'score':>7}  95% interval",
        ]
        for family, entry in families.items():
            lo, hi = entry["ci95"]
            lines.append(
                f"{family:<11} {entry['killed']:>6} {entry['observed']:>8} {entry['seen']:>5} "
                f"{entry['survived']:>8} {entry['not_seen']:>8} {_pct(entry['score']):>7}  "
                f"{_pct(lo)} .. {_pct(hi)}"
            )
    lines += ["", "killed mutants, by the variants whose fixtures failed:"]
    for name, count in report["killed_by_family"].items():
        lines.append(f"  {name:<10} {count}")
    lines += ["", "survivors by clause:"]
    for slug, keys in report["survivors_by_clause"].items():
        lines.append(f"  {slug}: {len(keys)}")
        for key in keys:
            lines.append(f"    {key}")
    if families:
        observed = report["survivors_observed"]
        unobserved = report["survivors_unobserved"]
        lines += ["", f"survivors some family's oracle observes (definite gaps): {len(observed)}"]
        lines.extend(f"  {key}" for key in observed)
        lines += [
            "",
            f"survivors no oracle observes (candidates for equivalence, each still needing "
            f"an argument): {len(unobserved)}",
        ]
        lines.extend(f"  {key}" for key in unobserved)
        if report["equivalent_observed"]:
            lines += ["", "listed as equivalent, yet an oracle observes them (check the line):"]
            lines.extend(f"  {key}" for key in report["equivalent_observed"])
    lines += ["", "survivors (the changed line, - before, + after):"]
    for s in report["survivors"]:
        lines.append(f"  {s['key']}  ({s['module']}.py:{s['line']})")
        lines.extend(f"      {d.strip()}" for d in s["diff"])
        for family, first in s.get("first_difference", {}).items():
            lines.append(f"      first difference in {family}: {first['where']}")
            lines.append(f"        pristine {first['pristine'][:150]}")
            lines.append(f"        mutant   {first['mutant'][:150]}")
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--sample", type=int, default=500, help="mutants to run (0: all)")
    parser.add_argument("--seed", type=int, default=17, help="seed of the sample")
    parser.add_argument("--modules", default=",".join(RULE_MODULES), help="comma-separated")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="folder for result.*")
    parser.add_argument("--timeout", type=float, default=0.0, help="per mutant (0: from baseline)")
    parser.add_argument("--nice", type=int, default=10, help="lower the priority by this")
    parser.add_argument(
        "--label", default="", help="a note for the report's first line (e.g. which fixtures)"
    )
    parser.add_argument(
        "--fixtures",
        type=Path,
        default=ROOT / "conformance" / "fixtures",
        help="the fixture folder that judges the mutants (e.g. an older checkout's, to compare)",
    )
    parser.add_argument("--list", action="store_true", help="print the population and stop")
    parser.add_argument(
        "--match", default="", help="only mutants whose module:function:operator:line matches"
    )
    parser.add_argument("--quiet", action="store_true", help="no line per mutant")
    parser.add_argument(
        "--jobs", type=int, default=1, help="mutants run at once (each child at --nice)"
    )
    parser.add_argument(
        "--no-oracle", action="store_true", help="the suite alone: no per-family score"
    )
    parser.add_argument(
        "--retriage",
        type=Path,
        metavar="DIR",
        help="rescore the run in DIR/result.json with today's equivalent.txt (nothing is run) "
        "and write the result to --out",
    )
    parser.add_argument(
        "--stale-equivalent",
        action="store_true",
        help="list the lines of equivalent.txt that name no mutant any more, and stop",
    )
    args = parser.parse_args(argv)
    modules = [m.strip() for m in args.modules.split(",") if m.strip()]
    unknown = [m for m in modules if not module_file(PACKAGE, m).is_file()]
    if unknown:
        parser.error(f"no module {', '.join(unknown)} in {PACKAGE}")
    if args.retriage is not None:
        source = args.retriage / "result.json"
        try:
            old = json.loads(source.read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            parser.error(f"{source}: not a mutation result ({error})")
        if args.out == DEFAULT_OUT:
            parser.error("--retriage needs --out (a folder of its own)")
        print(write_report(retriage(old, read_equivalent()), args.out))
        return 0
    if args.nice > 0 and hasattr(os, "nice"):
        os.nice(args.nice)
    # A stop (SIGTERM) unwinds like an exception, so the scratch copy is removed.
    signal.signal(signal.SIGTERM, lambda signum, _frame: sys.exit(128 + signum))
    known = _known_slugs()
    population = get_population(PACKAGE, modules, known)
    if args.list:
        for module in modules:
            print(f"{module:<11} {sum(1 for m in population if m.module == module)}")
        print(f"{'all':<11} {len(population)}")
        return 0
    if args.stale_equivalent:
        stale = get_stale_equivalent(
            get_population(PACKAGE, RULE_MODULES, known), read_equivalent()
        )
        for key in stale:
            print(f"stale: {key}")
        print(f"{len(stale)} line(s) of {EQUIVALENT_FILE.name} name no mutant any more")
        return 1 if stale else 0
    if args.match:
        wanted = re.compile(args.match)
        population = [
            m for m in population if wanted.search(f"{m.module}:{m.function}:{m.operator}:{m.line}")
        ]
    sample = draw_sample(population, args.sample, args.seed)
    equivalent = read_equivalent()
    started = time.perf_counter()
    oracle_seconds: dict[str, float] = {}
    with tempfile.TemporaryDirectory(prefix="kanasta-mutation-") as scratch:
        folder = Path(scratch)
        packages = []
        for job in range(max(1, args.jobs)):
            (folder / f"job{job}").mkdir()
            packages.append(_prepare_scratch(folder / f"job{job}"))
        suite_file = folder / "suite.pickle"
        fixtures = _freeze_suite(suite_file, args.fixtures)
        oracle_file = None if args.no_oracle else folder / "oracle.pickle"
        env = dict(os.environ, PYTHONPATH=str(packages[0].parent), PYTHONDONTWRITEBYTECODE="1")
        command = _child_command(suite_file, oracle_file, "--oracle-out")
        t0 = time.perf_counter()
        code, output = _run_child(command, env, 300)
        baseline = time.perf_counter() - t0
        if code != 0:
            print(f"the suite fails without any mutant:\n{output}", file=sys.stderr)
            return 2
        if oracle_file is not None:
            pristine = json.loads(output.splitlines()[1])["oracle"]
            broken = {f: e["status"] for f, e in pristine.items() if e["status"] != "ok"}
            if broken:
                print(f"the oracle fails without any mutant: {broken}", file=sys.stderr)
                return 2
            oracle_seconds = {f: round(float(e["seconds"]), 3) for f, e in pristine.items()}
        timeout = args.timeout if args.timeout > 0 else max(20.0, 10 * baseline)
        # Each family's run stops by itself at its own limit: the child's limit leaves room
        # for all of them, so that a slow family does not cost the next ones their run.
        timeout += sum(get_oracle_limit(s) for s in oracle_seconds.values())
        outcomes = list(
            run_mutants(
                sample, packages, suite_file, equivalent, timeout, not args.quiet, oracle_file
            )
        )
    meta = {
        "commit": _git("rev-parse", "--short=12", "HEAD")
        + (
            "+dirty"
            if _git("status", "--porcelain", "--", "reference", "conformance/fixtures")
            else ""
        ),
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "seed": args.seed,
        "sample": args.sample,
        "modules": modules,
        "seconds": time.perf_counter() - started,
        "baseline_seconds": baseline,
        "jobs": max(1, args.jobs),
        "oracle_cpu_seconds_per_mutant": (
            sum(o.oracle_cpu for o in outcomes) / max(1, sum(1 for o in outcomes if o.oracle_cpu))
        ),
        "child_seconds_per_mutant": sum(o.seconds for o in outcomes) / max(1, len(outcomes)),
        "oracle": not args.no_oracle,
        "oracle_seconds": oracle_seconds,
        "timeout_seconds": timeout,
        "fixtures": fixtures,
        "fixture_folder": str(args.fixtures),
        "label": args.label,
        "tool": "cosmic-ray " + _cosmic_ray_version(),
        "excluded_operators": sorted(EXCLUDED_OPERATORS),
        "not_reached": {m: sorted(f) for m, f in NOT_REACHED.items()},
        "display_filter": DISPLAY.pattern,
    }
    report = build_report(
        outcomes,
        Counter(m.module for m in population),
        meta,
        modules,
        () if args.no_oracle else ORACLE_FAMILIES,
    )
    print(write_report(report, args.out))
    return 0


def write_report(report: dict[str, Any], out: Path) -> str:
    """Write ``result.json`` and ``result.txt`` into ``out``; the text is returned."""
    out.mkdir(parents=True, exist_ok=True)
    (out / "result.json").write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    text = format_report(report)
    (out / "result.txt").write_text(text, encoding="utf-8")
    return text


def _cosmic_ray_version() -> str:
    try:
        return version("cosmic-ray")
    except PackageNotFoundError:
        return "(not installed)"


if __name__ == "__main__":
    sys.exit(main())
