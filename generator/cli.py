"""`rulepress` (also `python -m generator`): one sub-command per module in
generator/commands. Content errors print as file:line messages and exit 1;
a Python traceback shows only with --debug. From the command line, the commands that run
a game's code (WATCHED) run in a child this process watches (generator/watchdog.py)."""
from __future__ import annotations

import argparse
import gc
import os
import sys

from generator.errors import ContentErrors, print_errors


def installed_version() -> str:
    """The version pip installed (pyproject.toml's), or "unknown" run from a source tree alone."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("rulepress")
    except PackageNotFoundError:
        return "unknown"


class VersionAction(argparse.Action):
    """--version: the installed version, looked up only when asked for (importlib.metadata's
    imports alone cost every command about 15 ms, a sixth of a no-op build)."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS):
        super().__init__(option_strings, dest, nargs=0, default=default, help="show the version and exit")

    def __call__(self, parser, namespace, values, option_string=None):
        print(f"rulepress {installed_version()}")  # on stdout, as argparse's own version action
        parser.exit()


# each command's name (its module's NAME) and its module in generator/commands, in --help's order
COMMANDS = {"build": "build", "serve": "serve", "check": "check", "new": "new", "runtime": "runtime",
            "tts-local": "tts_local", "i18n": "i18n", "levels": "levels"}


def parser(argv: list[str] | None = None) -> argparse.ArgumentParser:
    """The command line's parser. Given the `argv` it will parse, a command named there is the only
    one whose module is imported and whose options are added (the others are named alone, so a
    wrong name is still answered with the right ones): a build imported every command's module
    and made every command's parser, 4 ms of a no-op build's 90."""
    from importlib import import_module

    wanted = named_command(argv)
    top = argparse.ArgumentParser(prog="rulepress", description="Build rules sites, print-and-play kits and playable walkthroughs for tabletop games.")
    top.add_argument("--debug", action="store_true", help="show Python tracebacks for errors")
    top.add_argument("--version", action=VersionAction)
    sub = top.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name, module_name in COMMANDS.items():
        if wanted is not None and name != wanted:
            sub.add_parser(name)
            continue
        module = import_module(f"generator.commands.{module_name}")
        command = sub.add_parser(module.NAME, help=module.HELP, description=module.__doc__)
        command.add_argument("--debug", action="store_true", default=argparse.SUPPRESS, help="show Python tracebacks for errors")
        module.add_arguments(command)
        command.set_defaults(run=module.run)
    return top


def named_command(argv: list[str] | None) -> str | None:
    """The command `argv` names (its first word that is no option: the top level's options take no
    value), if it is one of COMMANDS; None for no `argv`, or help asked before the command (the
    top level's help lists every command with what it does)."""
    for arg in argv or ():
        if arg in ("-h", "--help"):
            return None
        if not arg.startswith("-"):
            return arg if arg in COMMANDS else None
    return None


# Only these commands write an output that a failure leaves as it was.
KEEP_OUTPUT = ("build", "serve")
# Commands whose game code runs in a child the command line's process watches: `serve` builds
# pages in its own process (its full builds are `build`s, watched)
WATCHED = ("build", "check")


def main(argv: list[str] | None = None) -> int:
    """The command `argv`; with none, the command line's own, whose WATCHED commands run in a
    watched child (a caller passing `argv`, such as a test, gets the command in its process)."""
    args = parser(sys.argv[1:] if argv is None else argv).parse_args(argv)
    if argv is None and args.command in WATCHED:
        return watched(args)
    return execute(args)


def execute(args) -> int:
    try:
        return args.run(args) or 0
    except ContentErrors as problem:
        if args.debug:
            raise
        print_errors(ended_elsewhere() or one_stop(problem.errors), kept_output=args.command in KEEP_OUTPUT)
        return 1
    except KeyboardInterrupt:
        return 130
    except Exception as error:  # anything else is our bug: say so briefly
        if args.debug:
            raise
        found = ended_elsewhere() or game_syntax_error(error, args)
        if found:
            print_errors(found, kept_output=args.command in KEEP_OUTPUT)
            return 1
        print(f"rulepress: internal error: {type(error).__name__}: {error}\n(run again with --debug for the traceback)", file=sys.stderr)
        return 2


def ended_elsewhere() -> list:
    """A call into game code that ended a worker process: the cause of a lost worker."""
    if "generator.gamecode" not in sys.modules:
        return []
    from generator.gamecode import ended_elsewhere as ended

    return ended()


def one_stop(errors: list) -> list:
    """A call into game code stopped for time, reported once (not again by each later use)."""
    if "generator.gamecode" not in sys.modules:
        return errors
    from generator.gamecode import one_stop as once

    return once(errors)


def game_syntax_error(error: Exception, args) -> list:
    """A SyntaxError in a game's module, read from its text where the error lost the file."""
    site = getattr(args, "site", None)
    if not isinstance(error, SyntaxError) or site is None:
        return []
    from generator.gamecode import syntax_error_in

    found = syntax_error_in(error, site / "content")
    return [found] if found is not None else []


def watched(args) -> int:
    """The command in a child process watched from this one: a call into game code stuck past
    its limit (even in C code) is killed there, and one that ends its process is named."""
    from generator import watchdog

    kept = args.command in KEEP_OUTPUT

    def report(verdict) -> int:
        from generator.gamecode import watchdog_error

        print_errors([watchdog_error(verdict)], kept_output=kept)
        return 1

    def clean() -> None:
        if args.command == "build":
            from generator.write import remove_stale

            remove_stale(args.output or args.site / "output")

    return watchdog.supervise(lambda: execute(args), report, clean)


# A one-shot command's cyclic garbage collector runs after this many new objects, not 700: nearly
# every object a build makes (its modules, the site, the build cache's tables) lives to its end,
# and looking them over 80 times cost a one-page edit at 1,000 pages 11 ms. Garbage is still
# collected, every ONE_SHOT_GC objects (a long-lived `serve` keeps the default).
ONE_SHOT_GC = 200_000


def run() -> None:
    """The command line's entry point: `main`, then exit at once. A build leaves
    a large heap, and tearing it down object by object cost a big site 50 ms
    after the work was done; every file is written and closed by then."""
    if named_command(sys.argv[1:]) in WATCHED:
        gc.set_threshold(ONE_SHOT_GC, *gc.get_threshold()[1:])
    code = main()
    if sys.getprofile() is not None or sys.gettrace() is not None:
        raise SystemExit(code)  # a profiler or coverage tool writes its report at exit
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)
