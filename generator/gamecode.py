"""Calls into a game's own code at build time: its modules' imports, its engine's methods,
its kit drawing and card-art functions. Each call runs under a watchdog, and every way game
code can leave a call other than returning or raising an Exception becomes an author error
naming the module and function:

* past the time limit (DEFAULT_SECONDS, site.toml's `game_code_seconds`) the call is
  stopped (SIGALRM from a wall-clock interval timer, raised in the main thread where the
  game's code runs; a build's forked workers run it in their own main thread, and a child
  does not inherit its parent's timer, so each arms its own);
* SystemExit (sys.exit, exit), KeyboardInterrupt the game raised itself (a real Ctrl-C
  still stops the build) and any other BaseException become errors, never an exit;
* a loop in C code holds Python's lock, so no alarm reaches it; os._exit, or a signal the
  module sends itself, cannot be caught in the process that runs it. From the command line a
  build runs watched from outside (generator/watchdog.py): each call is written on a board
  the watcher reads, and the watcher kills a build stuck past the limit, or names the call
  that ended a process. Where no watcher runs (the build called as a library), a module is
  first imported in a forked child (`probe_import`): if the child ends without a verdict,
  the import would end the build, and the build says so instead;
* a call that changes the working folder (os.chdir) or forks a process is an error: the
  folder is put back, and a fork made by game code ends when its call does, so only one
  process goes on building.

A game's modules come only from real .py files inside its folder (`_InsideGameFolder`,
on sys.meta_path): a module linked to a file elsewhere is refused with its path.

Errors are Exceptions (GameCodeError), so the places that already report a game's
failures at the page's, the component's or the data row's line report these too.
"""
from __future__ import annotations

import copy
import importlib
import os
import signal
import sys
import threading
import time
from pathlib import Path

from generator import watchdog
from generator.errors import ContentError

DEFAULT_SECONDS = 5.0
REPEAT_SECONDS = 0.5  # the alarm fires again while game code swallows it (a bare `except:` in a loop)
HARD_STOP_AFTER = 1.5  # seconds past the limit of swallowed alarms: the process ends with the error

_limit = DEFAULT_SECONDS
_depth = 0  # guarded calls in progress (nested calls run under the outermost's timer)
_started = 0.0
_folder = ""  # the game folder of the call in progress
_interrupts_watched = False
_real_interrupt = False  # set by the SIGINT handler: a KeyboardInterrupt the reader's Ctrl-C made
_probed: dict[tuple[str, str], GameCodeError | None] = {}  # (module, files key) -> how its import went in a child
_stopped: GameCodeError | None = None  # the first call stopped in this build: the build stops, no call runs again
_caller = 0  # the thread of the call in progress
_forks = 0  # forks made by game code in this process (counted while a call is in progress)
_forked_by_game = False  # this process is a fork game code made: it ends when the call does
_importing: list[tuple[str, str]] = []  # (label, file) of each game module being imported, innermost last
_places: dict[tuple[str, str], tuple[str, int | None]] = {}  # (label, folder) -> (file, line): an import's module
_words: dict[tuple, bytes] = {}  # (label, code) -> the call as the watchdog's board holds it


class GameCodeError(ContentError):
    """A game's code did something a build cannot go on from: an author's error at the line
    of the game's file where it happened (the game folder when no line of it was running).
    A ContentError, so the places that report a game's failures at a page's, a component's
    or a data row's line report it there, and anywhere else it is still the author's."""

    EXPECTED = ""

    def __init__(self, message: str, path: str | Path, line: int | None = None):
        super().__init__(path, line, message, expected=self.EXPECTED)

    def again(self) -> "GameCodeError":
        return type(self)(self.message, self.path, self.line)

    def __reduce__(self):  # sent from a worker process as what it is
        return (type(self), (self.message, str(self.path), self.line))


class TimeLimitExceeded(GameCodeError):
    EXPECTED = "game code that returns within the limit (or a higher game_code_seconds in site.toml)"


class ExitInGameCode(GameCodeError):
    EXPECTED = "an Exception with a message: a game's code must not end the build"


class ChangedFolder(GameCodeError):
    EXPECTED = ("game code that leaves the working folder as it found it (the build reads and writes "
                "by paths from there): no os.chdir")


class ForkInGameCode(GameCodeError):
    EXPECTED = ("game code that runs in the build's own process: no os.fork or multiprocessing "
                "(a forked copy of the build would go on building beside it)")


