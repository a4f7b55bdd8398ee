"""Benchmark: 7-card hand evaluations per second, pokerrules against treys, on the same hands.

Run from the repository root:

    .venv/bin/python benchmarks/bench_engine.py [--hands 200000] [--repeat 3] [--seed 1]

It prints rates and the ratios (pokerrules / treys); it asserts nothing, because absolute speed
depends on the machine. What is compared:

* treys ``Evaluator.evaluate(hole, board)`` on cards already converted to treys integers (its
  fastest path, conversion not timed);
* pokerrules ``evaluate(cards)`` on the card strings, one call per hand (parsing and checking for
  unknown or repeated cards included);
* pokerrules ``evaluate_many(hands)``, the batch call, on the same list of hands.

Both sides are checked to rank every hand the same way before any timing is reported.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from treys import Card, Evaluator  # noqa: E402

from pokerrules.cards import DECK  # noqa: E402
from pokerrules import hands as hands_module  # noqa: E402
from pokerrules.hands import evaluate, evaluate_many  # noqa: E402


def best_of(repeat: int, fn) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    rng = random.Random(args.seed)
    hands = [rng.sample(DECK, 7) for _ in range(args.hands)]
    treys_hands = [([Card.new(c) for c in h[:2]], [Card.new(c) for c in h[2:]]) for h in hands]
    evaluator = Evaluator()
    treys_eval = evaluator.evaluate

    # Same ranking first: one treys rank per pokerrules value, in reverse order.
    ours = evaluate_many(hands)
    theirs = [treys_eval(hole, board) for hole, board in treys_hands]
    pairs: dict[int, int] = {}
    for mine, rank in zip(ours, theirs):
        if pairs.setdefault(mine, rank) != rank:
            raise SystemExit(f"disagreement: {mine!r} vs treys rank {rank}")
    keys = sorted(pairs)
    if not all(pairs[a] > pairs[b] for a, b in zip(keys, keys[1:])):
        raise SystemExit("the two evaluators order hands differently")

    t_treys = best_of(args.repeat, lambda: [treys_eval(h, b) for h, b in treys_hands])
    t_single = best_of(args.repeat, lambda: [evaluate(h) for h in hands])
    # Before any batch call the rank table is not built (it costs 0.2 s, so import does not pay it):
    # a single hand is then valued from its ranks directly.
    table = dict(hands_module._TABLE)
    hands_module._TABLE.clear()
    t_direct = best_of(args.repeat, lambda: [evaluate(h) for h in hands])
    hands_module._TABLE.update(table)
    t_batch = best_of(args.repeat, lambda: evaluate_many(hands))

    n = args.hands
    print(f"{n} random 7-card hands, best of {args.repeat} runs, Python {sys.version.split()[0]}")
    print(f"  treys Evaluator.evaluate      {n / t_treys:>12,.0f} hands/s   (1.00x)")
    print(f"  pokerrules evaluate (single)  {n / t_single:>12,.0f} hands/s   ({t_treys / t_single:.2f}x treys)")
    print(f"  pokerrules evaluate (no table){n / t_direct:>12,.0f} hands/s   ({t_treys / t_direct:.2f}x treys)")
    print(f"  pokerrules evaluate_many      {n / t_batch:>12,.0f} hands/s   ({t_treys / t_batch:.2f}x treys)")


if __name__ == "__main__":
    main()
