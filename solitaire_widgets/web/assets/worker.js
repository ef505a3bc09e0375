// The engine side of the in-page tables: Pyodide in a Web Worker.
// Loads the runtime and this package's wheel from beside this file (nothing
// from anywhere else), then answers the page's requests in order.
import { loadPyodide } from "./pyodide/pyodide.mjs";
var base = self.location.href.replace(/[^/]*$/, "");
var pyodide = null;
var sessions = null;

function post(id, ok, value) { self.postMessage({ id: id, ok: ok, value: value }); }
function progress(phase, ms) { self.postMessage({ progress: phase, ms: ms }); }

async function boot(wheel) {
  var t0 = performance.now();
  pyodide = await loadPyodide({ indexURL: base + "pyodide/" });
  var t1 = performance.now();
  progress("runtime", t1 - t0);
  var bytes = await (await fetch(base + wheel)).arrayBuffer();
  pyodide.unpackArchive(bytes, "wheel");
  var t2 = performance.now();
  progress("wheel", t2 - t1);
  pyodide.runPython("import solitaire_widgets.web.worker_api as _sw");
  sessions = pyodide.globals.get("_sw");
  progress("import", performance.now() - t2);
}

var booting = null;
self.onmessage = async function (event) {
  var msg = event.data;
  try {
    if (msg.op === "boot") {
      if (!booting) { booting = boot(msg.wheel); }
      await booting;
      post(msg.id, true, null);
      return;
    }
    await booting;
    var answer = sessions.call(JSON.stringify(msg));
    post(msg.id, true, JSON.parse(answer));
  } catch (error) {
    post(msg.id, false, String(error && error.message || error));
  }
};
