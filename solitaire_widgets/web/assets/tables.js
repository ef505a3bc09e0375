// The page side of the in-page tables and replays (solitaire_widgets.web).
// It only draws what the engine sends and forwards input: the rules, the
// pointer's meaning and the pictures come from the Python package, run by
// Pyodide in a Web Worker (worker.js), started when a table comes near the
// viewport (see "Started before the click" below) or when "Play here" is pressed.
(function () {
  "use strict";
  if (window.solitaireTables) { return; }
  var script = document.currentScript;
  var base = script ? script.src.replace(/[^/]*$/, "") : "";
  var wheel = script ? script.getAttribute("data-wheel") : "";
  // The page's words in its language (data-words: English words to theirs,
  // from the package's tables catalog); t() gives a word in it, else English.
  var WORDS = {};
  try { WORDS = JSON.parse((script && script.getAttribute("data-words")) || "{}") || {}; }
  catch (error) { WORDS = {}; }
  function t(words) { return Object.prototype.hasOwnProperty.call(WORDS, words) ? WORDS[words] : words; }
  // The language a table or replay speaks: its own data-sw-language, else the
  // page's <html lang>; one the engine does not speak is not sent (it then
  // answers in its default). The engine's languages come with its first
  // answer (boot); a table or replay asks for one only once it has booted.
  var LANGUAGES = [];
  function languageOf(root) {
    var found = root.closest("[data-sw-language]");
    var lang = (found ? found.getAttribute("data-sw-language") : document.documentElement.lang) || "";
    lang = lang.toLowerCase().split("-")[0];
    return LANGUAGES.indexOf(lang) >= 0 ? lang : null;
  }
  var worker = null, booted = null, nextId = 1, waiting = {}, phases = {};
  // True once the engine has answered its first request (boot).
  var engineReady = false;
  var listeners = [];
  // What the engine's loading has come to: bytes of the runtime fetched (of
  // total), then the phase done last (runtime, wheel, import).
  var loading = { loaded: 0, total: 0, phase: null, started: 0 };
  var PHASES = { runtime: t("starting Python"), wheel: t("reading the package"),
                 "import": t("importing the package"),
                 kept: t("starting the engine your browser kept from your last visit") };
  // Megabytes (of 1,048,576 bytes) with one decimal, as the page's language writes
  // them: the book states the same figure (solitaire_widgets.web.runtime.download_size).
  function megabytes(n) {
    return new Intl.NumberFormat(document.documentElement.lang || "en",
      { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(n / 1048576);
  }
  // A progress bar and its words, kept up to date until done() is called:
  // the bytes fetched (90% of the bar) with the time left at the rate so
  // far, then each phase.
  function progressBar(parent, before, label) {
    var box = el("span", { "class": "sw-loading", role: "status" });
    var bar = el("progress", { max: "100", value: "0", "aria-label": label });
    var words = el("span", { "class": "sw-loading-words" });
    box.appendChild(bar);
    box.appendChild(words);
    parent.insertBefore(box, before || null);
    function update() {
      var share = loading.total ? Math.min(1, loading.loaded / loading.total) : 0;
      var value = 90 * share, text;
      if (loading.phase === "import" || loading.phase === "kept") { value = 100; text = t("ready"); }
      else if (engine.start === "kept") { value = 94; text = PHASES.kept + "\u2026"; }
      else if (loading.phase) { value = loading.phase === "wheel" ? 97 : 94; text = PHASES.import + "\u2026"; }
      else if (loading.total && share >= 1) { value = 91; text = PHASES.runtime + "\u2026"; }
      else if (loading.loaded) {
        var seconds = (performance.now() - loading.started) / 1000;
        var rate = loading.loaded / Math.max(seconds, 0.001);
        text = (loading.total ? t("{loaded} of {total} MB").replace("{total}", megabytes(loading.total))
                : t("{loaded} MB")).replace("{loaded}", megabytes(loading.loaded));
        if (loading.total && seconds > 1) {
          var left = Math.ceil((loading.total - loading.loaded) / rate);
          text += (left < 60 ? t(", about {n} s left") : t(", about {n} min left"))
            .replace("{n}", String(left < 60 ? left : Math.ceil(left / 60)));
        }
      } else { text = t("fetching the engine\u2026"); }
      bar.value = Math.max(bar.value, value);  // the bar never goes back
      words.textContent = " " + text;
    }
    update();
    listeners.push(update);
    return function done() {
      var at = listeners.indexOf(update);
      if (at >= 0) { listeners.splice(at, 1); }
      box.remove();
    };
  }
  // Shown only when an answer takes longer than half a second.
  var SLOW_MS = 500;
  function busy(parent, before, words) {
    var box = null;
    var timer = window.setTimeout(function () {
      box = el("span", { "class": "sw-loading", role: "status" });
      box.appendChild(el("progress", { "aria-label": words }));
      box.appendChild(el("span", { "class": "sw-loading-words" }, " " + words));
      parent.insertBefore(box, before || null);
    }, SLOW_MS);
    return function done() { window.clearTimeout(timer); if (box) { box.remove(); } };
  }
  var tables = [];
  window.solitaireTables = tables;
  // How the engine started: "kept" (from the copy of the started engine the
  // browser kept at an earlier visit) or "fresh"; then, after a fresh start,
  // whether a copy was kept for the next visit. The page says so too:
  // data-sw-engine and data-sw-engine-kept on its <html> element.
  var engine = { start: null, kept: null };
  function engineStarted(msg) {
    var html = document.documentElement;
    engine.start = msg.start;
    html.setAttribute("data-sw-engine", msg.start);
    if (msg.kept !== undefined) {
      engine.kept = msg.kept;
      html.setAttribute("data-sw-engine-kept", String(msg.kept));
    }
  }

  function supported() {
    return typeof WebAssembly === "object" && typeof Worker === "function";
  }

  // `timing`, if given, is filled in when the answer arrives: `answered`
  // (performance.now() then) and the worker's own ms (`engine`, `worker`).
  function ask(message, timing) {
    return new Promise(function (resolve, reject) {
      message.id = nextId++;
      waiting[message.id] = { resolve: resolve, reject: reject, timing: timing };
      worker.postMessage(message);
    });
  }

  // `priority`: "low" for a start before any click (its files' fetch priority).
  function boot(priority) {
    if (booted) { return booted; }
    if (!supported()) {
      booted = Promise.reject(new Error(t("This browser cannot run WebAssembly, so the table cannot be played here.")));
      return booted;
    }
    if (window.location.protocol === "file:") {
      booted = Promise.reject(new Error(t("Opened as a file, this page cannot start its engine: " +
        "serve its folder (in it, run python -m http.server) and open http://localhost:8000/ instead.")));
      return booted;
    }
    var t0 = performance.now();
    loading.started = phases.began = t0;
    worker = new Worker(base + "worker.js", { type: "module" });
    worker.onmessage = function (event) {
      var msg = event.data;
      if (msg.progress) {
        if (msg.progress === "bytes") { loading.loaded = msg.loaded; loading.total = msg.total; }
        else if (msg.progress === "engine") { engineStarted(msg); }
        else { phases[msg.progress] = msg.ms; loading.phase = msg.progress; }
        listeners.forEach(function (f) { f(); });
        return;
      }
      var pending = waiting[msg.id];
      delete waiting[msg.id];
      if (!pending) { return; }
      if (pending.timing) {
        pending.timing.answered = performance.now();
        if (msg.ms) { pending.timing.engine = msg.ms.engine; pending.timing.worker = msg.ms.worker; }
      }
      if (msg.ok) { pending.resolve(msg.value); } else { pending.reject(new Error(msg.value)); }
    };
    worker.onerror = function (event) {
      event.preventDefault();
      var error = new Error(t("The engine could not be loaded ({reason}).")
                            .replace("{reason}", event.message || t("worker error")));
      Object.keys(waiting).forEach(function (k) { waiting[k].reject(error); delete waiting[k]; });
    };
    booted = ask({ op: "boot", wheel: wheel, priority: priority || null }).then(function (first) {
      LANGUAGES = first.languages;
      phases.total = performance.now() - t0;
      engineReady = true;
    });
    return booted;
  }

  // Started before the click (see the embedding guide): once a table comes
  // within a screen of the viewport, when the browser is next idle; never to
  // save data, on 2g, or inside data-sw-prestart="off". One engine a page.
  var PRESTART_MARGIN = "100% 0px";
  var SLOW_CONNECTIONS = ["slow-2g", "2g"];
  // state: "waiting", "started" or "off"; why: the reason it is off.
  var prestart = { state: "waiting", why: null };
  function prestartRefused(root) {
    var connection = navigator.connection;
    if (connection && connection.saveData) { return "save-data"; }
    if (connection && SLOW_CONNECTIONS.indexOf(connection.effectiveType) >= 0) { return "slow-connection"; }
    if (!supported() || typeof IntersectionObserver !== "function") { return "unsupported"; }
    if (window.location.protocol === "file:") { return "file"; }
    var marked = root && root.closest("[data-sw-prestart]");
    if (marked && marked.getAttribute("data-sw-prestart") === "off") { return "switch"; }
    return null;
  }
  function prestartNow() {
    if (prestart.state !== "waiting") { return; }
    var why = prestartRefused(null);
    if (why) { prestart.state = "off"; prestart.why = why; return; }
    prestart.state = "started";
    prestart.why = null;
    if (booted) { return; }  // already started by a click
    boot("low").catch(function () {
      // Forgotten: Play here tries again (and says why if it fails).
      if (worker) { worker.terminate(); }
      worker = null; booted = null;
      loading.loaded = loading.total = 0; loading.phase = null;
    });
  }
  var nearby = null;
  function watchForPrestart(root) {
    if (prestart.state !== "waiting") { return; }
    var why = prestartRefused(root);
    if (why) {
      if (why !== "switch") { prestart.state = "off"; }
      prestart.why = why;
      return;
    }
    if (!nearby) {
      nearby = new IntersectionObserver(function (entries) {
        if (!entries.some(function (entry) { return entry.isIntersecting; })) { return; }
        nearby.disconnect();
        if (window.requestIdleCallback) { window.requestIdleCallback(prestartNow, { timeout: 2000 }); }
        else { window.setTimeout(prestartNow, 200); }
      }, { rootMargin: PRESTART_MARGIN });
    }
    nearby.observe(root);
  }

  // Card pictures arrive once (view.defs) and are kept in a hidden <svg>;
  // each picture of the table only places them.
  function keepDefs(root, defs) {
    if (!defs) { return; }
    var holder = root.querySelector(":scope > svg.sw-defs");
    if (!holder) {
      root.insertAdjacentHTML("afterbegin", '<svg class="sw-defs" width="0" height="0" ' +
        'style="position:absolute" aria-hidden="true" focusable="false"><defs></defs></svg>');
      holder = root.querySelector(":scope > svg.sw-defs");
    }
    holder.querySelector("defs").insertAdjacentHTML("beforeend", defs);
  }

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (text) { node.textContent = text; }
    return node;
  }

  // A drawn table becomes the next one in place: the cards that moved are
  // moved (by their data-key), the rest is left alone; only a changed felt,
  // slots or labels are drawn again. Much cheaper than a new <svg> each step.
  var SVG_NS = "http://www.w3.org/2000/svg";
  // Attributes and text are written only when they change: writing even the
  // same value again makes the browser lay the drawing out anew.
  function setAttr(node, name, value) {
    value = String(value);
    if (node.getAttribute(name) !== value) { node.setAttribute(name, value); }
  }
  // A refusal ends with the sentences of the text it rests on: "the text: «…»",
  // a short link to the sentence in its paragraph in the game's chapter of this
  // edition (here, if the text is on this page; none on a page outside the book).
  function cite(node, citation) {
    var inBook = document.querySelector('link[rel="alternate"][hreflang]');
    var line = el("span", { "class": "sw-citation" }, " " + citation.label);
    citation.sentences.forEach(function (s) {
      var words = s.original.replace(/^\(|\)$/g, "").split(/\s+/);
      var here = document.getElementById(s.anchor);
      var link = el(here || inBook ? "a" : "span", { "class": "sw-cite", lang: s.lang,
        title: s.original + (s.translation ? " (" + s.translation + ")" : "") },
        "«" + words.slice(0, 6).join(" ") + (words.length > 6 ? "…»" : "»"));
      if (here || inBook) { link.setAttribute("href", (here ? "" : s.page) + "#" + s.anchor); }
      line.appendChild(document.createTextNode(" "));
      line.appendChild(link);
    });
    if (citation.reading) { line.appendChild(document.createTextNode(" " + citation.reading)); }
    node.appendChild(line);
  }
  function setText(node, text) {
    if (node.textContent !== text) { node.textContent = text; }
  }
  function child(svg, tag, before) {
    var node = svg.querySelector(":scope > " + tag);
    if (!node) { node = document.createElementNS(SVG_NS, tag); svg.insertBefore(node, before); }
    return node;
  }
  // The felt, slots and labels of a view: its drawings' numbers, each drawing sent once.
  function drawing(statics, parts) {
    return [].concat(parts).map(function (k) { return statics[k]; }).join("");
  }

  function patch(stage, frame, drawing) {
    var svg = stage.querySelector("svg");
    if (!svg) {
      stage.innerHTML = '<svg xmlns="' + SVG_NS + '" role="img"></svg>';
      svg = stage.querySelector("svg");
    }
    setAttr(svg, "width", frame.width);
    setAttr(svg, "height", frame.height);
    setAttr(svg, "viewBox", "0 0 " + frame.width + " " + frame.height);
    setAttr(svg, "aria-label", frame.label);
    var title = child(svg, "title", svg.firstChild);
    setText(title, frame.label);
    var desc = svg.querySelector(":scope > desc");
    if (frame.description !== undefined) {
      desc = child(svg, "desc", title.nextSibling);
      setText(desc, frame.description);
    }
    if (svg.swStatic !== drawing) {
      Array.prototype.slice.call(svg.children).forEach(function (node) {
        if (node !== title && node !== desc && !node.classList.contains("card")) { node.remove(); }
      });
      (desc || title).insertAdjacentHTML("afterend", drawing);
      svg.swStatic = drawing;
    }
    var over = svg.querySelector(":scope > g.sw-over");
    if (over && over.swDrawing !== frame.over) { over.remove(); over = null; }
    var cards = {};
    svg.querySelectorAll(":scope > g.card").forEach(function (g) {
      cards[g.getAttribute("data-key")] = g;
    });
    var next = svg.querySelector(":scope > g.card");
    frame.cards.forEach(function (c) {
      var g = cards[c[0]], use;
      delete cards[c[0]];
      if (!g) {
        g = document.createElementNS(SVG_NS, "g");
        g.setAttribute("class", "card");
        g.setAttribute("data-key", c[0]);
        g.appendChild(document.createElementNS(SVG_NS, "use"));
      }
      if (g !== next) { svg.insertBefore(g, next); } else { next = g.nextSibling; }
      setAttr(g, "transform", "translate(" + c[2] + " " + c[3] + ")");
      setAttr(g, "data-pile", c[1]);
      if (g.hasAttribute("data-home")) { g.removeAttribute("data-home"); }
      use = g.firstChild;
      setAttr(use, "href", "#" + c[4]);
    });
    Object.keys(cards).forEach(function (key) { cards[key].remove(); });
    if (over) { if (svg.lastChild !== over) { svg.appendChild(over); } }  // over every card
    else if (frame.over) {
      svg.insertAdjacentHTML("beforeend", '<g class="sw-over">' + frame.over + "</g>");
      svg.lastChild.swDrawing = frame.over;
    }
  }

  // Each step comes with its animation plan, worked out by the engine
  // (render/tween.py's Plan.page_data, the plan the notebook's canvas draws):
  // segments played one after another, each `frames` frames `ms` apart, with
  // the cards that move or turn over in it, [key, x0, y0, x1, y1, w] (w: the
  // card's width when it turns over, else 0). The page only eases them frame
  // by frame as the canvas does: a cubic ease in and out; a card turning over
  // narrows to its edge and opens on its other side at the midpoint; cards in
  // flight go above the rest. A new picture stops an animation still running
  // on the stage (its cards are already where the new picture puts them).
  function xy(transform) {
    var m = /translate\(([-\d.]+)[ ,]+([-\d.]+)\)/.exec(transform || "");
    return m ? [parseFloat(m[1]), parseFloat(m[2])] : null;
  }
  function ease(t) { return t < 0.5 ? 4 * t * t * t : 1 - Math.pow(-2 * t + 2, 3) / 2; }
  function flights(plan) {
    var paths = {}, at = 0;
    plan.forEach(function (segment) {
      var length = segment.frames * segment.ms;
      segment.cards.forEach(function (c) {
        (paths[c[0]] = paths[c[0]] || []).push({ start: at, end: at + length, ms: segment.ms, c: c });
      });
      at += length;
    });
    return { paths: paths, total: at };
  }
  // Where a card is drawn `time` ms into the plan, and with which picture.
  function place(m, time) {
    var path = m.path, f = path[0], turned = null;
    for (var i = 0; i < path.length; i++) {
      if (path[i].c[5]) { turned = path[i]; }
      f = path[i];
      if (time < f.end) { break; }
    }
    var length = f.end - f.start;
    // As on the canvas: the segment's k-th frame (t = k / frames) shows (k - 1) * ms in.
    var t = time < f.start ? 0 : length ? Math.min(1, ((time - f.start) / f.ms + 1) * f.ms / length) : 1;
    var c = f.c, e = ease(t), x = c[1] + (c[3] - c[1]) * e, y = c[2] + (c[4] - c[2]) * e;
    var transform = "translate(" + x.toFixed(2) + " " + y.toFixed(2) + ")";
    if (c[5] && t > 0 && t < 1) {
      var squash = Math.max(0.04, Math.abs(1 - 2 * t));
      transform = "translate(" + (x + c[5] * (1 - squash) / 2).toFixed(2) + " " + y.toFixed(2) +
        ") scale(" + squash.toFixed(3) + " 1)";
    }
    var face = m.to;
    // It shows its new side from the frame at t = 1/2 on, as on the canvas.
    if (turned && time < turned.start + (turned.end - turned.start) / 2 - turned.ms) { face = m.from; }
    if (m.g.getAttribute("transform") !== transform) { m.g.setAttribute("transform", transform); }
    if (m.use.getAttribute("href") !== face) { m.use.setAttribute("href", face); }
  }
  // `same`: the picture shows the position already drawn (a selection, a
  // hint, a refusal): an animation still running goes on, and ends on it.
  function draw(stage, picture, drawing, plan, done, same) {
    var running = stage.swRunning;
    if (same && running && !(plan && plan.length)) {
      running.picture = picture;
      running.drawing = drawing;
      patch(stage, picture, drawing);
      running.raise();
      done();
      return;
    }
    // A face-down card is keyed by its place ("~t3/0"), never by its name: one
    // that turns face up comes under its own key, and shows a back first.
    var faces = {}, back = null;
    if (plan && plan.length) {
      stage.querySelectorAll("g.card").forEach(function (g) {
        var key = g.getAttribute("data-key"), href = g.firstChild.getAttribute("href");
        faces[key] = href;
        if (key.charAt(0) === "~") { back = href; }
      });
    }
    var mine = stage.swAnimation = (stage.swAnimation || 0) + 1;
    stage.swRunning = null;
    patch(stage, picture, drawing);
    var planned = flights(plan || []), moving = [], svg = stage.querySelector("svg");
    svg.querySelectorAll(":scope > g.card").forEach(function (g) {
      var key = g.getAttribute("data-key"), path = planned.paths[key];
      if (!path) { return; }
      var to = g.firstChild.getAttribute("href");
      var turns = path.some(function (p) { return p.c[5]; });
      moving.push({ g: g, use: g.firstChild, path: path, to: to,
                    from: faces[key] || (turns && key.charAt(0) !== "~" && back) || to });
    });
    if (!moving.length) { done(); return; }
    var animation = stage.swRunning = {
      picture: picture, drawing: drawing,
      raise: function () {
        var over = svg.querySelector(":scope > g.sw-over");
        moving.forEach(function (m) { svg.insertBefore(m.g, over); });
      }
    };
    animation.raise();
    var start = null;
    function frame(now) {
      if (stage.swAnimation !== mine) { done(); return; }
      if (start === null) { start = now; }
      var time = now - start;
      if (time >= planned.total) {
        stage.swRunning = null;
        patch(stage, animation.picture, animation.drawing);   // every card at rest, in its own order
        done();
        return;
      }
      moving.forEach(function (m) { place(m, time); });
      window.requestAnimationFrame(frame);
    }
    // The first frame is drawn now, not a frame later.
    frame(performance.now());
  }

  var TABLE_WIDTH = 720;
  function Table(root, index) {
    this.root = root;
    this.index = index;
    this.name = "sw-table" + index;
    var self = this;
    var resolveReady, rejectReady;
    this.ready = new Promise(function (res, rej) { resolveReady = res; rejectReady = rej; });
    this.ready.catch(function () {});
    this._resolveReady = resolveReady;
    this._rejectReady = rejectReady;
    this.started = false;
    this.view = null;
    this.stage = root.querySelector(".sw-stage");
    this.button = root.querySelector(".sw-play-here");
    this.note = root.querySelector(".sw-note");
    this.button.hidden = false;
    this.button.addEventListener("click", function () { self.start(); });
    // Where the last answer's time went, in ms from the request: `answered`
    // (it reached the page), `drawn` (its first frame set in the page), and
    // the worker's `engine` (Python) and `worker` (all of the worker's part).
    this.timing = null;
    this.statics = {};
  }

  Table.prototype.start = function () {
    if (this.started) { return this.ready; }
    this.started = true;
    var self = this, root = this.root;
    this.button.disabled = true;
    // An engine already running only opens the table: no progress bar.
    var done = engineReady ? busy(root, this.note, t("Loading the engine")) :
      progressBar(root, this.note, t("Loading the engine"));
    if (!engineReady) {
      this.note.textContent = t("Loading the engine (Python in your browser; the browser keeps it for your next visit).");
    }
    boot().then(function () {
      // The table is laid out at its column's width (at most the usual
      // 720), so that on a phone it fits and its labels keep their size.
      var request = { op: "open", table: self.name, game: root.getAttribute("data-sw-game"),
                      width: self.width() };
      var language = languageOf(root);
      if (language) { request.language = language; }
      if (root.getAttribute("data-sw-save")) { request.save = root.getAttribute("data-sw-save"); }
      else { request.seed = root.getAttribute("data-sw-seed"); }
      return ask(request);
    }).then(function (view) {
      done();
      self.button.remove();
      self.build(view);
      self.show(view, false);
      self.bringIntoView();
      self._resolveReady(self);
    }).catch(function (error) {
      done();
      self.button.hidden = true;
      self.note.textContent = String(error.message || error) + " " + t("The picture above shows the deal.");
      self.note.setAttribute("role", "alert");
      self._rejectReady(error);
    });
    return this.ready;
  };

  // The started table and its controls in view (under the page's header:
  // the stage's scroll-margin-top), unless they are already.
  Table.prototype.bringIntoView = function () {
    var stage = this.stage.getBoundingClientRect();
    var bar = this.root.querySelector(".sw-bar").getBoundingClientRect();
    var margin = parseFloat(window.getComputedStyle(this.stage).scrollMarginTop) || 0;
    if (stage.top < margin || bar.bottom > window.innerHeight) {
      this.stage.scrollIntoView({ block: "start", behavior: "instant" });
    }
  };

  Table.prototype.width = function () {
    var column = this.stage.clientWidth || this.root.clientWidth || TABLE_WIDTH;
    return Math.max(240, Math.min(TABLE_WIDTH, Math.floor(column)));
  };

  Table.prototype.build = function (view) {
    var self = this, root = this.root;
    this.note.textContent = "";
    // The live drawing takes the place of the pictures of the deal.
    this.stage.querySelectorAll(".sw-picture").forEach(function (node) { node.remove(); });
    this.stage.setAttribute("tabindex", "0");
    this.stage.setAttribute("role", "application");
    this.stage.setAttribute("aria-roledescription", t("card table"));
    this.stage.setAttribute("aria-label", t("The table: {keys}").replace("{keys}",
      root.getAttribute("data-sw-help") || t("arrow keys choose a pile, Enter picks up or puts down")));
    var keys = (root.getAttribute("data-sw-keys") || "").split("|");
    var bar = el("div", { "class": "sw-bar", role: "toolbar", "aria-label": t("Table controls") });
    function button(label, op, title, act) {
      var b = el("button", { type: "button", "data-op": op, title: title || label }, label);
      b.addEventListener("click", act || function () { self.send({ op: op }); });
      bar.appendChild(b);
      return b;
    }
    this.buttons = {
      undo: button(t("Undo"), "undo"), redo: button(t("Redo"), "redo"),
      hint: button(t("Hint"), "hint", t("The computer player's choice")),
      // Its words come with each view ("Stop" while auto-finish runs).
      finish: button("", "finish", "", function () {
        if (self.finishing) { self.send({ op: "finishstop" }); } else { self.finish(); }
      })
    };

    // The game's own tools (a solver's buttons) come with the view: the page
    // knows no game by name.
    this.tools = (view.tools || []).map(function (tool) {
      return button(tool.label, tool.op, tool.title);
    });
    // The review (its words, progress and strip come with each view).
    this.reviewButton = button("", "review", "", function () { self.review(); });
    this.actionBar = el("span", { "class": "sw-actions" });
    bar.appendChild(this.actionBar);
    var deal = el("label", { "class": "sw-deal" }, t("Deal") + " ");
    this.dealInput = el("input", { type: "number", min: "0", "aria-label": t("Deal number") });
    deal.appendChild(this.dealInput);
    this.dealInput.addEventListener("change", function () {
      self.send({ op: "new", seed: self.dealInput.value });
    });
    bar.appendChild(deal);
    var fresh = el("button", { type: "button", "data-op": "new" }, t("New deal"));
    fresh.addEventListener("click", function () { self.send({ op: "new", seed: null }); });
    bar.appendChild(fresh);
    var form = el("form", { "class": "sw-typed" });
    // One line of text; a text area so that its placeholder (the example move and
    // the words the box takes) wraps whole on a narrow page instead of being cut.
    this.moveInput = el("textarea", { rows: "1", "aria-label": t("Type a move, then Enter"),
                                      "aria-multiline": "false", autocomplete: "off",
                                      spellcheck: "false" });
    form.appendChild(this.moveInput);
    form.appendChild(el("button", { type: "submit" }, t("Play")));
    this.moveInput.addEventListener("keydown", function (event) {
      if (event.key === "Enter" && !event.shiftKey) {
        event.preventDefault();
        form.dispatchEvent(new Event("submit", { cancelable: true }));
      }
    });
    window.addEventListener("resize", function () { self.fitMoveBox(); });
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var text = self.moveInput.value.trim();
      self.moveInput.value = "";
      self.send({ op: "typed", move: text });
    });
    this.status = el("p", { "class": "sw-status" });
    this.message = el("p", { "class": "sw-message", "aria-live": "polite" });
    this.words = el("details", { "class": "sw-words" });
    this.words.appendChild(el("summary", {}, t("The table in words")));
    this.wordsText = el("div", { role: "status", "aria-live": "polite",
                                 style: "white-space:pre-line" });
    this.words.appendChild(this.wordsText);
    // The controls go under the table, where "Play here" was: the table
    // stays where the reader saw it.
    this.stage.insertAdjacentElement("afterend", bar);
    // The review's progress and its strip, right under the table (above the controls); a click on the
    // strip shows that position of the game reviewed.
    this.reviewProgress = el("progress", { "class": "sw-review-progress", max: "1", hidden: "" });
    this.reviewStrip = el("div", { "class": "sw-review" });
    this.reviewStrip.addEventListener("click", function (event) {
      var cell = event.target.closest && event.target.closest("[data-position]");
      if (cell) { self.send({ op: "reviewjump", position: Number(cell.getAttribute("data-position")) }); }
    });
    // With the keyboard: the strip takes the focus once it shows, and the arrows
    // (Home, End) go along the game reviewed.
    this.reviewStrip.addEventListener("keydown", function (event) {
      var at = Number(self.root.getAttribute("data-sw-moves"));
      var last = self.reviewStrip.querySelectorAll("[data-position]").length - 1;
      var to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: last }[event.key];
      if (to === undefined || last < 0) { return; }
      event.preventDefault();
      if (to >= 0 && to <= last && to !== at) { self.send({ op: "reviewjump", position: to }); }
    });
    this.stage.insertAdjacentElement("afterend", this.reviewStrip);
    this.stage.insertAdjacentElement("afterend", this.reviewProgress);
    root.appendChild(form);
    root.appendChild(this.status);
    root.appendChild(this.message);
    root.appendChild(this.words);
    // The pointer: scene coordinates go to the engine's pointer logic.
    function point(event) {
      var svg = self.stage.querySelector("svg");
      var m = svg && svg.getScreenCTM();
      if (!m) { return null; }
      var p = svg.createSVGPoint();
      p.x = event.clientX; p.y = event.clientY;
      p = p.matrixTransform(m.inverse());
      return { x: p.x, y: p.y, t: event.timeStamp / 1000 };
    }
    var down = false;
    // A finger on a card drags it; a finger on the felt scrolls the page
    // (the browser then cancels the pointer, and the press is dropped).
    this.stage.addEventListener("touchstart", function (event) {
      var target = event.target;
      if (event.touches.length === 1 && target.closest && target.closest("g.card")) {
        event.preventDefault();
      }
    }, { passive: false });
    this.stage.addEventListener("pointercancel", function () {
      if (!down) { return; }
      down = false;
      self.send({ op: "leave" });
    });
    this.stage.addEventListener("pointerdown", function (event) {
      var p = point(event);
      if (!p) { return; }
      down = true;
      self.stage.focus({ preventScroll: true });
      event.preventDefault();
      self.send({ op: "press", x: p.x, y: p.y, t: p.t });
    });
    var moving = false;
    this.stage.addEventListener("pointermove", function (event) {
      if (!down || moving) { return; }
      var p = point(event);
      if (!p) { return; }
      moving = true;
      self.send({ op: "move", x: p.x, y: p.y, t: p.t }).then(function () { moving = false; });
    });
    window.addEventListener("pointerup", function (event) {
      if (!down) { return; }
      down = false;
      var p = point(event);
      if (p) { self.send({ op: "release", x: p.x, y: p.y, t: p.t }); }
    });
    this.stage.addEventListener("keydown", function (event) {
      if (event.altKey || event.ctrlKey || event.metaKey || keys.indexOf(event.key) < 0) { return; }
      if (event.key === "Escape" && !(self.view && self.view.selected)) { return; }
      event.preventDefault();
      self.send({ op: "key", key: event.key });
    });
  };

  Table.prototype.send = function (request, finishing) {
    var self = this;
    if (!finishing && request.op !== "move") { this.finishing = null; }
    if (request.op !== "move" && request.op !== "review" && request.op !== "reviewstep") {
      this.reviewing = null;
    }
    request.table = this.name;
    var sent = performance.now(), timing = {};
    var quiet = request.op === "move" || request.op === "finishstep" ||
      request.op === "reviewstep" || request.op === "review";
    var done = quiet || !this.message ? function () {} :
      busy(this.root, this.status, request.op === "canwin" || request.op === "solverhint" ?
           t("The solver is thinking\u2026") : t("Working\u2026"));
    return this.start().then(function () { return ask(request, timing); }).then(function (view) {
      done();
      // A step of a stopped auto-finish is still drawn: it was played.
      if (finishing && self.finishing !== finishing) { view.stopped = true; }
      if (view.drag) { self.drag(view.drag); return view; }
      if (view.noop) { return view; }
      view.drawn = self.show(view, true);
      self.timing = { answered: timing.answered - sent, drawn: performance.now() - sent,
                      engine: timing.engine, worker: timing.worker };
      return view;
    }, function (error) { done(); throw error; });
  };

  // Auto-finish: the default player's moves one request each, each one
  // animated (quickly) before the next is asked for, so the status line and
  // the picture agree at every moment. Any other input stops it at once
  // (the engine then says so, and the button reads "Auto-finish" again).
  Table.prototype.finish = function () {
    var self = this, token = {};
    this.finishing = token;
    function step(played) {
      return self.send({ op: "finishstep", played: played }, token).then(function (view) {
        if (view.stopped || !view.played) {
          if (self.finishing === token) { self.finishing = null; }
          return view;
        }
        return view.drawn.then(function () {
          return self.finishing === token ? step(played + 1) : view;
        });
      });
    }
    return step(0);
  };

  // The review: one search a request, in the worker, the progress drawn
  // between them; the button (then "Stop") or any other input stops it.
  Table.prototype.review = function () {
    var self = this, token = {};
    if (this.reviewing) { this.reviewing = null; return this.send({ op: "reviewstop" }); }
    this.reviewing = token;
    function go(op) {
      return self.send({ op: op }).then(function (view) {
        if (self.reviewing !== token) { return view; }
        if (!view.review.running) { self.reviewing = null; return view; }
        return go("reviewstep");
      });
    }
    return go("review");
  };

  Table.prototype.drag = function (drag) {
    this.stage.querySelectorAll("g.card").forEach(function (g) {
      if (drag.keys.indexOf(g.getAttribute("data-key")) < 0) { return; }
      if (!g.hasAttribute("data-home")) { g.setAttribute("data-home", g.getAttribute("transform")); }
      var home = xy(g.getAttribute("data-home"));
      g.setAttribute("transform", "translate(" + (home[0] + drag.dx) + " " + (home[1] + drag.dy) + ")");
      g.parentNode.appendChild(g);
    });
  };

  Table.prototype.show = function (view, animate) {
    var self = this, shown;
    this.view = view;
    var focused = document.activeElement === this.stage;
    keepDefs(this.root, view.defs);
    Object.keys(view.statics).forEach(function (k) { self.statics[k] = view.statics[k]; });
    var drawn = new Promise(function (resolve) { shown = resolve; });
    draw(this.stage, view, drawing(this.statics, view.static), animate ? view.plan : null, shown,
         !view.played);
    if (focused) { this.stage.focus({ preventScroll: true }); }
    setText(this.status, view.status);
    this.message.textContent = view.message;  // said again even when the same
    if (view.citation) { cite(this.message, view.citation); }
    this.message.className = "sw-message" + (view.error ? " sw-error" : "");
    this.message.setAttribute("role", view.error ? "alert" : "status");
    setText(this.wordsText, view.words);
    // The example move and the words the box takes, in the table's language; the
    // box is as wide as they are (up to the width of the table).
    setAttr(this.moveInput, "placeholder", view.placeholder);
    this.fitMoveBox();
    this.buttons.undo.disabled = !view.canUndo;
    this.buttons.redo.disabled = !view.canRedo;
    this.buttons.hint.disabled = view.gameOver;
    setText(this.buttons.finish, view.finish.label);
    setAttr(this.buttons.finish, "title", view.finish.title);
    this.buttons.finish.disabled = !view.finish.enabled;
    this.tools.forEach(function (b) { b.disabled = view.gameOver; });
    var review = view.review;
    if (review) {
      setText(this.reviewButton, review.label);
      setAttr(this.reviewButton, "title", review.title);
      this.reviewButton.disabled = !review.enabled;
      this.reviewButton.hidden = !review.shown;
      this.reviewProgress.hidden = !review.running;
      this.reviewProgress.value = review.progress;
      setAttr(this.reviewProgress, "aria-label", review.label);
      if (this.reviewShown !== review.html) {
        this.reviewShown = review.html;
        this.reviewStrip.innerHTML = review.html;
        if (review.html) { this.reviewStrip.setAttribute("tabindex", "0"); }
        else { this.reviewStrip.removeAttribute("tabindex"); }
      }
    }
    if (String(this.dealInput.value) !== String(view.seed)) { this.dealInput.value = view.seed; }
    // The game's buttons are made again only when they change (one keeps its focus).
    var actions = JSON.stringify(view.actions), made = [];
    if (this.actionsShown !== actions) {
      this.actionsShown = actions;
      this.actionBar.textContent = "";
      made = view.actions;
    }
    made.forEach(function (action) {
      var b = el("button", { type: "button", "data-op": action.word, title: action.title }, action.label);
      b.disabled = !action.enabled;
      b.addEventListener("click", function () { self.send({ op: "play", move: action.word }); });
      self.actionBar.appendChild(b);
    });
    // Each view says what changed in the move list: the moves kept, then the new ones.
    var moves = this.moves || (this.moves = []);
    moves.length = Math.min(moves.length, view.history.kept);
    Array.prototype.push.apply(moves, view.history.added);
    setAttr(this.root, "data-sw-moves", moves.length);
    return drawn;
  };

  // The move box as tall as its placeholder needs, at the width the page gives it.
  // As wide as the placeholder (the page's width at most), as many lines as it then needs.
  Table.prototype.fitMoveBox = function () {
    var box = this.moveInput, style = getComputedStyle(box);
    var context = document.createElement("canvas").getContext("2d");
    context.font = style.font;
    var sides = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) +
                parseFloat(style.borderLeftWidth) + parseFloat(style.borderRightWidth);
    // Lines break between words: a tenth of each line is left for that.
    var needed = context.measureText(box.placeholder).width / 0.9;
    box.style.width = Math.ceil(needed + sides) + "px";
    var room = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    if (!(room > 0)) { return; }
    setAttr(box, "rows", String(Math.max(1, Math.ceil(needed / room - 0.001))));
  };

  // The scripting interface (see the embedding guide).
  Table.prototype.state = function () {
    var self = this;
    return this.start().then(function () { return ask({ op: "state", table: self.name }); });
  };
  Table.prototype.legalMoves = function () {
    var self = this;
    return this.start().then(function () { return ask({ op: "legal", table: self.name }); });
  };
  Table.prototype.play = function (moveText) {
    var self = this;
    return this.send({ op: "play", move: String(moveText) }).then(function (view) {
      if (view.error) { throw new Error(view.message); }
      return self.moves.slice();
    });
  };
  Table.prototype.undo = function () {
    var self = this;
    return this.send({ op: "undo" }).then(function (view) {
      if (view.error) { throw new Error(view.message); }
      return self.moves.slice();
    });
  };

  // Replays: every step computed from the save, a chunk of steps a request
  // (as patches of the drawn table), the next chunk asked for while this
  // one is shown; the first step is in the page.
  var REPLAY_CHUNK = 24;
  function Replay(root, index) {
    this.root = root;
    this.name = root.id || ("sw-replay" + index);
    this.loaded = null;
    this.count = 0;
    this.chunks = {};
    this.frames = {};
    this.statics = {};
  }
  Replay.prototype.chunk = function (start) {
    var self = this;
    if (!this.chunks[start]) {
      this.chunks[start] = ask({ op: "frames", table: this.name, index: start, count: REPLAY_CHUNK })
        .then(function (got) {
          keepDefs(self.root, got.defs);
          Object.keys(got.statics).forEach(function (k) { self.statics[k] = got.statics[k]; });
          got.frames.forEach(function (frame) {
            var made = drawing(self.statics, frame.static);
            self.frames[frame.index] = {
              index: frame.index, count: got.count, caption: frame.caption,
              draw: function (stage) { patch(stage, frame, made); }
            };
          });
        }, function (error) { delete self.chunks[start]; throw error; });
    }
    return this.chunks[start];
  };
  Replay.prototype.frame = function (index) {
    var self = this;
    if (!this.loaded) {
      // Under the caption ("Computing step ..."), below the controls, which stay put.
      var done = progressBar(this.root.querySelector(".sw-caption") || this.root, null,
                             t("Loading the engine for this replay"));
      this.loaded = boot().then(function () {
        var request = { op: "replay", table: self.name, save: self.root.getAttribute("data-sw-save"),
                        width: Number(self.root.getAttribute("data-sw-width") || 720),
                        title: self.root.getAttribute("data-sw-title") || "" };
        var language = languageOf(self.root);
        if (language) { request.language = language; }
        return ask(request);
      }).then(function (got) {
        self.count = got.count;
        self.root.setAttribute("data-sw-live", "1");
        done();
      }, function (error) { done(); throw error; });
    }
    return this.loaded.then(function () {
      index = Math.max(0, Math.min(self.count - 1, index));
      var start = index - index % REPLAY_CHUNK;
      var done = busy(self.root.querySelector(".sw-caption") || self.root, null,
                      t("Computing the steps\u2026"));
      var wanted = self.chunk(start);
      wanted.then(done, done);
      if (start + REPLAY_CHUNK < self.count) { self.chunk(start + REPLAY_CHUNK); }
      return wanted.then(function () { return self.frames[index]; });
    });
  };

  var replays = [];
  // The static player (render/player.py) asks here for its steps once the
  // engine runs: got.draw(stage) draws the step, got.caption says it.
  window.solitaireReplayFrame = function (root, index) {
    var replay = replays.filter(function (r) { return r.root === root; })[0];
    if (!replay) { replay = new Replay(root, replays.length); replays.push(replay); }
    if (!supported()) { return Promise.reject(new Error(t("This browser cannot run WebAssembly."))); }
    return replay.frame(index);
  };
  // `booting()`: the engine's start (a promise), null before it starts.
  window.solitaireWeb = { phases: phases, boot: boot, supported: supported, engine: engine, ask: ask,
                          prestart: prestart, booting: function () { return booted; } };

  function scan() {
    document.querySelectorAll(".sw-table[data-sw-game]").forEach(function (root) {
      if (root.getAttribute("data-sw-index")) { return; }
      root.setAttribute("data-sw-index", String(tables.length));
      tables.push(new Table(root, tables.length));
      watchForPrestart(root);
    });
    // Every table switched off: so is the pre-start.
    if (prestart.state === "waiting" && !nearby && prestart.why === "switch") { prestart.state = "off"; }
  }
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", scan); }
  else { scan(); }
})();
