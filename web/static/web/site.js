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
