/* Keep this house for reading without a signal: register the site's worker (sw.js at the site's root,
   found from the page's web app manifest, which is right from any page, the 404 too), and once the page
   is shown and the browser idle, ask it to keep the house, every language, and the calculators' runtime
   (unless the reader asked the browser to save data). On the downloads page, the control that keeps
   every printed file of the page. Every text shown is the page's own, set as text. */
(function () {
  "use strict";
  var manifest = document.querySelector('link[rel="manifest"]');
  if (!manifest || !("serviceWorker" in navigator)) {
    return;
  }
  var language = new URL(".", manifest.href).href;
  var house = new URL("..", language).href;
  var root = new URL("../..", language).href;

  function ask(message, heard) {
    return navigator.serviceWorker.ready.then(function (registration) {
      return new Promise(function (resolve) {
        var channel = new MessageChannel();
        channel.port1.onmessage = function (event) {
          if (heard) { heard(event.data); }
          if (event.data.state !== "keeping") { resolve(event.data); }
        };
        registration.active.postMessage(message, [channel.port2]);
      });
    });
  }

  /* The calculators page keeps the house once its runtime has started (or failed), so that the two
     never download the runtime side by side. */
  var calculators = document.querySelector("div.calculator");
  var settled = calculators && !document.documentElement.dataset.calculators ? new Promise(function (resolve) {
    document.addEventListener("rulebook:calculators-settled", resolve, {once: true});
  }) : Promise.resolve();

  function keep() {
    var saving = navigator.connection && navigator.connection.saveData;
    settled.then(function () { return ask({type: "keep", house: house, page: location.href, runtime: !saving}); });
  }

  function whenIdle() {
    (window.requestIdleCallback || function (run) { setTimeout(run, 200); })(keep);
  }

  navigator.serviceWorker.register(new URL("sw.js", root).href, {scope: root}).then(function () {
    if (document.readyState === "complete") { whenIdle(); } else { window.addEventListener("load", whenIdle); }
  }).catch(function () {});

  /* The downloads page: one button keeps every printed file it offers (its words are the page's, in
     paragraphs the page hides until this script shows the control). */
  var control = document.querySelector("div.keep-offline");
  if (!control) {
    return;
  }
  var line = function (name) { return control.querySelector("p.keep-offline-" + name); };
  var said = {};
  ["working", "done", "failed"].forEach(function (name) {
    said[name] = line(name).textContent;
    line(name).remove();
  });
  var button = document.createElement("button");
  button.type = "button";
  button.className = "keep-offline-button";
  button.textContent = line("button").textContent;
  line("button").replaceWith(button);
  var status = document.createElement("p");
  status.className = "keep-offline-status";
  status.setAttribute("role", "status");
  control.append(status);
  function show(state, done, total) {
    status.textContent = said[state].replace("{done}", String(done)).replace("{total}", String(total));
    control.dataset.state = state;
  }
  control.dataset.ready = "";
  button.addEventListener("click", function () {
    button.disabled = true;
    show("working", 0, "…");
    ask({type: "keep-downloads", folder: language}, function (heard) {
      if (heard.state === "keeping") { show("working", heard.done, heard.total); }
    }).then(function (heard) {
      show(heard.state === "kept" ? "done" : "failed", "", "");
      button.disabled = heard.state === "kept";
    });
  });
  ask({type: "downloads-kept", folder: language}).then(function (heard) {
    if (heard.state === "counted" && heard.total && heard.kept === heard.total) {
      show("done", "", "");
      button.disabled = true;
    }
  });
})();
