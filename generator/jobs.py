"""Work a stage hands to child processes while the build goes on: one scheduler for every
stage that leaves work running (the rulebooks' typesetting, the exports). A stage starts no
process: it returns its Jobs in what write_game gives the Builder (stages.GameOutput.jobs),
and the Builder runs them here (Scheduler), waits for them after the pages, or kills them.

Each job is a forked child, started at once so the build never waits for it before `finish`,
that waits for a turn (a semaphore the build's children share: so many work at a time),
runs its work and sends its answer down a pipe (children.answer_parent). A child dies with
the build (PR_SET_PDEATHSIG) and drops the build's lock (children.py). The build collects the
answers oldest first: each "ok" result is handed to the job's `done`, and the first failure is
raised as the build's own after every other child is killed (one failure path); `abandon` kills
them all (one cancellation path). Where there is no fork, a job runs here and now.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any, Callable

from generator.children import answer_of, answer_parent, die_with_parent


def can_fork() -> bool:
    import multiprocessing  # in each function that forks, not above: a one-page edit forks nothing

    return "fork" in multiprocessing.get_all_start_methods()


def pool(workers: int, initializer: Callable = die_with_parent, initargs: tuple = ()):
    """A pool of `workers` forked processes (a ProcessPoolExecutor): they inherit what the build
    has loaded (the site, stages, engines, templates) instead of pickling it. `initializer`
    must call children.die_with_parent first (the default does)."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    return ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("fork"),
                               initializer=initializer, initargs=initargs)


def child(target: Callable, *args):
    """One forked process running `target(*args, pipe)`, which sends its messages down `pipe`:
    (the process, the pipe's end to read them from)."""
    import multiprocessing

    context = multiprocessing.get_context("fork")
    reader, writer = context.Pipe(duplex=False)
    process = context.Process(target=target, args=(*args, writer), daemon=True)
    process.start()
    writer.close()
    return process, reader


class Jobs:
    """A stage's children: at most `turns` working at once, at most `turns * waiting` started.

    `turns_while_building`: how many of them work while the build itself still works (checking,
    making kits, rendering pages); the rest of the turns are given once the build only waits,
    in `finish`. Three busy processes on two cores slow the build's own path by a third."""

    def __init__(self, turns: int, waiting: int, turns_while_building: int | None = None):
        self.turns, self.waiting = max(1, turns), max(1, waiting)
        self.turns_while_building = self.turns if turns_while_building is None else max(1, turns_while_building)
        self.running: list[tuple[str, Any, Any, Callable | None]] = []  # (what it does, process, pipe end, done)
        self.semaphore = None  # made with the first child
        self.held = 0  # turns kept back while the build works

    def start(self, doing: str, work: Callable[[], Any], done: Callable[[Any], None] | None = None,
              before_fork: Callable[[], None] | None = None) -> None:
        """Run `work()` in a child; `done(result)` here when it is collected. `doing` names it in
        a failure ("typesetting the rulebooks of Splat"). `before_fork`: what the child would
        otherwise load for itself, loaded here before it is forked and kept for the next (a German
        game's hyphenation dictionary, 0.6 s, loaded once instead of once in every German child)."""
        if not can_fork():
            result = work()
            if done is not None:
                done(result)
            return
        while len(self.running) >= self.turns * self.waiting:  # many games: a bounded queue
            self.wait_one()
        import multiprocessing

        context = multiprocessing.get_context("fork")
        if self.semaphore is None:
            self.semaphore = context.Semaphore(self.turns_while_building)
            self.held = self.turns - self.turns_while_building
        if before_fork is not None:
            before_fork()
        reader, writer = context.Pipe(duplex=False)
        process = context.Process(target=answer_parent, args=(work, writer, self.semaphore), daemon=True)
        process.start()
        writer.close()
        self.running.append((doing, process, reader, done))

    def wait_one(self) -> None:
        doing, process, reader, done = self.running.pop(0)
        outcome = answer_of(process, reader, doing)
        if outcome[0] != "ok":
            self.abandon()
            raise outcome[1]
        if done is not None:
            done(outcome[1])

    def collect_ready(self) -> None:
        """Collect, oldest first, the children that have answered; never waits."""
        while self.running and self.running[0][2].poll():
            self.wait_one()

    def finish(self) -> None:
        """Wait for every child, giving them the turns held back: the build only waits now."""
        if self.semaphore is not None:
            for _ in range(self.held):
                self.semaphore.release()
            self.held = 0
        while self.running:
            self.wait_one()
        self.semaphore = None

    def abandon(self) -> None:
        for _doing, process, reader, _done in self.running:
            process.kill()
            process.join()
            reader.close()
        self.running = []
        self.semaphore = None  # a killed child may have held a turn: the next build makes new ones


