// The page's one Python: a module Web Worker that loads Pyodide on first use and
// runs the games' own rule engines for every widget of the page.
//
// In:  {kind: "call", id, bundle, pyodide, request}
//      bundle: URL of the game's zip; pyodide: URL of the folder holding pyodide.mjs;
//      request: a JSON-able object for generator/browser/session.py.
// Out: {kind: "progress", step, of, text} while loading (steps 1-4),
//      {kind: "answer", id, answer, workerMs} for each call, in the order received.
//
// Pyodide 314 runs only in module workers, so this file is loaded with {type: "module"}.

const ROOT = "/home/pyodide/rulepress";
const STEPS = 4;

let pythonReady = null; // Promise of the Pyodide instance
const bundlesReady = new Map(); // bundle URL -> Promise
let server = null; // the Python SessionServer (a PyProxy)
let queue = Promise.resolve(); // calls run one at a time, in order
let announcedReady = false;

function progress(step, text) {
  self.postMessage({ kind: "progress", step, of: STEPS, text });
}

function startPython(indexURL) {
  if (!pythonReady) {
    pythonReady = (async () => {
      progress(1, "Downloading the Python runtime…");
      const { loadPyodide } = await import(indexURL + "pyodide.mjs");
      const pyodide = await loadPyodide({ indexURL });
      progress(2, "Python is running; loading the game…");
      return pyodide;
    })();
    pythonReady.catch(() => { pythonReady = null; }); // let a later click retry
  }
  return pythonReady;
}

function loadBundle(indexURL, url) {
  if (!bundlesReady.has(url)) {
    const download = fetch(url).then((response) => {  // while Python loads, not after
      if (!response.ok) throw new Error(`cannot load the game bundle (HTTP ${response.status})`);
      return response.arrayBuffer();
    });
    const loading = (async () => {
      const [pyodide, archive] = await Promise.all([startPython(indexURL), download]);
      pyodide.unpackArchive(archive, "zip", { extractDir: ROOT });
      progress(3, "Setting up the board…");
      if (!server) {
        pyodide.globals.set("_rulepress_root", ROOT);
        pyodide.runPython([
          "import sys",
          "if _rulepress_root not in sys.path:",
          "    sys.path.insert(0, _rulepress_root)",
          "from generator.browser.boot import start",
          "_rulepress_server = start(_rulepress_root)",
        ].join("\n"));
        server = pyodide.globals.get("_rulepress_server");
      }
    })();
    bundlesReady.set(url, loading);
    loading.catch(() => bundlesReady.delete(url));
  }
  return bundlesReady.get(url);
}

async function answer(message) {
  try {
    await loadBundle(message.pyodide, message.bundle);
    const started = performance.now();
    const text = server.handle(JSON.stringify(message.request));
    const workerMs = performance.now() - started;
    if (!announcedReady) {
      announcedReady = true;
      progress(STEPS, "Ready");
    }
    self.postMessage({ kind: "answer", id: message.id, answer: JSON.parse(text), workerMs });
  } catch (error) {
    self.postMessage({
      kind: "answer", id: message.id,
      answer: { ok: false, error: `The game could not run here: ${error && error.message ? error.message : error}` },
    });
  }
}

self.onmessage = (event) => {
  const message = event.data;
  if (!message || message.kind !== "call") return;
  queue = queue.then(() => answer(message));
};
