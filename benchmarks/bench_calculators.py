"""The calculators page on a phone: bytes transferred and time to the first result, first and repeat visit.

    .venv/bin/python benchmarks/bench_calculators.py                      # the club's Romanian page
    .venv/bin/python benchmarks/bench_calculators.py --house casino --lang hr --cpu 6 --network slow-4g

Reads the published site (``make site``, or ``rulebook site --house club --lang ro``) from
``_build/site``, served on localhost by a server that counts every byte it sends. Debian's Chromium
is driven by Playwright with a phone's device descriptor (Pixel 7: its screen, its user agent, touch)
and Chrome's CPU throttling (``--cpu``: 4 means four times slower than this machine); ``--network``
adds Lighthouse's slow-4G profile (150 ms, 1.6 Mbit/s down). The first visit is a fresh browser
profile; the repeat visit opens the page again in the same profile (the site's offline worker and the
browser's cache in place). A benchmark, not a test: it prints what it measured and asserts nothing.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright

SITE = Path(__file__).resolve().parent.parent / "_build" / "site"
NETWORKS = {"none": None,
            "slow-4g": {"offline": False, "latency": 150, "downloadThroughput": 1_600_000 / 8,
                        "uploadThroughput": 750_000 / 8}}
# A calculation each house's page offers, as a reader would type it.
ASKED = {"club": ("split-pot-rake", {"stakes": "5/10", "pot": "1.250", "dead": "300"}),
         "casino": ("side-pots", {"chip": "25", "contributions": "500; 1.500; 1.500; 2.000", "hands": "1; 1; 1; 3",
                                  "folded": "", "button": "4"})}


class Counting(http.server.SimpleHTTPRequestHandler):
    """Serves the site and counts what it sends: headers and bodies, per path."""

    sent: dict[str, int] = {}

    def log_message(self, *args) -> None:
        pass

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")   # as a plain web server would: revalidate
        super().end_headers()

    def copyfile(self, source, outputfile) -> None:
        data = source.read()
        outputfile.write(data)
        Counting.sent[self.path] = Counting.sent.get(self.path, 0) + len(data)


def serve(folder: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Counting, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


MEASURE = """async ([calculator, fields]) => {
  const form = document.querySelector(`form[data-calculator="${calculator}"]`);
  for (const [name, value] of Object.entries(fields)) { form.elements[name].value = value; }
  form.requestSubmit();
  const result = performance.now();
  const nav = performance.getEntriesByType('navigation')[0];
  const paint = performance.getEntriesByName('first-contentful-paint')[0];
  return {readable: paint ? paint.startTime : nav.domContentLoadedEventEnd, result: result,
          answered: form.querySelector('.calculator-result').textContent.length > 0};
}"""

RUNTIME_KEPT = """async () => {
  await navigator.serviceWorker.ready;
  for (let i = 0; i < 600; i++) {
    const cache = await caches.open('rulebook-runtime');
    const kept = (await cache.keys()).map((r) => r.url);
    if (kept.some((url) => url.endsWith('pyodide.asm.wasm')) && kept.some((url) => url.endsWith('python_stdlib.zip'))) {
      return kept.length;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return 0;
}"""


def visit(context, address: str, house: str, cpu: float, network: dict | None) -> dict:
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu})
    if network:
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", network)
    Counting.sent.clear()
    page.goto(address, wait_until="domcontentloaded")
    page.wait_for_function("document.documentElement.dataset.calculators", timeout=600_000)
    state = page.evaluate("document.documentElement.dataset.calculators")
    ready = page.evaluate("performance.now()")
    measured = page.evaluate(MEASURE, list(ASKED[house]))
    kept = page.evaluate(RUNTIME_KEPT)
    page.wait_for_timeout(500)
    sent = dict(Counting.sent)
    page.close()
    return {"state": state, "ready": ready, "sent": sent, "kept": kept, **measured}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--house", default="club", choices=sorted(ASKED))
    parser.add_argument("--lang", default=None, help="default: ro for the club, hr for the casino")
    parser.add_argument("--cpu", type=float, default=4.0, help="CPU slowdown (1: none)")
    parser.add_argument("--network", default="none", choices=sorted(NETWORKS))
    parser.add_argument("--device", default="Pixel 7")
    args = parser.parse_args()
    lang = args.lang or {"club": "ro", "casino": "hr"}[args.house]
    server, root = serve(SITE)
    address = f"{root}{args.house}/{lang}/calculators.html"
    try:
        with sync_playwright() as driver:
            browser = driver.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
            context = browser.new_context(**driver.devices[args.device])
            print(f"{args.device}, CPU x{args.cpu:g}, network {args.network}: {address}")
            for name in ("first visit", "repeat visit"):
                got = visit(context, address, args.house, args.cpu, NETWORKS[args.network])
                runtime = sum(size for path, size in got["sent"].items() if path.startswith("/_runtime/"))
                total = sum(got["sent"].values())
                print(f"{name:13} {got['state']:6} readable {got['readable'] / 1000:5.2f} s, calculator ready "
                      f"{got['ready'] / 1000:5.2f} s, first result {got['result'] / 1000:5.2f} s; "
                      f"{total / 1e6:6.2f} MB sent ({runtime / 1e6:.2f} MB of it the runtime), "
                      f"{len(got['sent'])} files; runtime files kept offline: {got['kept']}")
            context.close()
            browser.close()
    finally:
        server.shutdown()
    compressed = sum(len(gzip.compress(path.read_bytes(), 6)) for path in (SITE / "_runtime").rglob("*") if path.is_file())
    raw = sum(path.stat().st_size for path in (SITE / "_runtime").rglob("*") if path.is_file())
    print(f"the runtime: {raw / 1e6:.2f} MB as published, {compressed / 1e6:.2f} MB gzipped (what a server that "
          f"compresses would send)")


if __name__ == "__main__":
    main()
