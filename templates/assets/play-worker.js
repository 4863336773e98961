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
//
// Its URL may name the memory snapshot the build made (generator/interactive/snapshot.py):
// ?snapshot=<file>&stdlib=<file>, both in the runtime's folder. Python then starts from the
// snapshot, with the runtime imported, instead of booting (and fetches python_stdlib.zip only
// if something imports a module the snapshot lacks); if that fails it boots plainly.

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

const BOOT = new URL(self.location.href).searchParams;

function startPython(indexURL) {
  if (!pythonReady) {
    pythonReady = (async () => {
      progress(1, "Downloading the Python runtime…");
      const { loadPyodide } = await import(indexURL + "pyodide.mjs");
      let pyodide = null;
      if (BOOT.get("snapshot") && BOOT.get("stdlib") && typeof DecompressionStream === "function") {
        try {
          pyodide = await fromSnapshot(loadPyodide, indexURL);
        } catch (error) {
          console.warn(`Python's snapshot could not start (${error && error.message}); booting it instead`);
        }
      }
      pyodide ??= await loadPyodide({ indexURL });
      progress(2, "Python is running; loading the game…");
      return pyodide;
    })();
    pythonReady.catch(() => { pythonReady = null; }); // let a later click retry
  }
  return pythonReady;
}

// The snapshot file (snapshot.py `encode`): gzip of five u32 (block size, memory length, snapshot
// header length, block count, lock length), the lock file, the snapshot's header, one flag per
// memory block (1: a fresh module holds it already) and the other blocks in order.
async function snapshotFile(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`cannot load it (HTTP ${response.status})`);
  const data = new Uint8Array(await new Response(
    response.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
  const [block, length, header, count, lockLength] = new Uint32Array(data.buffer, 0, 5);
  let at = 20;
  const lock = new TextDecoder().decode(data.subarray(at, at += lockLength));
  const bytes = new Uint8Array(header + length); // what makeMemorySnapshot wrote
  bytes.set(data.subarray(at, at += header));
  const flags = data.subarray(at, at += count);
  for (let i = 0; i < count; i++) {
    if (flags[i]) continue;
    const size = Math.min(block, length - i * block);
    bytes.set(data.subarray(at, at += size), header + i * block);
  }
  const fillFrom = (heap) => { // the blocks the fresh module holds, before Pyodide restores `bytes`
    for (let i = 0; i < count; i++) {
      if (flags[i]) bytes.set(heap.subarray(i * block, Math.min((i + 1) * block, length)), header + i * block);
    }
  };
  return { bytes, lock, fillFrom };
}

// A snapshot of a heap that grew while the runtime was imported is larger than a fresh module's
// memory, and Pyodide restores it without growing that: grow it first (as snapshot.mjs checks).
function growFor(module, bytes) {
  const heap = bytes.length - new Uint32Array(bytes.buffer, bytes.byteOffset, 2)[1];
  if (module.HEAPU8.length < heap && !module._emscripten_resize_heap(heap)) {
    throw new Error(`cannot grow Python's memory to ${heap} bytes`);
  }
}

async function fromSnapshot(loadPyodide, indexURL) {
  const file = snapshotFile(indexURL + BOOT.get("snapshot")); // fetched beside the wasm
  file.catch(() => {}); // awaited below; a failure falls back to the plain boot
  const { default: createModule } = await import(indexURL + "pyodide.asm.mjs");
  const pyodide = await loadPyodide({
    indexURL,
    stdLibURL: indexURL + BOOT.get("stdlib"),
    lockFileContents: file.then((f) => f.lock),
    _loadSnapshot: file.then((f) => f.bytes),
    createPyodideModule: async (settings) => {
      const module = await createModule(settings);
      const { bytes, fillFrom } = await file;
      fillFrom(module.HEAPU8);
      growFor(module, bytes);
      return module;
    },
  });
  pyodide.globals.set("_rulepress_stdlib", indexURL + "python_stdlib.zip");
  pyodide.globals.set("_rulepress_fetch", fetchNow);
  pyodide.runPython([
    "import random",
    "random.seed()", // the build fixed its seed: each reader gets their own
    "from generator.browser.boot import fetch_stdlib_from",
    "fetch_stdlib_from(_rulepress_stdlib, _rulepress_fetch)", // for a module the snapshot lacks
    "del _rulepress_stdlib, _rulepress_fetch",
  ].join("\n"));
  return pyodide;
}

// A file's bytes, waiting for them (a worker may): Python's import statement cannot wait otherwise
function fetchNow(url) {
  const request = new XMLHttpRequest();
  request.open("GET", url, false);
  request.responseType = "arraybuffer";
  request.send();
  if (request.status !== 200) throw new Error(`HTTP ${request.status}`);
  return new Uint8Array(request.response);
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
