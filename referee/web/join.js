// The join page: the code typed is sent to the server, which answers the address of the player's own page; the
// browser goes there (with the page's language, if any). Nothing is kept in the browser.
(function () {
  "use strict";
  var form = document.getElementById("join-form");
  var told = document.getElementById("join-state");
  function tell(text, refused) {
    told.textContent = text;
    told.classList.toggle("refused", refused);
  }
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    tell(form.dataset.opening, false);
    fetch(location.pathname, {
      method: "POST",
      headers: {"Content-Type": "application/json"},
      body: JSON.stringify({code: form.elements.code.value}),
      cache: "no-store",
      credentials: "omit"
    }).then(function (answer) {
      if (answer.ok) {
        return answer.json().then(function (found) {
          location.assign(found.page + location.search);
        });
      }
      return answer.text().then(function (line) {
        tell(form.dataset.refused.replace("{line}", line), true);
      });
    }).catch(function () {
      tell(form.dataset.unreachable, true);
    });
  });
}());
