// Compile Python sources to bytecode with Pyodide's own Python, for the game bundles
// (run by generator/interactive/bytecode.py under Node; the browser runs the same CPython).
//
// Usage: node compile.mjs <pyodide folder> <job folder>
// The job folder holds <n>.py sources and names.json, [[n, path the module has in the
// browser], ...]; this writes <n>.pyc beside each source.
import { pathToFileURL } from "node:url";

const [pyodideFolder, job] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${pyodideFolder}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${pyodideFolder}/` });
pyodide.FS.mkdir("/job");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: job }, "/job");
pyodide.runPython(`
import json, py_compile

# unchecked-hash: the browser never stats a source to decide whether to recompile
mode = py_compile.PycInvalidationMode.UNCHECKED_HASH
for n, path in json.load(open("/job/names.json")):
    py_compile.compile(f"/job/{n}.py", cfile=f"/job/{n}.pyc", dfile=path, doraise=True, invalidation_mode=mode)
`);
