/* Search results that land on the rule. Sphinx's index knows pages; under each page it finds, this
   lists the rules of that page that hold every word searched (title matches first), each linking to
   the rule itself (page.html#rule-id) with a snippet in which the matching words are marked, and it
   points the page's own link at the best of them. Words are compared as the index compares them:
   split by the language's splitQuery (poker terms and hyphenated words joined, readers' synonyms
   mapped) and stemmed by its Stemmer (diacritics folded). Everything shown is set as text. */
(function () {   // deferred: runs after the search page's scripts, before its search starts
  "use strict";
  if (typeof Search === "undefined" || typeof Stemmer === "undefined" || typeof splitQuery === "undefined") return;
  const MAX_RULES = 3;
  const stemmer = new Stemmer();
  const stemsOf = (text) => {
    const words = new Set();
    const add = (word) => { if (word) words.add(stemmer.stemWord(word.toLowerCase())); };
    splitQuery(text).forEach(add);
    text.split(/[^\p{Letter}\p{Number}_]+/u).forEach(add);
    return words;
  };
  const holds = (stems, term) =>
    stems.has(term) || (term.length > 2 && [...stems].some((stem) => stem.includes(term)));

  /* The rules of a page (a section whose first paragraph is its id line), with their text. */
  const rulesOf = (html) => {
    const page = new DOMParser().parseFromString(html, "text/html");
    page.querySelectorAll(".headerlink, script, style").forEach((el) => el.remove());
    return [...page.querySelectorAll('[role="main"] section[id]')]
      .filter((section) => section.querySelector(":scope > p.rule-meta"))
      .map((section) => {
        const heading = section.querySelector(":scope > h1, :scope > h2, :scope > h3, :scope > h4");
        const title = heading ? heading.textContent.trim() : section.id;
        const body = [...section.children]
          .filter((el) => !el.matches("h1, h2, h3, h4, p.rule-meta, section"))
          .map((el) => el.textContent).join(" ").replace(/\s+/g, " ").trim();
        return { id: section.id, title, body };
      });
  };

  /* A snippet of the rule's text around its first matching word, the matching words marked. */
  const snippet = (body, terms) => {
    const pieces = body.split(/([^\p{Letter}\p{Number}_]+)/u);
    const matches = (word) => {
      if (!/[\p{Letter}\p{Number}]/u.test(word)) return false;
      const stem = stemmer.stemWord(word.toLowerCase());
      return [...terms].some((term) => stem === term || (term.length > 2 && stem.includes(term)));
    };
    let first = pieces.findIndex(matches);
    if (first < 0) first = 0;
    const start = Math.max(0, first - 16), end = Math.min(pieces.length, first + 40);
    const p = document.createElement("p");
    p.className = "context rule-context";
    if (start > 0) p.append("… ");
    pieces.slice(start, end).forEach((piece) => {
      if (matches(piece)) {
        const mark = p.appendChild(document.createElement("span"));
        mark.className = "highlighted";
        mark.textContent = piece;
      } else p.append(piece);
    });
    if (end < pieces.length) p.append(" …");
    return p;
  };

  const pageSummary = Search.makeSearchSummary;
  Search.makeSearchSummary = (htmlText, keywords, anchor) => {
    const terms = new Set([...keywords].map((k) => k.toLowerCase()));
    const found = anchor ? [] : rulesOf(htmlText).map((rule) => {
      const inTitle = stemsOf(rule.title), inBody = stemsOf(rule.body);
      let score = 0;
      for (const term of terms) {
        if (holds(inTitle, term)) score += 15;
        else if (holds(inBody, term)) score += 5;
        else return null;
      }
      return { rule, score };
    }).filter((hit) => hit).sort((a, b) => b.score - a.score).slice(0, MAX_RULES);
    if (!found.length) return pageSummary(htmlText, keywords, anchor);
    const list = document.createElement("ul");
    list.className = "rule-results";
    found.forEach(({ rule }) => {
      const item = list.appendChild(document.createElement("li"));
      const link = item.appendChild(document.createElement("a"));
      link.dataset.rule = rule.id;
      link.textContent = rule.title;
      item.appendChild(snippet(rule.body, terms));
    });
    return list;
  };

  /* Each rule's link, and the page's own, lead to the rule (the page's address is its result's). */
  new MutationObserver(() => {
    document.querySelectorAll("#search-results li > ul.rule-results:not([data-linked])").forEach((list) => {
      const pageLink = list.parentElement.querySelector(":scope > a");
      if (!pageLink) return;
      const base = pageLink.getAttribute("href").split("#")[0];
      list.querySelectorAll("a[data-rule]").forEach((link) => { link.href = `${base}#${link.dataset.rule}`; });
      pageLink.href = `${base}#${list.querySelector("a[data-rule]").dataset.rule}`;
      list.dataset.linked = "";
    });
  }).observe(document.documentElement, { childList: true, subtree: true });
})();
