"""The build's child processes (page workers, rulebook typesetters, import probes) end with
the build: a build killed by any signal, SIGKILL included, leaves none running or holding
its lock.

Two things make that so. A forked child drops every descriptor of a build lock at once
(`hold_in_parent_only`): flock locks belong to the open file, which a fork shares, so a
child that kept it would hold the lock after its build died. And every child asks the
kernel to kill it when its build dies (`die_with_parent`), so no orphan lives on."""
from __future__ import annotations

import os

_held_only_here: set[int] = set()  # descriptors a forked child must not keep (the build locks)
_forked_from: int | None = None  # in a child: the process that forked it (set just before the fork)


def hold_in_parent_only(descriptor: int) -> None:
    """Close `descriptor` in every child forked from now on (until `release_descriptor`)."""
    _held_only_here.add(descriptor)


def release_descriptor(descriptor: int) -> None:
    _held_only_here.discard(descriptor)


def _before_fork() -> None:
    global _forked_from
    _forked_from = os.getpid()


def _in_child() -> None:
    for descriptor in list(_held_only_here):
        try:
            os.close(descriptor)  # the parent's lock stays: its own descriptor is still open
        except OSError:
            pass
    _held_only_here.clear()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(before=_before_fork, after_in_child=_in_child)


def die_with_parent() -> None:
    """Ask Linux to kill this process when the build that forked it dies (PR_SET_PDEATHSIG);
    called first thing in every child. A build that died before the request took hold
    (between the fork and here) is seen at once: the child then ends itself."""
    import ctypes
    import signal

    try:
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):  # not Linux: the build's own end stops it
        return
    if _forked_from is not None and os.getppid() != _forked_from:
        os._exit(1)  # orphaned already: adopted by init (or a subreaper), the build is gone


def answer_parent(work, pipe, turns) -> None:
    """The body of a forked worker (rulebooks, exports): wait for one of the build's `turns` (a
    semaphore: so many children work at once), do `work()`, and send the build ("ok", its result)
    or ("failed", the error) down `pipe`; the build raises the error as its own."""
    die_with_parent()
    try:
        with turns:
            result = work()
    except BaseException as error:
        send_failure(pipe, error)
    else:
        pipe.send(("ok", result))
    finally:
        pipe.close()


def send_failure(pipe, error: BaseException) -> None:
    """Tell the build ("failed", error) down `pipe`: the build raises it as its own."""
    try:
        pipe.send(("failed", error))
    except Exception:  # an exception that does not pickle goes as its text
        pipe.send(("failed", RuntimeError(f"{type(error).__name__}: {error}")))


def answer_of(process, reader, doing: str) -> tuple:
    """The answer a child sent with answer_parent: ("ok", result) or ("failed", error); a child
    that died without one (killed, out of memory) failed at `doing` ("exporting splat")."""
    try:
        outcome = reader.recv()
    except EOFError:
        process.join()
        outcome = ("failed", RuntimeError(f"{doing} stopped (exit status {process.exitcode})"))
    finally:
        reader.close()
    process.join()
    return outcome


def worker_count() -> int:
    """How many children work at once: one per core this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)
