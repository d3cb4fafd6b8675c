// A player's live page: the server sends his sheet again (event "sheet") whenever the umpire's commands change
// what he knows, his messages with the umpire (event "thread") whenever one is written, and "gone" when his link
// is withdrawn. EventSource connects again by itself after a loss. His form sends the umpire a message.
(function () {
  "use strict";
  var state = document.getElementById("live-state");
  var sheet = document.getElementById("sheet");
  var thread = document.getElementById("thread");
  var form = document.getElementById("message-form");
  var here = location.pathname.replace(/\/$/, "");
  var source = new EventSource(here + "/events" + location.search);
  function say(key, lost, more) {
    state.textContent = state.dataset[key] + (more ? " " + more : "");
    state.classList.toggle("lost", lost);
    state.classList.toggle("ended", key === "ended");
  }
  function now() {
    return new Date().toLocaleTimeString();
  }
  function answers() {
    return thread.querySelectorAll("li.umpire").length;
  }
  source.addEventListener("sheet", function (event) {
    sheet.innerHTML = event.data;
    if (sheet.querySelector(".ended")) {
      say("ended", false);
    } else {  // a new text each time, so that a screen reader announces the update
      say("following", false, state.dataset.updated.replace("{time}", now()));
    }
  });
  source.addEventListener("thread", function (event) {
    var before = answers();
    thread.innerHTML = event.data;
    if (answers() > before) {
      state.textContent = state.dataset.written.replace("{time}", now());
    }
  });
  source.addEventListener("gone", function () {
    source.close();
    sheet.innerHTML = "";
    if (form) {
      form.parentNode.hidden = true;
    }
    say("gone", true);
  });
  source.onerror = function () {
    if (source.readyState !== EventSource.CLOSED) {
      say("lost", true);
    }
  };
  if (!form) {
    return;  // the room's page writes to no one
  }
  var box = form.elements.text;
  var button = form.querySelector("button");
  var told = document.getElementById("message-state");
  function tell(text, refused) {
    told.textContent = text;
    told.classList.toggle("refused", refused);
  }
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    button.disabled = true;
    tell(form.dataset.sending, false);
    fetch(here + "/messages", {
      method: "POST",
      headers: {"Content-Type": "application/json", "X-Referee-Page": form.dataset.key},
      body: JSON.stringify({text: box.value}),
      cache: "no-store",
      credentials: "omit"
    }).then(function (answer) {
      if (answer.ok) {
        box.value = "";
        tell(form.dataset.sent, false);
        return;
      }
      return answer.text().then(function (line) {
        tell(form.dataset.refused.replace("{line}", line), true);
      });
    }).catch(function () {
      tell(form.dataset.unreachable, true);
    }).then(function () {
      button.disabled = false;
    });
  });
}());
