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
  // The wheel is fetched while the runtime loads, not after it.
  var fetched = fetch(base + wheel).then(function (r) { return r.arrayBuffer(); });
  fetched.catch(function () {});
  pyodide = await loadPyodide({ indexURL: base + "pyodide/" });
  var t1 = performance.now();
  progress("runtime", t1 - t0);
  var bytes = await fetched;
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
    var answer = JSON.parse(sessions.call(JSON.stringify(msg)));
    // A refusal with no view (a table not open, a save that cannot be read)
    // rejects the page's promise with its words.
    if (answer && answer.refused) { post(msg.id, false, answer.message); }
    else { post(msg.id, true, answer); }
  } catch (error) {
    post(msg.id, false, String(error && error.message || error));
  }
};
