"""`rulepress` (also `python -m generator`): one sub-command per module in
generator/commands. Content errors print as file:line messages and exit 1;
a Python traceback shows only with --debug."""
from __future__ import annotations

import argparse
import os
import sys

from generator.errors import ContentErrors, print_errors


def parser() -> argparse.ArgumentParser:
    from generator.commands import build, check, new, runtime, serve, tts_local

    top = argparse.ArgumentParser(prog="rulepress", description="Build rules sites, print-and-play kits and playable walkthroughs for tabletop games.")
    top.add_argument("--debug", action="store_true", help="show Python tracebacks for errors")
    sub = top.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for module in (build, serve, check, new, runtime, tts_local):
        command = sub.add_parser(module.NAME, help=module.HELP, description=module.__doc__)
        command.add_argument("--debug", action="store_true", default=argparse.SUPPRESS, help="show Python tracebacks for errors")
        module.add_arguments(command)
        command.set_defaults(run=module.run)
    return top


# Only these commands write an output that a failure leaves as it was.
KEEP_OUTPUT = ("build", "serve")


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        return args.run(args) or 0
    except ContentErrors as problem:
        if args.debug:
            raise
        print_errors(problem.errors, kept_output=args.command in KEEP_OUTPUT)
        return 1
    except KeyboardInterrupt:
        return 130
    except Exception as error:  # anything else is our bug: say so briefly
        if args.debug:
            raise
        print(f"rulepress: internal error: {type(error).__name__}: {error}\n(run again with --debug for the traceback)", file=sys.stderr)
        return 2


def run() -> None:
    """The command line's entry point: `main`, then exit at once. A build leaves
    a large heap, and tearing it down object by object cost a big site 50 ms
    after the work was done; every file is written and closed by then."""
    code = main()
    if sys.getprofile() is not None or sys.gettrace() is not None:
        raise SystemExit(code)  # a profiler or coverage tool writes its report at exit
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)
