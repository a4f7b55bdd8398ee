/* A table wider than a phone scrolls sideways inside its frame: the frame is then a labelled region
   that the keyboard can reach and scroll (its label is the rule the table belongs to). */
(function () {
  function label(wrapper) {
    var section = wrapper.closest("section");
    var heading = section && section.querySelector("h1, h2, h3, h4");
    return heading ? heading.textContent.replace(/[¶#]/g, "").trim() : document.title;
  }
  function mark() {
    document.querySelectorAll("article .table-wrapper").forEach(function (wrapper) {
      if (wrapper.scrollWidth > wrapper.clientWidth + 1) {
        wrapper.tabIndex = 0;
        wrapper.setAttribute("role", "region");
        wrapper.setAttribute("aria-label", label(wrapper));
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
