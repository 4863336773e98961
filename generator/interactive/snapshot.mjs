// Make the memory snapshot a reader's first "Try it" starts from (run by
// generator/interactive/snapshot.py under Node with the site's own Pyodide).
//
// Usage: node snapshot.mjs <pyodide folder> <job folder>
// In the job folder: runtime.zip (the generator runtime and svgwrite, with bytecode).
// Out: snapshot.bin     Python with the runtime imported (pyodide.makeMemorySnapshot)
//      initial.bin      the memory of a fresh module before a snapshot is restored into it
//                       (the blocks they share are not shipped: the browser has them already)
//      modules.json     {loaded: the stdlib files the snapshot holds}
// The snapshot is restored (with an empty stdlib, as the browser does) and checked here first.
import fs from "node:fs";
import nodeCrypto from "node:crypto";
import { pathToFileURL } from "node:url";

const [pyodideFolder, job] = process.argv.slice(2);
const ROOT = "/home/pyodide/rulepress"; // where play-worker.js unpacks a bundle

// Emscripten takes the program's name from process.argv[1] (into argv[0], sys.executable and the
// `_` environment variable) and its arguments from the rest: this script's own path and the job
// folder would be in the memory, so the same sources would give other bytes from another
// checkout, install or temporary folder. A fixed name, and no arguments, instead.
process.argv = [process.argv[0], "/rulepress/snapshot.mjs"];

// Same sources, same bytes: the interpreter's entropy (hash secrets, random's seed) and its
// clocks are fixed while the snapshot is made; the worker reseeds random after restoring.
let entropy = 0x9e3779b9;
nodeCrypto.randomFillSync = (view) => {
  const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  for (let i = 0; i < bytes.length; i++) {
    entropy ^= entropy << 13; entropy ^= entropy >>> 17; entropy ^= entropy << 5;
    bytes[i] = entropy & 255;
  }
  return view;
};
Date.now = () => 315532800000;
performance.now = () => 1000;
Math.random = () => 0.5;

const { loadPyodide } = await import(pathToFileURL(`${pyodideFolder}/pyodide.mjs`).href);
const { default: createModule } = await import(pathToFileURL(`${pyodideFolder}/pyodide.asm.mjs`).href);
const indexURL = `${pyodideFolder}/`;

const pyodide = await loadPyodide({ indexURL, _makeSnapshot: true, env: { PYTHONHASHSEED: "0" } });
pyodide.unpackArchive(new Uint8Array(fs.readFileSync(`${job}/runtime.zip`)), "zip", { extractDir: ROOT });
const loaded = pyodide.runPython(`
import sys
sys.path.insert(0, ${JSON.stringify(ROOT)})
from generator.browser.boot import defer
defer("urllib.request")
import generator.browser.session
import gc, importlib, json, os, random, zipfile, zipimport
# every module of the runtime, not only the session's: an engine imports generator.play.tables,
# which imports csv, and every stdlib module they import is then in the snapshot too
for _folder, _, _files in sorted(os.walk(${JSON.stringify(ROOT)} + "/generator")):
    for _file in sorted(_files):
        if _file.endswith(".py"):
            _module = os.path.relpath(os.path.join(_folder, _file[:-3]), ${JSON.stringify(ROOT)}).replace("/", ".")
            try:
                importlib.import_module(_module.removesuffix(".__init__"))
            except ImportError:  # a module its importers only try (none today): left to the browser
                pass
del _folder, _files, _file, _module
random.seed(0)
STDLIB = next(path for path in sys.path if path.endswith(".zip"))
_loaded = json.dumps(sorted({m.__file__[len(STDLIB) + 1:] for m in list(sys.modules.values())
                             if (getattr(m, "__file__", None) or "").startswith(STDLIB + "/")}))
# The browser restores this with an empty stdlib zip: an import the snapshot cannot satisfy
# fetches the whole stdlib then (boot.StdlibOnDemand). Forget this zip's listing (its offsets).
from generator.browser.boot import StdlibOnDemand
with zipfile.ZipFile(STDLIB) as _archive:
    _names = frozenset(name.split("/")[0].removesuffix(".py") for name in _archive.namelist())
sys.meta_path.append(StdlibOnDemand(_names, STDLIB))
zipimport._zip_directory_cache.clear()
sys.path_importer_cache.clear()
del _archive, _names
_loaded`);
pyodide.runPython("del _loaded; gc.collect()");

// Overwrite the free memory with zeros (a freed block keeps its old bytes, which compress
// badly): zeroed blocks of every size until the heap would have to grow.
const M = pyodide._module;
const brk = () => M.HEAPU32[M._emscripten_get_sbrk_ptr() >>> 2];
pyodide.globals.set("_brk", brk);
pyodide.runPython(`
def _zero_free_memory():
    start = _brk()
    held, size = [], 1 << 20
    while size >= 16:
        while True:
            block = bytearray(size)
            if _brk() != start:  # from fresh memory, zeros already: this size is done
                del block
                start = _brk()
                break
            held.append(block)
        size //= 2
    held.clear()
_zero_free_memory()
del _zero_free_memory, _brk
gc.collect()
`);
const snapshot = pyodide.makeMemorySnapshot();

// A snapshot of a heap that grew while the runtime was imported is larger than a fresh module's
// memory, and Pyodide restores it without growing that: grow it first (play-worker.js does the same).
function growFor(module, bytes) {
  const heap = bytes.length - new Uint32Array(bytes.buffer, bytes.byteOffset, 2)[1];
  if (module.HEAPU8.length < heap && !module._emscripten_resize_heap(heap)) {
    throw new Error(`cannot grow Python's memory to ${heap} bytes for the snapshot`);
  }
}

// Restore it as a browser would, keeping the fresh module's memory, and check it runs
let initial = null;
fs.writeFileSync(`${job}/empty.zip`, new Uint8Array([0x50, 0x4b, 5, 6, ...new Array(18).fill(0)]));
const restored = await loadPyodide({
  indexURL, _loadSnapshot: snapshot, stdLibURL: `${job}/empty.zip`,
  createPyodideModule: async (settings) => {
    const module = await createModule(settings);
    initial = module.HEAPU8.slice();
    growFor(module, snapshot);
    return module;
  },
});
restored.FS.mkdirTree("/npm-pyodide");
restored.FS.mount(restored.FS.filesystems.NODEFS, { root: pyodideFolder }, "/npm-pyodide");
restored.runPython(`
import sys
from generator.browser.boot import StdlibOnDemand, fetch_stdlib_from
assert "generator.browser.session" in sys.modules, "the snapshot lost the runtime"
assert "colorsys" not in sys.modules
fetch_stdlib_from("/npm-pyodide/python_stdlib.zip", lambda path: open(path, "rb").read())  # here a file
import colorsys  # from the whole stdlib, fetched on demand
`);
fs.writeFileSync(`${job}/snapshot.bin`, snapshot);
fs.writeFileSync(`${job}/initial.bin`, initial);
fs.writeFileSync(`${job}/modules.json`, `{"loaded": ${loaded}}`);
