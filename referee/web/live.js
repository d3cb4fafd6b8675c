// A player's live page: the server sends his sheet again (event "sheet") whenever the umpire's commands change
// what he knows, and "gone" when his link is withdrawn. EventSource connects again by itself after a loss.
(function () {
  "use strict";
  var state = document.getElementById("live-state");
  var sheet = document.getElementById("sheet");
  var source = new EventSource(location.pathname.replace(/\/$/, "") + "/events" + location.search);
  function say(key, lost) {
    state.textContent = state.dataset[key];
    state.classList.toggle("lost", lost);
  }
  source.addEventListener("sheet", function (event) {
    sheet.innerHTML = event.data;
    say("following", false);
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
