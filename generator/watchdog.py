"""The watchdog outside the build's process: what stops game code that nothing inside the
process can stop.

A loop in C code (`collections.deque(itertools.count(), maxlen=0)`) holds Python's lock:
no signal handler written in Python runs, no thread gets a turn, Ctrl-C waits. And os._exit
or a signal the game sends itself ends the process with no word said. So a command that
runs game code (`build`, `check`) runs in a forked child (`supervise`), and this process,
which runs no game code, watches it:

* before each call into game code, the process making it writes on a shared board (an mmap
  made before the fork, so every worker forked below inherits it) what it calls, its file and
  line, and its deadline (`begin`); after the call, that it is done (`end`): a few
  microseconds, no system call;
* past a deadline plus GRACE, the watcher asks the stuck process for its Python stack
  (faulthandler's C handler answers even from inside a C loop), kills the build's process
  group, and reports the call at the game's line it was stuck on: exit 1;
* a process that ended with a call on the board unfinished was ended by that call (os._exit,
  a signal): the watcher names it, exit 1, whatever the child's own exit status was.

The build's flock dies with its holder, and the watcher clears the staging folder the
killed build left. Standard library only: this process must stay small and never stuck.
"""
from __future__ import annotations

import mmap
import os
import select
import signal
import struct
import sys
import time

SLOTS = 256  # processes running game code at once (a slot whose process died is used again)
SLOT = 1024  # bytes per slot: the header, then the call's words
HEADER = struct.Struct("<qqddi")  # pid, calls begun (odd: one in progress), deadline, limit, words' length
WORDS_AT = 40
FIRST = 64  # slots start here; the board's first bytes count the slots handed out
GRACE = 1.0  # seconds past a deadline before the watcher kills: the in-process stop comes first
LOOK_EVERY = 0.1  # how often the watcher reads the board while a build runs
INTERRUPT_GRACE = 2.0  # after Ctrl-C, how long the build has to stop on its own
STACK_SIGNAL = signal.SIGUSR2  # asks a stuck process for its Python stack (faulthandler, in C)
STACK_WAIT = 0.3  # seconds the watcher waits for that stack

# -- in the processes that run game code -------------------------------------------------
_board: "Board | None" = None
_slot = -1  # this process's slot's offset (-1: none yet, or the board is full)
_slot_pid = 0  # the process the slot was claimed by (a forked worker claims its own)
_calls = 0  # calls begun in this slot


class Board:
    """The shared memory the build's processes write their calls on and the watcher reads."""

    def __init__(self):
        self.fd = os.memfd_create("rulepress-watchdog")
        os.ftruncate(self.fd, FIRST + SLOTS * SLOT)
        self.memory = mmap.mmap(self.fd, FIRST + SLOTS * SLOT)
        self.stacks_in, self.stacks_out = os.pipe()  # a stuck process's stack, written by faulthandler
        os.set_blocking(self.stacks_in, False)

    def claim(self) -> int:
        """A slot for this process (its offset), or -1 when all are taken by live processes.
        A POSIX record lock (per process, unlike flock) keeps two processes off one slot."""
        import fcntl

        fcntl.lockf(self.fd, fcntl.LOCK_EX)
        try:
            count = struct.unpack_from("<i", self.memory, 0)[0]
            if count < SLOTS:
                struct.pack_into("<i", self.memory, 0, count + 1)
                index = count
            else:
                index = next((i for i in range(SLOTS) if self._reusable(FIRST + i * SLOT)), -1)
                if index < 0:
                    return -1
            offset = FIRST + index * SLOT
            HEADER.pack_into(self.memory, offset, os.getpid(), 0, 0.0, 0.0, 0)
            return offset
        finally:
            fcntl.lockf(self.fd, fcntl.LOCK_UN)

    def _reusable(self, offset: int) -> bool:
        pid, calls = struct.unpack_from("<qq", self.memory, offset)
        return calls % 2 == 0 and not _running(pid)  # a call left unfinished is the watcher's evidence

    def calls(self):
        """(pid, deadline, limit, words) of each call in progress or left unfinished."""
        count = min(struct.unpack_from("<i", self.memory, 0)[0], SLOTS)
        for index in range(count):
            offset = FIRST + index * SLOT
            pid, calls, deadline, limit, length = HEADER.unpack_from(self.memory, offset)
            if calls % 2 and length:  # (no words: they are being rewritten)
                words = bytes(self.memory[offset + WORDS_AT:offset + WORDS_AT + length])
                again = HEADER.unpack_from(self.memory, offset)
                if again[:2] == (pid, calls) and again[4] == length:  # not torn by a write meanwhile
                    yield pid, deadline, limit, words.decode("utf-8", "replace")

    def stack(self, pid: int) -> str:
        """The Python stack of the stuck process `pid`, as faulthandler writes it ("" if none came)."""
        try:
            os.kill(pid, STACK_SIGNAL)
        except (ProcessLookupError, PermissionError):
            return ""
        said, until = b"", time.monotonic() + STACK_WAIT
        while time.monotonic() < until:
            select.select([self.stacks_in], [], [], max(0.0, until - time.monotonic()))
            try:
                chunk = os.read(self.stacks_in, 65536)
            except BlockingIOError:
                continue
            said += chunk
            until = min(until, time.monotonic() + 0.05)  # the rest of a dump follows at once
        return said.decode("utf-8", "replace")


