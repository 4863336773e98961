"""Site search: Pagefind indexes of the games' pages, made at build time.

Pagefind (the `pagefind` package's binary) reads each finished page, keeps what
the theme marks `data-pagefind-body` (the article: not menus, not diagrams) and
writes a static index with its own search UI. The site serves it itself:
nothing is fetched from elsewhere, and it runs under the pages'
Content-Security-Policy ('wasm-unsafe-eval' is already there for Pyodide).

A site of more than ONE_INDEX_PAGES pages is indexed in shards of about
SHARD_PAGES pages, so that editing a page re-indexes its shard, not the site:
Pagefind costs about 1.7-2 ms a page, about 2 s for 1,000 pages. They are at most
MAX_SHARDS, which then grow: a reader's search fetches three files of every shard, and
every shard costs Pagefind ~20 ms of its runtime again (512 shards of a 10,000-page site
were 10 s of CPU, a tenth of its build; the edit there is the site's loading, not its shard's). The reader's
search UI loads the first shard and merges the others (Pagefind's `mergeIndex`,
which shares one WebAssembly module; the theme's site.js merges them all at once, where
Pagefind's UI would one by one); `pagefind/shards.json` lists them.

Each index weighs a word's rarity over its own pages only, and ranks by it. So a
page's shard is drawn by a hash of its address: each shard is then a sample of
the whole site, and a word is about as rare in it as on the site. Shards of whole
games ranked the game that uses a word most last, as the one where it is
commonest ("rock" found SHOOT's "Rocket" before Splut!'s Rock). The number of
shards is a power of two, so a page keeps its shard as the site grows, until the
site doubles. A smaller site is one index, ranked over all its pages.

All shards are indexed by one Pagefind process in its `--service` mode, asked for
every shard at once (it indexes them in parallel) and for each index's files in
memory: only the files the site serves are written, not the UIs and, past the
first shard, the runtime it would write for every shard (on a disk where making
a file costs ~0.5 ms, those 10 files a shard were a fifth of a clean build's
index). The `pagefind` package speaks the same protocol but waits 0.1 s before
reading each reply, 20 s for a 1,000-page site: so `Pagefind` below speaks it itself.
The build starts a service before it renders the pages and sends the shards to index once
they are written; Pagefind then works while the build makes the site's own pages and reads
what its commit needs (`Indexing`): an edit's shard was a fifth of a one-page edit, waited for.

An edit's shard is begun before its page is made (`begin_shards`): before the build even loads
the site, the last build's shards that hold a page whose source changed (their pages listed in
the build cache) are given every page of theirs as the last output has it, by a service kept to
one core; the build then hands Pagefind only the pages it made again (`AddFile`, which takes a
page's place in its index: the index is the one the whole shard makes) and keeps the files that
come out as they were (`keep_same`). Pagefind reads twenty pages while the build makes one.
"""
from __future__ import annotations

import base64
import fnmatch
import hashlib
import json
import math
import subprocess
import tempfile
import threading
from dataclasses import dataclass
from functools import partial
from pathlib import Path, PurePosixPath
from typing import Callable

FOLDER = "pagefind"
LIST = f"{FOLDER}/shards.json"  # the shards' folders, first the one whose UI and runtime the reader loads
# Measured: a 20-page shard re-indexes in about 0.05 s, and a 1,000-page site is 64 shards,
# which a search fetches in parallel (each shard's entry, metadata and the term's chunk).
SHARD_PAGES = 20
MAX_SHARDS = 64  # reached at 1,281 pages
# Up to this many pages, one index: ranked over the whole site, and re-indexed whole in 0.2 s
ONE_INDEX_PAGES = 100
# Pagefind's other UIs (web components, modular) and its highlighter: the theme uses the default UI
UNUSED = ("pagefind-component-ui.css", "pagefind-component-ui.js", "pagefind-modular-ui.css",
          "pagefind-modular-ui.js", "pagefind-highlight.js")
