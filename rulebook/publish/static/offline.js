/* Keep this house's rules in this language for reading without a signal: register the service worker
   beside the page's web app manifest (the manifest's address is right from any page, the 404 too). */
(function () {
  var manifest = document.querySelector('link[rel="manifest"]');
  if (manifest && "serviceWorker" in navigator) {
    navigator.serviceWorker.register(new URL("sw.js", manifest.href).href).catch(function () {});
  }
})();
