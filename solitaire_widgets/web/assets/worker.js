// The engine side of the in-page tables: Pyodide in a Web Worker.
// Loads the runtime and this package's wheel from beside this file (nothing
// from anywhere else), then answers the page's requests in order.
import { loadPyodide } from "./pyodide/pyodide.mjs";
var base = self.location.href.replace(/[^/]*$/, "");
var pyodide = null;
var sessions = null;

function post(id, ok, value) { self.postMessage({ id: id, ok: ok, value: value }); }
function progress(phase, ms) { self.postMessage({ progress: phase, ms: ms }); }

// The bytes of the runtime and the wheel, counted as they arrive (the
// page shows them against the total that sizes.json gives), whoever
// fetches them: this file, or Pyodide for its own files.
var received = 0, total = 0, lastReport = 0;
function report(force) {
  var now = performance.now();
  if (!force && now - lastReport < 100) { return; }
  lastReport = now;
  self.postMessage({ progress: "bytes", loaded: received, total: total });
}
var plainFetch = self.fetch.bind(self);
// The bytes are counted on a copy of each answer, read as it arrives: the
// answer itself goes to its reader untouched (so the browser can still
// compile the runtime while it streams in, and keep it compiled in its cache).
function countedFetch(input, init) {
  return plainFetch(input, init).then(function (response) {
    if (!response.ok || !response.body) { return response; }
    var reader = response.clone().body.getReader();
    (function next() {
      reader.read().then(function (part) {
        if (part.done) { report(true); return; }
        received += part.value.byteLength;
        report(false);
        next();
      }, function () {});
    })();
    return response;
  });
}

async function boot(wheel) {
  var t0 = performance.now();
  try {
    var sizes = await (await plainFetch(base + "sizes.json")).json();
    total = Object.keys(sizes).reduce(function (sum, k) { return sum + sizes[k]; }, 0);
  } catch (error) {
    total = 0;  // unknown: the page shows the bytes alone
  }
  self.fetch = countedFetch;
  // Pyodide imports its script with import(), which no fetch sees: it is
  // fetched (and counted) first, and the import then finds it in the cache.
  await countedFetch(base + "pyodide/pyodide.asm.mjs").then(function (r) { return r.arrayBuffer(); });
  // The wheel is fetched while the runtime loads, not after it.
  var fetched = countedFetch(base + wheel).then(function (r) { return r.arrayBuffer(); });
  fetched.catch(function () {});
  pyodide = await loadPyodide({ indexURL: base + "pyodide/" });
  var t1 = performance.now();
  progress("runtime", t1 - t0);
  var bytes = await fetched;
  self.fetch = plainFetch;
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