def attach(board: Board) -> None:
    """In the watched child: write calls on `board`, and answer STACK_SIGNAL with the stack."""
    import faulthandler

    global _board
    _board = board
    os.close(board.stacks_in)
    faulthandler.register(STACK_SIGNAL, file=board.stacks_out, all_threads=True, chain=False)


def watched() -> bool:
    return _board is not None


def begin(deadline: float, limit: float, words: bytes) -> None:
    """A call into game code starts: on the board, what it is (`words`) and its deadline."""
    global _slot, _slot_pid, _calls
    if not _slot_pid:  # this process's first call (a forked worker forgets its parent's slot)
        _slot, _slot_pid, _calls = _board.claim(), os.getpid(), 0
    if _slot < 0:
        return
    memory = _board.memory
    memory[_slot + WORDS_AT:_slot + WORDS_AT + len(words)] = words
    _calls += 1
    HEADER.pack_into(memory, _slot, _slot_pid, _calls, deadline, limit, len(words))


def _forget_slot() -> None:
    global _slot, _slot_pid
    _slot, _slot_pid = -1, 0


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_slot)


def reword(words: bytes) -> None:
    """The call in progress is now best described by `words` (where it was stopped; a nested import)."""
    if _slot >= 0 and _slot_pid == os.getpid() and _calls % 2:
        memory = _board.memory
        struct.pack_into("<i", memory, _slot + 32, 0)  # no words while they change: the reader retries
        memory[_slot + WORDS_AT:_slot + WORDS_AT + len(words)] = words
        struct.pack_into("<i", memory, _slot + 32, len(words))


def current_words() -> bytes | None:
    """The words of this process's call in progress (None: not watched, or no call)."""
    if _board is None or _slot < 0 or _slot_pid != os.getpid() or not _calls % 2:
        return None
    length = struct.unpack_from("<i", _board.memory, _slot + 32)[0]
    return bytes(_board.memory[_slot + WORDS_AT:_slot + WORDS_AT + length])


def end() -> None:
    global _calls
    if _slot >= 0:
        _calls += 1
        struct.pack_into("<q", _board.memory, _slot + 8, _calls)


def words_of(label: str, folder: str, path: str, line: int | None, where: str = "") -> bytes:
    """A call as the board holds it (at most a slot's room)."""
    data = "\0".join((label, folder, path, str(line or ""), where)).encode("utf-8", "replace")
    return data[:SLOT - WORDS_AT]


def unfinished_elsewhere() -> list[tuple[int, float, float, str]]:
    """Calls on the board left unfinished by a process of this build that has ended (a page
    worker, the kits' child): that call ended it. Asked by the build itself before it reports a
    child's failure as its own."""
    if _board is None:
        return []
    return [call for call in _board.calls() if call[0] != os.getpid() and not _running(call[0])]


def _running(pid: int) -> bool:
    """Alive and not a zombie: a worker that ended and its parent has not reaped yet has ended."""
    if not pid:
        return False
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            return stat.read().rpartition(b")")[2].split()[0] != b"Z"
    except OSError:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        except PermissionError:
            return True
        return True


# -- in the watcher ---------------------------------------------------------------------------
class Verdict:
    """What the watcher saw: a call past its deadline (`stuck`) or a process it ended."""

    def __init__(self, words: str, limit: float, stuck: bool, stack: str = "", status: int | None = None,
                 pid: int = 0, build_pid: int = 0):
        self.label, self.folder, self.path, line, self.where = (words.split("\0") + [""] * 5)[:5]
        self.line = int(line) if line.isdigit() else None
        self.limit, self.stuck, self.stack, self.status = limit, stuck, stack, status
        self.pid, self.build_pid = pid, build_pid