class _Stop(BaseException):
    """Raised by the alarm in the game's code: a BaseException, so `except Exception` there does not keep it."""


def set_time_limit(seconds: float) -> None:
    """The limit for each call into game code (site.toml's `game_code_seconds`), for the
    build of the site just loaded (which starts with no call stopped)."""
    global _limit, _stopped
    _limit, _stopped = float(seconds), None


def time_limit() -> float:
    return _limit


def limit_hint() -> str:
    return f"{_limit:g} s, the limit for one call into a game's code (site.toml's game_code_seconds raises it)"


# -- running a call ---------------------------------------------------------------
def call(label: str, folder: Path | str, function, *args, **kwargs):
    """`function(*args, **kwargs)`, game code from `folder`, under the watchdog. `label`
    names it in messages ("drawing.kit_board", "ShootEngine.apply", "import of engine.py")."""
    global _depth, _started, _folder, _caller
    if _depth:
        return function(*args, **kwargs)  # the outermost call's timer and checks cover it
    if _stopped is not None:  # a stopped call ends the build: others would each wait out their limit
        raise _stopped.again()
    armed = _arm()
    _depth, _folder, _caller = 1, _resolved(folder), threading.get_ident()
    cwd, forks = _cwd(), _forks
    if watchdog._board is not None:
        words = _words.get((label, _code(function))) or _words_for(label, function)
        watchdog.begin((_started if armed else time.monotonic()) + _limit, _limit, words)
    try:
        return function(*args, **kwargs)
    except _Stop as stop:
        path, line, where, importing = stop.args
        raise _stop(TimeLimitExceeded(f"{importing or label} did not finish within {limit_hint()}; stopped {where}",
                                      path or folder, line))
    except KeyboardInterrupt as error:
        if _real_interrupt or not armed:
            raise
        raise _exited(f"{label} raised KeyboardInterrupt", error, folder) from None
    except SystemExit as error:
        raise _exited(f"{label} called sys.exit({error.code!r})", error, folder) from None
    except (GeneratorExit, Exception):
        raise
    except BaseException as error:
        raise _exited(f"{label} raised {type(error).__name__} (a BaseException)", error, folder) from None
    finally:
        _depth = 0
        _importing.clear()
        if _forked_by_game:  # the game's fork: its call is over, and the build is its parent's to finish
            os._exit(0)
        if watchdog._board is not None:
            watchdog.end()
        if armed:
            _disarm(armed)
        _after_call(label, folder, function, cwd, forks)


def _after_call(label: str, folder, function, cwd: str, forks: int) -> None:
    """What a call must not leave behind: another working folder (put back), a forked process."""
    now = _cwd()
    if now != cwd:
        if cwd:
            os.chdir(cwd)
        path, line = _place(label, function)
        raise ChangedFolder(f"{label} changed the build's working folder to {now or 'a folder since removed'} "
                            "(os.chdir); it is put back, and the build stops", path or folder, line)
    if _forks != forks:
        path, line = _place(label, function)
        raise ForkInGameCode(f"{label} forked a process (os.fork, or multiprocessing)", path or folder, line)


def _cwd() -> str:
    try:
        return os.getcwd()
    except OSError:  # the folder was removed
        return ""


def _code(function):
    return getattr(getattr(function, "__func__", function), "__code__", None)


def _place(label: str, function) -> tuple[str, int | None]:
    """The game's file and line a call is named by: its function's definition, or (for an
    import) the module's file."""
    code = _code(function)
    if code is not None and code.co_filename.startswith(_folder + os.sep):
        return code.co_filename, code.co_firstlineno
    return _places.get((label, _folder), ("", None))


def _words_for(label: str, function) -> bytes:
    path, line = _place(label, function)
    words = _words[label, _code(function)] = watchdog.words_of(label, _folder, path, line)
    return words


def _before_fork() -> None:
    global _forks
    if _depth and threading.get_ident() == _caller:  # forked by the game's call, not by another thread of ours
        _forks += 1


def _in_forked_child() -> None:
    global _forked_by_game
    if _depth and threading.get_ident() == _caller:
        _forked_by_game = True


if hasattr(os, "register_at_fork"):
    os.register_at_fork(before=_before_fork, after_in_child=_in_forked_child)


_folders: dict[str, str] = {}


