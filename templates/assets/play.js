// Walkthrough steppers and live boards (generator/interactive).
//
// Stepping through a walkthrough needs no Python: every frame is already in
// the page. "Try it from here" and the Play widget start ONE module Web
// Worker (play-worker.js) shared by every widget on the page; it loads
// Pyodide from the site itself and the game's bundle, then answers requests
// (see generator/interactive/session.py). Config comes from this script
// tag's data attributes (the page's CSP allows no inline script).
//
// The runtime starts loading before the click where it can: when a widget comes
// near the viewport, or its "Try it" button is hovered or focused (never on a
// connection that asks to save data). A page opened from disk (file://) cannot
// start a worker: its widgets say so, and their steppers still work.
(function () {
  "use strict";
  const script = document.currentScript;
  if (!script || !window.URL) return;
  const SVG_NS = "http://www.w3.org/2000/svg";

  const absolute = (url) => new URL(url, document.baseURI).href;
  // The page's words in its language (generator/i18n/interface.script_words, the same JSON site.js
  // reads): t("Undo") is the page's word for it, English where there is none; {name} in a message
  // takes values[name]. The engine's own words come translated from the worker (generator/play/words.py).
  let WORDS = {};
  try { WORDS = JSON.parse(document.getElementById("rp-words").textContent) || {}; } catch (error) { WORDS = {}; }
  const has = (object, key) => Object.prototype.hasOwnProperty.call(object, key);
  function t(text, values) {
    const words = has(WORDS, text) ? WORDS[text] : text;
    return values ? words.replace(/\{(\w+)\}/g, (whole, name) => (has(values, name) ? String(values[name]) : whole)) : words;
  }
  // t() with nodes among its values: the message split around {name}, each filled with its node
  function tNodes(text, values) {
    return t(text).split(/(\{\w+\})/).filter(Boolean).map((part) => {
      const name = part.slice(1, -1);
      return /^\{\w+\}$/.test(part) && has(values, name) ? values[name] : part;
    });
  }
  const LANGUAGE = document.documentElement.lang || "";  // the engine's words are asked for in it
  const config = {
    worker: absolute(script.getAttribute("data-worker")),
    // empty: the site was built without the runtime (`rulepress runtime` adds it)
    pyodide: script.getAttribute("data-pyodide") ? absolute(script.getAttribute("data-pyodide")) : "",
  };

  // -- small DOM helpers --------------------------------------------------------
  // The narrowest width (px) at which an SVG's smallest text shows at 12 px: its viewBox
  // width times 12 over its smallest font-size (generator/browser/diagram.py sized_for_reading).
  // a level's name as the select shows it: "club" as "Club", "débutant" as "Débutant"
  function capitalised(words) { return words.charAt(0).toUpperCase() + words.slice(1); }

  function readableWidth(svg) {
    const box = svg.viewBox && svg.viewBox.baseVal;
    const sizes = Array.from(svg.querySelectorAll("[font-size]"), (n) => parseFloat(n.getAttribute("font-size")))
      .filter((size) => size > 0);
    return box && box.width && sizes.length ? Math.ceil(box.width * 12 / Math.min(...sizes)) : 0;
  }

  function el(tag, attrs, children) {
    const node = document.createElement(tag);
    Object.entries(attrs || {}).forEach(([key, value]) => {
      if (value === false || value === null || value === undefined) return;
      if (key === "text") node.textContent = value;
      else if (key === "className") node.className = value;
      else node.setAttribute(key, value === true ? "" : value);
    });
    (children || []).forEach((child) => node.append(child));
    return node;
  }
  function button(label, className, onClick) {
    const node = el("button", { type: "button", className: "rp-button" + (className ? " " + className : ""), text: label });
    node.addEventListener("click", onClick);
    return node;
  }
  // Python runs only from a web server (a worker cannot start from file://), and only if the site has it
  const served = (location.protocol === "http:" || location.protocol === "https:") && !!config.pyodide;
  const saveData = !!(navigator.connection && navigator.connection.saveData);
  function serverNote(what) {
    if (!config.pyodide) {
      return el("p", { className: "rp-server-note", role: "note" }, tNodes(
        "{what} needs the Python runtime, which this site was built without. Its author adds it with {command} and builds again.",
        { what, command: el("code", { text: "rulepress runtime" }) }));
    }
    return el("p", { className: "rp-server-note", role: "note" }, tNodes(
      "{what} needs the site served over HTTP, not opened from disk. In the site's folder run {command} and open the address it prints.",
      { what, command: el("code", { text: "rulepress serve" }) }));
  }
  function randomSeed() {
    const buffer = new Uint32Array(1);
    crypto.getRandomValues(buffer);
    return buffer[0] % 2147483647;
  }
  // ?seed=N fixes a Play page's chance (the deal, the dice): its first game from seed N, each new
  // game after it from the next, so a test (or a reader reporting a bug) meets the same games again
  const pageSeed = /^\d{1,9}$/.test(new URLSearchParams(location.search).get("seed") || "")
    ? Number(new URLSearchParams(location.search).get("seed")) : null;

  // -- the runtime: one worker for the page, started on demand -------------------
  // what the worker says at each step of loading (play-worker.js), in the page's words
  const PROGRESS = [t("Loading the game…"), t("Downloading the Python runtime…"), t("Python is running; loading the game…"),
    t("Setting up the board…"), t("Ready")];
  const runtime = {
    worker: null,
    nextId: 1,
    waiting: new Map(),
    listeners: new Set(),
    lastProgress: null,
    warmed: new Set(),
    // Load Python, the bundle and the game's engine ahead of the first click.
    warm(bundle, game) {
      if (!served || saveData || this.warmed.has(bundle)) return;
      this.warmed.add(bundle);
      this.call(bundle, { op: "warm", game });
    },
    // `bundle`: the URL of the game's zip (each widget names its own).
    call(bundle, request) {
      if (!this.worker) this.start();
      const id = this.nextId++;
      return new Promise((resolve) => {
        this.waiting.set(id, resolve);
        this.worker.postMessage({ kind: "call", id, bundle, pyodide: config.pyodide, request });
      });
    },
    start() {
      this.worker = new Worker(config.worker, { type: "module", name: "rulepress-play" });
      this.worker.addEventListener("message", (event) => {
        const message = event.data;
        if (message.kind === "progress") {
          this.lastProgress = message;
          this.listeners.forEach((listener) => listener(message));
        } else if (message.kind === "answer" && this.waiting.has(message.id)) {
          const resolve = this.waiting.get(message.id);
          this.waiting.delete(message.id);
          message.answer.workerMs = message.workerMs;
          resolve(message.answer);
        }
      });
      this.worker.addEventListener("error", (event) => {
        const error = { ok: false, error: event.message ? t("The game runtime failed to start: {reason}", { reason: event.message })
          : t("The game runtime failed to start.") };
        this.waiting.forEach((resolve) => resolve(error));
        this.waiting.clear();
        this.worker = null;
      });
    },
  };

  // -- choosing among several moves: one word at a time -------------------------------
  // Moves that share a click (a Troll's step with or without a throw, an attack with its
  // cover and range) are offered as the words that tell them apart, after the words
  // they share: "throw N / throw E ..." rather than a list of whole notations.
  function wordsOf(notation) { return notation.trim().split(/\s+/); }

  function sharedWords(notations) {
    const split = notations.map(wordsOf);
    let count = 0;
    while (split.every((words) => words.length > count && words[count] === split[0][count])) count++;
    return count;
  }

  // [{label, notations}]: one entry per distinct next word after the shared ones (in the
  // engine's order); a group of one is the move itself, labelled by what sets it apart.
  function choiceGroups(notations) {
    const shared = sharedWords(notations);
    const groups = new Map();
    notations.forEach((notation) => {
      const rest = wordsOf(notation).slice(shared);
      const key = notations.length > 8 && rest.length > 1 ? rest[0] : rest.join(" ");
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(notation);
    });
    return Array.from(groups, ([key, members]) => ({
      label: members.length > 1 ? `${key || "…"} …` : (key || members[0]), notations: members }));
  }

  // -- where things are on the board ----------------------------------------------------
  // Every place the engine draws carries data-cell (engine.cells names the same places),
  // so one mapping serves every game: a move is "the first cell, then the last".
  function cellShapes(svg) {
    const shapes = new Map();  // cell -> its largest shape (the square, not a label on it)
    svg.querySelectorAll("[data-cell]").forEach((shape) => {
      const cell = shape.getAttribute("data-cell");
      const box = shape.getBBox();
      const area = box.width * box.height;
      const known = shapes.get(cell);
      if (!known || area > known.area) shapes.set(cell, { shape, area });
    });
    return shapes;
  }

  // A place's middle and half its least side, in its drawing's own units (for marks drawn over the board).
  function placeInRoot(shape, root) {
    const box = shape.getBBox();
    const m = root.getScreenCTM().inverse().multiply(shape.getScreenCTM());
    const p = new DOMPoint(box.x + box.width / 2, box.y + box.height / 2).matrixTransform(m);
    return { x: p.x, y: p.y, r: Math.min(box.width, box.height) / 2 * Math.hypot(m.a, m.b) };
  }

  const reducedMotion = () => !!(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);

  function ring(shape, className, cell) {
    const box = shape.getBBox();
    const rect = document.createElementNS(SVG_NS, "rect");
    const inset = Math.min(box.width, box.height) * 0.06;
    rect.setAttribute("x", box.x + inset);
    rect.setAttribute("y", box.y + inset);
    rect.setAttribute("width", Math.max(box.width - 2 * inset, 0.5));
    rect.setAttribute("height", Math.max(box.height - 2 * inset, 0.5));
    rect.setAttribute("class", className);
    rect.setAttribute("data-mark", cell);
    shape.after(rect);
    return rect;
  }

  // What a reader hears for a step of the game: who, and what happened in words.
  function stepWords(step) {
    // the session names a chance step "Chance" (its key here too): said in the page's language
    const named = step.who === "Chance" ? t("Chance") : step.who;
    const who = step.computer ? t("{player} (computer)", { player: named }) : named;
    return t("{player}: {what}", { player: who, what: step.events.length ? step.events.join(" ") : step.notation });
  }

  // The steps since the last look, in words: every player's move, and of the dice and cards
  // only the last few (a deal of sixteen cards is one line, not sixteen).
  const SHOWN_CHANCE = 5;
  function lastSteps(steps) {
    const kept = steps.filter((step, index) => step.who !== "Chance" || index >= steps.length - SHOWN_CHANCE);
    const shown = kept.map((step) => el("p", { text: stepWords(step) }));
    const earlier = steps.length - kept.length;
    if (earlier) shown.unshift(el("p", { className: "rp-earlier", text: earlier === 1 ? t("… and 1 more draw of chance (see the log)")
      : t("… and {count} more draws of chance (see the log)", { count: earlier }) }));
    return shown;
  }

  // -- the live board: "Try it" and Play -----------------------------------------
  const liveBoards = new Set();  // every live board on the page (rulepressPlay.arrowMoves finds one by its svg)
  class LiveBoard {
    constructor(host, options) {
      this.host = host;
      this.game = host.getAttribute("data-game");
      this.bundle = absolute(host.getAttribute("data-bundle"));
      this.rules = host.getAttribute("data-rules") || "";
      this.widget = host.id;
      // {heading, onClose, replaces: static nodes the live board stands in for, still: the static
      //  board to show in its place while Python loads, barStart: controls put first in the bar,
      //  play: a whole game (the seat is chosen in the bar, the board fits the first screen)}
      this.options = options;
      this.view = null;
      this.selected = null;
      this.partsDone = [];
      this.nextMarks = new Map();  // the next part's choices: cell -> [cell, kind, words?]
      this.cursor = null;
      this.replaying = null;  // the step shown while stepping through the log, else null
      this.busy = false;
      liveBoards.add(this);
      this.build();
    }

    build() {
      const id = this.widget;
      // a title, not a heading: the widget sits under headings of any level
      this.heading = el("p", { className: "rp-live-title", id: `${id}-live-title`, text: this.options.heading, tabindex: "-1" });
      const head = el("div", { className: "rp-live-head" }, [this.heading]);
      if (this.options.onClose) head.append(button(t("Back to the walkthrough"), "", () => this.options.onClose()));
      this.progressBar = el("progress", { max: "4", value: "0", "aria-labelledby": `${id}-loading-text` });
      this.progressText = el("span", { id: `${id}-loading-text`, text: t("Loading the game…") });
      this.loading = el("div", { className: "rp-loading", role: "status" }, [this.progressBar, this.progressText]);
      this.loading.hidden = true;
      this.root = el("div", { className: "rp-live" + (this.options.play ? " rp-live-play" : ""), role: "region",
        "aria-labelledby": `${id}-live-title` }, [head, this.buildBar(), this.loading, this.buildStage()]);
      this.root.hidden = true;
      const replaces = this.options.replaces || [];
      if (replaces.length) replaces[0].before(this.root);
      else this.host.append(this.root);
      if (this.options.still) this.boardWrap.prepend(this.options.still);
      this.setBusy(true);
    }

    // Seat and level, new game, undo, the computer's move and the link: one compact bar.
    buildBar() {
      const id = this.widget;
      this.levelChoice = el("select", { id: `${id}-level` });
      this.levelChoice.addEventListener("change", () => this.send({ op: "sides", computer: this.computerSeats(), bot: this.levelChoice.value }));
      this.levelField = el("span", { className: "rp-field" }, [el("label", { for: `${id}-level`, text: t("Level") }), this.levelChoice]);
      this.levelField.hidden = true;
      this.undoButton = button(t("Undo"), "", () => this.send({ op: "undo" }));
      this.botButton = button(t("Computer move"), "", () => this.send({ op: "bot" }));
      this.copyButton = button(t("Share link"), "", () => this.copyLink());
      this.copyButton.setAttribute("aria-label", t("Share link to this game"));
      this.linkField = el("input", { type: "text", readonly: true, className: "rp-link", id: `${id}-link`, "aria-label": t("Link to this game") });
      this.linkField.hidden = true;
      // Play: the computer's move is a hint beside the board, not one more control in the bar
      const hint = this.options.play ? [] : [this.botButton];
      return el("div", { className: "rp-bar", role: "group", "aria-label": t("Game controls") }, [
        ...(this.options.barStart || []), this.levelField, ...(this.options.barMiddle || []), this.undoButton,
        ...hint, this.copyButton, this.linkField]);
    }

    // The board (largest, first) and beside or below it: whose turn, what happened, the log.
    buildStage() {
      const id = this.widget;
      this.board = el("div", { className: "rp-board rp-live-board", tabindex: "0", role: "application",
        "aria-roledescription": t("game board"), "aria-label": t("Board"), "aria-describedby": `${id}-board-help` });
      this.board.addEventListener("click", (event) => this.onBoardClick(event));
      this.board.addEventListener("keydown", (event) => this.onBoardKey(event));
      this.board.addEventListener("focus", () => this.showCursor());
      this.board.addEventListener("blur", () => this.clearCursor());
      this.choices = el("div", { className: "rp-choices", role: "group", "aria-label": t("Which move?") });
      this.choices.hidden = true;
      this.choices.addEventListener("keydown", (event) => {
        if (event.key === "Escape") { event.preventDefault(); this.clearChoices(); this.select(null); this.board.focus(); }
      });
      this.boardWrap = el("div", { className: "rp-board-wrap" }, [this.board, this.choices]);
      const help = el("p", { className: "rp-visually-hidden", id: `${id}-board-help`,
        text: t("Arrow keys move between places, Enter picks a piece and then where it goes, Escape lets go.") });
      this.cursorSay = el("p", { className: "rp-visually-hidden", "aria-live": "polite" });

      this.status = el("p", { className: "rp-status", "aria-live": "polite" });
      this.message = el("p", { className: "rp-message", "aria-live": "assertive" });
      this.offBoard = el("div", { className: "rp-off-board", role: "group", "aria-label": t("Moves off the board") });
      this.lastTitle = el("p", { className: "rp-side-title", id: `${id}-last-title`, text: t("Last moves") });
      // every move, the reader's and the computer's, in words: read out as it comes
      this.last = el("div", { className: "rp-last", "aria-live": "polite", "aria-labelledby": `${id}-last-title` });
      this.sides = el("fieldset", { className: "rp-sides" }, [el("legend", { text: t("The computer plays") })]);
      this.sides.hidden = !!this.options.play;  // Play: the seat in the bar says who is who
      const hint = this.options.play ? [el("p", { className: "rp-hint" }, [this.botButton])] : [];
      const side = el("div", { className: "rp-side" }, [
        this.status, ...hint, this.message, this.offBoard, this.lastTitle, this.last, this.buildLog(), this.sides, this.buildTyped()]);
      return el("div", { className: "rp-stage" }, [this.boardWrap, help, this.cursorSay, side]);
    }

    // The log, and stepping through it move by move (the game itself waits).
    buildLog() {
      const id = this.widget;
      this.history = el("ol", { className: "rp-history", "aria-label": t("Moves so far") });
      this.replayFirst = button(t("First"), "", () => this.replayTo(0));
      this.replayPrev = button(t("Previous"), "", () => this.replayTo(this.replayStep() - 1));
      this.replayNext = button(t("Next"), "", () => this.replayTo(this.replayStep() + 1));
      this.replayBack = button(t("Back to the game"), "rp-primary", () => this.leaveReplay());
      this.replayBack.hidden = true;
      this.replayCount = el("span", { className: "rp-counter", "aria-live": "polite", id: `${id}-replay-count` });
      const controls = el("div", { className: "rp-replay", role: "group", "aria-label": t("Step through the game") }, [
        this.replayFirst, this.replayPrev, this.replayNext, this.replayBack, this.replayCount]);
      controls.addEventListener("keydown", (event) => {
        const to = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
        if (to) { event.preventDefault(); this.replayTo(this.replayStep() + to); }
      });
      return el("div", { className: "rp-log" }, [el("p", { className: "rp-side-title", text: t("Moves so far") }), controls, this.history]);
    }

    // Typed notation, and every legal move as a list: for those who want them.
    buildTyped() {
      const id = this.widget;
      this.moveList = el("select", { id: `${id}-moves` });
      this.playButton = button(t("Play move"), "rp-primary", () => this.playSelected());
      this.typed = el("input", { type: "text", id: `${id}-typed`, autocomplete: "off", spellcheck: "false" });
      this.typed.addEventListener("keydown", (event) => {
        if (event.key === "Enter") { event.preventDefault(); this.playTyped(); }
      });
      return el("details", { className: "rp-typed" }, [el("summary", { text: t("Type a move or pick it from a list") }),
        el("div", { className: "rp-row" }, [el("label", { for: `${id}-moves`, text: t("Legal moves") }), this.moveList, this.playButton]),
        el("div", { className: "rp-row" }, [el("label", { for: `${id}-typed`, text: t("Or type a move") }), this.typed,
          button(t("Try move"), "", () => this.playTyped())])]);
    }

    // Open a position string or a new game; resolves when the board is shown.
    async open(request) {
      if (!("layout" in request)) request.layout = this.wantedLayout();
      this.root.hidden = false;
      this.board.hidden = !this.view;  // the static board shows until the live one is ready
      this.message.textContent = "";
      this.replaying = null;
      this.showLoading();
      this.fitBoard();
      await this.send(Object.assign({ op: "open", game: this.game, language: LANGUAGE }, request));
      this.loading.hidden = true;
      if (this.view) this.standIn(true);
      return this.view;
    }

    // The live board takes the static one's place (and gives it back on close).
    standIn(live) {
      this.board.hidden = !live;
      (this.options.replaces || []).forEach((node) => { node.hidden = live; });
      this.fitBoard();
    }

    close() {
      this.root.hidden = true;
      this.standIn(false);
    }

    // Move keyboard focus to the board's heading (a reader who pressed "Try it" lands here).
    focus() {
      this.heading.focus();
      this.root.scrollIntoView({ block: "nearest" });
    }

    showLoading() {
      const update = (message) => {
        this.progressBar.value = message.step;
        this.progressText.textContent = PROGRESS[message.step] || message.text;
      };
      this.loading.hidden = false;
      if (runtime.lastProgress) update(runtime.lastProgress);
      runtime.listeners.add(update);
      this.stopListening = () => runtime.listeners.delete(update);
    }

    async send(request) {
      if (this.busy && request.op !== "open") return null;
      this.setBusy(true);
      this.clearChoices();
      request.widget = this.widget;
      const answer = await runtime.call(this.bundle, request);
      if (this.stopListening) { this.stopListening(); this.stopListening = null; this.loading.hidden = true; }
      if (answer.view) this.render(answer.view, request.op);
      this.setBusy(false);
      if (answer.ok && answer.choices) {
        this.offerChoices(answer.choices, request.to || request.cell);
      } else if (answer.ok && answer.choose) {
        this.choose(answer.choose);
      } else if (answer.ok && answer.letGo) {
        this.select(null);
      } else if (answer.ok) {
        this.say(answer.say || "");
      } else if (answer.refused) {
        this.refuse(answer.refused);
      } else {
        this.say(answer.error || t("Something went wrong."), true);
      }
      this.host.dispatchEvent(new CustomEvent("rp-answer", { detail: answer, bubbles: true }));
      return answer;
    }

    setBusy(busy) {
      this.busy = busy;
      const view = this.view;
      const myTurn = !!view && view.seat !== null && !view.result && this.replaying === null;
      this.playButton.disabled = busy || !myTurn || !view.legal.length;
      this.moveList.disabled = busy || !myTurn;
      this.botButton.disabled = busy || !myTurn;
      this.undoButton.disabled = busy || !view || !view.canUndo;
      this.copyButton.disabled = busy || !view;
      this.levelChoice.disabled = busy || !view;
      this.sides.disabled = busy || !view;
      this.offBoard.querySelectorAll("button").forEach((node) => { node.disabled = busy || !myTurn; });
      this.root.setAttribute("aria-busy", busy ? "true" : "false");
    }

    say(text, refused) {
      this.message.replaceChildren(text);
      this.message.classList.toggle("rp-refused", !!refused);
    }

    // "Not allowed: <the engine's reason>. See the rule <section> and clarification <n>.", each a link
    // into the rules; the worker gives the reason and the sections' names in the page's language.
    refuse(refused) {
      const links = (refused.anchors || []).map((place) =>
        el("a", { href: this.rules + place.anchor, className: "rp-rule-link",
          text: /^#c\d+$/.test(place.anchor) ? place.text.replace(/^Clarification/, "clarification")
            : t("rule “{name}”", { name: place.text }) }));
      const reason = refused.message;
      let parts;
      if (links.length > 1) {
        parts = tNodes("Not allowed: {reason}. See the {rule} and {other}.", { reason, rule: links[0], other: links[1] });
        links.slice(2).forEach((link) => parts.push(" ", link));
      } else if (links.length) {
        parts = tNodes("Not allowed: {reason}. See the {rule}.", { reason, rule: links[0] });
      } else {
        parts = [refused.rule ? t("Not allowed: {reason}. ({rule})", { reason, rule: refused.rule }) : t("Not allowed: {reason}.", { reason })];
      }
      this.message.replaceChildren(...parts);
      this.message.classList.add("rp-refused");
    }

    render(view, op) {
      this.view = view;
      this.selected = null;
      this.partsDone = [];
      this.replaying = null;
      this.board.innerHTML = view.svg;
      this.board.setAttribute("aria-label", t("{game} board. {prompt}.", { game: view.game, prompt: view.prompt }));
      this.shapes = null;
      this.status.textContent = view.prompt;
      // Each move once, in words (what happened, or the move itself when the engine says nothing more)
      if (view.steps.length) this.last.replaceChildren(...lastSteps(view.steps));
      else if (op === "undo") this.last.replaceChildren(el("p", { text: t("Moves taken back.") }));
      else if (op === "open") this.last.replaceChildren();
      this.moveList.replaceChildren(...view.legal.map((action) => el("option", { value: action.n, text: action.n })));
      this.renderHistory(view);
      this.renderOffBoard(view);
      this.renderLevels(view);
      this.renderSides(view);
      this.showReplay();
      this.root.setAttribute("data-log-length", String(view.log.length));
      this.fitBoard();
      if (document.activeElement === this.board) this.showCursor();
      this.showReply(view.steps);
    }

    // The computer's last move as a short movement over the new board, not a jump cut: a ring
    // travelling through the places it moved through (never where the reader asks for less motion).
    showReply(steps) {
      const step = steps.filter((s) => s.computer && s.cells && s.cells.length > 1).at(-1);
      const svg = this.board.querySelector("svg");
      if (!step || !svg || reducedMotion() || !svg.animate) return;
      const places = this.places();
      const points = step.cells.filter((cell) => places.has(cell)).map((cell) => placeInRoot(places.get(cell).shape, svg));
      if (points.length < 2) return;
      const mover = document.createElementNS(SVG_NS, "circle");
      mover.setAttribute("r", String(Math.max(Math.min(...points.map((p) => p.r)) * 0.55, 1)));
      mover.setAttribute("class", "rp-motion");
      mover.setAttribute("aria-hidden", "true");
      svg.appendChild(mover);
      const frames = points.map((p, i) => ({ transform: `translate(${p.x}px, ${p.y}px)`, offset: i / (points.length - 1) }));
      const motion = mover.animate(frames, { duration: Math.min(300 + 150 * points.length, 900), easing: "ease-in-out" });
      motion.finished.then(() => mover.remove(), () => mover.remove());
    }

    renderHistory(view) {
      this.history.replaceChildren(...view.log.map((notation, index) => {
        const entry = el("button", { type: "button", className: "rp-log-step", text: notation,
          "aria-label": t("Show the game after move {number}: {move}", { number: index + 1, move: notation }) });
        entry.addEventListener("click", () => this.replayTo(index + 1));
        return el("li", { "data-step": String(index + 1) }, [entry]);
      }));
      this.history.scrollTop = this.history.scrollHeight;
    }

    // Moves with no place on the board (a card, a pass): buttons, grouped by their first words.
    renderOffBoard(view) {
      const loose = view.seat === null ? [] : view.legal.filter((action) => !action.c.length).map((action) => action.n);
      this.offBoard.replaceChildren();
      if (!loose.length) return;
      this.offBoard.append(el("span", { className: "rp-side-title", text: t("Other moves") }));
      choiceGroups(loose).forEach((group) => this.offBoard.append(button(group.label, "", () =>
        (group.notations.length === 1 ? this.play(group.notations[0]) : this.offerChoices(group.notations, null)))));
    }

    renderLevels(view) {
      const levels = view.levels || [];
      this.levelField.hidden = levels.length < 2;
      this.levelChoice.replaceChildren(...levels.map((level) => el("option", {
        value: level.name, text: capitalised(level.title || level.name), title: level.about || false })));
      // a bot that is none of the levels (a page's own choice) shows as itself
      if (levels.length && !view.level) this.levelChoice.prepend(el("option", { value: view.bot, text: view.bot }));
      this.levelChoice.value = view.level || view.bot;
    }

    renderSides(view) {
      const legend = this.sides.querySelector("legend");
      this.sides.replaceChildren(legend, ...view.players.map((player) => {
        const box = el("input", { type: "checkbox", id: `${this.widget}-cpu-${player.seat}`, value: String(player.seat) });
        box.checked = player.computer;
        box.addEventListener("change", () => this.send({ op: "sides", computer: this.tickedSeats() }));
        return el("label", { for: box.id }, [box, " " + player.name]);
      }));
    }

    tickedSeats() {
      return Array.from(this.sides.querySelectorAll("input:checked")).map((box) => Number(box.value));
    }

    computerSeats() {
      return this.view ? this.view.players.filter((p) => p.computer).map((p) => p.seat) : [];
    }

    // "narrow" where the board in its own arrangement is wider than the frame at readable
    // text (a phone held upright), else "": the engine draws the arrangement if it has it.
    wantedLayout() {
      if (!this.ownWidth) {
        // the board's own drawing (a Play section's still board also holds the narrow one: widgets.py)
        const drawn = [this.view && !this.view.layout ? this.board : null, this.options.still, ...(this.options.replaces || [])]
          .map((node) => node && node.querySelector && node.querySelector("svg:not(.rp-layout-narrow)"))
          .find((svg) => svg && readableWidth(svg));
        this.ownWidth = drawn ? readableWidth(drawn) : 0;
      }
      const room = this.boardWrap.clientWidth || this.host.clientWidth;
      return this.ownWidth && room && room - 12 < this.ownWidth ? "narrow" : "";
    }

    // After a resize: ask for the other arrangement when the screen changed which one fits.
    relayout() {
      const view = this.view;
      if (!view || this.busy || !(view.layouts || []).length) return;
      const wanted = this.wantedLayout();
      if (wanted !== view.layout && (!wanted || view.layouts.includes(wanted))) this.send({ op: "view", layout: wanted });
      else this.fitBoard();
    }

    // Play: the board as large as fits beside its panel, and whole in the first screen.
    fitBoard() {
      if (!this.options.play) return;
      // the drawing shown: of a still board's two (its own and the narrow one), the one play.css shows
      const svg = Array.from(this.boardWrap.querySelectorAll(".rp-board:not([hidden]) svg"))
        .find((node) => node.getClientRects().length);
      if (!svg) return;
      if (!svg.dataset.width) {
        svg.dataset.width = svg.getAttribute("width");
        svg.dataset.height = svg.getAttribute("height");
      }
      const width = Number(svg.dataset.width);
      const height = Number(svg.dataset.height);
      const room = this.boardWrap.clientWidth - 12;
      const top = this.boardWrap.getBoundingClientRect().top + window.scrollY;
      const tall = Math.max(window.innerHeight - top - 16, window.innerHeight * 0.4);
      // never narrower than its smallest text allows (12 px, as diagram.py sizes every diagram):
      // where that is wider than the screen, the board scrolls sideways in its frame like any diagram
      const scale = Math.max(Math.min(room / width, tall / height, 2), readableWidth(svg) / width);
      if (!(scale > 0)) return;
      svg.setAttribute("width", String(Math.floor(width * scale)));
      svg.setAttribute("height", String(Math.floor(height * scale)));
    }

    // -- choosing a move --------------------------------------------------------
    play(notation) { return this.send({ op: "act", action: notation }); }

    playSelected() {
      if (this.moveList.value) this.play(this.moveList.value);
    }

    playTyped() {
      const text = this.typed.value.trim();
      if (text) this.play(text).then((answer) => { if (answer && answer.ok) this.typed.value = ""; });
    }

    onBoardClick(event) {
      // A label drawn over a piece has no cell of its own: look through it to the shapes below.
      let shape = event.target.closest && event.target.closest("[data-cell]");
      if (!shape) {
        shape = document.elementsFromPoint(event.clientX, event.clientY)
          .find((node) => this.board.contains(node) && node.hasAttribute("data-cell"));
      }
      if (!shape || this.busy || !this.view) return;
      this.moveCursor(shape.getAttribute("data-cell"), false);
      this.clickCell(shape.getAttribute("data-cell"));
    }

    // A click (or Enter on the focus ring) goes to the page's click rules (generator/browser/clicks.py,
    // in the worker): they play a move, offer a choice, mark the next part's choices, or refuse.
    clickCell(cell) {
      if (this.replaying !== null) { this.say(t("You are looking back over the game: press “Back to the game” to play on.")); return; }
      this.send({ op: "click", cell, selected: this.selected, parts: this.partsDone });
    }

    select(cell) {
      this.clearMarks();
      this.clearChoices();
      this.selected = cell;
      this.partsDone = [];
      this.nextMarks = new Map();
      this.say("");
    }

    // The move being made: the piece where it stands now, and only the next part's choices, each with
    // its part's own mark (a ring for a place, an arrow for a direction, a dashed ring for a piece to take).
    choose(choice) {
      this.clearMarks();
      this.selected = choice.selected;
      this.partsDone = choice.parts;
      this.nextMarks = new Map(choice.marks.map((mark) => [mark[0], mark]));
      this.mark(choice.at, "rp-mark rp-mark-piece");
      choice.marks.forEach(([cell, kind]) => {
        if (kind === "direction") this.markDirection(choice.at, cell);
        else this.mark(cell, kind === "take" ? "rp-mark rp-mark-take" : "rp-mark rp-mark-target");
      });
      this.say(choice.hint);
    }

    // An arrow on `cell` pointing away from `from`: which way the next part goes. Drawn last, over the
    // pieces (a Rock thrown back where the Troll came from points at the Troll's own square).
    markDirection(from, cell) {
      const places = this.places();
      const found = places.get(cell);
      const origin = places.get(from);
      if (!found || !origin) { this.mark(cell, "rp-mark rp-mark-direction"); return; }
      const root = found.shape.ownerSVGElement;
      const inRoot = (shape) => placeInRoot(shape, root);
      const there = inRoot(found.shape);
      const here = inRoot(origin.shape);
      let ux = there.x - here.x;
      let uy = there.y - here.y;
      const length = Math.hypot(ux, uy) || 1;
      ux /= length; uy /= length;
      const r = there.r;
      const point = (along, aside) => `${(there.x + ux * along - uy * aside).toFixed(2)},${(there.y + uy * along + ux * aside).toFixed(2)}`;
      const arrow = document.createElementNS(SVG_NS, "polygon");
      arrow.setAttribute("points", [point(0.7 * r, 0), point(-0.1 * r, 0.55 * r), point(-0.1 * r, 0.22 * r), point(-0.7 * r, 0.22 * r),
        point(-0.7 * r, -0.22 * r), point(-0.1 * r, -0.22 * r), point(-0.1 * r, -0.55 * r)].join(" "));
      arrow.setAttribute("class", "rp-mark rp-mark-direction");
      arrow.setAttribute("data-mark", cell);
      root.appendChild(arrow);
    }

    // A place in the rules' words (the engine's place_name), not its id: "the 8s in P2's hand", not "P2.8"
    placeName(cell) {
      const names = (this.view && this.view.names) || {};
      return Object.prototype.hasOwnProperty.call(names, cell) ? names[cell] : cell;
    }

    places() {
      const svg = this.board.querySelector("svg");
      if (!this.shapes && svg) this.shapes = cellShapes(svg);
      return this.shapes || new Map();
    }

    mark(cell, className) {
      const found = this.places().get(cell);
      if (found) ring(found.shape, className, cell);
    }

    clearMarks() {
      this.board.querySelectorAll(".rp-mark").forEach((mark) => mark.remove());
    }

    // -- the keyboard: a focus ring over the board's places ----------------------
    onBoardKey(event) {
      if (!this.view) return;
      if (event.key.startsWith("Arrow")) {
        event.preventDefault();
        if (!this.cursor) { this.showCursor(); return; }
        // where each key leads comes with the board (generator/browser/arrows.py), as the tests read it
        const next = ((this.view.arrows || {})[this.cursor] || {})[event.key];
        if (next && this.places().has(next)) this.moveCursor(next, true);
      } else if ((event.key === "Enter" || event.key === " ") && this.cursor && !this.busy) {
        event.preventDefault();
        this.clickCell(this.cursor);
      } else if (event.key === "Escape" && this.selected) {
        event.preventDefault();
        this.select(null);
      }
    }

    // Where the ring starts: the last place it was, else a piece that can move, else the first place.
    showCursor() {
      const places = this.places();
      if (!places.size) return;
      let start = this.cursor && places.has(this.cursor) ? this.cursor : null;
      if (!start && this.view && this.view.seat !== null) {
        const movable = this.view.legal.find((a) => a.c.length && places.has(a.c[0]));
        start = movable ? movable.c[0] : null;
      }
      this.moveCursor(start || places.keys().next().value, true);
    }

    moveCursor(cell, speak) {
      this.clearCursor();
      this.cursor = cell;
      const found = this.places().get(cell);
      this.board.setAttribute("data-cursor", cell);
      if (!found) return;
      if (document.activeElement === this.board) ring(found.shape, "rp-cursor", cell);
      if (speak) this.cursorSay.textContent = this.describePlace(cell);
    }

    clearCursor() {
      this.board.querySelectorAll(".rp-cursor").forEach((mark) => mark.remove());
    }

    describePlace(cell) {
      const legal = this.view && this.view.seat !== null ? this.view.legal : [];
      const from = legal.filter((a) => a.c[0] === cell).length;
      const name = this.placeName(cell);
      const mark = this.selected && this.nextMarks ? this.nextMarks.get(cell) : null;
      if (mark) {
        const what = mark[2] || (mark[1] === "direction" ? t("a direction") : mark[1] === "take" ? t("a piece to take along") : t("a target"));
        return t("{place}: {what}", { place: name, what });
      }
      if (!from) return name;
      return from === 1 ? t("{place}: 1 move from here", { place: name }) : t("{place}: {count} moves from here", { place: name, count: from });
    }

    // -- several moves fit one choice: a small chooser beside the place ---------
    offerChoices(notations, cell) {
      this.clearChoices();
      const groups = choiceGroups(notations);
      const shared = wordsOf(notations[0]).slice(0, sharedWords(notations)).join(" ");
      this.choices.append(el("p", { className: "rp-choices-title", text: shared ? `${shared} …` : t("Which move?") }));
      groups.forEach((group) => {
        const pick = button(group.label, "", () => (group.notations.length === 1
          ? this.play(group.notations[0]) : this.offerChoices(group.notations, cell)));
        if (group.notations.length === 1) pick.setAttribute("aria-label", group.notations[0]);
        this.choices.append(pick);
      });
      this.choices.append(button(t("Cancel"), "rp-cancel", () => { this.clearChoices(); this.select(null); this.board.focus(); }));
      this.placeChooser(cell);
      this.choices.hidden = false;
      this.say(t("{count} moves fit: choose one.", { count: notations.length }));
      this.choices.querySelector("button").focus();
    }

    // Beside the place that was chosen, inside the board's frame (or at its top without one).
    placeChooser(cell) {
      const found = cell && this.places().get(cell);
      const frame = this.boardWrap.getBoundingClientRect();
      let left = 8;
      let top = 8;
      if (found) {
        const box = found.shape.getBoundingClientRect();
        left = box.left - frame.left;
        top = box.bottom - frame.top + 4;
      }
      this.choices.style.left = `${Math.max(0, Math.min(left, frame.width - 240))}px`;
      this.choices.style.top = `${Math.max(0, Math.min(top, frame.height - 60))}px`;
    }

    clearChoices() {
      const focused = this.choices.contains(document.activeElement);
      this.choices.replaceChildren();
      if (focused) this.board.focus();  // a keyboard reader goes on from the board, not from the page's top
      this.choices.hidden = true;
    }

    // -- stepping through the log ---------------------------------------------------
    replayStep() {
      return this.replaying === null ? (this.view ? this.view.log.length : 0) : this.replaying;
    }

    async replayTo(step) {
      if (!this.view || this.busy) return null;
      const total = this.view.log.length;
      step = Math.max(0, Math.min(total, step));
      this.setBusy(true);
      const answer = await runtime.call(this.bundle, { op: "replay", widget: this.widget, step });
      this.setBusy(false);
      if (!answer.ok) { this.say(answer.error || t("Something went wrong."), true); return answer; }
      const shown = answer.replay;
      this.replaying = shown.step === total ? null : shown.step;
      this.clearChoices();
      this.selected = null;
      this.partsDone = [];
      this.shapes = null;
      this.board.innerHTML = this.replaying === null ? this.view.svg : shown.svg;
      this.fitBoard();
      this.last.replaceChildren(el("p", { text: shown.step
        ? t("Move {number} of {total}. {what}", { number: shown.step, total, what: stepWords(shown) })
        : t("The start of the game ({total} moves).", { total }) }));
      this.showReplay();
      this.setBusy(false);
      this.host.dispatchEvent(new CustomEvent("rp-answer", { detail: answer, bubbles: true }));
      return answer;
    }

    leaveReplay() { return this.replayTo(this.view ? this.view.log.length : 0); }

    showReplay() {
      const total = this.view ? this.view.log.length : 0;
      const step = this.replayStep();
      const looking = this.replaying !== null;
      this.replayFirst.setAttribute("aria-disabled", String(step === 0));
      this.replayPrev.setAttribute("aria-disabled", String(step === 0));
      this.replayNext.setAttribute("aria-disabled", String(step === total));
      this.replayBack.hidden = !looking;
      this.replayCount.textContent = looking ? t("Looking back: move {number} of {total}", { number: step, total })
        : total === 1 ? t("1 move") : t("{count} moves", { count: total });
      this.history.querySelectorAll("li").forEach((item) =>
        item.classList.toggle("rp-current", looking && Number(item.dataset.step) === step));
      this.root.classList.toggle("rp-replaying", looking);
      this.root.setAttribute("data-replay-step", looking ? String(step) : "");
    }

    copyLink() {
      if (!this.view) return;
      if (!this.view.position) {  // session.py: a position string would hold every hidden card
        this.say(t("A link to this game can be shared once it ends: before then it would show every hidden card."));
        return;
      }
      const params = new URLSearchParams();
      params.set("rp-widget", this.widget);
      params.set("rp-pos", this.view.position);
      const cpu = this.computerSeats();
      if (cpu.length) params.set("rp-cpu", cpu.join(","));
      params.set("rp-bot", this.view.bot);
      if (this.replaying !== null) params.set("rp-step", String(this.replaying));
      if (document.body.dataset.release) params.set("rp-release", document.body.dataset.release);
      const url = new URL(window.location.href);
      url.hash = params.toString();
      this.linkField.value = url.href;
      this.linkField.hidden = false;
      const done = () => this.say(t("Link copied: it opens this game with all its moves, to play on or step through."));
      const manual = () => { this.linkField.select(); this.say(t("Copy the link from the box in the bar.")); };
      if (navigator.clipboard && navigator.clipboard.writeText) {
        navigator.clipboard.writeText(url.href).then(done, manual);
      } else {
        manual();
      }
    }
  }

  // -- walkthrough stepper -----------------------------------------------------------
  class Stepper {
    constructor(figure) {
      this.figure = figure;
      this.frames = Array.from(figure.querySelectorAll(".rp-frame"));
      this.live = null;
      if (!this.frames.length) return;
      const id = figure.id;
      const last = this.frames.length - 1;
      figure.classList.add("rp-enhanced");
      this.narration = el("div", { className: "rp-narration", "aria-live": "polite", id: `${id}-narration` });
      this.first = button(t("Start"), "", () => this.show(0));
      this.prev = button(t("Previous"), "", () => this.show(this.index - 1));
      this.next = button(t("Next"), "rp-primary", () => this.show(this.index + 1));
      this.range = el("input", { type: "range", min: "0", max: String(last), step: "1", value: "0", "aria-label": t("Step") });
      this.range.addEventListener("input", () => this.show(Number(this.range.value)));
      this.counter = el("span", { className: "rp-counter" });
      this.tryButton = served ? tryButton(figure, () => this.tryFromHere()) : null;
      this.controls = el("div", { className: "rp-controls", role: "group", "aria-label": t("Walkthrough steps") },
        [this.first, this.prev, this.range, this.next, this.counter, ...(this.tryButton ? [this.tryButton] : [])]);
      figure.querySelector(".rp-frames").after(this.narration, this.controls);
      if (!served) this.controls.after(serverNote(t("Trying moves from a step")));
      figure.addEventListener("keydown", (event) => this.onKey(event));
      this.show(0);
    }

    onKey(event) {
      if (!this.controls.contains(event.target) && event.target !== this.figure) return;
      if (event.target === this.range) return; // the slider handles its own arrows
      const moves = { ArrowLeft: this.index - 1, ArrowRight: this.index + 1, Home: 0, End: this.frames.length - 1 };
      if (event.key in moves) {
        event.preventDefault();
        this.show(moves[event.key]);
      }
    }

    show(index) {
      const last = this.frames.length - 1;
      this.index = Math.max(0, Math.min(last, index));
      this.frames.forEach((frame, i) => frame.classList.toggle("rp-current", i === this.index));
      const text = this.frames[this.index].querySelector(".rp-text");
      this.narration.innerHTML = text ? text.innerHTML : "";
      const label = this.index === 0 ? t("Start ({count} steps)", { count: last }) : t("Step {number} of {total}", { number: this.index, total: last });
      this.counter.textContent = label;
      this.range.value = String(this.index);
      this.range.setAttribute("aria-valuetext", label);
      // aria-disabled, not disabled: a focused button keeps the focus (and the arrow keys) at either end
      this.first.setAttribute("aria-disabled", String(this.index === 0));
      this.prev.setAttribute("aria-disabled", String(this.index === 0));
      this.next.setAttribute("aria-disabled", String(this.index === last));
      this.figure.setAttribute("data-step", String(this.index));
      // a frame shown as one seat sees it has no position (it would hold every card): nothing to try from
      if (this.tryButton) this.tryButton.hidden = !this.frames[this.index].getAttribute("data-position");
    }

    liveBoard() {
      if (!this.live) {
        this.live = new LiveBoard(this.figure, {
          heading: t("Try it: play on from this step"), onClose: () => this.closeLive(),
          replaces: [this.figure.querySelector(".rp-frames"), this.narration, this.controls],
        });
      }
      return this.live;
    }

    tryFromHere(position, extra) {
      const live = this.liveBoard();
      this.tryButton.disabled = true;
      const request = Object.assign({ position: position || this.frames[this.index].getAttribute("data-position") }, extra || {});
      return live.open(request).then(() => live.focus());
    }

    closeLive() {
      this.live.close();
      this.tryButton.disabled = false;
      this.tryButton.focus();
    }
  }

  // A single diagram gets a "Try it from here" button too.
  class PositionWidget {
    constructor(figure) {
      this.figure = figure;
      this.live = null;
      if (!served) { figure.append(serverNote(t("Trying moves from this position"))); return; }
      this.tryButton = tryButton(figure, () => this.tryFromHere());
      this.controls = el("div", { className: "rp-controls" }, [this.tryButton]);
      figure.append(this.controls);
    }

    tryFromHere(position, extra) {
      if (!this.live) {
        this.live = new LiveBoard(this.figure, {
          heading: t("Try it: play on from this position"),
          onClose: () => { this.live.close(); this.tryButton.disabled = false; this.tryButton.focus(); },
          replaces: [this.figure.querySelector(":scope > .rp-board"), this.controls],
        });
      }
      this.tryButton.disabled = true;
      const request = Object.assign({ position: position || this.figure.getAttribute("data-position") }, extra || {});
      return this.live.open(request).then(() => this.live.focus());
    }
  }

  // -- a full game against the computer ----------------------------------------------
  class PlayWidget {
    constructor(section) {
      this.section = section;
      const id = section.id;
      const names = JSON.parse(section.getAttribute("data-names") || "[]");
      const seats = (section.getAttribute("data-seats") || "0").split(",").map(Number);
      this.players = Number(section.getAttribute("data-players"));
      this.games = 0;  // games started on this page: with ?seed=N, the next one deals from N + games
      this.seatChoice = el("select", { id: `${id}-seat` }, seats.map((seat) => el("option", { value: String(seat), text: names[seat] || t("Player {number}", { number: seat + 1 }) })));
      this.startButton = button(t("New game"), "rp-primary", () => this.start());
      const seat = el("span", { className: "rp-field" }, [el("label", { for: `${id}-seat`, text: t("You play") }), this.seatChoice]);
      const picks = [seat, ...this.buildPicks(section, seats)];
      const notice = section.querySelector(".rp-needs-js");
      const still = section.querySelector(":scope > .rp-board");
      if (!served) { still.after(serverNote(t("Playing against the computer"))); if (notice) notice.hidden = true; return; }
      if (notice) notice.hidden = true;
      this.seatChoice.addEventListener("change", () => this.start());
      this.live = new LiveBoard(section, { heading: t("Your game: {title}", { title: section.querySelector(".rp-title") ? section.querySelector(".rp-title").textContent : id }), play: true, still, replaces: [still], barStart: picks, barMiddle: [this.startButton] });
      this.live.root.hidden = false;  // the bar and the still board show before the game starts
      this.live.board.hidden = true;
      window.addEventListener("resize", () => {
        clearTimeout(this.resizing);
        this.resizing = setTimeout(() => this.live.relayout(), 100);
      });
    }

    // How many at the table and the game's options the reader picks (the play block's tables and
    // choose): each a select in the bar; a change starts a new game.
    buildPicks(section, seats) {
      const id = section.id;
      const picks = [];
      const tables = (section.getAttribute("data-tables") || "").split(",").filter(Boolean).map(Number);
      this.tableChoice = null;
      if (tables.length > 1) {
        // the reader takes one seat; the computer plays the others
        this.tableChoice = el("select", { id: `${id}-table` }, tables.map((n) => el("option", { value: String(n), text: String(n - 1) })));
        this.tableChoice.value = String(this.players);
        picks.push(el("span", { className: "rp-field" }, [el("label", { for: `${id}-table`, text: t("Opponents") }), this.tableChoice]));
      }
      this.optionChoices = JSON.parse(section.getAttribute("data-choices") || "[]").map((choice) => {
        const select = el("select", { id: `${id}-choose-${choice.option}` }, choice.values.map((value) =>
          el("option", { value: String(value), text: String(value).charAt(0).toUpperCase() + String(value).slice(1) })));
        select.value = String(choice.value);
        picks.push(el("span", { className: "rp-field" }, [el("label", { for: select.id, text: choice.label.charAt(0).toUpperCase() + choice.label.slice(1) }), select]));
        return { choice, select };
      });
      [this.tableChoice, ...this.optionChoices.map((pick) => pick.select)].filter(Boolean)
        .forEach((select) => select.addEventListener("change", () => this.start()));
      return picks;
    }

    start(extra) {
      this.started = true;
      const seat = Number(this.seatChoice.value);
      const players = this.tableChoice ? Number(this.tableChoice.value) : this.players;
      const computer = [];
      for (let p = 0; p < players; p++) if (p !== seat) computer.push(p);
      const section = this.section;
      const level = this.live.view && this.live.levelChoice.value;
      const options = JSON.parse(section.getAttribute("data-options") || "{}");
      this.optionChoices.forEach(({ choice, select }) => {
        const value = choice.values.find((v) => String(v) === select.value);
        options[choice.option] = value === undefined ? choice.value : value;
      });
      const request = extra && extra.position ? extra : {
        players,
        setup: section.getAttribute("data-setup") || null,
        options,
        seed: pageSeed === null ? randomSeed() : pageSeed + (this.games++),
        computer,
        bot: level || section.getAttribute("data-bot"),
      };
      return this.live.open(request);
    }

    // A shared link opens its own game: the bar then shows its table's size.
    tryFromHere(position, extra) {
      return this.start(Object.assign({ position }, extra || {})).then((view) => {
        const size = view && String(view.players.length);
        if (this.tableChoice && Array.from(this.tableChoice.options).some((option) => option.value === size)) this.tableChoice.value = size;
        this.optionChoices.forEach(({ choice, select }) => {
          if (view && view.options && choice.option in view.options) select.value = String(view.options[choice.option]);
        });
        return view;
      });
    }
  }

  // -- start -----------------------------------------------------------------------------
  function reopenFromLink(widgets) {
    if (!window.location.hash) return null;
    const params = new URLSearchParams(window.location.hash.slice(1));
    const widget = widgets.get(params.get("rp-widget") || "");
    const position = params.get("rp-pos");
    if (!widget || !position) return null;
    const extra = {};
    if (params.get("rp-cpu")) extra.computer = params.get("rp-cpu").split(",").map(Number);
    if (params.get("rp-bot")) extra.bot = params.get("rp-bot");
    const step = params.get("rp-step");
    // a shared game opens where the sharer was looking: at a step of its log, or at its end
    Promise.resolve(widget.tryFromHere(position, extra)).then(() => {
      const live = widget.live;
      if (live && step !== null && /^\d+$/.test(step)) live.replayTo(Number(step));
    });
    const host = document.getElementById(params.get("rp-widget"));
    if (host) host.scrollIntoView();
    return params.get("rp-widget");
  }

  // A shared link names the release it was made under (copyLink's rp-release): opened under
  // another one, a note says so and offers the earlier rules, at the same page and position.
  function noteChangedRules() {
    const params = new URLSearchParams(window.location.hash.slice(1));
    const made = params.get("rp-release");
    const current = document.body.dataset.release;
    if (!made || !current || made === current) return null;
    let earlier = {};
    try { earlier = JSON.parse(document.body.dataset.earlierReleases || "{}"); } catch (error) { earlier = {}; }
    const folder = Object.prototype.hasOwnProperty.call(earlier, made) ? earlier[made] : null;
    const body = folder === null
      ? [t("This link was made under version {made} of the rules; this page shows version {current}.", { made, current })]
      : tNodes("This link was made under version {made}; it opens here under version {current}. {link}.", {
        made, current, link: el("a", { href: folder + window.location.pathname.split("/").pop() + window.location.hash,
          text: t("Open it under the rules of version {made}", { made }) }) });
    const note = el("aside", { className: "admonition note rp-release-note", role: "note", "aria-labelledby": "rp-release-note-title" }, [
      el("p", { className: "admonition-title", id: "rp-release-note-title",
                text: folder === null ? t("A link from another version of the rules") : t("The rules have changed") }),
      el("div", { className: "admonition-body" }, [el("p", {}, body)])]);
    const host = document.getElementById(params.get("rp-widget") || "");
    const article = document.querySelector("article.rules");
    if (host) host.before(note);
    else if (article) article.prepend(note);
    return note;
  }

  function init() {
    noteChangedRules();
    const widgets = new Map();
    document.querySelectorAll('[data-rp-widget="walkthrough"]').forEach((node) => widgets.set(node.id, new Stepper(node)));
    document.querySelectorAll('[data-rp-widget="position"]').forEach((node) => widgets.set(node.id, new PositionWidget(node)));
    document.querySelectorAll('[data-rp-widget="play"]').forEach((node) => widgets.set(node.id, new PlayWidget(node)));
    if (!served) return;
    const reopened = reopenFromLink(widgets);
    // A game against the computer starts as it comes into view: the Play page is live on load.
    // Walkthroughs and positions only load the runtime ahead, for their "Try it".
    whenNear(document.querySelectorAll("[data-rp-widget='play']"), "0px", (node) => {
      if (node.id !== reopened && !widgets.get(node.id).started) widgets.get(node.id).start();
    });
    whenNear(document.querySelectorAll("[data-rp-widget='walkthrough'], [data-rp-widget='position']"), "100% 0px", warmFor);
  }

  // Call `then(node)` once for each node as it comes within `margin` of the viewport
  // (never on a connection that asks to save data: there the reader's click starts things).
  function whenNear(nodes, margin, then) {
    if (!nodes.length || saveData || !("IntersectionObserver" in window)) return;
    const observer = new IntersectionObserver((entries) => {
      entries.forEach((entry) => {
        if (!entry.isIntersecting) return;
        observer.unobserve(entry.target);
        then(entry.target);
      });
    }, { rootMargin: margin });
    nodes.forEach((node) => observer.observe(node));
  }

  function warmFor(host) {
    runtime.warm(absolute(host.getAttribute("data-bundle")), host.getAttribute("data-game"));
  }

  function tryButton(host, onClick) {
    const node = button(t("Try it from here"), "", onClick);
    ["pointerenter", "focus"].forEach((kind) => node.addEventListener(kind, () => warmFor(host)));
    return node;
  }

  // For scripts/bench_browser.py and the curious: talk to the page's worker directly.
  // `arrowMoves(svg)`: where each arrow key leads from each place of a live board ({place: {key: place}}),
  // the map the focus ring follows (generator/browser/arrows.py), so a test can find a way by keys.
  window.rulepressPlay = {
    call: (bundle, request) => runtime.call(absolute(bundle), request),
    arrowMoves: (svg) => {
      const live = Array.from(liveBoards).find((board) => board.board.contains(svg));
      return live && live.view ? live.view.arrows || {} : {};
    },
  };

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
