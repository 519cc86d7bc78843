// Follows a background export on its page; shows the download link when it is ready.
(function () {
  "use strict";
  var box = document.getElementById("export-progress");
  if (!box || box.dataset.running !== "1") { return; }
  var bar = document.getElementById("export-bar");
  var count = document.getElementById("export-count");
  var ready = document.getElementById("export-ready");
  var link = document.getElementById("export-link");
  function poll() {
    fetch(box.dataset.url, { credentials: "same-origin" })
      .then(function (r) { return r.json(); })
      .then(function (data) {
        bar.value = data.percent;
        count.textContent = data.done + "/" + data.total;
        if (data.status === "queued" || data.status === "running") {
          window.setTimeout(poll, 700);
        } else if (data.status === "done") {
          link.href = data.url;
          ready.hidden = false;
          window.location.reload();
        } else {
          window.location.reload();
        }
      })
      .catch(function () { window.setTimeout(poll, 2000); });
  }
  window.setTimeout(poll, 300);
})();