# what only the first shard needs: the runtime and the UI (merged shards share them)
RUNTIME = ("pagefind.js", "pagefind-worker.js", "pagefind-ui.css", "pagefind-ui.js", "wasm.*.pagefind")
NOT_TEXT = ("svg", "[hidden]")  # diagrams' labels and hidden helpers are not words of the rules


# An edit of more pages than this many shards hold is not begun early: it renders long enough
BEGIN_SHARDS = 4

# Requests of up to this many bytes are written to Pagefind at once: a pipe holds 64 KiB (Linux,
# macOS) whatever its reader does, so writing them cannot wait for Pagefind's replies to be read
AT_ONCE = 16 * 1024


class SearchIndexFailed(RuntimeError):
    """Pagefind could not index the pages (its own message says why)."""


@dataclass(frozen=True)
class Shard:
    name: str  # its folder below FOLDER
    urls: tuple[str, ...]  # its pages, in site order
    first: bool = False  # the shard whose runtime and UI the reader loads, merging the others
    language: str = ""  # its pages' language, if not the site's: a reader searches the pages of their own


def language_shards(site) -> list[Shard]:
    """The site's shards (plan_shards), then each translation's, named "<lang>-<n>": a page in
    German is found from a German page alone, as its shards are loaded from German pages alone."""
    shards = plan_shards([[page.url for page in game.pages] for game in site.current_games])
    translated: dict[str, list[list[str]]] = {}
    for game in site.games:
        if game.translation_of:
            translated.setdefault(game.language, []).append([page.url for page in game.pages])
    for language, games in sorted(translated.items()):
        shards += [Shard(f"{language}-{shard.name}", shard.urls, shard.first, language) for shard in plan_shards(games)]
    return shards


def plan_shards(games: list[list[str]]) -> list[Shard]:
    """The site's pages (each game's URLs, in site order) as one shard for a site of up
    to ONE_INDEX_PAGES pages, else dealt to a power of two of shards of about
    SHARD_PAGES pages, at most MAX_SHARDS, by a hash of each page's URL (the empty ones left out)."""
    urls = [url for game in games for url in game]
    if len(urls) <= ONE_INDEX_PAGES:
        return [Shard("0", tuple(urls), first=True)] if urls else []
    count = min(MAX_SHARDS, 1 << max(0, math.ceil(math.log2(len(urls) / SHARD_PAGES))))
    drawn: list[list[str]] = [[] for _ in range(count)]
    for url in urls:
        drawn[int.from_bytes(hashlib.sha256(url.encode("utf-8")).digest()[:8], "big") % count].append(url)
    shards = [(str(number), tuple(pages)) for number, pages in enumerate(drawn) if pages]
    return [Shard(name, pages, first=index == 0) for index, (name, pages) in enumerate(shards)]


def shard_list(shards: list[Shard]) -> bytes:
    """`pagefind/shards.json`: what the theme's search script reads to load them (`languages`: a
    translation's own, by the `lang` of the page searched from)."""
    listed: dict = {"shards": [f"{shard.name}/" for shard in shards if not shard.language]}
    for shard in shards:
        if shard.language:
            listed.setdefault("languages", {}).setdefault(shard.language, []).append(f"{shard.name}/")
    return json.dumps(listed).encode("utf-8")


def index_shards(shards: list[Shard], site: Path, folder: Path, language: str, processes: int | None) -> None:
    """Index each shard's pages, read from the finished `site`, into `folder`/<its name>."""
    start_shards(shards, site, folder, language, processes).receive()


