// lawcharts site script: only enhances. Every page works without it: the
// index is the full list and stepping through a chart uses links and :target.
(function () {
  "use strict";

  // Index: filter the charts by situation phrase, law number or law title.
  function setUpSearch(form) {
    var input = form.querySelector("input");
    var count = document.getElementById("search-count");
    var entries = Array.prototype.slice.call(document.querySelectorAll(".entry"));
    var groups = Array.prototype.slice.call(document.querySelectorAll(".period-group"));
    function words(text) {
      return text.toLowerCase().replace(/^\s*law\s+/, "").split(/\s+/).filter(Boolean);
    }
    function filter() {
      var wanted = words(input.value);
      var shown = 0;
      entries.forEach(function (entry) {
        var hay = entry.getAttribute("data-search");
        var hit = wanted.every(function (w) { return hay.indexOf(w) !== -1; });
        entry.hidden = !hit;
        if (hit) { shown += 1; }
      });
      groups.forEach(function (group) {
        group.hidden = !group.querySelector(".entry:not([hidden])");
      });
      count.textContent = wanted.length === 0 ? "" :
        shown === 0 ? "No chart matches. Try a law number or fewer words." :
        shown + " of " + entries.length + " charts match.";
    }
    form.hidden = false;
    form.addEventListener("submit", function (e) { e.preventDefault(); });
    input.addEventListener("input", filter);
    if (input.value) { filter(); }
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
