"""The calculators page: time to the first answer and bytes sent, first and repeat visit, this version
beside the previous one (before issue 49) in one run.

    .venv/bin/python benchmarks/bench_calculators.py                      # desktop, the club's Romanian page
    .venv/bin/python benchmarks/bench_calculators.py --device "Pixel 7" --cpu 4 --house casino --lang hr
    .venv/bin/python benchmarks/bench_calculators.py --plain               # a server that sends files as they are

Reads this version's published site (``make site``) and builds the previous version's house
(``served.previous_site``: ``--previous``, default ``served.BEFORE``) beside it. Each is served on localhost
(``served.Counting``: the precompressed siblings sent where the browser accepts them, unless ``--plain``)
and opened in Debian's Chromium through Playwright with a device's descriptor (``--device``) and Chrome's
CPU throttling (``--cpu``). The first visit is a fresh browser profile; the repeat visit opens the page again
in it (the offline worker and the browser's caches in place). Each visit submits a calculation as soon as
the form takes it: the time is from the navigation to the answer shown. Bytes: what the server sent by the
time of the answer, and in all once the page and its offline worker are done (nothing sent for 3 s). A
benchmark, not a test: it prints what it measured and asserts nothing (the targets: a first answer within
3 s on a first visit on this machine's desktop browser, within 1 s on a repeat visit).
"""

from __future__ import annotations

import argparse
import statistics

from playwright.sync_api import sync_playwright

from served import BEFORE, SITE, Served, previous_site

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
# A calculation each house's page offers, as a reader would type it.
ASKED = {"club": ("split-pot-rake", {"stakes": "5/10", "pot": "1.250", "dead": "300"}),
         "casino": ("pot-limit", {"pot": "1.000", "current_bet": "200", "own_bet": ""})}

ANSWER = """async ([calculator, fields]) => {
  const form = document.querySelector(`form[data-calculator="${calculator}"]`);
  for (const [name, value] of Object.entries(fields)) { form.elements[name].value = value; }
  form.requestSubmit();
  return {answered: form.querySelector('.calculator-result').textContent.length > 0, at: performance.now()};
}"""


def visit(context, address: str, house: str, cpu: float, sent: dict[str, int]) -> dict:
    page = context.new_page()
    context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": cpu})
    sent.clear()
    page.goto(address, wait_until="commit")
    page.wait_for_function("document.documentElement.dataset.calculators", timeout=600_000, polling=20)
    state = page.evaluate("document.documentElement.dataset.calculators")
    answer = page.evaluate(ANSWER, list(ASKED[house])) if state == "ready" else {"answered": False, "at": float("nan")}
    by_answer = sum(sent.values())
    # The offline worker keeps the house in the background: done once the server has sent nothing for 3 s.
    total, quiet = -1, 0
    while quiet < 6 and page.evaluate("performance.now()") < 120_000:
        page.wait_for_timeout(500)
        now = sum(sent.values())
        quiet, total = (quiet + 1, now) if now == total else (0, now)
    page.close()
    return {"state": state, "answered": answer["answered"], "at": answer["at"] / 1000, "by_answer": by_answer, "total": total}


def measure(site, house: str, lang: str, device: str, cpu: float, compressed: bool, repeat: int) -> dict[str, list[dict]]:
    found: dict[str, list[dict]] = {"first visit": [], "repeat visit": []}
    with Served(site, compressed) as served, sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
        for _ in range(repeat):
            context = browser.new_context(**driver.devices[device], service_workers="allow")
            for name in found:
                found[name].append(visit(context, f"{served.address}{house}/{lang}/calculators.html", house, cpu,
                                         served.sent))
            context.close()
        browser.close()
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--house", default="club", choices=sorted(ASKED))
    parser.add_argument("--lang", default=None, help="default: ro for the club, hr for the casino")
    parser.add_argument("--device", default="Desktop Chrome")
    parser.add_argument("--cpu", type=float, default=1.0, help="CPU slowdown (1: none)")
    parser.add_argument("--plain", action="store_true", help="a server that sends no precompressed file")
    parser.add_argument("--previous", default=BEFORE, help="the version to measure beside this one")
    parser.add_argument("--repeat", type=int, default=3, help="fresh profiles per version (medians shown)")
    args = parser.parse_args()
    lang = args.lang or {"club": "ro", "casino": "hr"}[args.house]
    sites = {f"before ({args.previous})": previous_site(args.previous, args.house, lang), "this": SITE}
    print(f"{args.house}/{lang}/calculators.html, {args.device}, CPU x{args.cpu:g}, "
          f"{'plain server' if args.plain else 'precompressed files served'}, medians of {args.repeat} fresh profiles")
    print(f"{'':22} {'visit':13} {'answer':>8} {'sent by the answer':>19} {'sent in all':>12}")
    results = {}
    for name, site in sites.items():   # alternately would be fairer; each version's runs are back to back
        results[name] = measure(site, args.house, lang, args.device, args.cpu, not args.plain, args.repeat)
    for name, found in results.items():
        for visit_name, runs in found.items():
            states = {run["state"] for run in runs}
            at = statistics.median(run["at"] for run in runs)
            print(f"{name:22} {visit_name:13} {at:7.2f}s {statistics.median(run['by_answer'] for run in runs) / 1e6:15.2f} MB "
                  f"{statistics.median(run['total'] for run in runs) / 1e6:9.2f} MB" + ("" if states == {"ready"} else f"  {states}"))


if __name__ == "__main__":
    main()
