// The engine side of the in-page tables: Pyodide in a Web Worker.
// Loads the runtime and this package's wheel from beside this file (nothing
// from anywhere else), then answers the page's requests in order.
//
// The first visit keeps a copy of the started engine in the browser: the
// memory of Python once this package is imported (a Pyodide memory
// snapshot), in the page's Cache Storage under a key made of the runtime's
// version and the wheel's SHA-256, so that a new build never meets an old
// copy. A later visit starts from that copy, which skips starting Python and
// importing the package. Anything wrong with the copy (missing, cut short,
// from another runtime) means the normal start, and a fresh copy is kept.
import { loadPyodide, version } from "./pyodide/pyodide.mjs";
var base = self.location.href.replace(/[^/]*$/, "");
var pyodide = null;
var sessions = null;

// `ms`: where the answer's time went in the worker (see answer below).
function post(id, ok, value, ms) { self.postMessage({ id: id, ok: ok, value: value, ms: ms }); }
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
// "low" while an engine started before any click fetches its files (a hint
// the browser may ignore); null otherwise.
var priority = null;
function prioritized(init) {
  return priority ? Object.assign({ priority: priority }, init) : init;
}
// The bytes are counted on a copy of each answer, read as it arrives: the
// answer itself goes to its reader untouched (so the browser can still
// compile the runtime while it streams in, and keep it compiled in its cache).
function countedFetch(input, init) {
  return plainFetch(input, prioritized(init)).then(function (response) {
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

// The kept engine. Cache Storage and crypto.subtle exist only on https or
// localhost pages; elsewhere every visit starts Python anew.
var KEPT = "solitaire-widgets-engine";
function keepable() { return !!(self.caches && self.crypto && self.crypto.subtle); }
async function keptKey(wheelBytes) {
  var digest = new Uint8Array(await self.crypto.subtle.digest("SHA-256", wheelBytes));
  var hex = Array.prototype.map.call(digest, function (b) {
    return (b < 16 ? "0" : "") + b.toString(16);
  }).join("");
  // A URL under this folder (Cache Storage keys are URLs); never fetched.
  return base + "kept-engine/pyodide-" + version + "/" + hex;
}
// The kept copy for this key, or null: { bytes: a promise of its bytes,
// which rejects if they are not as many as were written }. The bytes are
// read while Pyodide starts.
async function keptCopy(key) {
  var answer = await (await self.caches.open(KEPT)).match(key);
  if (!answer) { return null; }
  var bytes = answer.arrayBuffer().then(function (read) {
    if (String(read.byteLength) !== answer.headers.get("x-sw-length")) {
      throw new Error("the kept engine is cut short");
    }
    return read;
  });
  bytes.catch(function () {});
  return { bytes: bytes };
}
// Keeps this copy, and only this one (older builds' copies are removed).
async function keep(key, bytes) {
  var cache = await self.caches.open(KEPT);
  var old = await cache.keys();
  await Promise.all(old.map(function (request) { return cache.delete(request); }));
  await cache.put(key, new Response(bytes, { headers: {
    "content-type": "application/octet-stream", "x-sw-length": String(bytes.byteLength) } }));
}
async function forget() {
  try { await self.caches.delete(KEPT); } catch (error) { /* nothing was kept */ }
}

// The package is imported from its wheel, a zip file on Python's path (it
// reads no files of its own), so that putting that one file back in place
// is all a kept engine needs.
var WHEEL_PATH = "/lib/solitaire_widgets.whl";

// Pyodide's module, its memory made as large as the kept copy's before the
// copy is written into it. Pyodide 314 sizes that memory by a setting the
// module no longer reads (pyodide/pyodide#6254), so a copy of more than the
// module's first 30 MiB would not fit ("offset is out of bounds"): the heap
// grows with every module the package imports.
function sizedFor(snapshot) {
  return async function (settings) {
    var make = (await import("./pyodide/pyodide.asm.mjs")).default;
    var module = await make(settings);
    var bytes = new Uint8Array(await snapshot);
    // The snapshot's header says where its memory starts (its second word).
    var heap = bytes.byteLength - new DataView(bytes.buffer, bytes.byteOffset).getUint32(4, true);
    if (module.HEAP8.length < heap && !module.growMemory(heap)) {
      throw new Error("the kept engine does not fit in memory");
    }
    return module;
  };
}

// Python from the kept copy: the package is imported already; its wheel
// goes back in place (a module imported later reads it) and the random
// numbers are seeded afresh. Throws unless the engine answers a request.
async function startFromCopy(copy, wheelBytes) {
  var restored = await loadPyodide({ indexURL: base + "pyodide/", _loadSnapshot: copy.bytes,
                                     createPyodideModule: sizedFor(copy.bytes) });
  restored.FS.writeFile(WHEEL_PATH, new Uint8Array(wheelBytes));
  restored.runPython("import random; random.seed()\n"
                     + "import solitaire_widgets.web.worker_api as _sw");
  var api = restored.globals.get("_sw");
  var answer = JSON.parse(api.call(JSON.stringify({ op: "state", table: "" })));
  if (!answer || !answer.refused) { throw new Error("the kept engine did not answer"); }
  return [restored, api];
}

// How the engine started ("kept" or "fresh"), told to the page.
function started(how) { self.postMessage({ progress: "engine", start: how }); }

async function boot(wheel, wanted) {
  var t0 = performance.now();
  priority = wanted === "low" ? "low" : null;
  // The sizes (for the progress bar), the wheel and Pyodide's script are
  // fetched side by side. Pyodide imports its script with import(), which no
  // fetch sees: it is fetched (and counted) here, and the import then finds
  // it in the browser's cache.
  var sized = plainFetch(base + "sizes.json", prioritized()).then(function (r) { return r.json(); })
    .then(function (sizes) {
      total = Object.keys(sizes).reduce(function (sum, k) { return sum + sizes[k]; }, 0);
    }, function () { total = 0; });  // unknown: the page shows the bytes alone
  self.fetch = countedFetch;
  var fetched = countedFetch(base + wheel).then(function (r) { return r.arrayBuffer(); });
  var script = countedFetch(base + "pyodide/pyodide.asm.mjs").then(function (r) { return r.arrayBuffer(); });
  fetched.catch(function () {});
  script.catch(function () {});
  await sized;
  var bytes = await fetched;
  var key = null, copy = null;
  if (keepable()) {
    try {
      key = await keptKey(bytes);
      copy = await keptCopy(key);
    } catch (error) {
      copy = null;
    }
  }
  await script;
  if (copy) {
    started("kept");
    try {
      var kept = await startFromCopy(copy, bytes);
      pyodide = kept[0];
      sessions = kept[1];
      progress("kept", performance.now() - t0);
      self.fetch = plainFetch;
      return;
    } catch (error) {
      pyodide = sessions = null;
      await forget();
    }
  }
  started("fresh");
  pyodide = await loadPyodide({ indexURL: base + "pyodide/", _makeSnapshot: key !== null });
  var t1 = performance.now();
  progress("runtime", t1 - t0);
  pyodide.FS.writeFile(WHEEL_PATH, new Uint8Array(bytes));
  var t2 = performance.now();
  progress("wheel", t2 - t1);
  pyodide.runPython("import sys\nsys.path.insert(0, " + JSON.stringify(WHEEL_PATH) + ")\n"
                    + "import solitaire_widgets.web.worker_api as _sw");
  var saved = Promise.resolve(false);
  if (key !== null) {
    // Taken now, before any table is opened: the copy holds the package
    // imported and nothing else. Kept in the background.
    try {
      saved = keep(key, pyodide.makeMemorySnapshot()).then(function () { return true; },
                                                           function () { return false; });
    } catch (error) {
      saved = Promise.resolve(false);
    }
  }
  sessions = pyodide.globals.get("_sw");
  progress("import", performance.now() - t2);
  self.fetch = plainFetch;
  saved.then(function (done) { self.postMessage({ progress: "engine", start: "fresh", kept: done }); });
}

var booting = null;
self.onmessage = async function (event) {
  var msg = event.data;
  try {
    if (msg.op === "boot") {
      if (!booting) { booting = boot(msg.wheel, msg.priority); }
      await booting;
      // The first answer: what the engine says of itself (the languages it speaks).
      post(msg.id, true, JSON.parse(sessions.booted()));
      return;
    }
    await booting;
    var t0 = performance.now();
    var text = sessions.call(JSON.stringify(msg));
    var t1 = performance.now();
    var answer = JSON.parse(text);
    // The engine's part (Python, from the request's text to the answer's)
    // and the worker's whole part, in ms: the page keeps them (table.timing).
    var ms = { engine: t1 - t0, worker: performance.now() - t0 };
    // A refusal with no view (a table not open, a save that cannot be read)
    // rejects the page's promise with its words.
    if (answer && answer.refused) { post(msg.id, false, answer.message, ms); }
    else { post(msg.id, true, answer, ms); }
  } catch (error) {
    post(msg.id, false, String(error && error.message || error));
  }
};
