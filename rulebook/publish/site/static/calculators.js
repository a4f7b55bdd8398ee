/* The floor calculators page (rulebook/reading/calculators.py writes _static/calculators.json; the answers
   are rulebook/core/floor.py's, run on the rules' own engine in Pyodide). This script reads the form,
   hands what the reader typed to Python, and writes the answer as text (textContent, never markup).
   It decides nothing: no rule is worked out here. The page is readable before the runtime loads;
   each form's button waits for it. The site's offline worker keeps the runtime (offline.js asks it to
   once the runtime has started here). */
(function () {
  "use strict";

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

  /* A standard library with nothing in it: everything the engine imports is in the snapshot already. */
  const NO_STDLIB = "data:application/zip;base64,UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA==";

  /* The snapshot's memory (rulebook/publish/site/runtime.py's sparse format): its runs of bytes at their
     places, zeros elsewhere. */
  function dense(buffer) {
    const view = new DataView(buffer);
    const magic = new TextDecoder().decode(new Uint8Array(buffer, 0, 8));
    if (magic !== "RBSNAP1\0") {
      throw new Error("not a snapshot");
    }
    const size = view.getUint32(8, true), count = view.getUint32(12, true);
    const memory = new Uint8Array(size);
    let at = 16 + 8 * count;
    for (let run = 0; run < count; run += 1) {
      const start = view.getUint32(16 + 8 * run, true), length = view.getUint32(20 + 8 * run, true);
      memory.set(new Uint8Array(buffer, at, length), start);
      at += length;
    }
    return memory;
  }

  function fetched(url) {
    return fetch(url).then((response) => {
      if (!response.ok) {
        throw new Error(`${url}: ${response.status}`);
      }
      return response;
    });
  }

  /* Pyodide restored from the build's snapshot of it, the engine and floor.py already imported: a
     fraction of a second, where starting Python and importing them takes seconds. Where the snapshot
     cannot be restored, Python starts afresh and installs the engine's wheel. */
  async function python(data) {
    const base = new URL(data.runtime.pyodide, location.href).href;
    const engine = new URL(data.runtime.engine, location.href).href;
    const snapshot = fetched(engine + data.runtime.snapshot).then((response) => response.arrayBuffer()).then(dense);
    snapshot.catch(() => undefined);   // awaited below; a failure here is the fresh start's
    const {loadPyodide} = await import(base + "pyodide.mjs");
    try {
      const pyodide = await loadPyodide({indexURL: base, _loadSnapshot: snapshot, env: {PYTHONHASHSEED: "0"},
                                         stdLibURL: NO_STDLIB, lockFileContents: data.runtime.lock});
      return pyodide.runPython("import floor\nfloor.respond");
    } catch (failure) {
      const pyodide = await loadPyodide({indexURL: base});
      const [wheel, floor] = await Promise.all([
        fetched(engine + data.runtime.wheel).then((response) => response.arrayBuffer()),
        fetched(engine + "floor.py").then((response) => response.text()),
      ]);
      pyodide.unpackArchive(wheel, "wheel");
      pyodide.FS.writeFile("/home/pyodide/floor.py", floor);
      return pyodide.runPython("import floor\nfloor.respond");
    }
  }

  async function start() {
    const blocks = document.querySelectorAll("div.calculator");
    if (!blocks.length) {
      return;
    }
    for (const notice of document.querySelectorAll(".calculators-need-script")) {
      notice.hidden = true;
    }
    // The data as the page's head names it (its version: the offline worker answers it at once).
    const named = document.querySelector("link[data-calculators]");
    const data = await fetch(named ? named.href : "_static/calculators.json").then((response) => response.json());
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
      // Without a signal, the runtime was never kept here: say so, rather than "try again".
      const said = navigator.onLine === false || failure instanceof TypeError ? data.ui.offline : data.ui.failed;
      for (const [made] of forms) {
        made.querySelector(".calculator-status").textContent = said;
      }
      document.documentElement.dataset.calculators = "failed";
      settled();
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
    settled();
  }

  /* The runtime has started (or could not): the page may now keep the house offline (offline.js),
     without downloading the runtime a second time beside this page. */
  function settled() {
    document.dispatchEvent(new Event("rulebook:calculators-settled"));
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
