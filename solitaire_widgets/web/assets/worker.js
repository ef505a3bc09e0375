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
// The kept copy's bytes, or null; a copy whose length is not the one
// written beside it is dropped.
async function keptCopy(key) {
  var cache = await self.caches.open(KEPT);
  var answer = await cache.match(key);
  if (!answer) { return null; }
  var bytes = new Uint8Array(await answer.arrayBuffer());
  if (String(bytes.byteLength) !== answer.headers.get("x-sw-length")) {
    await cache.delete(key);
    return null;
  }
  return bytes;
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
  try { await self.caches.delete(KEPT); } catch (error) { /* nothing kept */ }
}

// Python from the kept copy: the package is imported already; its files go
// back in place (a module imported later reads them) and the random
// numbers are seeded afresh. Throws if the copy does not give a working engine.
async function startFromCopy(copy, wheelBytes) {
  var restored = await loadPyodide({ indexURL: base + "pyodide/", _loadSnapshot: copy });
  restored.unpackArchive(wheelBytes, "wheel");
  restored.runPython("import random; random.seed()\n"
                     + "import solitaire_widgets.web.worker_api as _sw");
  var api = restored.globals.get("_sw");
  var answer = JSON.parse(api.call(JSON.stringify({ op: "state", table: "" })));
  if (!answer || !answer.refused) { throw new Error("the kept engine did not answer"); }
  return [restored, api];
}

var engine = { start: null, kept: null };
async function boot(wheel) {
  var t0 = performance.now();
  try {
    var sizes = await (await plainFetch(base + "sizes.json")).json();
    total = Object.keys(sizes).reduce(function (sum, k) { return sum + sizes[k]; }, 0);
  } catch (error) {
    total = 0;  // unknown: the page shows the bytes alone
  }
  self.fetch = countedFetch;
  // The wheel is fetched while the runtime loads, not after it.
  var fetched = countedFetch(base + wheel).then(function (r) { return r.arrayBuffer(); });
  fetched.catch(function () {});
  // Pyodide imports its script with import(), which no fetch sees: it is
  // fetched (and counted) first, and the import then finds it in the cache.
  await countedFetch(base + "pyodide/pyodide.asm.mjs").then(function (r) { return r.arrayBuffer(); });
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
  if (copy) {
    try {
      var started = await startFromCopy(copy, bytes);
      pyodide = started[0];
      sessions = started[1];
      engine.start = "kept";
    } catch (error) {
      pyodide = sessions = null;
      await forget();
    }
    copy = null;
  }
  if (!pyodide) {
    pyodide = await loadPyodide({ indexURL: base + "pyodide/", _makeSnapshot: key !== null });
    var t1 = performance.now();
    progress("runtime", t1 - t0);
    pyodide.unpackArchive(bytes, "wheel");
    var t2 = performance.now();
    progress("wheel", t2 - t1);
    pyodide.runPython("import solitaire_widgets.web.worker_api as _sw");
    engine.start = "fresh";
    if (key !== null) {
      // Taken now, before any table is opened: the copy holds the package
      // imported and nothing else.
      try {
        var snapshot = pyodide.makeMemorySnapshot();
        engine.kept = keep(key, snapshot).then(function () { return true; },
                                               function () { return false; });
      } catch (error) {
        engine.kept = Promise.resolve(false);
      }
    }
    sessions = pyodide.globals.get("_sw");
    progress("import", performance.now() - t2);
  } else {
    progress("runtime", performance.now() - t0);
    progress("wheel", 0);
    progress("import", 0);
  }
  self.fetch = plainFetch;
  var kept = engine.kept;
  self.postMessage({ progress: "engine", start: engine.start });
  if (kept) {
    kept.then(function (done) { self.postMessage({ progress: "engine", start: engine.start, kept: done }); });
  }
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