def _resolved(folder) -> str:
    """The game folder as its frames name their files (resolved once: this runs on every call)."""
    key = str(folder)
    if key not in _folders:
        _folders[key] = str(Path(folder).resolve())
    return _folders[key]


_NOT_AN_EXIT = "a game's code must not end the build; raise an Exception with a message instead"


def _exited(what: str, error: BaseException, folder) -> ExitInGameCode:
    path, line = _raised_in(error)
    where = f" in {Path(path).name} line {line}" if path else ""
    return ExitInGameCode(f"{what}{where}: {_NOT_AN_EXIT}", path or folder, line)


def _stop(error: GameCodeError) -> GameCodeError:
    """Note `error` as the build's stop (see `call`); the error, to raise."""
    global _stopped
    _stopped = error
    error.__cause__, error.__suppress_context__ = None, True
    return error


_main_thread = threading.main_thread()


def _arm():
    """Start the timer (main thread only: signals are delivered there); what to restore after.
    Our SIGALRM handler stays once set where no one else had one (it ignores alarms outside
    a call): this runs on every call into an engine, and two fewer system calls count there."""
    global _started
    if threading.current_thread() is not _main_thread or not hasattr(signal, "setitimer"):
        return None
    _watch_interrupts()
    previous_handler = signal.getsignal(signal.SIGALRM)
    if previous_handler is not _alarm:
        signal.signal(signal.SIGALRM, _alarm)
    _started = time.monotonic()
    previous_timer = signal.setitimer(signal.ITIMER_REAL, _limit, REPEAT_SECONDS)
    return previous_handler, previous_timer, _started


def _disarm(armed) -> None:
    previous_handler, (delay, interval), started = armed
    signal.setitimer(signal.ITIMER_REAL, 0)
    if previous_handler not in (_alarm, signal.SIG_DFL, None):  # someone else's handler: theirs again
        signal.signal(signal.SIGALRM, previous_handler)
    if delay:  # someone else's timer (a test runner's): give it back what is left of it
        signal.setitimer(signal.ITIMER_REAL, max(0.001, delay - (time.monotonic() - started)), interval)


def _alarm(_signum, frame) -> None:
    if not _depth:
        return  # a late alarm after the call ended
    overdue = time.monotonic() - _started - _limit
    path, line, where = _describe(frame)
    importing = _importing[-1][0] if _importing else ""
    if watchdog._board is not None:  # the watcher's words, should the game go on catching the stop
        watchdog.reword(watchdog.words_of(importing or _calling_label(), _folder, path, line, where))
        raise _Stop(path, line, where, importing)  # the watcher ends a process that keeps catching it
    if overdue > HARD_STOP_AFTER:  # the game keeps swallowing the alarm: nothing in this process can stop it
        sys.stderr.write(f"rulepress: game code did not stop: it ran past {limit_hint()} and kept catching "
                         f"the stop; stopped {where}\n")
        sys.stderr.flush()
        os._exit(1)
    raise _Stop(path, line, where, importing)


def _calling_label() -> str:
    """The label of the call in progress, as the board holds it."""
    words = watchdog.current_words() or b"game code"
    return words.split(b"\0", 1)[0].decode("utf-8", "replace")


def _describe(frame) -> tuple[str, int | None, str]:
    """Where a stopped call was: (file, line, words): the innermost line of the game's own
    code, and the walkthrough step being replayed, if any."""
    path, line, where, step = "", None, "", ""
    while frame is not None:
        code = frame.f_code
        if not where and code.co_filename.startswith(_folder + os.sep):
            path, line = code.co_filename, frame.f_lineno
            where = f"in {Path(path).name} line {line}, in {code.co_name}"
        if not step and code.co_name in ("replay_walkthrough", "position_from_spec") and \
                isinstance(frame.f_locals.get("index"), int):
            step = f" (at walkthrough step {frame.f_locals['index'] + 1})"
        frame = frame.f_back
    return path, line, (where or "outside the game's own files") + step


def _raised_in(error: BaseException) -> tuple[str, int | None]:
    """The innermost line of the game's files `error` came from: (file, line), or ("", None)."""
    found: tuple[str, int | None] = ("", None)
    trace = error.__traceback__
    while trace is not None:
        if trace.tb_frame.f_code.co_filename.startswith(_folder + os.sep):
            found = (trace.tb_frame.f_code.co_filename, trace.tb_lineno)
        trace = trace.tb_next
    return found


