// lawcharts serve: reload this page once per rebuild. The server holds each
// request until the build number differs from the one this page was served
// with (or a while has passed), so nothing is polled in a tight loop.
(function () {
  "use strict";
  var build = document.currentScript.getAttribute("data-build");
  function poll() {
    fetch("/__lawcharts/status?build=" + encodeURIComponent(build), { cache: "no-store" })
      .then(function (r) { return r.json(); })
      .then(function (status) {
        if (String(status.build) !== build) {
          location.reload();
        } else {
          poll();
        }
      }, function () {
        // The server is stopped or restarting: try again a little later.
        setTimeout(poll, 2000);
      });
  }
  poll();
})();
