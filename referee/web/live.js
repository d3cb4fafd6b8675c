// A player's live page: whenever the umpire's commands change what he knows, the server sends again each section
// of his sheet that changed (event "section": its name, then its HTML; the room's page its sheet whole, event
// "sheet"); the forms of his orders (event "orders") when what he may order changes, his messages and orders with
// the umpire (event "thread") whenever one is written, and "gone" when his link is withdrawn; on connecting, the
// key what the page sends must carry (event "key"). EventSource connects again by itself after a loss (a phone
// asleep, the umpire's machine restarted). His forms send the umpire an order or a message.
(function () {
  "use strict";
  var state = document.getElementById("live-state");
  var sheet = document.getElementById("sheet");
  var thread = document.getElementById("thread");
  var form = document.getElementById("message-form");
  var orders = document.getElementById("orders");
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
  function map() {
    return sheet.querySelector(".map figure");
  }
  function centred(figure) {  // a phone's map opens on the player's own units (class "mine"), not its west edge:
    // centred on them where they fit the screen, else from the westernmost, its place's name left room
    var mine = figure ? figure.querySelectorAll(".mine") : [];
    if (!mine.length || figure.scrollWidth <= figure.clientWidth) {
      return;
    }
    var frame = figure.getBoundingClientRect(), left = Infinity, right = -Infinity;
    mine.forEach(function (unit) {
      var box = unit.getBoundingClientRect();
      left = Math.min(left, box.left);
      right = Math.max(right, box.right);
    });
    if (right - left <= frame.width) {
      figure.scrollLeft += (left + right) / 2 - (frame.left + frame.width / 2);
    } else {
      figure.scrollLeft += left - (frame.left + Math.min(frame.width / 4, 96));
    }
  }
  centred(map());
  function shown(into, html) {  // the sheet, or one section of it, shown as sent
    var was = map() ? map().scrollLeft : null;
    into.innerHTML = html;
    if (was !== null && map()) {  // the map stays where the player scrolled it
      map().scrollLeft = was;
    }
    if (sheet.querySelector(".ended")) {
      say("ended", false);
    } else {  // a new text each time, so that a screen reader announces the update
      say("following", false, state.dataset.updated.replace("{time}", now()));
    }
  }
  source.addEventListener("sheet", function (event) {
    shown(sheet, event.data);
  });
  source.addEventListener("section", function (event) {  // a section that changed: its name, then its HTML
    var cut = event.data.indexOf("\n");
    var into = document.querySelector('[data-part="' + event.data.slice(0, cut) + '"]');
    if (into) {
      shown(into, event.data.slice(cut + 1));
    }
  });
  function spot(field) {  // a field of an order form by its name and, for one of several alike, its choice
    var choice = field.dataset.choice || (field.type === "checkbox" ? field.value : "");
    return field.name + "|" + choice;
  }
  function drafts() {  // what the player has chosen in each order form so far, by verb and field
    var kept = {};
    orders.querySelectorAll("form.order").forEach(function (order) {
      var fields = kept[order.dataset.do] = {};
      Array.prototype.forEach.call(order.elements, function (field) {
        if (field.name) {
          fields[spot(field)] = field.type === "checkbox" ? field.checked : field.value;
        }
      });
    });
    return kept;
  }
  function restore(kept) {  // put back the choices still offered
    orders.querySelectorAll("form.order").forEach(function (order) {
      var fields = kept[order.dataset.do] || {};
      Array.prototype.forEach.call(order.elements, function (field) {
        var was = fields[spot(field)];
        if (!field.name || was === undefined) {
          return;
        }
        if (field.type === "checkbox") {
          field.checked = was;
        } else if (field.tagName !== "SELECT" || Array.prototype.some.call(field.options, function (o) {
          return o.value === was;
        })) {
          field.value = was;
        }
      });
    });
  }
  var closing = null;
  function watch() {  // the deadline's words turn to "closed" once it passes (the server refuses orders then)
    var due = orders.querySelector("[data-due]");
    clearTimeout(closing);
    if (due) {
      closing = setTimeout(function () {
        due.textContent = due.dataset.closed;
      }, Math.max(0, Date.parse(due.dataset.due) - Date.now()));
    }
  }
  if (orders) {
    watch();
    source.addEventListener("orders", function (event) {
      var kept = drafts();
      orders.innerHTML = event.data;
      restore(kept);
      watch();
    });
  }
  source.addEventListener("key", function (event) {
    // the pages served again (the umpire's machine restarted): what this page sends carries the new key
    if (orders) {
      orders.dataset.key = event.data;
    }
    if (form) {
      form.dataset.key = event.data;
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
    document.querySelectorAll(".part").forEach(function (part) {
      part.innerHTML = "";
    });
    sheet.innerHTML = "";
    if (form) {
      form.parentNode.hidden = true;
    }
    if (orders) {
      orders.parentNode.hidden = true;
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
  function send(path, body, key) {
    return fetch(here + path + location.search, {
      method: "POST",
      headers: {"Content-Type": "application/json", "X-Referee-Page": key},
      body: JSON.stringify(body),
      cache: "no-store",
      credentials: "omit"
    });
  }
  function order(of) {  // the order a form makes: each field by its kind, an empty choice left out
    var made = {"do": of.dataset.do};
    of.querySelectorAll("[data-kind]").forEach(function (field) {
      var kind = field.dataset.kind;
      var name = field.name || field.dataset.name;
      if (kind === "many") {
        var chosen = Array.prototype.filter.call(field.querySelectorAll("input"), function (box) {
          return box.checked;
        }).map(function (box) { return box.value; });
        if (chosen.length) {
          made[name] = chosen;
        }
      } else if (kind === "counts") {
        var counted = {};
        field.querySelectorAll("input").forEach(function (box) {
          if (box.value !== "") {
            counted[box.dataset.choice] = Number(box.value);
          }
        });
        if (Object.keys(counted).length) {
          made[name] = counted;
        }
      } else if (kind === "flag") {
        made[name] = field.checked;
      } else if (field.value !== "") {
        made[name] = kind === "count" ? Number(field.value) : field.value;
      }
    });
    return made;
  }
  function narrow(of) {  // a list narrowed by another field (a destination by the unit chosen) offers only the
    // options that fit what that field holds, every one of several; a choice that no longer fits is cleared
    var made = order(of);
    of.querySelectorAll("select[data-by]").forEach(function (list) {
      var chosen = [].concat(made[list.dataset.by] || []);
      Array.prototype.forEach.call(list.options, function (option) {
        var fits = option.dataset.fits ? JSON.parse(option.dataset.fits) : null;
        option.disabled = option.hidden = fits !== null && !chosen.every(function (value) {
          return fits.indexOf(value) >= 0;
        });
      });
      if (list.selectedOptions.length && list.selectedOptions[0].disabled) {
        list.value = "";
      }
    });
  }
  function narrowAll() {
    orders.querySelectorAll("form.order").forEach(narrow);
  }
  if (orders) {
    narrowAll();
    source.addEventListener("orders", narrowAll);  // after the forms sent again have their choices back
    orders.addEventListener("change", function (event) {
      if (event.target.form) {
        narrow(event.target.form);
      }
    });
    orders.addEventListener("input", function (event) {  // a new order begun: the last one's word goes
      var said = event.target.form && event.target.form.querySelector(".order-state");
      if (said) {
        said.textContent = "";
        said.classList.remove("refused");
      }
    });
    orders.addEventListener("submit", function (event) {
      var of = event.target;
      event.preventDefault();
      var button = of.querySelector("button");
      var said = of.querySelector(".order-state");
      function note(text, refused) {
        said.textContent = text;
        said.classList.toggle("refused", refused);
      }
      var body = of.dataset.stop ? {stop: Number(of.dataset.stop)} : {order: order(of)};
      if (of.elements.standing && of.elements.standing.checked) {  // kept as his standing order
        body.standing = true;
      }
      button.disabled = true;
      note(orders.dataset.sending, false);
      send("/orders", body, orders.dataset.key).then(function (answer) {
        if (answer.ok) {
          of.reset();
          narrow(of);
          note(said.dataset.done || orders.dataset.sent, false);
          return;
        }
        return answer.text().then(function (line) {
          note(orders.dataset.refused.replace("{line}", line), true);
        });
      }).catch(function () {
        note(orders.dataset.unreachable, true);
      }).then(function () {
        button.disabled = false;
      });
    });
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
    send("/messages", {text: box.value}, form.dataset.key).then(function (answer) {
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
