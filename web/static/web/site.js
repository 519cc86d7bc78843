// The site's only script: behaviour the templates ask for with data- attributes, so the
// Content-Security-Policy can forbid every inline script and handler.
"use strict";

document.addEventListener("change", (event) => {
  // <select data-autosubmit>: choosing an option submits its form (the language picker).
  const field = event.target;
  if (field instanceof HTMLSelectElement && field.hasAttribute("data-autosubmit") && field.form) {
    field.form.submit();
  }
});

document.addEventListener("submit", (event) => {
  // <form data-confirm="…"> or <button data-confirm="…">: a decisive action (approve, deny,
  // revoke, accept every document) asks first; "Cancel" sends nothing. Registered in the
  // capture phase so it runs before the listener below disables the button.
  const form = event.target;
  if (!(form instanceof HTMLFormElement)) {
    return;
  }
  const submitter = event.submitter;
  const source = submitter && submitter.hasAttribute("data-confirm") ? submitter : form;
  const question = source.getAttribute("data-confirm");
  if (question && !window.confirm(question)) {
    event.preventDefault();
    event.stopImmediatePropagation();
  }
}, true);

document.addEventListener("submit", (event) => {
  // <form data-disable-on-submit>: the button is disabled once pressed, so a second tap
  // does not send the form again (the server refuses a repeat anyway).
  const form = event.target;
  if (form instanceof HTMLFormElement && form.hasAttribute("data-disable-on-submit")) {
    const button = form.querySelector("button[type=submit]");
    if (button) {
      window.setTimeout(() => { button.disabled = true; }, 0);
    }
  }
});

document.addEventListener("click", (event) => {
  // <button data-print>: print the page (the printable tariff table, a stand's sign).
  const button = event.target instanceof Element ? event.target.closest("[data-print]") : null;
  if (button) {
    window.print();
  }
});

// <details data-menu>: the header's menu is open on a wide screen and folded on a phone,
// where thirteen links would push the page below the fold (issue 24 §4). The template
// writes it open, so without this script every link still shows.
(() => {
  const narrow = window.matchMedia("(max-width: 640px)");
  const fit = () => {
    for (const menu of document.querySelectorAll("details[data-menu]")) {
      menu.open = !narrow.matches;
    }
  };
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", fit);
  } else {
    fit();
  }
  narrow.addEventListener("change", fit);
})();
