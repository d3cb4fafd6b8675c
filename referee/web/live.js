// A player's live page: the server sends his sheet again (event "sheet") whenever the umpire's commands change
// what he knows, and "gone" when his link is withdrawn. EventSource connects again by itself after a loss.
(function () {
  "use strict";
  var state = document.getElementById("live-state");
  var sheet = document.getElementById("sheet");
  var source = new EventSource(location.pathname.replace(/\/$/, "") + "/events" + location.search);
  function say(key, lost, more) {
    state.textContent = state.dataset[key] + (more ? " " + more : "");
    state.classList.toggle("lost", lost);
    state.classList.toggle("ended", key === "ended");
  }
  source.addEventListener("sheet", function (event) {
    sheet.innerHTML = event.data;
    if (sheet.querySelector(".ended")) {
      say("ended", false);
    } else {  // a new text each time, so that a screen reader announces the update
      say("following", false, state.dataset.updated.replace("{time}", new Date().toLocaleTimeString()));
    }
  });
  source.addEventListener("gone", function () {
    source.close();
    sheet.innerHTML = "";
    say("gone", true);
  });
  source.onerror = function () {
    if (source.readyState !== EventSource.CLOSED) {
      say("lost", true);
    }
  };
}());
