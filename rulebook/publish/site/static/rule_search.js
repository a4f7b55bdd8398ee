/* Search results that land on the rule. Sphinx's index ranks pages; this ranks every rule of the
   house together (rule_index.js: each part's rules, with their titles and texts) and lists the best
   above Sphinx's pages, each linking to the rule itself (page.html#rule-id) with its part and a
   snippet in which the matching words are marked. A page whose title holds every word comes first,
   then the rule the glossary names for the term, then rules by how much their titles and section
   headings name the words and by how much the words weigh in them (see ranked). Words are compared as Sphinx's
   search compares them, through the language's public pieces its search uses too (language_data.js):
   splitQuery (poker terms and hyphenated words joined, readers' synonyms mapped), the stopwords and
   the Stemmer (diacritics folded); what a question measures (a quantity with its unit, "how long",
   "less than") is found in the rules by the language's words for it (SEARCH_MEASURES). The query is read from the page's address, as Sphinx's search reads
   it; nothing of Sphinx's search is replaced. Sphinx's pages found are summed up from the same rules
   (summarize). Everything shown is set as text. */
var RuleSearch = (function () {
  "use strict";
  const SHOWN = 10;
  const PAGE = 1000;
  let index = null;

  const wordsOf = (text) => text.split(/[^\p{Letter}\p{Number}_]+/u).filter((word) => word);

  /* Each word's stem once per page load, and the stems of a text with their counts. */
  const stemmer = typeof Stemmer === "undefined" ? null : new Stemmer();
  const stemmed = new Map();
  const stem = (word) => {
    const lower = word.toLowerCase();
    if (!stemmed.has(lower)) stemmed.set(lower, stemmer.stemWord(lower));
    return stemmed.get(lower);
  };
  const stemsOf = (text) => {
    const counts = new Map();
    const add = (word) => { const s = stem(word); counts.set(s, (counts.get(s) || 0) + 1); };
    splitQuery(ungrouped(text)).forEach(add);
    wordsOf(ungrouped(text)).forEach(add);
    return counts;
  };
  /* A word is marked only whole: when its own stem is one the query searched. */
  const matches = (word, terms) => /[\p{Letter}\p{Number}]/u.test(word) && terms.has(stem(word));

  /* A number as readers write it: in digits and in the language's words (SEARCH_NUMBERS, number
     word → digits), each standing for the other. Digits grouped by thousands ("1.000", "1 000") are
     read whole, in the rules and in the query alike. */
  const numbers = typeof SEARCH_NUMBERS === "undefined" ? {} : SEARCH_NUMBERS;
  const spelled = new Map();
  Object.entries(numbers).forEach(([word, digits]) => spelled.set(digits, [...(spelled.get(digits) || []), word]));
  const otherWays = (word) => (numbers[word] ? [numbers[word]] : spelled.get(word) || []);
  const ungrouped = (text) => text.replace(/(?<=\d)[.,\u00a0\u202f ](?=\d{3}(?!\d))/gu, "");

  const ignored = (word) => typeof stopwords !== "undefined" && stopwords.has(word);

  /* What a question measures, in the language's words (SEARCH_MEASURES: search_words.py), found
     alike in the question and in the rules, whatever words each says it with: a quantity with its
     unit ("4 players" is held by "2 to 4 players", "two hours" by "2 hours" and "120 minutes"), a
     question asking how long (held by any length of time), and a comparison ("less than" is held by
     "too few", "not enough"). Each is a term of its own ("#less", "#time", "#players=4"), found
     beside the words' stems; the question's words that say it are not searched again as words. */
  const measure = typeof SEARCH_MEASURES === "undefined" ? {} : SEARCH_MEASURES;
  let vocabulary = null;
  const vocabularyOf = () => {
    if (vocabulary) return vocabulary;
    const stems = (words) => new Set((words || []).map((word) => stem(word)));
    const phrases = (list) => (list || []).map((phrase) => wordsOf(phrase.toLowerCase()).map(stem))
      .filter((phrase) => phrase.length).sort((a, b) => b.length - a.length);
    const unit = new Map();
    Object.entries(measure.units || {}).forEach(([name, words]) => words.forEach((word) => unit.set(stem(word), name)));
    vocabulary = {
      unit, time: measure.time || {}, before: stems(measure.before_unit), through: stems(measure.through),
      howLong: phrases(measure.how_long), less: phrases(measure.less), more: phrases(measure.more),
      not: stems(measure.not), enough: stems(measure.enough),
    };
    // The words a comparison is marked by: its own, never the small words around them ("than", "too").
    const own = (list) => new Set((list || []).flatMap((phrase) => wordsOf(phrase.toLowerCase()))
      .filter((word) => !ignored(word)).map(stem));
    vocabulary.marks = { less: new Set([...own(measure.less), ...own(measure.enough)]), more: own(measure.more) };
    vocabulary.timeWords = new Set([...unit].filter(([, name]) => name in vocabulary.time).map(([s]) => s));
    return vocabulary;
  };
  const valueOf = (word) => (/^\d+$/.test(word) ? Number(word) : numbers[word] ? Number(numbers[word]) : null);
  /* A text's quantities, lengths of time asked and comparisons: each found with the positions of
     the words saying it (a quantity's number, never its unit word, which is searched as a word). */
  const scan = (text) => {
    const v = vocabularyOf();
    const tokens = [...ungrouped(text).matchAll(/[\p{Letter}\p{Number}_]+/gu)]
      .map((found) => ({ word: found[0].toLowerCase(), start: found.index, end: found.index + found[0].length }));
    const stems = tokens.map(({ word }) => stem(word));
    const gap = (i) => text.slice(tokens[i - 1].end, tokens[i].start);
    const at = (list, i) => list.find((phrase) => phrase.every((s, k) => stems[i + k] === s));
    const found = { less: 0, more: 0, time: 0, quantities: [], used: [] };
    for (let i = 0; i < tokens.length; i += 1) {
      const low = valueOf(tokens[i].word);
      if (low !== null) {
        let next = i + 1, high = low;
        let join = next;
        while (join < tokens.length && join < next + 2 && v.through.has(stems[join])) join += 1;
        const dash = next < tokens.length && /^\s*[-\u2013]\s*$/u.test(gap(next));
        const end = dash ? next : join > next ? join : -1;
        if (end >= 0 && end < tokens.length && valueOf(tokens[end].word) !== null) {
          high = valueOf(tokens[end].word);
          next = end + 1;
        }
        const unitAt = next < tokens.length && v.before.has(stems[next]) && v.unit.has(stems[next + 1]) ? next + 1 : next;
        const unit = unitAt < tokens.length ? v.unit.get(stems[unitAt]) : undefined;
        if (unit) {
          const scale = v.time[unit] || 1;
          found.quantities.push({ unit: unit in v.time ? "time" : unit, low: Math.min(low, high) * scale, high: Math.max(low, high) * scale });
          for (let k = i; k < unitAt; k += 1) found.used.push(k);
          i = unitAt;
          continue;
        }
      }
      const take = (phrase, kind) => {
        found[kind] += 1;
        for (let k = i; k < i + phrase.length; k += 1) found.used.push(k);
        i += phrase.length - 1;
      };
      const asked = at(v.howLong, i);
      if (asked) { take(asked, "time"); continue; }
      const less = at(v.less, i);
      if (less) { take(less, "less"); continue; }
      const more = at(v.more, i);
      if (more) { take(more, "more"); continue; }
      if (v.not.has(stems[i])) {
        const enough = [1, 2, 3].find((k) => v.enough.has(stems[i + k]));
        if (enough) take(stems.slice(i, i + enough + 1), "less");
      }
    }
    found.time += found.quantities.filter(({ unit }) => unit === "time").length;
    found.blanked = tokens.reduce((rest, { start, end }, k) => (found.used.includes(k)
      ? rest.slice(0, start) + " ".repeat(end - start) + rest.slice(end) : rest), ungrouped(text));
    return found;
  };
  /* How many of a field's quantities hold the question's ("#players=4"): one held by its value or
     range counts whole, one of the same unit and another value half. */
  const holding = (quantities, term) => {
    const [unit, value] = term.slice(1).split("=");
    return quantities.reduce((sum, { unit: their, low, high }) => sum
      + (their !== unit ? 0 : Number(value) >= low && Number(value) <= high ? 1 : 0.5), 0);
  };
  /* The question's measures as terms, and the words they mark. */
  const measuredTerms = (found) => {
    const v = vocabularyOf();
    const terms = new Map(), marks = new Set();
    ["less", "more"].filter((kind) => found[kind]).forEach((kind) => v.marks[kind].forEach((s) => marks.add(s)));
    if (found.less) terms.set("#less", { also: [], words: null });
    if (found.more) terms.set("#more", { also: [], words: null });
    const asked = found.time - found.quantities.filter(({ unit }) => unit === "time").length;
    if (asked) { terms.set("#time", { also: [], words: null }); v.timeWords.forEach((s) => marks.add(s)); }
    found.quantities.forEach(({ unit, low }) => {
      terms.set(`#${unit}=${low}`, { also: [], words: null });
      const scale = v.time[unit] || 1;
      [...v.unit].filter(([, name]) => name === unit || (unit === "time" && name in v.time)).forEach(([s, name]) => {
        const value = low / (v.time[name] || scale);
        if (Number.isInteger(value)) { marks.add(String(value)); otherWays(String(value)).forEach((w) => marks.add(stem(w))); }
        marks.add(s);
      });
    });
    return { terms, marks };
  };

  /* The stems searched, taken as Sphinx's search takes them: each word of the query split by the
     language, lower-cased and stemmed, without the question's own words (the stopwords) and excluded
     (-word) words; numbers kept, each with its other ways of being written. */
  const searched = (query) => {
    const stems = new Map();
    for (const word of splitQuery(ungrouped(query.trim()))) {
      const lower = word.toLowerCase();
      if (ignored(lower)) continue;
      const s = stem(lower);
      if (s[0] !== "-") stems.set(s, otherWays(lower).map(stem));
    }
    return stems;
  };

  /* The query's words as the index holds them (stem → its other spellings, "4" for "four", and the
     stems of its words when it is a term of several words searched joined: "chip race" as
     "chiprace" also counts where "chips" and "raced" both appear), and every stem to mark. */
  const parse = (asked) => {
    const found = scan(asked);
    const query = found.blanked;
    const stems = searched(query);
    const raw = wordsOf(query.toLowerCase());
    const terms = new Map([...stems].map(([term, also]) => [term, { also, words: null }]));
    for (const token of splitQuery(query.toLowerCase())) {
      if (!terms.has(stem(token)) || raw.includes(token)) continue;
      raw.forEach((word, start) => {
        let joined = "";
        for (let end = start; end < raw.length && joined.length < token.length; end += 1) {
          joined += raw[end];
          const words = raw.slice(start, end + 1).filter((w) => !ignored(w)).map(stem);
          if (joined === token && end > start && words.length) terms.get(stem(token)).words = words;
        }
      });
    }
    const measured = measuredTerms(found);
    measured.terms.forEach((spelled, term) => terms.set(term, spelled));
    const marked = new Set([...terms].flatMap(([term, { also, words }]) => [term, ...also, ...(words || [])]));
    measured.marks.forEach((s) => marked.add(s));
    return { terms, marked };
  };

  /* BM25F (Robertson and Zaragoza): a word's weight in a rule adds its counts in the rule's title,
     in what readers say about it (``about``: how they ask about it in their own words, and the
     meaning of a term it says what it is; weighed as the title), in the heading of the section it
     is in (what the rule is about, in the rulebook's own words), in its text and in its worked
     examples, the title weighing most, each count measured against
     the field's usual length; rare words weigh more than common ones. A word found only inside a
     longer one counts half. */
  const FIELDS = { title: 3, about: 3, section: 2, text: 1, examples: 0.5 }, K1 = 1.2, B = 0.75;
  let prepared = null;
  const prepare = () => {
    const all = index.pages.flatMap(([, entries]) => entries.filter((entry) => entry.id));
    index.pages.forEach(([, entries]) => entries.forEach((entry) => {
      entry.stems = { defines: stemsOf(entry.defines || "") };
      entry.lengths = {};
      entry.quantities = {};
      for (const field of Object.keys(FIELDS)) {
        entry.stems[field] = stemsOf(entry[field] || "");
        entry.lengths[field] = wordsOf(entry[field] || "").length;
        const found = scan(entry[field] || "");
        ["less", "more", "time"].forEach((kind) => { if (found[kind]) entry.stems[field].set(`#${kind}`, found[kind]); });
        entry.quantities[field] = found.quantities;
      }
    }));
    const average = {};
    for (const field of Object.keys(FIELDS))
      average[field] = all.reduce((sum, entry) => sum + entry.lengths[field], 0) / all.length || 1;
    prepared = { all, average };
  };
  const count = (stems, term, { also, words }) => term[0] === "#" ? stems.get(term) || 0 : stems.get(term)
    || also.reduce((sum, other) => sum + (stems.get(other) || 0), 0)
    || (words ? Math.min(...words.map((word) => stems.get(word) || 0)) : 0)
    || (term.length > 2 && !/^\d+$/.test(term) ? [...stems.keys()].filter((s) => s.includes(term)).length / 2 : 0);
  const weight = (entry, term, spelled) => Object.entries(FIELDS).reduce((sum, [field, boost]) =>
    sum + boost * count(entry.stems[field], term, spelled)
      / (1 - B + B * entry.lengths[field] / prepared.average[field]), 0);

  /* A page whose title holds every word comes first. Then the rule the glossary names for a term
     the words say (the rule that says what a straddle is). Then a rule whose title (or what readers
     say about it) names more of the words, then one whose section's heading does; among those, on a page about the words, the
     rulebook's order (the rule that opens a subject first), elsewhere their weight; ties keep the
     rulebook's order. A rule need not hold every word (a question says more than its rule): its
     score is scaled by its coverage, the share of the words' weight it holds (rare words weigh
     more), squared, so a rule holding all of them ranks above one holding most; a rule holding
     less than half the best coverage is left out (a minimum-should-match that never empties the
     list while a rule holds a word). */
  const ranked = (terms) => {
    if (!prepared) prepare();
    const { all } = prepared;
    // A quantity asked is counted in each field once, the first time it is asked.
    for (const [term] of terms) {
      if (!/^#\w+=/.test(term)) continue;
      index.pages.forEach(([, entries]) => entries.forEach((entry) => Object.keys(FIELDS).forEach((field) => {
        if (!entry.stems[field].has(term)) entry.stems[field].set(term, holding(entry.quantities[field], term));
      })));
    }
    // Each word's weight in each rule, measured once: it gives the word's rarity, then the rule's score.
    const weights = new Map(), idf = new Map();
    for (const [term, words] of terms) {
      const of = new Map(all.map((entry) => [entry, weight(entry, term, words)]));
      const holding = [...of.values()].filter((w) => w > 0).length;
      weights.set(term, of);
      idf.set(term, Math.log(1 + (all.length - holding + 0.5) / (holding + 0.5)));
    }
    const whole = [...idf.values()].reduce((sum, w) => sum + w, 0) || 1;
    const rarest = Math.max(...idf.values()) || 1;
    const found = [];
    index.pages.forEach(([page, entries], pageOrder) => {
      const part = entries.find((entry) => !entry.id);
      const titled = part && [...terms].every(([term, spelled]) => count(part.stems.title, term, spelled) > 0);
      if (titled) found.push({ page, part, entry: part, points: 2 * PAGE, coverage: 1, order: [pageOrder, -1] });
      entries.forEach((entry, order) => {
        if (!entry.id) return;
        let points = 0, named = 0, rarely = 0, held = 0;
        for (const [term, spelled] of terms) {
          const w = weights.get(term).get(entry);
          if (!w) continue;
          held += idf.get(term);
          points += idf.get(term) * w / (K1 + w);
          const naming = count(entry.stems.title, term, spelled) || count(entry.stems.about, term, spelled) ? 2
            : count(entry.stems.section, term, spelled) ? 1 : 0;
          named += naming;
          rarely += naming * idf.get(term) / rarest;
        }
        if (!held) return;
        const coverage = held / whole;
        // A rule holding only some of the words: its title naming a rare one says more than a common one.
        if (coverage < 1) named = rarely;
        const defines = [...terms].every(([term, spelled]) => count(entry.stems.defines, term, spelled) > 0);
        const tier = defines ? 1.5 * PAGE : (titled ? PAGE : 0) + 10 * named;
        const score = (titled || defines) && named ? tier : tier + points;
        found.push({ page, part, entry, points: score * coverage ** 2, coverage, order: [pageOrder, order] });
      });
    });
    const best = Math.max(0, ...found.map(({ coverage }) => coverage));
    return found.filter(({ coverage }) => coverage >= best / 2)
      .sort((a, b) => b.points - a.points || a.order[0] - b.order[0] || a.order[1] - b.order[1]);
  };

  /* A snippet of the text around its first matching word, the matching words marked. */
  const snippet = (text, terms) => {
    const pieces = text.split(/([^\p{Letter}\p{Number}_]+)/u);
    let first = pieces.findIndex((piece) => matches(piece, terms));
    if (first < 0) first = 0;
    const start = Math.max(0, first - 16), end = Math.min(pieces.length, first + 40);
    const p = document.createElement("p");
    p.className = "context";
    if (start > 0) p.append("… ");
    pieces.slice(start, end).forEach((piece) => {
      if (matches(piece, terms)) {
        const mark = p.appendChild(document.createElement("span"));
        mark.className = "highlighted";
        mark.textContent = piece;
      } else p.append(piece);
    });
    if (end < pieces.length) p.append(" …");
    return p;
  };

  const heading = (text, name) => {
    const h = document.createElement("h3");
    h.className = name;
    h.textContent = text;
    return h;
  };

  /* A rule cited by its number ("38", "pravilo 38", "rule 4.12", "H2.4"): the rule of that number, or
     the first of a passage's several (34 for 34.1), before anything the other words find. Only a query
     that is the number, with the language's word for a rule or the English one, cites: "30 seconds"
     asks about time, not rule 30. */
  const NUMBER = /^[a-z]?\d{1,4}(?:\.\d{1,4})?$/i;
  const cited = (query) => {
    if (!index) return [];
    const words = query.trim().toLowerCase().split(/\s+/);
    const naming = new Set(["rule", ...(index.labels.rule || "").toLowerCase().split(/\s+/)]);
    const numbers = words.filter((word) => NUMBER.test(word));
    if (numbers.length !== 1 || !words.every((word) => NUMBER.test(word) || naming.has(word))) return [];
    const wanted = numbers[0].toUpperCase();
    const rules = index.pages.flatMap(([page, entries], pageOrder) => entries
      .filter((entry) => entry.id && entry.number)
      .map((entry, order) => ({ page, part: entries.find((e) => !e.id), entry, points: 3 * PAGE, order: [pageOrder, order] })));
    const hit = rules.find(({ entry }) => entry.number === wanted)
      || rules.find(({ entry }) => entry.number.startsWith(wanted + "."));
    return hit ? [hit] : [];
  };

  /* The rules and pages found for a query, best first, and the stems to mark. */
  const search = (query) => {
    const { terms, marked } = parse(query);
    const first = cited(query);
    const found = terms.size ? ranked(terms) : [];
    return { marked, found: [...first, ...found.filter(({ entry }) => !first.some((hit) => hit.entry === entry))] };
  };

  /* Whole words of ``element``'s text whose stem the query searched, marked (as Sphinx marks, a
     span.highlighted), each set as text. */
  const markWords = (element, marked) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const texts = [];
    while (walker.nextNode()) if (!walker.currentNode.parentElement.closest(".highlighted")) texts.push(walker.currentNode);
    texts.forEach((node) => {
      const pieces = node.nodeValue.split(/([^\p{Letter}\p{Number}_]+)/u);
      if (!pieces.some((piece) => matches(piece, marked))) return;
      const fragment = document.createDocumentFragment();
      pieces.forEach((piece) => {
        if (!matches(piece, marked)) { fragment.append(piece); return; }
        const mark = fragment.appendChild(document.createElement("span"));
        mark.className = "highlighted";
        mark.textContent = piece;
      });
      node.replaceWith(fragment);
    });
  };

  /* The words the page a result opens marks (rulebook.js): every word of the house's rules whose
     stem the query searched, as written. Sphinx's own marking, which marks a word inside any longer
     one, is switched off (sphinx_highlight.js). */
  const rememberMarks = (marked) => {
    const words = new Set();
    index.pages.forEach(([, entries]) => entries.forEach((entry) => ["title", "text", "examples"].forEach((field) =>
      wordsOf(entry[field] || "").forEach((word) => { if (matches(word, marked)) words.add(word.toLowerCase()); }))));
    try {
      localStorage.setItem("rulebook_highlight", JSON.stringify([...words]));
    } catch (error) { /* storage refused: the page opens unmarked */ }
  };

  /* Each page Sphinx's search lists, summed up by the rule of it the query found best (else the
     first of its rules holding a searched word): that rule's words around the first it matched,
     marked. Made from the index the search page already holds, where Sphinx's own summaries
     download every page listed (html_show_search_summary is off). */
  const summarize = (pages, found, marked) => {
    pages.querySelectorAll(":scope > li").forEach((item) => {
      const link = item.querySelector("a");
      if (!link || item.querySelector("p.context")) return;
      const page = (link.getAttribute("href") || "").split(/[?#]/)[0].replace(/\.html$/, "");
      const best = found.find((hit) => hit.page === page && hit.entry.id && hit.entry.text);
      const [, entries] = index.pages.find(([name]) => name === page) || [page, []];
      const entry = best ? best.entry
        : entries.find((rule) => rule.id && wordsOf(rule.text || "").some((word) => matches(word, marked)));
      if (entry) item.appendChild(snippet(entry.text, marked));
    });
  };

  /* The query in a search box, and how many rules were found, in the reader's language. */
  const searchForm = (query) => {
    const form = document.createElement("form");
    form.className = "rule-search-form";
    form.setAttribute("role", "search");
    form.action = "search.html";
    form.method = "get";
    const input = form.appendChild(document.createElement("input"));
    input.type = "search";
    input.name = "q";
    input.value = query;
    input.setAttribute("aria-label", index.labels.search);
    const button = form.appendChild(document.createElement("button"));
    button.type = "submit";
    button.textContent = index.labels.search;
    return form;
  };
  const countLine = (count) => {
    const line = document.createElement("p");
    line.className = "rule-count";
    const forms = index.labels.found || {};
    const category = new Intl.PluralRules(document.documentElement.lang || "en").select(count);
    line.textContent = (forms[category] || forms.other || "{count}").replace("{count}", count.toLocaleString(document.documentElement.lang || "en"));
    return line;
  };

  /* What the results say agrees with what they list, in any language, however Sphinx's search of
     pages ends (settle runs as it lists them and when it is done): Sphinx's sentence on the pages
     (how many it found, or that nothing matched) stands just above its list, under the heading
     "Pages" when rules are listed above and pages too; the "Pages" heading never stands over an
     empty list; the sentence that nothing matched is said only when no rule matched either, and
     then once, without a count of no rules beside it. */
  const settle = (block, pages, rules) => {
    const results = pages.parentElement;
    const status = results && results.querySelector("p.search-summary");
    const title = results && results.querySelector("h2");
    const listed = pages.querySelector(":scope > li") !== null;
    const over = block.querySelector("h3.rule-pages");
    if (over) over.hidden = !listed;
    if (!status) return;
    if (status.parentElement !== block) block.append(status);
    if (!title || title.querySelector("span")) return;   // Sphinx is still searching
    status.hidden = !listed && rules > 0;
    block.querySelector("p.rule-count").hidden = !listed && rules === 0;
  };

  /* The rules found, listed before ``pages`` (the list of pages Sphinx's search makes). */
  const show = (query, pages) => {
    const { marked, found: all } = search(query);
    const found = all.slice(0, SHOWN);
    const rules = all.filter(({ entry }) => entry.id).length;
    const block = document.createElement("section");
    block.className = "rule-hits";
    block.appendChild(searchForm(query));
    block.appendChild(countLine(rules));
    rememberMarks(marked);
    const sumUp = () => {
      summarize(pages, all, marked);
      markWords(pages, marked);
      settle(block, pages, rules);
    };
    if (found.length) {
      block.appendChild(heading(index.labels.rules, "rule-rules"));
      const list = block.appendChild(document.createElement("ol"));
      list.className = "rule-results";
      found.forEach(({ page, part, entry, points }) => {
        const item = list.appendChild(document.createElement("li"));
        item.dataset.score = points.toFixed(2);
        const link = item.appendChild(document.createElement("a"));
        link.href = `${page}.html${entry.id ? "#" + entry.id : ""}`;
        link.textContent = entry.title;
        if (entry.id && part) {
          const where = item.appendChild(document.createElement("span"));
          where.className = "rule-part";
          where.textContent = part.title;
        }
        const said = [entry.text, entry.examples].filter((text) => text).join(" ");
        if (said) item.appendChild(snippet(said, marked));
      });
      block.appendChild(heading(index.labels.pages, "rule-pages"));
    }
    pages.before(block);
    sumUp();
    // Sphinx adds its pages one at a time, then says it is done in its heading and sentence.
    new MutationObserver(sumUp).observe(pages.parentElement || pages, { childList: true, subtree: true, characterData: true });
    block.dataset.ready = "";
  };

  /* On the search page, the query of its address: shown once the index is here and Sphinx's search
     has made its list of pages (ul.search, in #search-results), whichever comes last. */
  const results = document.getElementById("search-results");
  let pending = results && stemmer ? new URLSearchParams(window.location.search).get("q") : null;
  const showPending = () => {
    const list = results && results.querySelector("ul.search");
    if (!pending || !index || !list) return;
    watcher.disconnect();
    show(pending, list);
    pending = null;
  };
  const watcher = new MutationObserver(showPending);
  if (pending) watcher.observe(results, { childList: true });

  return {
    search: (query) => search(query).found.map(({ page, entry, points }) =>
      ({ href: `${page}.html${entry.id ? "#" + entry.id : ""}`, title: entry.title, points })),
    show,
    setIndex: (data) => {
      index = data;
      prepared = null;
      showPending();
    },
  };
})();