def _watch_interrupts() -> None:
    """Tell a reader's Ctrl-C from a KeyboardInterrupt the game raised: the default SIGINT
    handler, wrapped to note that the interrupt was real."""
    global _interrupts_watched
    if not _interrupts_watched and signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        signal.signal(signal.SIGINT, _interrupted)
    _interrupts_watched = True


def _interrupted(signum, frame):
    global _real_interrupt
    _real_interrupt = True
    signal.default_int_handler(signum, frame)


# -- what the watcher outside the build saw (generator/watchdog.py) ----------------------
def watchdog_error(verdict: watchdog.Verdict) -> GameCodeError:
    """The author's error for what the watcher saw: a call it stopped, or one that ended a process."""
    label = verdict.label or "game code"
    if verdict.stuck:
        limit = f"{verdict.limit:g} s, the limit for one call into a game's code (site.toml's game_code_seconds raises it)"
        path, line, function = watchdog.innermost_line(verdict.stack, verdict.folder)
        if verdict.where:  # the alarm reached Python code, which kept catching the stop
            how = f"stopped {verdict.where}, where it kept catching the stop"
        else:
            at = f"in {Path(path).name} line {line}, in {function}" if path else "in it"
            how = (f"stopped {at}, inside a call into C code that Python cannot interrupt (a loop over "
                   "itertools.count() or a huge computation), so the build's process was killed")
        return TimeLimitExceeded(f"{label} did not finish within {limit}; {how}",
                                 path or verdict.path or verdict.folder, line if path else verdict.line)
    how = "os._exit or a signal"
    if verdict.status is not None:
        code = os.waitstatus_to_exitcode(verdict.status)
        how = f"os._exit({code})" if code >= 0 else f"the signal {signal.Signals(-code).name}"
    return ExitInGameCode(f"{label} ended the build's process ({how}): {_NOT_AN_EXIT}",
                          verdict.path or verdict.folder, verdict.line)


def one_stop(errors: list[ContentError]) -> list[ContentError]:
    """`errors` with the call that stopped the build reported once: every use of the game's code
    after it raised it again (the walkthrough's, the position's, the play block's), which would
    read as that many calls each running out of time. The copy kept is at a page's or a
    component's line where there is one."""
    if _stopped is None:
        return errors
    copies = [error for error in errors if _stopped.message in error.message or error is _stopped]
    if len(copies) < 2:
        return errors
    kept = next((error for error in copies if error.path != _stopped.path), copies[0])
    return [error for error in errors if error is kept or not any(error is copy for copy in copies)]


def ended_elsewhere() -> list[GameCodeError]:
    """Calls that ended another process of this build (a page worker, the kits' child): what
    its failure really was, for the build to report instead of a lost worker."""
    return [watchdog_error(watchdog.Verdict(words, limit, False, pid=pid))
            for pid, _deadline, limit, words in watchdog.unfinished_elsewhere()]


def syntax_error_in(error: SyntaxError, content: Path) -> ContentError | None:
    """A SyntaxError raised without its file (source parsed from text) found in the game's
    modules below `content`: the file and line it is at, or None."""
    if error.filename and os.path.isfile(error.filename):
        return syntax_error(error, error.filename)
    for path in sorted(Path(content).glob("*/**/*.py")):
        try:
            compile(path.read_bytes(), str(path), "exec", dont_inherit=True)
        except SyntaxError as found:
            if found.lineno == error.lineno and found.msg == error.msg:
                return syntax_error(found, str(path))
        except (OSError, ValueError):
            continue
    return None


def syntax_error(error: SyntaxError, path: str) -> ContentError:
    return ContentError(path, error.lineno, f"the game's module {Path(path).name} is not valid Python: {error.msg}",
                        column=error.offset, expected="Python source that compiles",
                        found=(error.text or "").strip() or None)


# -- importing a game's modules ------------------------------------------------------
def import_module(folder: Path, package: str, module: str):
    """`package.module` (the game folder's package, see generator.play.game_package): probed
    in a child first, then imported here under the watchdog."""
    if _FINDER not in sys.meta_path:  # before any import of game code, the probe's included
        sys.meta_path.insert(0, _FINDER)
    name = f"{package}.{module}"
    if name in sys.modules:
        return sys.modules[name]
    label = f"the import of {module.replace('.', '/')}.py"
    _places.setdefault((label, _resolved(folder)), (os.path.join(_resolved(folder), f"{module.replace('.', '/')}.py"), None))
    if watchdog._board is None:  # watched, an os._exit at import is the watcher's to report
        probe_import(folder, name, label)
    return call(label, folder, importlib.import_module, name)


