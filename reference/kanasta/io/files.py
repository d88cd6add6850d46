"""Writing output files: the one door every ``kanasta`` writer goes through.

A writer writes a new file, or replaces a regular file, whole or not at all (a temporary
file beside it, renamed into place). Anything else standing at the path (a symbolic link,
a FIFO, a device node such as ``/dev/null``, a socket, a folder) is refused with one line
before any work is done: renaming over it would replace the link or the device itself.
Two outputs on one path, or an output on an input of the same command, are refused too.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Sequence
from pathlib import Path

from kanasta.errors import InputError

__all__ = ["check_output_path", "refuse_same_paths", "write_file"]


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


_KINDS = (
    (stat.S_ISLNK, "a symbolic link"),
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def _kind(mode: int) -> str:
    for test, name in _KINDS:
        if test(mode):
            return name
    return "not a regular file"


def check_output_path(path: Path, what: str) -> None:
    """Refuse an output path that is neither a new path nor a regular file, or whose
    folder does not exist: one line naming the path and what stands there."""
    folder = path.parent
    if not folder.is_dir():
        raise InputError(f"{path}: cannot write the {what}: the folder {folder} does not exist.")
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return
    except OSError as exc:
        raise InputError(f"{path}: cannot write the {what}: {exc.strerror or exc}.") from None
    if not stat.S_ISREG(mode):
        raise InputError(
            f"{path}: cannot write the {what}: it is {_kind(mode)}; kanasta writes only a "
            "new file or over a regular file, so nothing was written."
        )


def _same(first: Path, second: Path) -> bool:
    if first.resolve() == second.resolve():
        return True
    try:
        return first.exists() and second.exists() and first.samefile(second)
    except OSError:
        return False


def refuse_same_paths(
    outputs: Sequence[tuple[Path | None, str]], inputs: Sequence[tuple[Path | None, str]] = ()
) -> None:
    """Refuse two outputs on one file, or an output on one of the command's inputs
    (compared as resolved paths, and as the same file when both exist)."""
    given = [(p, w) for p, w in outputs if p is not None]
    read = [(p, w) for p, w in inputs if p is not None]
    for number, (path, what) in enumerate(given):
        for source, source_what in read:
            if _same(path, source):
                raise InputError(
                    f"{path}: the {what} would overwrite the {source_what} it is made from "
                    f"({source}); choose another path, nothing was written."
                )
        for other, other_what in given[number + 1 :]:
            if _same(path, other):
                raise InputError(
                    f"{path}: the {what} and the {other_what} ({other}) are one file; one would "
                    "replace the other, so nothing was written: give each its own path."
                )


def write_file(path: Path, data: str | bytes, what: str) -> None:
    """Write ``data`` (text as UTF-8) to ``path`` whole or not at all: through a temporary
    file in the same folder, renamed into place, so a failure leaves what was there
    untouched. Only a new path or a regular file is written (:func:`check_output_path`).

    Lone surrogates are written as JSON-style escapes; a failure is an
    :class:`InputError` naming the path.
    """
    check_output_path(path, what)
    raw = data.encode("utf-8", "backslashreplace") if isinstance(data, str) else data
    try:
        mode = path.stat().st_mode & 0o777 if path.is_file() else 0o666 & ~_umask()
        handle, temporary = tempfile.mkstemp(
            dir=path.parent, prefix=f".{path.name}.", suffix=".tmp"
        )
    except OSError as exc:
        raise InputError(f"{path}: cannot write the {what}: {exc.strerror or exc}.") from None
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(raw)
        os.chmod(temporary, mode)
        check_output_path(path, what)  # nothing but a regular file came to stand there since
        os.replace(temporary, path)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        if isinstance(exc, OSError):
            raise InputError(f"{path}: cannot write the {what}: {exc.strerror or exc}.") from None
        raise
