"""The build's child processes (page workers, rulebook typesetters) end with the build:
a build killed by any signal, SIGKILL included, leaves none running or holding its lock."""
from __future__ import annotations


def die_with_parent() -> None:
    """Ask Linux to kill this process when the build that forked it dies (PR_SET_PDEATHSIG);
    called first thing in every child."""
    import ctypes
    import signal

    try:
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):  # not Linux: the build's own end stops it
        pass