def probe_import(folder: Path, name: str, label: str) -> None:
    """Import `name` in a forked child: a GameCodeError here if the import there ran out of
    time, tried to exit, or ended the process (os._exit, a signal). Ordinary exceptions are
    left for the import in this process, which raises them with their own messages."""
    if not hasattr(os, "fork"):
        return
    key = (name, str(getattr(sys.modules.get(name.rpartition(".")[0]), "__rulepress_key__", "")))
    if key in _probed:
        if _probed[key] is not None:
            raise _probed[key].again()
        return
    reader, writer = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: import, say how it went, end (never returning into the build)
        _probe_child(reader, writer, folder, name, label)
    os.close(writer)
    with os.fdopen(reader, "rb") as verdict_pipe:
        verdict = verdict_pipe.read()
    _, status = os.waitpid(pid, 0)
    _probed[key] = problem = _verdict(verdict, status, label, folder)
    if problem is not None:
        raise problem.again()


def _verdict(verdict: bytes, status: int, label: str, folder: Path) -> GameCodeError | None:
    """What a probe child's words (or its silence, and how it ended) say of the import."""
    if verdict == b"ok":
        return None
    if verdict:
        import pickle

        try:
            return pickle.loads(verdict)  # a GameCodeError, made by this same code in the child
        except Exception:  # words from a process the import forked, mixed into the verdict
            return ForkInGameCode(f"{label} forked a process (os.fork, or multiprocessing)", Path(folder))
    code = os.waitstatus_to_exitcode(status)
    how = f"os._exit({code})" if code >= 0 else f"the signal {signal.Signals(-code).name}"
    return ExitInGameCode(f"{label} ended the build's process ({how}): {_NOT_AN_EXIT}",
                          Path(folder) / f"{label.rpartition(' ')[2]}")


def _probe_child(reader: int, writer: int, folder: Path, name: str, label: str) -> None:
    try:
        from generator.children import die_with_parent

        os.close(reader)
        die_with_parent()
        try:
            call(label, folder, importlib.import_module, name)
            verdict = b"ok"
        except GameCodeError as error:
            import pickle

            verdict = pickle.dumps(error)
        except BaseException:  # an ordinary failure: the import in the build reports it
            verdict = b"ok"
        with os.fdopen(writer, "wb") as pipe:
            pipe.write(verdict)
    finally:
        os._exit(0)


class _InsideGameFolder:
    """A finder (on sys.meta_path) for a game package's modules: it finds them as Python
    would, in the package's folder, and refuses a module that is not a real .py file inside
    the game's folder. A module linked to a file elsewhere would run code from outside the
    game (and could put that file's text in the output); a compiled module (.pyc, .so) in
    the folder is not source an author can read, and the browser's copy of the game lacks it."""

    def find_spec(self, name: str, path=None, target=None):
        from importlib.machinery import PathFinder

        from generator.play import GAME_PACKAGE_PREFIX

        if not name.startswith(GAME_PACKAGE_PREFIX) or "." not in name:
            return None
        spec = PathFinder.find_spec(name, path, target)
        package = sys.modules.get(name.partition(".")[0])
        if spec is not None and package is not None and getattr(package, "__path__", None):
            _check_module_files(name, spec, package.__path__[0])
            if _depth and spec.origin and spec.loader is not None:
                _name_its_import(spec, package.__path__[0])
        return spec

    def invalidate_caches(self) -> None:
        pass


_FINDER = _InsideGameFolder()


def _name_its_import(spec, folder: str) -> None:
    """A game module imported inside a call (engine.py by bots.py) runs its module-level code
    under that call: while it does, a stop names its import, not the outer one."""
    loader = spec.loader
    run = loader.exec_module
    label = f"the import of {os.path.relpath(spec.origin, folder)}"

    def exec_module(module):
        _importing.append((label, spec.origin))
        before = watchdog.current_words()
        if before is not None:
            watchdog.reword(watchdog.words_of(label, _folder, spec.origin, None))
        try:
            return run(module)
        finally:
            if _importing:
                _importing.pop()
            if before is not None:
                watchdog.reword(before)

    try:
        loader.exec_module = exec_module  # this spec's loader alone (each find makes its own)
    except AttributeError:
        pass


