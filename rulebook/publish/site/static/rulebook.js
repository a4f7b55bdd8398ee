/* A table wider than a phone scrolls sideways inside its frame: the frame is then a labelled region
   that the keyboard can reach and scroll (its label is the rule the table belongs to, numbered from
   the second table of a rule on: a screen reader's list of regions tells each apart). */
(function () {
  function label(wrapper) {
    var section = wrapper.closest("section");
    var heading = section && section.querySelector("h1, h2, h3, h4");
    return heading ? heading.textContent.replace(/[¶#]/g, "").trim() : document.title;
  }
  function mark() {
    var named = {};
    document.querySelectorAll("article .table-wrapper").forEach(function (wrapper) {
      if (wrapper.scrollWidth > wrapper.clientWidth + 1) {
        var name = label(wrapper);
        named[name] = (named[name] || 0) + 1;
        wrapper.tabIndex = 0;
        wrapper.setAttribute("role", "region");
        wrapper.setAttribute("aria-label", named[name] > 1 ? name + " (" + named[name] + ")" : name);
      } else {
        wrapper.removeAttribute("tabindex");
        wrapper.removeAttribute("role");
        wrapper.removeAttribute("aria-label");
      }
    });
  }
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", mark); } else { mark(); }
  window.addEventListener("resize", mark);
})();

/* The page a search result opens marks the words the search matched, whole words only (the search
   page left them in localStorage as "rulebook_highlight"; Sphinx's own marking, which marks inside
   longer words, is switched off by sphinx_highlight.js). Each mark is set as text. */
(function () {
  var stored = null;
  try {
    stored = localStorage.getItem("rulebook_highlight");
    if (stored !== null && !document.getElementById("search-results")) localStorage.removeItem("rulebook_highlight");
  } catch (error) { return; }
  if (!stored || document.getElementById("search-results")) return;
  var words;
  try { words = new Set(JSON.parse(stored)); } catch (error) { return; }
  function mark() {
    var main = document.querySelector("article[role=main]") || document.body;
    var walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    var texts = [];
    while (walker.nextNode()) texts.push(walker.currentNode);
    texts.forEach(function (node) {
      if (node.parentElement.closest(".highlighted, script, style, .headerlink")) return;
      var pieces = node.nodeValue.split(/([^\p{Letter}\p{Number}_]+)/u);
      if (!pieces.some(function (piece) { return words.has(piece.toLowerCase()); })) return;
      var fragment = document.createDocumentFragment();
      pieces.forEach(function (piece) {
        if (!words.has(piece.toLowerCase())) { fragment.append(piece); return; }
        var span = fragment.appendChild(document.createElement("span"));
        span.className = "highlighted";
        span.textContent = piece;
      });
      node.replaceWith(fragment);
    });
  }
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", mark); } else { mark(); }
})();

/* A link to a place on the same page moves smoothly only when the place is within one screen and the
   reader has not asked for reduced motion (rulebook.css); any longer move, and every landing from
   another page, is a jump. */
(function () {
  var reduced = window.matchMedia("(prefers-reduced-motion: reduce)");
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[href*='#']");
    if (!link || link.pathname !== window.location.pathname || link.host !== window.location.host) { return; }
    var target = document.getElementById(decodeURIComponent(link.hash.slice(1)));
    var near = target && Math.abs(target.getBoundingClientRect().top) <= window.innerHeight;
    document.documentElement.classList.toggle("rulebook-short-move", Boolean(near) && !reduced.matches);
  }, true);
  window.addEventListener("scrollend", function () {
    document.documentElement.classList.remove("rulebook-short-move");
  });
})();
