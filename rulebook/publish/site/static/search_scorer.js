/* Ranking of the site's search: a page whose own title holds every word of the query (the part
   "Straddles" for "straddle") comes first, then pages whose title holds some of them; within each,
   Sphinx's own score. Words are compared as the index compares them: split like the query (glossary
   phrases joined), folded and stemmed by the language's stemmer; stopwords left out. */
var Scorer = {
  score: (result) => {
    const [, title, , , score] = result;
    const stemmer = new Stemmer();
    const ignored = new Set(typeof stopwords === "undefined" ? [] : stopwords);
    const stems = (text) => {
      const words = [...splitQuery(text.toLowerCase()), ...text.toLowerCase().split(/[^\p{L}\p{N}]+/u)];
      return new Set(words.filter((word) => word && !ignored.has(word)).map((word) => stemmer.stemWord(word)));
    };
    const wanted = [...stems(new URLSearchParams(window.location.search).get("q") || "")];
    const page = stems(title.split(" > ")[0]);
    const found = wanted.filter((word) => page.has(word)).length;
    return score + (wanted.length && found === wanted.length ? 100 : 10 * found);
  },
  objNameMatch: 11,
  objPartialMatch: 6,
  objPrio: { 0: 15, 1: 5, 2: -5 },
  objPrioDefault: 0,
  title: 15,
  partialTitle: 7,
  term: 5,
  partialTerm: 2,
};
