/* The calculators' start, made once at build time (rulebook/publish/site/runtime.py): Node runs the site's own
   Pyodide, installs the engine's wheel and floor.py, imports floor, and writes Pyodide's memory as it
   then is. The page restores that memory instead of starting CPython and importing everything again.

   Read from standard input, with its paths in the environment (PYODIDE: Pyodide's folder; WHEEL,
   FLOOR: the engine's files; OUT: where the snapshot goes), so that nothing of the machine that made
   it is in it. No clock and no chance either: the same sources make the same bytes (Python's hash
   seed fixed, its random generators seeded from a fixed sequence). Nothing in the engine draws a
   random number; a reader's page never needs one. */
import fs from "node:fs";
import nodeCrypto from "node:crypto";

let state = 1;
function fill(view) {
  const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  for (let i = 0; i < bytes.length; i += 1) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    bytes[i] = state >> 16;
  }
  return view;
}
nodeCrypto.randomFillSync = fill;
globalThis.crypto.getRandomValues = fill;
Math.random = () => 0.5;
Date.now = () => 0;
performance.now = () => 0;

const {loadPyodide} = await import(process.env.PYODIDE + "pyodide.mjs");
const pyodide = await loadPyodide({indexURL: process.env.PYODIDE, _makeSnapshot: true, env: {PYTHONHASHSEED: "0"},
                                   stdout: () => {}, stderr: (line) => process.stderr.write(line + "\n")});
pyodide.unpackArchive(new Uint8Array(fs.readFileSync(process.env.WHEEL)), "wheel");
pyodide.FS.writeFile("/home/pyodide/floor.py", fs.readFileSync(process.env.FLOOR, "utf8"));
pyodide.runPython("import floor");
fs.writeFileSync(process.env.OUT, pyodide.makeMemorySnapshot());