class Parts:
    """The shards being indexed: a Pagefind service answers one request at a time, so they are
    dealt out to `processes` of them. Every request is sent when they start, so Pagefind
    works while the build goes on (it has no thread of its own there); `receive` writes the
    files, each service's read by a thread of its own when there are several."""

    def __init__(self, parts: list["Part"]):
        self.parts = parts

    def receive(self) -> None:
        try:
            if len(self.parts) == 1:
                self.parts[0].receive()
                return
            from concurrent.futures import ThreadPoolExecutor

            with ThreadPoolExecutor(max_workers=len(self.parts)) as pool:
                list(pool.map(lambda part: part.receive(), self.parts))
        finally:
            self.stop()

    def stop(self) -> None:
        """Every service stopped (whatever it was still doing: a build that failed meanwhile)."""
        for part in self.parts:
            part.pagefind.stop()


def start_shards(shards: list[Shard], site: Path, folder: Path, language: str, processes: int | None,
                 service: "Pagefind | None" = None, begun: dict[str, "Begun"] | None = None,
                 keep: Callable[[str, bytes], bool] | None = None) -> Parts:
    """The shards sent to their services (the first one `service`, if one was started already,
    with the shards `begun` in it: name -> Begun). `keep(path, data)`: whether a file of theirs (its
    path below `folder`) is kept as the last output has it, rather than written."""
    from generator.children import worker_count

    begun = begun or {}
    count = max(1, min(len(shards), processes or worker_count()))
    rest = [shard for shard in shards if shard.name not in begun]
    parts = Parts([])
    try:
        for n in range(count if shards else 0):
            mine = [shard for shard in shards if shard.name in begun] if n == 0 else []
            if mine or rest[n::count]:
                parts.parts.append(Part(mine + rest[n::count], site, folder, language, service if n == 0 else None,
                                        begun if n == 0 else {}, keep))
    except BaseException:
        parts.stop()
        if service is not None and not parts.parts:
            service.stop()
        raise
    return parts


def index_config(language: str) -> dict:
    return {"force_language": language.split("-")[0].lower(), "keep_index_url": True,
            "exclude_selectors": list(NOT_TEXT)}


class Part:
    """`shards` indexed by one Pagefind service: every request sent at once (it answers them
    in order), each shard's files asked for right after its pages, so that they are written
    while it indexes the next, and the shard then dropped from its memory. A shard `begun`
    already (name -> Begun) is given only its pages made again since."""

    def __init__(self, shards: list[Shard], site: Path, folder: Path, language: str,
                 service: "Pagefind | None" = None, begun: dict[str, "Begun"] | None = None,
                 keep: Callable[[str, bytes], bool] | None = None):
        self.shards, self.folder, self.keep = shards, folder, keep
        self.begun = begun or {}
        self.files: dict[str, list[str]] = {}  # shard name -> its files (paths below `folder`)
        self.written: dict[str, int] = {}  # those written, with their sizes (the others kept from the last output)
        self.pagefind = service or Pagefind()
        fresh = [shard for shard in shards if shard.name not in self.begun]
        ids = {shard.name: reply["index_id"] for shard, reply in zip(fresh, self.pagefind.ask(
            [{"type": "NewIndex", "config": index_config(shard.language or language)} for shard in fresh]))}
        requests = []
        self.asked: list[int] = []  # how many replies each shard's pages get, before its files'
        for shard in shards:
            if shard.name in self.begun:
                index = self.begun[shard.name].index_id
                pages = [{"type": "AddFile", "index_id": index, "url": f"/{url}",
                          "file_contents": (site / url).read_text(encoding="utf-8")}
                         for url in self.begun[shard.name].made_again]
            else:
                index = ids[shard.name]
                # a shard's pages named by a glob of their exact paths: slugs and page names are
                # letters, digits and hyphens, nothing in them special to a glob
                pages = [{"type": "AddDir", "index_id": index, "path": str(site), "glob": "{" + ",".join(shard.urls) + "}"}]
            self.asked.append(len(pages))
            requests += [*pages, {"type": "GetFiles", "index_id": index},
                         {"type": "DeleteIndex", "index_id": index}]  # its memory, once its files are out
        self.replies = self.pagefind.ask(requests)

    def receive(self) -> None:
        """The shards' files written below `folder` as their replies come."""
        for begun in self.begun.values():
            begun.check()
        replies, folders = self.replies, set()  # folders made already: a shard's thousand files share three
        for shard, asked in zip(self.shards, self.asked):
            for _page in range(asked):
                next(replies)
            made, _deleted = next(replies), next(replies)
            if shard is self.shards[-1]:  # every reply read: it is torn down (1-3 ms) while the files are written
                self.pagefind.kill()
            wasm = wasm_used(made["files"])
            files = self.files[shard.name] = []
            for file in made["files"]:
                if served(file["path"], shard, wasm):
                    name, data = f"{shard.name}/{file['path']}", base64.b64decode(file["content"])
                    files.append(name)
                    # an edit changes a few of a shard's files: its other pages' fragments are as they were
                    if self.keep is not None and self.keep(name, data):
                        continue
                    path = self.folder / name
                    if path.parent not in folders:
                        path.parent.mkdir(parents=True, exist_ok=True)
                        folders.add(path.parent)
                    path.write_bytes(data)
                    self.written[name] = len(data)
        # every reply read: ended, not told to end (a child the build forked since it started,
        # a page worker, may still hold its input open, and it would wait for that)
        self.pagefind.stop()


