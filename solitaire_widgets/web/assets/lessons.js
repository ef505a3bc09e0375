// The page side of the book's lessons (solitaire_widgets.web.lesson). Each
// <section data-sw-lesson="NAME"> shows its position, question and answers
// from the build; an answer (a button, or a move typed) is sent to the
// page's engine (the tables' Pyodide worker, window.solitaireWeb.ask), which
// checks it with the rules and answers with the verdict, the sentence of the
// text it rests on, and the position and question after it. The right
// answers given are kept in localStorage ("Start again" forgets them).
(function () {
  "use strict";
  if (window.solitaireLessons) { return; }
  var lessons = [];
  window.solitaireLessons = lessons;
  var STORE = "sw-lesson:";
  function web() { return window.solitaireWeb; }
  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (text) { node.textContent = text; }
    return node;
  }
  function load(name) {
    try { return JSON.parse(window.localStorage.getItem(STORE + name) || "[]") || []; }
    catch (error) { return []; }
  }
  function keep(name, given) {
    try {
      if (given.length) { window.localStorage.setItem(STORE + name, JSON.stringify(given)); }
      else { window.localStorage.removeItem(STORE + name); }
    } catch (error) { /* storage refused: progress is not kept */ }
  }

  function Lesson(root) {
    var self = this;
    this.root = root;
    this.name = root.getAttribute("data-sw-lesson");
    this.words = {};
    try { this.words = JSON.parse(root.getAttribute("data-sw-words") || "{}"); } catch (e) { this.words = {}; }
    this.given = root.hasAttribute("data-sw-checkpoint") ? [] : load(this.name);
    this.busy = false;
    this.verdict = root.querySelector(".sw-lesson-verdict");
    root.addEventListener("click", function (event) {
      var button = event.target.closest && event.target.closest("button");
      if (!button || !root.contains(button)) { return; }
      if (button.hasAttribute("data-answer")) { self.send({ answer: button.getAttribute("data-answer") }); }
      else if (button.getAttribute("data-act") === "hint") { self.send({ hint: true }); }
      else if (button.getAttribute("data-act") === "reset") { self.reset(); }
    });
    var form = root.querySelector(".sw-lesson-typed");
    if (form) {
      form.addEventListener("submit", function (event) {
        event.preventDefault();
        var input = form.querySelector("input");
        var text = input.value.trim();
        if (text) { input.value = ""; self.send({ answer: text }); }
      });
    }
    root.setAttribute("data-sw-given", String(this.given.length));
    this.checkpoint = root.hasAttribute("data-sw-checkpoint") ?
      Number(root.getAttribute("data-sw-checkpoint")) : null;
    if (this.checkpoint !== null) { this.watch(); }
    else if (this.given.length) { this.send({}); }   // where the reader left it
  }
  // A replay's "your turn": the replay just before this element stops at its
  // step (its data-step), and does not step on until the move is played
  // right or shown; then it goes on by itself.
  function playerBefore(node) {
    for (var at = node.previousElementSibling; at; at = at.previousElementSibling) {
      if (at.classList.contains("sw-player")) { return at; }
      var inside = at.querySelector && at.querySelector(".sw-player");
      if (inside) { return inside; }
    }
    return null;
  }
  Lesson.prototype.watch = function () {
    var self = this, root = this.root, player = playerBefore(root);
    if (!player) { return; }
    this.player = player;
    this.open = false;
    function here() { return Number(player.getAttribute("data-step")) === self.checkpoint; }
    function button(name) { return player.querySelector('[id$="-' + name + '"]'); }
    // It asks when the replay comes to it going forward, not when stepping back onto it.
    var was = Number(player.getAttribute("data-step") || 0);
    function arrive() {
      var now = Number(player.getAttribute("data-step") || 0), from = was;
      was = now;
      if (!here()) { self.open = false; return; }
      if (from > now || self.open || root.getAttribute("data-sw-finished") === "true") { return; }
      self.open = true;
      var play = button("play");
      if (play && play.getAttribute("aria-pressed") === "true") { play.click(); }
      root.hidden = false;
      player.setAttribute("data-sw-waiting", self.name);
    }
    new MutationObserver(arrive).observe(player, { attributes: true, attributeFilter: ["data-step"] });
    // Stepping on from the checkpoint waits for the reader's move.
    function blocked() { return self.open && here() && root.getAttribute("data-sw-finished") !== "true"; }
    player.addEventListener("click", function (event) {
      var b = event.target.closest && event.target.closest("button");
      if (!b || !blocked() || !/-(forward|play|end)$/.test(b.id)) { return; }
      event.preventDefault();
      event.stopImmediatePropagation();
      self.nudge();
    }, true);
    player.addEventListener("keydown", function (event) {
      var key = event.key || "";
      if (!blocked() || ["ArrowRight", "Right", "End", " "].indexOf(key) < 0) { return; }
      event.preventDefault();
      event.stopImmediatePropagation();
      self.nudge();
    }, true);
    arrive();
  };
  Lesson.prototype.nudge = function () {
    var first = this.root.querySelector(".sw-lesson-choice");
    this.root.scrollIntoView({ block: "nearest" });
    if (first) { first.focus({ preventScroll: true }); }
  };
  Lesson.prototype.goOn = function () {
    var player = this.player;
    if (!player) { return; }
    player.removeAttribute("data-sw-waiting");
    var forward = player.querySelector('[id$="-forward"]');
    if (forward && Number(player.getAttribute("data-step")) === this.checkpoint) { forward.click(); }
  };
  Lesson.prototype.width = function () {
    var stage = this.root.querySelector(".sw-lesson-stage");
    var column = (stage && stage.clientWidth) || this.root.clientWidth || 720;
    return Math.max(240, Math.min(720, Math.floor(column)));
  };
  // One answer at a time; "Start again" goes through at any time, and the
  // answer still on its way is then dropped (its ticket is old).
  Lesson.prototype.send = function (what, always) {
    var self = this, api = web();
    if ((this.busy && !always) || !api || !api.ask) { return Promise.resolve(null); }
    this.busy = true;
    var ticket = this.ticket = (this.ticket || 0) + 1;
    this.root.setAttribute("aria-busy", "true");
    var started = api.engine && api.engine.start;
    if (!started) { this.say(this.words.loading || "\u2026", ""); }
    var request = { op: "lesson", table: "sw-lesson-" + this.name, lesson: this.name,
                    given: this.given.join(" "), answer: what.answer || "", hint: !!what.hint,
                    width: this.width(), language: this.root.getAttribute("data-sw-language") || "en" };
    return api.boot().then(function () { return api.ask(request); }).then(function (view) {
      if (ticket !== self.ticket) { return null; }
      self.busy = false;
      self.root.removeAttribute("aria-busy");
      self.show(view);
      return view;
    }, function (error) {
      if (ticket !== self.ticket) { return null; }
      self.busy = false;
      self.root.removeAttribute("aria-busy");
      self.say((self.words.error || "{reason}").replace("{reason}", String(error.message || error)), "sw-lesson-error");
      return null;
    });
  };
  Lesson.prototype.say = function (words, kind) {
    this.verdict.textContent = "";
    this.verdict.className = "sw-lesson-verdict" + (kind ? " " + kind : "");
    if (words) { this.verdict.appendChild(el("p", {}, words)); }
  };
  Lesson.prototype.reset = function () {
    this.given = [];
    keep(this.name, this.given);
    this.root.removeAttribute("data-sw-result");
    this.root.setAttribute("data-sw-given", "0");
    return this.send({}, true);
  };
  Lesson.prototype.show = function (view) {
    var root = this.root;
    this.given = view.given;
    if (this.checkpoint === null) { keep(this.name, this.given); }
    root.setAttribute("data-sw-given", String(this.given.length));
    var stage = root.querySelector(".sw-lesson-stage");
    stage.innerHTML = view.picture;
    var step = root.querySelector(".sw-lesson-step");
    if (step) { step.textContent = view.step; }
    var question = root.querySelector(".sw-lesson-question");
    question.textContent = view.finished ? (this.words.done || "") : view.question;
    var choices = root.querySelector(".sw-lesson-choices");
    var focused = document.activeElement && choices.contains(document.activeElement) ?
      document.activeElement.getAttribute("data-answer") : null;
    choices.textContent = "";
    view.choices.forEach(function (choice) {
      var b = el("button", { type: "button", "class": "sw-lesson-choice", "data-answer": choice[0] }, choice[1]);
      choices.appendChild(b);
    });
    var form = root.querySelector(".sw-lesson-typed");
    if (form) { form.hidden = !view.asksMove; }
    root.setAttribute("data-sw-finished", view.finished ? "true" : "false");
    var verdict = view.verdict;
    if (!verdict) { this.say("", ""); return; }
    if (this.checkpoint !== null && (verdict.hint || verdict.right)) {
      // The replay's move is played (or shown): the replay goes on.
      root.setAttribute("data-sw-finished", "true");
      this.goOn();
    }
    var kind = verdict.hint ? "sw-lesson-hint" : verdict.right ? "sw-lesson-right" : "sw-lesson-wrong";
    root.setAttribute("data-sw-result", verdict.hint ? "hint" : verdict.right ? "right" : "wrong");
    // A right note says "Right" itself; a wrong one is marked "Not this one".
    var head = verdict.hint ? "" : verdict.right ? "\u2713 " :
      "\u2717 " + (this.words.wrong || "Not this one") + ". ";
    this.say(head + verdict.words, kind);
    if (verdict.sentence) {
      var quote = el("blockquote", { "class": "sw-lesson-sentence" });
      quote.appendChild(el("span", { lang: verdict.lang }, "\u00ab" + verdict.sentence + "\u00bb"));
      if (verdict.translation) {
        quote.appendChild(document.createTextNode(" "));
        quote.appendChild(el("span", {}, "(" + verdict.translation + ")"));
      }
      this.verdict.appendChild(quote);
    }
    // Keyboard: after a wrong answer the focus stays on the choices; after a
    // right one it goes to the next question's first answer.
    var again = focused && !verdict.right ? choices.querySelector('[data-answer="' + focused.replace(/"/g, '\\"') + '"]') : null;
    var next = again || choices.querySelector("button");
    if (focused !== null || document.activeElement === document.body) {
      if (next) { next.focus({ preventScroll: true }); } else { root.querySelector('[data-act="reset"]').focus({ preventScroll: true }); }
    }
  };

  function scan() {
    document.querySelectorAll("[data-sw-lesson]").forEach(function (root) {
      if (root.swLesson) { return; }
      root.swLesson = new Lesson(root);
      lessons.push(root.swLesson);
    });
  }
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", scan); }
  else { scan(); }
})();
