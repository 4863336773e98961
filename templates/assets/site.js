// The page works without this file. With it: the theme toggle (it follows the system
// setting until the reader chooses, and remembers the choice on this device), the
// on-page contents that mark the section being read, the phone menu that closes when
// a section is chosen, glossary terms that open their definition in place, search, and a
// language switcher that stays at the section being read.
(function () {
  "use strict";
  var root = document.documentElement;
  // the page's words in its language, given by the page (generator/i18n/interface.script_words); a
  // page in English gives none, and t() returns the English it is asked for
  var WORDS = {};
  try { WORDS = JSON.parse(document.getElementById("rp-words").textContent) || {}; } catch (e) { /* none */ }
  function t(text) { return Object.prototype.hasOwnProperty.call(WORDS, text) ? WORDS[text] : text; }
  var stored = null;
  try { stored = localStorage.getItem("rulepress-theme"); } catch (e) { /* storage may be off */ }
  if (stored === "light" || stored === "dark") root.setAttribute("data-theme", stored);
  var systemDark = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;

  function current() {
    return root.getAttribute("data-theme") || (systemDark && systemDark.matches ? "dark" : "light");
  }

  function themeToggle() {
    var button = document.querySelector(".theme-toggle");
    if (!button) return;
    // drawn, not a glyph: a font's ☾ came out faint grey whatever the text colour
    var NS = "http://www.w3.org/2000/svg";
    var SUN = "M8 4.5a3.5 3.5 0 1 1 0 7a3.5 3.5 0 1 1 0-7zM8 0.5v2M8 13.5v2M0.5 8h2M13.5 8h2M2.7 2.7l1.4 1.4M11.9 11.9l1.4 1.4M2.7 13.3l1.4-1.4M11.9 4.1l1.4-1.4";
    var MOON = "M10.5 1.5a6.5 6.5 0 1 0 4 11.2a5.2 5.2 0 0 1-4-11.2z";
    var icon = document.createElementNS(NS, "svg");
    icon.setAttribute("class", "theme-toggle-icon");
    icon.setAttribute("viewBox", "0 0 16 16");
    icon.setAttribute("aria-hidden", "true");
    var path = document.createElementNS(NS, "path");
    path.setAttribute("stroke", "currentColor");
    path.setAttribute("stroke-width", "1.6");
    path.setAttribute("stroke-linecap", "round");
    icon.appendChild(path);
    button.insertBefore(icon, button.firstChild);
    function show() {
      var dark = current() === "dark";
      button.setAttribute("aria-pressed", dark ? "true" : "false");
      path.setAttribute("d", dark ? MOON : SUN);
      path.setAttribute("fill", dark ? "currentColor" : "none");
      button.title = dark ? t("Dark theme is on: switch to the light theme") : t("Light theme is on: switch to the dark theme");
    }
    button.hidden = false;
    show();
    button.addEventListener("click", function () {
      var next = current() === "dark" ? "light" : "dark";
      root.setAttribute("data-theme", next);
      try { localStorage.setItem("rulepress-theme", next); } catch (e) { /* ignore */ }
      show();
    });
    if (systemDark && systemDark.addEventListener) systemDark.addEventListener("change", show);
  }

  function scrollSpy() {
    var links = document.querySelectorAll(".toc a[href^='#']");
    if (!links.length || !("IntersectionObserver" in window)) return;
    var byId = {};
    links.forEach(function (link) {
      var id = decodeURIComponent(link.getAttribute("href").slice(1));
      (byId[id] = byId[id] || []).push(link);
    });
    var headings = Object.keys(byId).map(function (id) { return document.getElementById(id); }).filter(Boolean);
    var visible = {};
    function mark() {
      var active = null;
      for (var i = 0; i < headings.length; i++) {
        if (headings[i].getBoundingClientRect().top < Math.min(120, window.innerHeight * 0.2)) active = headings[i].id;
      }
      if (!active && headings.length) active = headings[0].id;
      links.forEach(function (link) { link.classList.remove("active"); link.removeAttribute("aria-current"); });
      (byId[active] || []).forEach(function (link) {
        link.classList.add("active");
        link.setAttribute("aria-current", "location");
      });
    }
    var observer = new IntersectionObserver(function (entries) {
      entries.forEach(function (entry) { visible[entry.target.id] = entry.isIntersecting; });
      mark();
    }, { rootMargin: "0px 0px -60% 0px" });
    headings.forEach(function (heading) { observer.observe(heading); });
    window.addEventListener("scroll", mark, { passive: true });
    mark();
  }

  function drawer() {
    var menu = document.querySelector(".nav-drawer");
    if (!menu) return;
    menu.addEventListener("click", function (event) {
      if (event.target.closest("a")) menu.open = false;
    });
    document.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && menu.open) { menu.open = false; menu.querySelector("summary").focus(); }
    });
  }

  function glossaryInPlace() {
    var open = null;
    function close() {
      if (open) { open.term.setAttribute("aria-expanded", "false"); open.box.remove(); open = null; }
    }
    document.addEventListener("click", function (event) {
      var term = event.target.closest("a.term");
      if (!term) { if (open && !event.target.closest(".term-popover")) close(); return; }
      if (event.ctrlKey || event.metaKey || event.shiftKey) return;  // a new tab: follow the link
      event.preventDefault();
      var same = open && open.term === term;
      close();
      if (same) return;
      var box = document.createElement("span");
      box.className = "term-popover";
      box.setAttribute("role", "note");
      var text = document.createElement("span");
      text.textContent = term.getAttribute("data-def") || "";
      var more = document.createElement("a");
      more.href = term.href;
      more.textContent = t("In the glossary");
      box.appendChild(text);
      box.appendChild(document.createTextNode(" "));
      box.appendChild(more);
      term.insertAdjacentElement("afterend", box);
      term.setAttribute("aria-expanded", "true");
      open = { term: term, box: box };
    });
    document.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && open) { var term = open.term; close(); term.focus(); }
    });
  }

  // Search: Pagefind's own UI in a dialog, loaded (from this site) the first time it opens
  function search() {
    var button = document.querySelector(".search-open");
    var dialog = document.querySelector(".search-dialog");
    if (!button || !dialog || typeof dialog.showModal !== "function") return;
    var root = dialog.getAttribute("data-root") || "./";
    var box = dialog.querySelector(".search-box");
    var started = false;
    var ready = false;
    var typed = "";  // keys pressed in the dialog before it has an input (while shards.json loads)
    button.hidden = false;
    dialog.addEventListener("keydown", function (event) {
      if (ready || event.target.tagName === "INPUT" || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key.length === 1) typed += event.key;
      else if (event.key === "Backspace") typed = typed.slice(0, -1);
    });
    function note(text) {
      var p = dialog.querySelector(".search-note");
      p.textContent = text;
      p.hidden = false;
    }
    function labelled(input) {  // a visible label, not the placeholder alone
      input.id = "search-input";
      var label = document.createElement("label");
      label.htmlFor = "search-input";
      label.className = "search-label";
      label.textContent = t("Search the rules of every game");
      box.insertBefore(label, box.firstChild);
    }
    function focusInput() {
      var input = box.querySelector("input");
      if (input) input.focus();
    }
    function start() {
      if (started) return;
      started = true;
      if (location.protocol === "file:") {
        note(t("Search needs the site served over HTTP, not opened from disk: run `rulepress serve` in the site's folder and open the address it prints."));
        return;
      }
      // The index comes in shards (pagefind/shards.json): the first brings the UI, the others merge into it
      var folder = new URL(root + "pagefind/", location.href).pathname;
      fetch(folder + "shards.json").then(function (response) {
        if (!response.ok) throw new Error(response.status);
        return response.json();
      }).then(function (list) {
        // a translation's pages have shards of their own: a German page searches the German pages
        var own = (list.languages || {})[document.documentElement.lang] || list.shards;
        load(own.map(function (shard) { return folder + shard; }));
      })
        .catch(failed);
    }
    function failed() {
      note(t("The search index could not be loaded: build the site again."));
    }
    function load(bundles) {
      var baseUrl = new URL(root, location.href).pathname;
      var css = document.createElement("link");
      css.rel = "stylesheet";
      css.href = bundles[0] + "pagefind-ui.css";
      document.head.appendChild(css);
      // what the reader types into while the index loads: Pagefind's own form, as its stylesheet draws it
      var waiting = document.createElement("div");
      waiting.className = "pagefind-ui search-waiting";
      var form = document.createElement("form");
      form.className = "pagefind-ui__form";
      form.setAttribute("role", "search");
      form.addEventListener("submit", function (event) { event.preventDefault(); });
      var early = document.createElement("input");
      early.className = "pagefind-ui__search-input";
      early.value = typed;
      form.appendChild(early);
      waiting.appendChild(form);
      box.appendChild(waiting);
      labelled(early);
      focusInput();
      // The UI would merge the shards one after another, each shard's files asked for in turn:
      // 64 shards, 128 round trips before the first result. Merged here all at once, into the
      // runtime the UI then imports (the same module: one URL), and the UI given none to merge.
      function merged() {
        if (bundles.length < 2) return Promise.resolve();
        return import(bundles[0] + "pagefind.js").then(function (pagefind) {
          return pagefind.options({ baseUrl: baseUrl }).then(function () {
            return Promise.all(bundles.slice(1).map(function (bundle) { return pagefind.mergeIndex(bundle); }));
          });
        });
      }
      function showSearch() {
        /* global PagefindUI */
        var text = early.value;  // what the reader typed while the search was loading
        box.textContent = "";
        var ui = new PagefindUI({ element: box, bundlePath: bundles[0], baseUrl: baseUrl,
                                  showSubResults: true, showImages: false, resetStyles: false });
        var input = box.querySelector("input");
        if (input) labelled(input);
        ready = true;
        if (text) {
          if (input) input.value = text;
          ui.triggerSearch(text);
        }
        focusInput();
      }
      var script = document.createElement("script");
      script.src = bundles[0] + "pagefind-ui.js";
      script.onload = function () { merged().then(showSearch, failed); };
      script.onerror = failed;
      document.head.appendChild(script);
    }
    function open() {
      start();
      if (!dialog.open) dialog.showModal();
      focusInput();
    }
    button.addEventListener("click", open);
    document.addEventListener("keydown", function (event) {
      var target = event.target;
      var typing = target.closest && target.closest("input, textarea, select, [contenteditable]");
      if (event.key === "/" && !event.ctrlKey && !event.metaKey && !event.altKey && !typing && !dialog.open) {
        event.preventDefault();
        open();
      }
    });
    dialog.addEventListener("click", function (event) {
      // a click on the backdrop, or on a result (it may be a section of this very page)
      if (event.target === dialog || event.target.closest("a")) dialog.close();
    });
  }

  // A diagram opens full screen, zoomable, on a tap or its "Full screen" button: on a phone its
  // board is wider than the column. Live boards ("Try it", Play) are left alone: their taps are moves.
  function diagramViewer() {
    var boards = [].slice.call(document.querySelectorAll(".rp-board")).filter(function (board) {
      return board.querySelector("svg.rp-diagram") && !board.closest(".rp-live, .rp-play");
    });
    if (!boards.length) return;
    var dialog = document.createElement("dialog");
    dialog.className = "diagram-viewer";
    dialog.setAttribute("aria-label", t("Diagram, full screen"));
    var bar = document.createElement("div");
    bar.className = "diagram-viewer-bar";
    var stage = document.createElement("div");
    stage.className = "diagram-viewer-stage";
    stage.tabIndex = 0;  // it scrolls: the keyboard must reach it
    stage.setAttribute("role", "region");
    stage.setAttribute("aria-label", t("The diagram, enlarged"));
    var zoom = 1, natural = 0, shown = null, opener = null;
    function button(text, label, act) {
      var b = document.createElement("button");
      b.type = "button";
      b.className = "diagram-viewer-button";
      b.textContent = text;
      b.setAttribute("aria-label", label);
      b.addEventListener("click", act);
      bar.appendChild(b);
      return b;
    }
    function fit() {  // the whole diagram on the screen, or its natural size if that is larger
      return Math.max(natural, Math.min(stage.clientWidth - 16, natural * 3));
    }
    function size() { if (shown) shown.style.width = Math.round(fit() * zoom) + "px"; }
    button("−", t("Zoom out"), function () { zoom = Math.max(0.5, zoom / 1.5); size(); });
    button("+", t("Zoom in"), function () { zoom = Math.min(6, zoom * 1.5); size(); });
    var close = button(t("Close"), t("Close the full-screen diagram"), function () { dialog.close(); });
    dialog.appendChild(bar);
    dialog.appendChild(stage);
    document.body.appendChild(dialog);
    dialog.addEventListener("close", function () {
      stage.textContent = "";
      shown = null;
      if (opener) opener.focus();
    });
    function open(board, from) {
      var svg = board.querySelector("svg.rp-diagram");
      if (!svg || typeof dialog.showModal !== "function") return;
      opener = from || board;
      shown = svg.cloneNode(true);
      shown.removeAttribute("id");
      [].slice.call(shown.querySelectorAll("[id]")).forEach(function (node) { node.removeAttribute("id"); });
      natural = parseFloat(svg.getAttribute("width")) || svg.getBoundingClientRect().width;
      zoom = 1;
      stage.appendChild(shown);
      dialog.showModal();
      size();
      close.focus();
    }
    boards.forEach(function (board) {
      board.classList.add("rp-zoomable");
      board.addEventListener("click", function () { open(board); });
      var enlarge = document.createElement("button");
      enlarge.type = "button";
      enlarge.className = "rp-button rp-enlarge";
      enlarge.textContent = t("Full screen");
      enlarge.addEventListener("click", function () { open(board, enlarge); });
      board.insertAdjacentElement("afterend", enlarge);
    });
  }

  // A board wider than its column (a phone) scrolls sideways in its frame, so the keyboard must
  // reach it: every diagram's, a Play page's starting board too (live boards are focusable already).
  function keyboardScrolling() {
    var boards = [].slice.call(document.querySelectorAll(".rp-board")).filter(function (board) {
      return board.querySelector("svg.rp-diagram") && !board.classList.contains("rp-live-board");
    });
    function scrollable(board, number) {  // a board that scrolls must be reachable by the keyboard
      var title = board.querySelector("svg.rp-diagram title");
      if (board.scrollWidth > board.clientWidth + 1) {
        board.tabIndex = 0;
        board.setAttribute("role", "region");  // named uniquely: a walkthrough's frames share a title
        board.setAttribute("aria-label", t("Diagram %(number)s, scrolls sideways").replace("%(number)s", number + 1) +
                           (title ? ": " + title.textContent : ""));
      } else if (board.hasAttribute("role")) {
        board.removeAttribute("tabindex");
        board.removeAttribute("role");
        board.removeAttribute("aria-label");
      }
    }
    boards.forEach(scrollable);
    window.addEventListener("resize", function () { boards.forEach(scrollable); });
  }

  // The language switcher keeps the section being read: a translation keeps its source's ids.
  function languageSwitcher() {
    document.querySelectorAll(".languages a").forEach(function (link) {
      link.addEventListener("click", function () {
        if (location.hash) link.href = link.href.split("#")[0] + location.hash;
      });
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    languageSwitcher();
    diagramViewer();
    keyboardScrolling();
    search();
    themeToggle();
    scrollSpy();
    drawer();
    glossaryInPlace();
  });
})();