@dataclass
class Begun:
    """A shard's index begun before the build made its pages, from the last build's entries: every
    page of the shard as that build wrote it, read by Pagefind from the output folder. It stands
    for this build's shard of the same name if that holds the same pages in the same language.
    `made_again`: the pages the build has made since (Indexing.start), which Pagefind is then
    given in place of their old HTML."""

    shard: Shard  # as the last build dealt it
    language: str  # its index's
    index_id: int  # as the service numbers it: a service numbers its indexes in the order asked, from 0
    pagefind: "Pagefind"
    messages: tuple[int, int]  # of its NewIndex and AddDir requests
    made_again: tuple[str, ...] = ()

    def stands_for(self, shard: Shard, language: str) -> bool:
        return self.shard.urls == shard.urls and self.language == language

    def check(self) -> None:
        """Pagefind made the index this shard was sent to and read every page of it."""
        made, read = (self.pagefind.answer(message) for message in self.messages)
        if made.get("index_id") != self.index_id or read.get("page_count") != len(self.shard.urls):
            raise SearchIndexFailed(f"Pagefind read {read.get('page_count')} of the {len(self.shard.urls)} pages of "
                                    f"search shard {self.shard.name} (index {made.get('index_id')}, not "
                                    f"{self.index_id}): the output folder changed while the site was built")


@dataclass
class Ahead:
    """The Pagefind service a build starts before it loads the site, and the shards begun in it."""

    pagefind: "Pagefind"
    begun: dict[str, Begun]

    def stop(self) -> None:
        self.pagefind.stop()


def begin_shards(entries: dict, pages: dict, changed: set[str], target: Path) -> Ahead | None:
    """The last build's shards (`entries`: name -> cache.GameEntry, their pages and language in its
    info) that hold a page (`pages`: url -> cache.PageEntry) whose source is one of the `changed`
    paths, begun in a new Pagefind service from the last output, `target`. None where no shard
    holds one, where they are more than BEGIN_SHARDS, or where that output lacks one of their pages."""
    import os

    edited = {url for url, page in pages.items() if page.path in changed}
    chosen = [(name, entry.info) for name, entry in entries.items()
              if entry.info.get("urls") and not edited.isdisjoint(entry.info["urls"])]
    if not chosen or len(chosen) > BEGIN_SHARDS:
        return None
    if not all(os.path.isfile(target / url) for _name, info in chosen for url in info["urls"]):
        return None
    try:
        pagefind = Pagefind()
    except OSError:  # said by the build, if it needs Pagefind
        return None
    keep_to_one_core(pagefind.process.pid)
    made = pagefind.post([{"type": "NewIndex", "config": index_config(info["language"])} for _name, info in chosen])
    read = pagefind.post([{"type": "AddDir", "index_id": n, "path": str(target), "glob": "{" + ",".join(info["urls"]) + "}"}
                          for n, (_name, info) in enumerate(chosen)])
    return Ahead(pagefind, {name: Begun(Shard(name, tuple(info["urls"])), info["language"], n, pagefind, (made[n], read[n]))
                            for n, (name, info) in enumerate(chosen)})