@dataclass(frozen=True)
class Job:
    """Work a stage hands the Builder (in its GameOutput): `work()` run in a child while the
    build goes on. Jobs of one `queue` take turns together (a stage's name); `waiting`: how
    many of them may be started per turn before the build waits for the oldest; `spare_core`:
    one turn fewer while the build itself still works (a busy third process on two cores slows
    the build's own path by a third). `before_fork`: loaded here before the child is forked,
    for it to inherit (called before every child of the queue: what it loads it keeps). `done(result)`: called here with what `work()`
    returned, once collected. `before_pages`: the pages show what it makes (balance figures):
    the Builder waits for it before rendering them (Scheduler.finish_before_pages). `items`: how
many of the queue's `unit` it does (games), counted aloud as jobs are done ("self-play: 250/500 games")."""

    doing: str  # names it in a failure ("typesetting the rulebooks of Splat")
    work: Callable[[], Any]
    queue: str
    waiting: int = 8
    spare_core: bool = False
    before_fork: Callable[[], None] | None = None
    done: Callable[[Any], None] | None = None
    before_pages: bool = False
    items: int = 0
    unit: str = ""


class Scheduler:
    """The Builder's one scheduler: every Job of the build, each queue a Jobs of `workers` turns."""

    def __init__(self, workers: int, say: Callable[[str], None] | None = None):
        self.workers = max(1, workers)
        self.queues: dict[str, Jobs] = {}
        self.before_pages: list[str] = []  # the queues of jobs the pages wait for
        self.say = say or (lambda message: None)
        self.counts: dict[str, list[int]] = {}  # queue -> [items done, items started]

    def run(self, job: Job) -> None:
        if job.queue not in self.queues:
            self.queues[job.queue] = Jobs(self.workers, job.waiting,
                                          self.workers - 1 if job.spare_core else None)
        if job.before_pages and job.queue not in self.before_pages:
            self.before_pages.append(job.queue)
        try:  # what is done already: counted now, not all at once when the build waits for it
            for queue in self.queues.values():
                queue.collect_ready()
        except BaseException:
            self.abandon()
            raise
        done = job.done
        if job.items:
            self.counts.setdefault(job.queue, [0, 0])[1] += job.items
            done = partial(self._counted, job)
        self.queues[job.queue].start(job.doing, job.work, done, before_fork=job.before_fork)

    def _counted(self, job: Job, result) -> None:
        """`job.done`, then the queue's count said at each quarter of its items and at the last."""
        if job.done is not None:
            job.done(result)
        count = self.counts[job.queue]
        before, count[0] = count[0], count[0] + job.items
        if count[0] == count[1] or 4 * count[0] // count[1] > 4 * before // count[1]:
            self.say(f"{job.queue}: {count[0]}/{count[1]} {job.unit}")

    def finish_before_pages(self) -> None:
        """Wait for the jobs whose results the pages show (the first failure raised as the build's own)."""
        try:
            for name in self.before_pages:
                self.queues[name].finish()
        except BaseException:
            self.abandon()
            raise
        self.before_pages = []

    def finish(self) -> None:
        """Wait for every job (the first failure raised as the build's own)."""
        try:
            for queue in self.queues.values():
                queue.finish()
        except BaseException:
            self.abandon()  # one failure: the other queues' children die too
            raise
        self.queues, self.counts = {}, {}

    def abandon(self) -> None:
        for queue in self.queues.values():
            queue.abandon()
        self.queues, self.before_pages = {}, []
