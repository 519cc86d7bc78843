// Follows a running import on its job page; reloads the page when it has finished.
(function () {
  "use strict";
  var box = document.getElementById("import-progress");
  if (!box || box.dataset.running !== "1") { return; }
  var bar = document.getElementById("import-bar");
  var count = document.getElementById("import-count");
  function poll() {
    fetch(box.dataset.url, { credentials: "same-origin" })
      .then(function (r) { return r.json(); })
      .then(function (data) {
        bar.value = data.percent;
        count.textContent = data.done + "/" + data.total;
        if (data.status === "checking" || data.status === "importing") {
          window.setTimeout(poll, 700);
        } else {
          window.location.reload();
        }
      })
      .catch(function () { window.setTimeout(poll, 2000); });
  }
  window.setTimeout(poll, 300);
})();