def keep_to_one_core(pid: int) -> None:
    """The process `pid` (a Pagefind service) kept to one of the cores this one may use, where the
    system lets a program say so (Linux). Pagefind reads with every core it has: reading an edit's
    shard beside a build that imports its modules and loads the site, it took a third of the
    build's core, and the build waited for that longer than for the shard. Its threads inherit
    the core from the first one, which is kept to it at once; any started before are kept too."""
    import os

    if not hasattr(os, "sched_setaffinity"):
        return
    cores = sorted(os.sched_getaffinity(0))
    if len(cores) < 2:
        return
    try:
        os.sched_setaffinity(pid, {cores[-1]})
        for thread in os.listdir(f"/proc/{pid}/task"):
            if int(thread) != pid:
                os.sched_setaffinity(int(thread), {cores[-1]})
    except (OSError, ValueError):  # it has ended, or a thread has: what was kept stays so
        pass


def served(path: str, shard: Shard, wasm: set[str]) -> bool:
    """Whether the site serves this file of a shard's index (a path below its folder):
    of the WebAssembly files, only those its entry names (`wasm`)."""
    name = PurePosixPath(path).name
    unused = UNUSED + (() if shard.first else RUNTIME)
    if fnmatch.fnmatchcase(name, "wasm.*.pagefind") and name not in wasm:
        return False  # a forced language never loads "unknown"'s (90 KB)
    return "/" in path or not any(fnmatch.fnmatchcase(name, pattern) for pattern in unused)


def wasm_used(files: list[dict]) -> set[str]:
    """The WebAssembly files a shard's entry has the reader load, one per language."""
    entry = next((file for file in files if file["path"] == "pagefind-entry.json"), None)
    languages = json.loads(base64.b64decode(entry["content"]))["languages"] if entry else {}
    return {f"wasm.{language['wasm']}.pagefind" for language in languages.values() if language.get("wasm")}


def pagefind_executable() -> str:
    """The `pagefind_bin` package's binary, found where that package keeps it (its
    get_executable's names, in its order) without importing it: its import loads `platform`,
    2 ms of a one-page edit's build. Its own look-up where it is not found so."""
    import os
    import sys

    for entry in sys.path:
        for name in ("pagefind_extended", "pagefind"):
            path = os.path.join(entry or ".", "pagefind_bin", name)
            if os.path.isfile(path):
                return path
    from pagefind_bin import get_executable

    return str(get_executable())