def _check_module_files(name: str, spec, folder: str) -> None:
    """The module `name` (found as `spec`) must come from real .py files inside `folder`.
    One line of words (no expected/found): the places that report a game that failed to
    load quote it after their own."""
    inside = os.path.realpath(folder) + os.sep
    module = name.partition(".")[2].replace(".", "/")
    places = [spec.origin] if spec.origin else []  # a folder without __init__.py has none
    for place in [*places, *(spec.submodule_search_locations or ())]:
        real = os.path.realpath(place)
        if not real.startswith(inside):
            raise ContentError(place, None, f"the game's module {module} is a link to {real}, outside the game "
                                            f"folder: put the file itself in {folder}")
    if spec.origin and not spec.origin.endswith(".py"):
        raise ContentError(spec.origin, None, f"the game's module {module} is not Python source "
                                              f"({os.path.basename(spec.origin)}): a game's modules are .py files "
                                              "(the browser's copy of the game has only those)")


def fresh_engine(folder: Path):
    """The game's ENGINE (its bots.py imported first, if there is one), each import probed
    and watched, its methods watched on every call (`watched_engine`). The package is
    imported again if the folder's files changed (generator.play.fresh_game_package)."""
    from generator.play import fresh_game_package

    folder = Path(folder)
    package = fresh_game_package(folder)
    if (folder / "bots.py").is_file():
        import_module(folder, package, "bots")
    return watched_engine(import_module(folder, package, "engine").ENGINE, folder)


def import_game_module(folder: Path, module: str):
    """A module of the game folder (kit drawing, card art), its files fresh, its import watched."""
    from generator.play import fresh_game_package

    return import_module(Path(folder), fresh_game_package(Path(folder)), module)


# -- engines and functions -------------------------------------------------------------
_watched_classes: dict[type, type] = {}
_twins: dict[int, tuple[object, object]] = {}  # id(engine) -> (engine, its watched twin)


def watched_engine(engine, folder: Path):
    """A copy of `engine` whose methods each run under the watchdog (the same class, seen
    through a subclass of the same name and module: isinstance and the rules version hold)."""
    cls = type(engine)
    if getattr(cls, "__rulepress_watched__", False):
        return engine
    if id(engine) in _twins:  # one twin per engine: caches keyed by the engine keep working
        return _twins[id(engine)][1]
    watched = _watched_classes.get(cls)
    if watched is None:
        watched = _watched_classes[cls] = _watched_class(cls, folder)
    try:
        twin = copy.copy(engine)
        twin.__class__ = watched
    except (TypeError, copy.Error):  # a class that cannot be copied or re-classed: unwatched
        return engine
    _twins[id(engine)] = (engine, twin)  # the engine held too: its id is never reused while here
    return twin


def unwatched(engine):
    """The engine `watched_engine` made `engine` from (`engine` itself if it is no twin): for a
    caller that runs a whole step of game code as one watched `call` (balance self-play)."""
    for original, twin in _twins.values():
        if twin is engine:
            return original
    return engine


def _watched_class(cls: type, folder: Path) -> type:
    namespace = {"__rulepress_watched__": True, "__module__": cls.__module__, "__qualname__": cls.__qualname__,
                 "__slots__": ()}
    for klass in reversed(cls.__mro__[:-1]):  # all but object, the nearest definition last
        for name, value in vars(klass).items():
            if not name.startswith("_") and callable(value) and type(value).__name__ == "function":
                namespace[name] = _watched_method(f"{cls.__name__}.{name}", folder, name)
    return type(cls.__name__, (cls,), namespace)


def _watched_method(label: str, folder: Path, name: str):
    def method(self, *args, **kwargs):
        return call(label, folder, getattr(super(type(self), self), name), *args, **kwargs)

    method.__name__ = name
    return method


def watched_function(function, folder: Path, label: str):
    """`function` (a kit drawing or card-art function), each call under the watchdog."""
    def watched(*args, **kwargs):
        return call(label, folder, function, *args, **kwargs)

    watched.__name__ = getattr(function, "__name__", "function")
    watched.__wrapped__ = function
    return watched
