/* The floor calculators page (rulebook/reading/calculators.py writes _static/calculators.json; the answers
   are rulebook/core/floor.py's, run on the rules' own engine in Pyodide). This script reads the form,
   hands what the reader typed to Python, and writes the answer as text (textContent, never markup).
   It decides nothing: no rule is worked out here. The page is readable before the runtime loads;
   each form's button waits for it. */
(function () {
  "use strict";

  const RUNTIME_CACHE = "rulebook-runtime";   // rulebook/publish/offline.py's RUNTIME_CACHE

  function element(tag, attributes, text) {
    const made = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) {
      made.setAttribute(name, value);
    }
    if (text) {
      made.textContent = text;
    }
    return made;
  }

  function filled(template, values, data, plural, list) {
    return template.replace(/\{(\w+)\}/g, (whole, name) => {
      const value = values[name];
      if (value === undefined || value === null) {
        return whole;
      }
      if (typeof value === "string") {
        return value;
      }
      if (value.seats !== undefined) {
        return list.format(value.seats);
      }
      if (value.money !== undefined) {
        const form = data.money[plural.select(value.money)] || data.money.other;
        return form.replace("{amount}", value.text);
      }
      return value.text;
    });
  }

  function form(calculator, index, data) {
    const made = element("form", {"class": "calculator-form", "novalidate": "", "data-calculator": calculator.id});
    for (const field of calculator.fields) {
      const id = `calc-${index}-${field.name}`;
      const row = element("p", {"class": "calculator-field"});
      row.append(element("label", {"for": id}, field.label));
      let input;
      if (field.choices) {
        input = element("select", {"id": id, "name": field.name});
        for (const [value, label] of field.choices) {
          input.append(element("option", {"value": value}, label));
        }
      } else {
        const numeric = ["amount", "count", "seat"].includes(field.kind);
        input = element("input", {"id": id, "name": field.name, "type": "text", "autocomplete": "off",
                                   "inputmode": numeric ? "numeric" : "text", "spellcheck": "false"});
      }
      row.append(input);
      if (field.hint) {
        row.append(element("small", {"id": `${id}-hint`, "class": "calculator-hint"}, field.hint));
        input.setAttribute("aria-describedby", `${id}-hint`);
      }
      made.append(row);
    }
    const button = element("button", {"type": "submit", "disabled": ""}, data.ui.calculate);
    made.append(button);
    made.append(element("p", {"class": "calculator-status", "role": "status"}, data.ui.loading));
    made.append(element("p", {"class": "calculator-error", "role": "alert"}));
    made.append(element("ol", {"class": "calculator-result", "aria-live": "polite"}));
    return made;
  }

  /* The page language's plural rules and list format, made once: each costs more to make than a
     calculator takes to answer. */
  let formats = null;

  function show(made, calculator, answer, data) {
    formats = formats || {plural: new Intl.PluralRules(data.lang), list: new Intl.ListFormat(data.lang, {type: "conjunction"})};
    const {plural, list} = formats;
    const error = made.querySelector(".calculator-error");
    const result = made.querySelector(".calculator-result");
    error.textContent = "";
    result.textContent = "";
    delete result.dataset.result;
    for (const input of made.querySelectorAll("[aria-invalid]")) {
      input.removeAttribute("aria-invalid");
    }
    // The rules beside the form (the page's own, readable without this script) are the answer's
    // last line once there is an answer: shown once, not twice.
    for (const said of made.parentElement.querySelectorAll(":scope > p")) {
      said.hidden = !answer.refused;
    }
    if (answer.refused) {
      const [message, values] = answer.refused;
      const problem = filled(data.messages[message] || message, values, data, plural, list);
      const field = calculator.fields.find((each) => each.name === answer.field);
      error.textContent = field ? filled(data.ui.refusal, {field: field.label, problem: problem}, data, plural, list)
                                : problem;
      if (field) {
        made.elements[field.name].setAttribute("aria-invalid", "true");
      }
      made.dataset.state = "refused";
      return;
    }
    for (const [message, values] of answer.steps) {
      result.append(element("li", {}, filled(data.messages[message] || message, values, data, plural, list)));
    }
    const rules = element("li", {"class": "calculator-rules"}, data.ui.decided + " ");
    calculator.rules.forEach((rule, at) => {
      rules.append(element("a", {"href": rule.href}, rule.text));
      if (at < calculator.rules.length - 1) {
        rules.append("; ");
      }
    });
    result.append(rules);
    result.dataset.result = JSON.stringify(answer.result);
    made.dataset.state = "answered";
  }

  /* On a first visit the site's offline worker (offline.js) is still installing: wait for it to take
     the page (a few seconds at most), so that the runtime, fetched through it, is kept on the way
     and downloaded once, not once for Pyodide and again for the cache. */
  function controlled() {
    if (!("serviceWorker" in navigator) || navigator.serviceWorker.controller ||
        !document.querySelector('link[rel="manifest"]')) {
      return Promise.resolve();
    }
    const taken = new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve, {once: true}));
    return Promise.race([taken, new Promise((resolve) => setTimeout(resolve, 5000))]);
  }

  async function python(data) {
    await controlled();
    const base = new URL(data.runtime.pyodide, location.href).href;
    const engine = new URL(data.runtime.engine, location.href).href;
    const {loadPyodide} = await import(base + "pyodide.mjs");
    const pyodide = await loadPyodide({indexURL: base});
    const [wheel, floor] = await Promise.all([
      fetch(engine + data.runtime.wheel).then((response) => response.arrayBuffer()),
      fetch(engine + "floor.py").then((response) => response.text()),
    ]);
    pyodide.unpackArchive(wheel, "wheel");
    pyodide.FS.writeFile("/home/pyodide/floor.py", floor);
    keep([base, engine]);
    return pyodide.runPython("import floor\nfloor.respond");
  }

  /* Once the runtime has loaded, keep it for reading offline (the site's worker answers from this
     cache), and let go of any earlier runtime's files. */
  function keep(folders) {
    if (!("caches" in window)) {
      return;
    }
    const wanted = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                    "pyodide-lock.json"].map((name) => folders[0] + name);
    caches.open(RUNTIME_CACHE).then(async (cache) => {
      for (const request of await cache.keys()) {
        if (!folders.some((folder) => request.url.startsWith(folder))) {
          await cache.delete(request);
        }
      }
      for (const url of wanted) {
        if (!(await cache.match(url))) {
          await cache.add(url);
        }
      }
    }).catch(() => undefined);
  }

  async function start() {
    const blocks = document.querySelectorAll("div.calculator");
    if (!blocks.length) {
      return;
    }
    for (const notice of document.querySelectorAll(".calculators-need-script")) {
      notice.hidden = true;
    }
    const data = await fetch("_static/calculators.json").then((response) => response.json());
    const forms = [];
    blocks.forEach((block, index) => {
      const name = [...block.classList].find((each) => each.startsWith("calculator-"));
      const calculator = data.calculators.find((each) => `calculator-${each.id}` === name);
      if (calculator) {
        const made = form(calculator, index, data);
        block.prepend(made);
        forms.push([made, calculator]);
      }
    });
    let respond;
    try {
      respond = await python(data);
    } catch (failure) {
      for (const [made] of forms) {
        made.querySelector(".calculator-status").textContent = data.ui.failed;
      }
      document.documentElement.dataset.calculators = "failed";
      return;
    }
    for (const [made, calculator] of forms) {
      made.addEventListener("submit", (event) => {
        event.preventDefault();
        const fields = {};
        for (const field of calculator.fields) {
          fields[field.name] = made.elements[field.name].value;
        }
        let answer;
        try {
          answer = JSON.parse(respond(JSON.stringify({house: data.house, calculator: calculator.id,
                                                       fields: fields, symbols: data.symbols})));
        } catch (failure) {   // never a traceback on the page: the page stays usable
          answer = {refused: ["These numbers cannot happen at a table: look at them again.", {}], field: null};
        }
        show(made, calculator, answer, data);
      });
      made.querySelector("button").disabled = false;
      made.querySelector(".calculator-status").textContent = "";
    }
    document.documentElement.dataset.calculators = "ready";
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