class Pagefind:
    """A `pagefind --service` process: requests go to its standard input, and replies come
    from its output, each a base64-encoded JSON message ended by a comma and answering a
    request's message_id. It answers them one at a time, in order."""

    def __init__(self):
        self.errors = tempfile.TemporaryFile()
        self.process = subprocess.Popen([pagefind_executable(), "--service"], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=self.errors)
        self.sent = 0
        self.unread = bytearray()
        self.early: dict[int, dict] = {}  # replies read before they were asked for
        self.writers: list[threading.Thread] = []

    def __enter__(self) -> "Pagefind":
        return self

    def __exit__(self, *exc) -> None:
        if any(writer.is_alive() for writer in self.writers):
            self.kill()  # what it was still being sent is no longer wanted: the writer stops at once
        for writer in self.writers:
            writer.join()
        try:
            self.process.stdin.close()
            self.process.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            self.process.kill()
            self.process.wait()
        self.errors.close()

    def ask(self, requests: list[dict]):
        """The replies' payloads to `requests`, in their order, each as soon as it and those
        before it are in (an iterator: the requests are sent at once, the replies read as it
        is read)."""
        messages = self.post(requests)
        return (self.answer(message) for message in messages)

    def post(self, requests: list[dict]) -> range:
        """Send `requests` (their message ids). Requests that could fill the pipe while Pagefind
        waits for its replies to be read are written by a thread of their own; fewer (an edit's
        shard) are written at once: a thread waits for the interpreter's lock while the build
        works on, up to 5 ms before Pagefind starts."""
        first = self.sent + 1
        messages = b"".join(base64.b64encode(json.dumps({"message_id": first + n, "payload": request}).encode())
                            + b"," for n, request in enumerate(requests))
        self.sent += len(requests)
        if len(messages) <= AT_ONCE:
            self.send(messages)
        else:
            writer = threading.Thread(target=self.send, args=(messages,), daemon=True)
            writer.start()
            self.writers.append(writer)
        return range(first, self.sent + 1)

    def answer(self, message: int) -> dict:
        """The reply to request `message`, read now if it has not been read yet; a reply saying
        the request failed raises SearchIndexFailed with what Pagefind said."""
        while message not in self.early:
            number, payload = self.reply()
            self.early[number] = payload
        payload = self.early.pop(message)
        if payload.get("type") == "Error":
            raise SearchIndexFailed(f"Pagefind failed: {payload.get('message')}")
        return payload

    def stop(self) -> None:
        """Ended now, whatever it was doing (its replies are no longer wanted)."""
        self.kill()
        self.__exit__()

    def kill(self) -> None:
        """Told to end at once (`stop` then waits for it)."""
        if self.process.poll() is None:
            self.process.kill()

    def send(self, messages: bytes) -> None:
        try:
            self.process.stdin.write(messages)
            self.process.stdin.flush()
        except OSError:
            pass  # it stopped: reading its output says so

    def reply(self) -> tuple[int, dict]:
        decoded = bytearray()  # the reply's base64 decoded as it comes, four characters at a time
        end = self.unread.find(b",")
        while end < 0:
            whole = len(self.unread) // 4 * 4  # (padding only ends a message: any whole groups decode alone)
            decoded += base64.b64decode(self.unread[:whole])
            del self.unread[:whole]
            chunk = self.process.stdout.read1(1 << 20)
            if not chunk:
                self.errors.seek(0)
                said = self.errors.read().decode("utf-8", "replace").strip()
                raise SearchIndexFailed(f"Pagefind stopped ({self.process.poll()}): {said or 'no message'}")
            self.unread += chunk
            end = self.unread.find(b",", len(self.unread) - len(chunk))  # (base64 has no comma)
        decoded += base64.b64decode(self.unread[:end])
        del self.unread[:end + 1]
        message = json.loads(decoded)
        payload = message.get("payload") or {}
        if message.get("message_id") is None:  # a request it could not read: no reply will say which
            raise SearchIndexFailed(f"Pagefind failed: {payload.get('message')}")
        return message["message_id"], payload


def keep_same(output, reuse, name: str, data: bytes) -> bool:
    """Whether the file `name` (a path below FOLDER) of a shard made again is kept from the last
    output (reuse.Reuse's `file`), which holds it with exactly these bytes: linked, not written."""
    rel = f"{FOLDER}/{name}"
    known = reuse.previous.files.get(rel)
    if known is None or known[0] != len(data):
        return False
    try:
        with open(output.target / rel, "rb") as handle:
            if handle.read() != data:
                return False
    except OSError:
        return False
    return reuse.file(output, rel)


