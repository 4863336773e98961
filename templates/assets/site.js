// Theme toggle: the page works without it (prefers-color-scheme); with it the
// reader's choice is remembered on this device.
(function () {
  "use strict";
  var root = document.documentElement;
  var stored = null;
  try { stored = localStorage.getItem("rulepress-theme"); } catch (e) { /* storage may be off */ }
  if (stored === "light" || stored === "dark") root.setAttribute("data-theme", stored);

  function current() {
    var chosen = root.getAttribute("data-theme");
    if (chosen) return chosen;
    return window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  }

  document.addEventListener("DOMContentLoaded", function () {
    var button = document.querySelector(".theme-toggle");
    if (!button) return;
    var label = button.querySelector(".theme-toggle-label");
    function show() {
      var dark = current() === "dark";
      button.setAttribute("aria-pressed", dark ? "true" : "false");
      label.textContent = "Dark theme";
    }
    button.hidden = false;
    show();
    button.addEventListener("click", function () {
      var next = current() === "dark" ? "light" : "dark";
      root.setAttribute("data-theme", next);
      try { localStorage.setItem("rulepress-theme", next); } catch (e) { /* ignore */ }
      show();
    });
  });
})();
