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
  const config = {
    worker: absolute(script.getAttribute("data-worker")),
    // empty: the site was built without the runtime (`rulepress runtime` adds it)
    pyodide: script.getAttribute("data-pyodide") ? absolute(script.getAttribute("data-pyodide")) : "",
  };

  // -- small DOM helpers --------------------------------------------------------
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
      return el("p", { className: "rp-server-note", role: "note" }, [
        `${what} needs the Python runtime, which this site was built without. Its author adds it with `,
        el("code", { text: "rulepress runtime" }), " and builds again."]);
    }
    return el("p", { className: "rp-server-note", role: "note" }, [
      `${what} needs the site served over HTTP, not opened from disk. In the site's folder run `,
      el("code", { text: "rulepress serve" }), " and open the address it prints."]);
  }
  function randomSeed() {
    const buffer = new Uint32Array(1);
    crypto.getRandomValues(buffer);
    return buffer[0] % 2147483647;
  }

  // -- the runtime: one worker for the page, started on demand -------------------
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
        const error = { ok: false, error: "The game runtime failed to start" + (event.message ? `: ${event.message}` : ".") };
        this.waiting.forEach((resolve) => resolve(error));
        this.waiting.clear();
        this.worker = null;
      });
    },
  };

  // -- the live board: "Try it" and Play -----------------------------------------
  class LiveBoard {
    constructor(host, options) {
      this.host = host;
      this.game = host.getAttribute("data-game");
      this.bundle = absolute(host.getAttribute("data-bundle"));
      this.widget = host.id;
      this.options = options; // {heading, onClose, replaces: the static nodes the live board stands in for}
      this.view = null;
      this.selected = null;
      this.busy = false;
      this.build();
    }

    build() {
      const id = this.widget;
      // a title, not a heading: the widget sits under headings of any level
      this.heading = el("p", { className: "rp-live-title", id: `${id}-live-title`, text: this.options.heading, tabindex: "-1" });
      const head = el("div", { className: "rp-live-head" }, [this.heading]);
      if (this.options.onClose) head.append(button("Back to the walkthrough", "", () => this.options.onClose()));
      this.progressBar = el("progress", { max: "4", value: "0", "aria-labelledby": `${id}-loading-text` });
      this.progressText = el("span", { id: `${id}-loading-text`, text: "Loading the game…" });
      this.loading = el("div", { className: "rp-loading", role: "status" }, [this.progressBar, this.progressText]);
      this.loading.hidden = true;
      this.board = el("div", { className: "rp-board rp-live-board" });
      this.board.addEventListener("click", (event) => this.onBoardClick(event));
      this.status = el("p", { className: "rp-status", "aria-live": "polite" });
      this.last = el("div", { className: "rp-last", "aria-live": "polite" });
      this.message = el("p", { className: "rp-message", "aria-live": "assertive" });
      this.choices = el("div", { className: "rp-choices", role: "group", "aria-label": "Which move?" });
      this.choices.hidden = true;

      this.moveList = el("select", { id: `${id}-moves` });
      this.playButton = button("Play move", "rp-primary", () => this.playSelected());
      const pick = el("div", { className: "rp-row" }, [
        el("label", { for: `${id}-moves`, text: "Legal moves" }), this.moveList, this.playButton]);

      this.typed = el("input", { type: "text", id: `${id}-typed`, autocomplete: "off", spellcheck: "false" });
      this.typed.addEventListener("keydown", (event) => {
        if (event.key === "Enter") { event.preventDefault(); this.playTyped(); }
      });
      const type = el("div", { className: "rp-row" }, [
        el("label", { for: `${id}-typed`, text: "Or type a move" }), this.typed,
        button("Try move", "", () => this.playTyped())]);

      this.undoButton = button("Undo", "", () => this.send({ op: "undo" }));
      this.botButton = button("Computer move", "", () => this.send({ op: "bot" }));
      this.copyButton = button("Copy link to this position", "", () => this.copyLink());
      const tools = el("div", { className: "rp-row" }, [this.undoButton, this.botButton, this.copyButton]);

      this.linkField = el("input", { type: "text", readonly: true, className: "rp-link", id: `${id}-link`, "aria-label": "Link to this position" });
      this.linkRow = el("div", { className: "rp-row" }, [this.linkField]);
      this.linkRow.hidden = true;

      this.sides = el("fieldset", { className: "rp-sides" }, [el("legend", { text: "The computer plays" })]);
      this.history = el("ol");
      const history = el("details", { className: "rp-history" }, [el("summary", { text: "Moves so far" }), this.history]);

      this.root = el("div", { className: "rp-live", role: "region", "aria-labelledby": `${id}-live-title` }, [
        head, this.loading, this.board, this.status, this.last, this.message, this.choices,
        pick, type, tools, this.linkRow, this.sides, history]);
      this.root.hidden = true;
      const replaces = this.options.replaces || [];
      if (replaces.length) replaces[0].before(this.root);
      else this.host.append(this.root);
      this.setBusy(true);
    }

    // Open a position string or a new game; resolves when the board is shown.
    async open(request) {
      this.root.hidden = false;
      this.board.hidden = !this.view;  // the static board shows until the live one is ready
      this.message.textContent = "";
      this.showLoading();
      await this.send(Object.assign({ op: "open", game: this.game }, request));
      this.loading.hidden = true;
      if (this.view) this.standIn(true);
      return this.view;
    }

    // The live board takes the static one's place (and gives it back on close).
    standIn(live) {
      this.board.hidden = !live;
      (this.options.replaces || []).forEach((node) => { node.hidden = live; });
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
        this.progressText.textContent = message.text;
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
      if (answer.view) this.render(answer.view);
      this.setBusy(false);
      if (answer.ok && answer.choices) {
        this.offerChoices(answer.choices);
      } else if (answer.ok) {
        this.say("");
      } else if (answer.refused) {
        this.say(`Not allowed: ${answer.refused.message} (${answer.refused.rule}).`, true);
      } else {
        this.say(answer.error || "Something went wrong.", true);
      }
      this.host.dispatchEvent(new CustomEvent("rp-answer", { detail: answer, bubbles: true }));
      return answer;
    }

    setBusy(busy) {
      this.busy = busy;
      const view = this.view;
      const myTurn = !!view && view.seat !== null && !view.result;
      this.playButton.disabled = busy || !myTurn || !view.legal.length;
      this.moveList.disabled = busy || !myTurn;
      this.botButton.disabled = busy || !myTurn;
      this.undoButton.disabled = busy || !view || !view.canUndo;
      this.copyButton.disabled = busy || !view;
      this.sides.disabled = busy || !view;
      this.root.setAttribute("aria-busy", busy ? "true" : "false");
    }

    say(text, refused) {
      this.message.textContent = text;
      this.message.classList.toggle("rp-refused", !!refused);
    }

    render(view) {
      this.view = view;
      this.selected = null;
      this.board.innerHTML = view.svg;
      this.status.textContent = view.prompt;
      // Each move once: what happened in words, or the move itself when the engine says nothing more
      this.last.replaceChildren(...view.steps.map((step) =>
        el("p", { text: step.events.length ? step.events.join(" ") : `${step.who}: ${step.notation}` })));
      this.moveList.replaceChildren(...view.legal.map((action) => el("option", { value: action.n, text: action.n })));
      this.history.replaceChildren(...view.log.map((notation) => el("li", { text: notation })));
      this.renderSides(view);
      this.root.setAttribute("data-log-length", String(view.log.length));
    }

    renderSides(view) {
      const legend = this.sides.querySelector("legend");
      this.sides.replaceChildren(legend, ...view.players.map((player) => {
        const box = el("input", { type: "checkbox", id: `${this.widget}-cpu-${player.seat}`, value: String(player.seat) });
        box.checked = player.computer;
        box.addEventListener("change", () => this.send({ op: "sides", computer: this.computerSeats() }));
        return el("label", { for: box.id }, [box, " " + player.name]);
      }));
    }

    computerSeats() {
      return Array.from(this.sides.querySelectorAll("input:checked")).map((box) => Number(box.value));
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
      this.clickCell(shape.getAttribute("data-cell"));
    }

    clickCell(cell) {
      const legal = this.view.seat === null ? [] : this.view.legal;
      if (this.view.result) { this.say("The game is over: undo, or start again."); return; }
      if (this.view.seat === null) { this.say("Wait for the computer to move."); return; }
      if (this.selected) {
        const from = this.selected;
        if (cell === from) { this.select(null); return; }
        const moves = legal.filter((a) => a.c.length > 1 && a.c[0] === from);
        let fits = moves.filter((a) => a.c[a.c.length - 1] === cell);
        if (!fits.length) fits = moves.filter((a) => a.c.indexOf(cell) > 0);
        if (fits.length === 1) { this.play(fits[0].n); return; }
        if (fits.length > 1) { this.offerChoices(fits.map((a) => a.n)); return; }
        if (legal.some((a) => a.c.length > 1 && a.c[0] === cell)) { this.select(cell); return; }
        this.send({ op: "attempt", from, to: cell });
        return;
      }
      const starting = legal.filter((a) => a.c[0] === cell);
      if (starting.some((a) => a.c.length > 1)) { this.select(cell); return; }
      if (starting.length === 1) { this.play(starting[0].n); return; }
      if (starting.length > 1) { this.offerChoices(starting.map((a) => a.n)); return; }
      const movable = Array.from(new Set(legal.filter((a) => a.c.length).map((a) => a.c[0])));
      this.say(movable.length
        ? `Nothing can move from ${cell} now. Pieces that can move: ${movable.join(", ")}.`
        : `Nothing to do on ${cell}: pick a move from the list.`, true);
    }

    select(cell) {
      this.clearMarks();
      this.clearChoices();
      this.selected = cell;
      if (!cell) { this.say(""); return; }
      const targets = new Set(this.view.legal.filter((a) => a.c.length > 1 && a.c[0] === cell).map((a) => a.c[a.c.length - 1]));
      this.mark(cell, "rp-mark rp-mark-piece");
      targets.forEach((target) => this.mark(target, "rp-mark rp-mark-target"));
      this.say(`Piece on ${cell}: ${targets.size} possible ${targets.size === 1 ? "target" : "targets"} (${Array.from(targets).join(", ")}). Click one, or click the piece again to let go.`);
    }

    mark(cell, className) {
      const svg = this.board.querySelector("svg");
      if (!svg) return;
      let best = null;
      let bestArea = -1;
      svg.querySelectorAll(`[data-cell="${CSS.escape(cell)}"]`).forEach((shape) => {
        const box = shape.getBBox();
        if (box.width * box.height > bestArea) { best = shape; bestArea = box.width * box.height; }
      });
      if (!best) return;
      const box = best.getBBox();
      const rect = document.createElementNS(SVG_NS, "rect");
      const inset = Math.min(box.width, box.height) * 0.06;
      rect.setAttribute("x", box.x + inset);
      rect.setAttribute("y", box.y + inset);
      rect.setAttribute("width", Math.max(box.width - 2 * inset, 0.5));
      rect.setAttribute("height", Math.max(box.height - 2 * inset, 0.5));
      rect.setAttribute("class", className);
      rect.setAttribute("data-mark", cell);
      best.after(rect);
    }

    clearMarks() {
      this.board.querySelectorAll(".rp-mark").forEach((mark) => mark.remove());
    }

    offerChoices(notations) {
      this.clearChoices();
      this.say("Several moves fit. Which one?");
      notations.forEach((notation) => this.choices.append(button(notation, "", () => this.play(notation))));
      this.choices.append(button("Cancel", "", () => { this.clearChoices(); this.select(null); }));
      this.choices.hidden = false;
      this.choices.querySelector("button").focus();
    }

    clearChoices() {
      this.choices.replaceChildren();
      this.choices.hidden = true;
    }

    copyLink() {
      if (!this.view) return;
      const params = new URLSearchParams();
      params.set("rp-widget", this.widget);
      params.set("rp-pos", this.view.position);
      const cpu = this.view.players.filter((p) => p.computer).map((p) => p.seat);
      if (cpu.length) params.set("rp-cpu", cpu.join(","));
      params.set("rp-bot", this.view.bot);
      const url = new URL(window.location.href);
      url.hash = params.toString();
      this.linkField.value = url.href;
      this.linkRow.hidden = false;
      const done = () => this.say("Link copied: it reopens this exact position (rules version, seed and moves).");
      const manual = () => { this.linkField.select(); this.say("Copy the link from the box below."); };
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
      this.first = button("Start", "", () => this.show(0));
      this.prev = button("Previous", "", () => this.show(this.index - 1));
      this.next = button("Next", "rp-primary", () => this.show(this.index + 1));
      this.range = el("input", { type: "range", min: "0", max: String(last), step: "1", value: "0", "aria-label": "Step" });
      this.range.addEventListener("input", () => this.show(Number(this.range.value)));
      this.counter = el("span", { className: "rp-counter" });
      this.tryButton = served ? tryButton(figure, () => this.tryFromHere()) : null;
      this.controls = el("div", { className: "rp-controls", role: "group", "aria-label": "Walkthrough steps" },
        [this.first, this.prev, this.range, this.next, this.counter, ...(this.tryButton ? [this.tryButton] : [])]);
      figure.querySelector(".rp-frames").after(this.narration, this.controls);
      if (!served) this.controls.after(serverNote("Trying moves from a step"));
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
      const label = this.index === 0 ? `Start (${last} steps)` : `Step ${this.index} of ${last}`;
      this.counter.textContent = label;
      this.range.value = String(this.index);
      this.range.setAttribute("aria-valuetext", label);
      // aria-disabled, not disabled: a focused button keeps the focus (and the arrow keys) at either end
      this.first.setAttribute("aria-disabled", String(this.index === 0));
      this.prev.setAttribute("aria-disabled", String(this.index === 0));
      this.next.setAttribute("aria-disabled", String(this.index === last));
      this.figure.setAttribute("data-step", String(this.index));
    }

    liveBoard() {
      if (!this.live) {
        this.live = new LiveBoard(this.figure, {
          heading: "Try it: play on from this step", onClose: () => this.closeLive(),
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
      if (!served) { figure.append(serverNote("Trying moves from this position")); return; }
      this.tryButton = tryButton(figure, () => this.tryFromHere());
      this.controls = el("div", { className: "rp-controls" }, [this.tryButton]);
      figure.append(this.controls);
    }

    tryFromHere(position, extra) {
      if (!this.live) {
        this.live = new LiveBoard(this.figure, {
          heading: "Try it: play on from this position",
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
      this.seatChoice = el("select", { id: `${id}-seat` }, seats.map((seat) => el("option", { value: String(seat), text: names[seat] || `Player ${seat + 1}` })));
      this.startButton = button("New game", "rp-primary", () => this.start());
      const row = el("div", { className: "rp-row" }, [el("label", { for: `${id}-seat`, text: "You play" }), this.seatChoice, this.startButton]);
      const notice = section.querySelector(".rp-needs-js");
      if (notice) notice.hidden = true;
      const still = section.querySelector(":scope > .rp-board");
      if (!served) { still.after(serverNote("Playing against the computer")); return; }
      still.before(row);
      this.seatChoice.addEventListener("change", () => this.start());
      this.live = new LiveBoard(section, { heading: "Your game", replaces: [still] });
    }

    start(extra) {
      this.started = true;
      const seat = Number(this.seatChoice.value);
      const computer = [];
      for (let p = 0; p < this.players; p++) if (p !== seat) computer.push(p);
      const section = this.section;
      const request = extra && extra.position ? extra : {
        players: this.players,
        setup: section.getAttribute("data-setup") || null,
        options: JSON.parse(section.getAttribute("data-options") || "{}"),
        seed: randomSeed(),
        computer,
        bot: section.getAttribute("data-bot"),
      };
      return this.live.open(request);
    }

    tryFromHere(position, extra) {
      return this.start(Object.assign({ position }, extra || {}));
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
    widget.tryFromHere(position, extra);
    const host = document.getElementById(params.get("rp-widget"));
    if (host) host.scrollIntoView();
    return params.get("rp-widget");
  }

  function init() {
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
    const node = button("Try it from here", "", onClick);
    ["pointerenter", "focus"].forEach((kind) => node.addEventListener(kind, () => warmFor(host)));
    return node;
  }

  // For scripts/bench_browser.py and the curious: talk to the page's worker directly.
  window.rulepressPlay = { call: (bundle, request) => runtime.call(absolute(bundle), request) };

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