class Indexing:
    """The search index in shards, each made again only when one of its pages' HTML changed
    (not merely re-rendered: a whitespace edit keeps it), so an edit re-indexes its shard, not
    the site. Made before the pages are rendered, it starts a Pagefind service (its start
    then costs the build nothing); `start` sends it the shards to index, and Pagefind works
    while the build goes on (an edit's shard took a fifth of the edit); `finish` writes what
    it made and records it in the output; `stop` ends it (a build that failed). `ahead`: the
    service the build started before it loaded the site, with an edit's shards begun in it
    (`begin_shards`)."""

    def __init__(self, site, output, warm: bool = True, ahead: Ahead | None = None):
        self.site, self.output = site, output
        self.entries: dict = {}
        self.todo: list[Shard] = []
        self.parts: Parts | None = None
        self.service: Pagefind | None = ahead.pagefind if ahead else None
        self.begun: dict[str, Begun] = ahead.begun if ahead else {}
        # Pagefind reads written pages: none for `check` (its files are no link's target)
        self.searched = site.search and not output.dry
        self.shards: list[Shard] = language_shards(site) if self.searched else []
        if self.searched and warm and self.service is None:  # (not for `serve`'s pages, which keep the index for the build after)
            try:
                self.service = Pagefind()
            except OSError:  # said by `start` if a shard needs it (a build that keeps them all does not)
                pass

    def start(self, pages: dict, old: dict, code: str, processes: int | None, say, reuse) -> None:
        """`pages`: url -> cache.PageEntry; `old`: the last build's entries by shard name;
        `reuse`: the Builder's reuse.Reuse, which decides what stands of the last build."""
        from generator.cache import GameEntry
        from generator.fingerprint import digest

        site, output = self.site, self.output
        for shard in self.shards:
            language = shard.language or site.language
            key = digest(code, language, str(shard.first), *(f"{url}\0{pages[url].html}" for url in shard.urls))
            before = old.get(shard.name)
            # its pages and language, for the next build to begin it early (begin_shards)
            info = {"urls": list(shard.urls), "language": language}
            if reuse.kept(output, before, key):
                self.entries[shard.name] = GameEntry(before.key, before.files, info)
            else:
                self.entries[shard.name] = GameEntry(key, [], info)
                self.todo.append(shard)
        if not self.todo:
            self.stop()
            return
        begun = {shard.name: self.begun[shard.name] for shard in self.todo if shard.name in self.begun
                 and self.begun[shard.name].stands_for(shard, shard.language or site.language)}
        for shard in self.todo:
            if shard.name in begun:  # its kept pages read from the last output already: the others, in staging
                begun[shard.name].made_again = tuple(url for url in shard.urls if url not in output.reused)
                continue
            for url in shard.urls:
                output.materialize(url)  # Pagefind reads the finished pages where they stand
        say(f"indexing pages for search ({sum(len(shard.urls) for shard in self.todo)} pages)")
        service, self.service = self.service, None
        staging = output.staging
        keep = partial(keep_same, output, reuse) if reuse.previous is not None else None
        self.parts = start_shards(self.todo, staging, staging / FOLDER, site.language, processes, service, begun, keep)

    def stop(self) -> None:
        """Pagefind stopped (a build that failed meanwhile, before clearing its staging folder)."""
        for running in (self.service, self.parts):
            if running is not None:
                running.stop()
        self.service = self.parts = None

    def finish(self) -> dict:
        """Wait for the index, record its files; this build's entries for the build cache."""
        made: dict[str, list[str]] = {}  # shard name -> its files, written or kept (Part.receive)
        if self.parts is not None:
            parts, self.parts = self.parts, None
            parts.receive()
            for part in parts.parts:
                made.update(part.files)
                for name, size in part.written.items():
                    self.output.record(f"{FOLDER}/{name}", size)
        for shard in self.todo:
            self.entries[shard.name].files = sorted(f"{FOLDER}/{name}" for name in made.get(shard.name, ()))
        if self.shards:
            self.output.write(LIST, shard_list(self.shards))
        return self.entries
