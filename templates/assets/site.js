// lawcharts site script: only enhances. Every page works without it: the
// index is the full list and stepping through a chart uses links and :target.
(function () {
  "use strict";

  // Index: search the charts. The library (MiniSearch, with a Porter
  // stemmer) and the charts' search data load on first use, as classic
  // scripts so a site opened from disk works too. Words match whole, after
  // stemming; common words are left out; a few words directors type stand
  // for the Laws' own (at a lower weight); title and situations count most,
  // then laws, then the charts' text; and a law number ("27", "Law 64")
  // puts the charts of that law first.
  var STOP = ("a an and are as at be but by did do does for from had has have he her " +
    "his i if in into is it its me my of on or our she so than that the their them " +
    "then there they this to was we were what when where which who why will with " +
    "you your someone somebody anyone player players law laws").split(" ");
  // Words kept as typed: "Director called" heads every triage chart, and
  // stemmed to "call" it would match every bid and call.
  var KEEP = ["called"];
  var SYNONYMS = [
    ["led", "lead"], ["leads", "lead"], ["leading", "lead"],
    ["bid", "call"], ["bids", "call"], ["bidding", "auction"],
    ["revoked", "revoke"], ["revoking", "revoke"], ["renege", "revoke"], ["reneged", "revoke"],
    ["shown", "exposed"], ["showed", "exposed"], ["show", "exposed"], ["faced", "exposed"], ["dropped", "exposed"],
    ["hesitated", "tempo"], ["hesitation", "tempo"], ["huddle", "tempo"], ["slow", "tempo"], ["pause", "tempo"],
    ["explanation", "misinformation"], ["explained", "misinformation"], ["alert", "misinformation"],
    ["claimed", "claim"], ["conceded", "concession"], ["took", "retraction"], ["retracted", "retraction"],
    ["changed", "change"], ["skipped", "skip"], ["miscounted", "incorrect"]
  ];

  function loadScripts(names, done) {
    if (names.length === 0) { done(); return; }
    var script = document.createElement("script");
    script.src = "assets/" + names[0];
    script.onload = function () { loadScripts(names.slice(1), done); };
    script.onerror = function () { done(new Error(names[0])); };
    document.head.appendChild(script);
  }

  function words(text) {
    return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) || [];
  }

  // Law numbers asked for: "law 27", "laws 27 64", or a query of numbers only.
  function lawNumbers(ws) {
    var only = ws.every(function (w) { return /^\d+$/.test(w) || w === "law" || w === "laws"; });
    return ws.filter(function (w, i) {
      var n = Number(w);
      return /^\d{1,2}$/.test(w) && n >= 1 && n <= 93 &&
        (only || ws[i - 1] === "law" || ws[i - 1] === "laws");
    }).map(Number);
  }

  function makeSearch() {
    var stem = window.lawchartsStemmer;
    var docs = window.lawchartsSearchData;
    var processTerm = function (term) {
      term = term.toLowerCase();
      if (STOP.indexOf(term) !== -1) { return null; }
      return KEEP.indexOf(term) === -1 ? stem(term) : term;
    };
    var engine = new window.MiniSearch({
      fields: ["title", "situations", "laws", "text"],
      processTerm: processTerm,
      searchOptions: { boost: { title: 4, situations: 3, laws: 2, text: 1 }, combineWith: "OR" }
    });
    engine.addAll(docs);
    var byId = {};
    docs.forEach(function (d) { byId[d.id] = d; });
    return function (query) {
      var ws = words(query);
      var extra = [];
      ws.forEach(function (w) {
        SYNONYMS.forEach(function (pair) { if (pair[0] === w) { extra.push(pair[1]); } });
      });
      var asked = ws.map(processTerm);
      var weaker = extra.map(processTerm).filter(function (t) { return asked.indexOf(t) === -1; });
      var ranked = engine.search(ws.concat(extra).join(" "), {
        boostTerm: function (term) { return weaker.indexOf(term) === -1 ? 1 : 0.4; }
      }).map(function (r) { return r.id; });
      var laws = lawNumbers(ws);
      var tier = function (d) {
        if (laws.indexOf(d.main) !== -1) { return d.continues ? 1 : 0; }
        return d.numbers.some(function (n) { return laws.indexOf(n) !== -1; }) ? 2 : 3;
      };
      // Charts of the law asked for come first even if no word matched.
      docs.forEach(function (d) {
        if (tier(d) < 3 && ranked.indexOf(d.id) === -1) { ranked.push(d.id); }
      });
      return ranked.map(function (id, i) { return { doc: byId[id], i: i }; })
        .sort(function (a, b) { return tier(a.doc) - tier(b.doc) || a.i - b.i; })
        .map(function (r) { return r.doc; });
    };
  }

  function setUpSearch(form) {
    var input = form.querySelector("input");
    var count = document.getElementById("search-count");
    var list = document.getElementById("search-results");
    var groups = Array.prototype.slice.call(document.querySelectorAll(".period-group"));
    var search = null;
    var loading = false;
    var pending = false;

    function show(query) {
      list.textContent = "";
      var wanted = query.trim() !== "";
      groups.forEach(function (g) { g.hidden = wanted; });
      list.hidden = !wanted;
      if (!wanted) { count.textContent = ""; return; }
      var found = search(query);
      found.forEach(function (doc) {
        var li = document.createElement("li");
        var a = document.createElement("a");
        a.href = doc.id + ".html";
        a.textContent = doc.title;
        var line = document.createElement("span");
        line.className = "result-line";
        line.textContent = doc.line;
        li.appendChild(a);
        li.appendChild(document.createTextNode(" "));
        li.appendChild(line);
        list.appendChild(li);
      });
      count.textContent = found.length === 0 ? "No chart matches. Try other words or a law number." :
        found.length === 1 ? "1 chart matches, best first." : found.length + " charts match, best first.";
    }

    function run() {
      var query = input.value;
      var url = query.trim() === "" ? location.pathname : "?q=" + encodeURIComponent(query);
      history.replaceState(null, "", url);
      if (search) { show(query); return; }
      pending = true;
      if (loading) { return; }
      loading = true;
      count.textContent = "Loading the search…";
      loadScripts(["minisearch.js", "stemmer.js", "search-data.js"], function (failed) {
        if (failed) { count.textContent = "The search could not load; use the list below."; return; }
        search = makeSearch();
        if (pending) { show(input.value); }
      });
    }

    form.hidden = false;
    form.addEventListener("submit", function (e) { e.preventDefault(); run(); });
    input.addEventListener("input", run);
    var asked = new URLSearchParams(location.search).get("q");
    if (asked) { input.value = asked; }
    if (input.value) { run(); }
  }

  // Chart: remember the answers given, show them above the current step,
  // and move keyboard focus to each new step's heading.
  function setUpWalk(walk) {
    var trail = document.getElementById("trail");
    var start = walk.getAttribute("data-start");
    var taken = [];
    function stepOf(hash) {
      var el = hash && hash.length > 1 ? document.getElementById(hash.slice(1)) : null;
      return el && el.classList.contains("step") ? el : null;
    }
    function draw() {
      trail.textContent = "";
      taken.forEach(function (t) {
        var li = document.createElement("li");
        var a = document.createElement("a");
        a.href = "#" + t.from;
        a.textContent = t.question;
        var b = document.createElement("strong");
        b.textContent = t.answer;
        li.appendChild(a);
        li.appendChild(document.createTextNode(" "));
        li.appendChild(b);
        trail.appendChild(li);
      });
      trail.hidden = taken.length === 0;
    }
    walk.addEventListener("click", function (e) {
      var link = e.target.closest("a");
      var step = link && link.closest(".step");
      if (!step || !link.classList.contains("answer") || link.classList.contains("continue")) {
        return;
      }
      var heading = step.querySelector("h3");
      taken.push({ from: step.id, question: heading ? heading.textContent : "", answer: link.textContent });
    });
    window.addEventListener("hashchange", function () {
      var step = stepOf(location.hash);
      if (!step) { return; }
      var at = taken.map(function (t) { return t.from; }).indexOf(step.id);
      if (at !== -1) { taken = taken.slice(0, at); }
      if (step.id === "step-" + start) { taken = []; }
      draw();
      if (taken.length > 0) { walk.scrollIntoView({ block: "start" }); }
      var heading = step.querySelector("h3");
      if (heading) { heading.focus({ preventScroll: true }); }
    });
  }

  // Chart: a drawing wider than the screen opens scrolled to its first
  // question rather than to its left edge.
  function centreDrawing(figure) {
    var start = figure.querySelector(".node-link");
    if (!start || figure.scrollWidth <= figure.clientWidth) { return; }
    var f = figure.getBoundingClientRect();
    var s = start.getBoundingClientRect();
    figure.scrollLeft += (s.left + s.width / 2) - (f.left + f.width / 2);
  }

  var figure = document.querySelector(".figure");
  if (figure) { centreDrawing(figure); }
  var form = document.getElementById("search");
  if (form) { setUpSearch(form); }
  var walk = document.getElementById("walk");
  if (walk) { setUpWalk(walk); }
})();
