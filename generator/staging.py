"""The output a build writes into (write.Output, or write.DryOutput for `rulepress check`),
started once every folder the build writes is known to be writable: a permission problem is
a content error naming the folder, before the output changes."""
from __future__ import annotations

import os
from pathlib import Path

from generator import cache as build_cache
from generator.errors import ContentError, ContentErrors


def start_output(output_dir: Path, dry: bool):
    """The staging output (`dry`: `check`'s output, which writes nothing)."""
    from generator.write import DryOutput, Output

    if dry:
        return DryOutput(output_dir)
    if output_dir.is_dir() and not os.access(output_dir, os.W_OK):
        raise ContentErrors([cannot_write(output_dir, "the output folder is read-only")])
    try:
        build_cache.prepare(output_dir)
    except PermissionError as error:
        raise ContentErrors([cannot_write(Path(error.filename or build_cache.cache_dir(output_dir)),
                                          "the build cache folder is not writable")]) from None
    try:
        folder = build_cache.cache_dir(output_dir)
        return Output(output_dir, previous=folder / "previous", spare=folder / "spare")
    except PermissionError as error:
        raise ContentErrors([cannot_write(Path(error.filename or output_dir.parent),
                                          "the folder that holds the output is not writable")]) from None


def cannot_write(path: Path, what: str) -> ContentError:
    return ContentError(path, None, f"{what}: permission denied",
                        expected="a folder you can write to: make it writable (chmod -R u+w) or build elsewhere "
                                 "with --output", found=str(path))
