/* Sphinx's search marks its words inside any longer word ("e" in every "de"). The rulebook marks
   whole words itself: rule_search.js on the results, rulebook.js on the page a result opens. This
   file takes the place of Sphinx's own sphinx_highlight.js (a file of html_static_path replaces the
   theme's file of the same name) and turns Sphinx's marking off by the switch its search reads. */
"use strict";

const SPHINX_HIGHLIGHT_ENABLED = false;