def supervise(work, report, clean=None) -> int:
    """`work()` (a command: its exit status) in a forked child, watched. `report(verdict)`
    tells the user what the watcher saw and returns the exit status; `clean()` clears what a
    killed build left. Where there is no fork or memfd, `work()` runs here, as before."""
    if not (hasattr(os, "fork") and hasattr(os, "memfd_create") and hasattr(os, "pidfd_open")):
        return work()
    board = Board()
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:
        _run_child(board, work)
    os.close(board.stacks_out)
    try:
        os.setpgid(pid, pid)  # the child does it too: whichever comes first, no race
    except OSError:
        pass
    interrupted: list[float] = []
    previous = {number: signal.signal(number, _forwarder(pid, interrupted))
                for number in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)}
    try:
        verdict, status = _watch(board, pid, interrupted)
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
    _kill_group(pid)  # a game's fork, a tool the build started: nothing outlives the build
    if verdict is None and not interrupted:  # (a build killed for Ctrl-C was not ended by its call)
        verdict = _ended_in_call(board, pid, status)
    if verdict is not None:
        if clean is not None:
            clean()
        return report(verdict)
    code = os.waitstatus_to_exitcode(status)
    if code < 0:
        if clean is not None:
            clean()
        if interrupted:
            return 130
        print(f"rulepress: the build's process was ended by the signal {signal.Signals(-code).name} "
              "outside the game's code; the previous output is unchanged", file=sys.stderr)
        return 1
    return code


def _run_child(board: Board, work) -> None:
    code = 2
    try:
        os.setpgid(0, 0)  # its own process group: the watcher kills it and every worker below at once
        from generator.children import die_with_parent

        die_with_parent()
        attach(board)
        code = work()
    except SystemExit as error:
        code = error.code if isinstance(error.code, int) else 1
    except KeyboardInterrupt:
        code = 130
    except BaseException:
        import traceback

        traceback.print_exc()
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(code)


def _forwarder(pid: int, interrupted: list[float]):
    """Ctrl-C (and SIGTERM, SIGHUP) reach the build as they would have: its group is not the
    terminal's, so the watcher passes them on; one it does not heed is a kill after a grace."""
    def forward(number, _frame):
        interrupted.append(time.monotonic())
        try:
            os.killpg(pid, number)
        except ProcessLookupError:
            pass
    return forward


def _watch(board: Board, pid: int, interrupted: list[float]):
    """Wait for the child; (a verdict of a stuck call or None, its wait status)."""
    ended = os.pidfd_open(pid)
    try:
        while not select.select([ended], [], [], LOOK_EVERY)[0]:
            now = time.monotonic()
            for caller, deadline, limit, words in board.calls():
                if now > deadline + GRACE and deadline:
                    stack = board.stack(caller)
                    _kill_group(pid)
                    return Verdict(words, limit, True, stack, pid=caller, build_pid=pid), _reap(pid)
            if interrupted and now > interrupted[0] + INTERRUPT_GRACE:
                _kill_group(pid)  # a call in C ignores Ctrl-C: it stops the build all the same
                return None, _reap(pid)
    finally:
        os.close(ended)
    return None, _reap(pid)


def _reap(pid: int) -> int:
    while True:
        try:
            return os.waitpid(pid, 0)[1]
        except ChildProcessError:
            return 0
        except InterruptedError:
            continue


def _kill_group(pid: int) -> None:
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def _ended_in_call(board: Board, pid: int, status: int) -> Verdict | None:
    """A call left unfinished by a process now ended: the call ended it. The build's own
    process is named with how it ended; a worker's end is not the watcher's to see."""
    for caller, _deadline, limit, words in board.calls():
        if caller == pid:
            return Verdict(words, limit, False, status=status, pid=caller, build_pid=pid)
        if not _running(caller):
            return Verdict(words, limit, False, pid=caller, build_pid=pid)
    return None


def innermost_line(stack: str, folder: str) -> tuple[str, int | None, str]:
    """The innermost frame of `stack` (faulthandler's text: most recent call first) in a file
    below `folder`: (file, line, function), or ("", None, "")."""
    import re

    for match in re.finditer(r'File "([^"]+)", line (\d+) in (\S+)', stack):
        path = match.group(1)
        if folder and path.startswith(folder.rstrip(os.sep) + os.sep):
            return path, int(match.group(2)), match.group(3)
    return "", None, ""
