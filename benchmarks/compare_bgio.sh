#!/bin/sh
# Cardroom and the boardgame.io anchor in the same hour, alternating (ABAB), at the same sizes.
#
#   sh benchmarks/compare_bgio.sh OUT.jsonl [ROUNDS] [SIZES]
#
# BGIO: a writable copy of the boardgame.io load harness (boardgame.io 0.50.2 under the load shape of
# benchmarks/bench_live.py; its bench.js takes MATCHES SECONDS --warmup= --wait-quiet= --out=) with
# `npm ci` done (default /work/bgio-anchor). docs/performance.md, "Beside boardgame.io".
# Every run first waits (at most QUIET seconds) for the machine to be under 10% busy, and records
# how busy it was. Each run appends one JSON line to OUT; benchmarks/plot_live.py plots them.
set -eu
OUT=$(realpath "$1")
ROUNDS=${2:-2}
SIZES=${3:-"1 10 50 200"}
BGIO=${BGIO:-/work/bgio-anchor}
QUIET=${QUIET:-60}
SECONDS_=${WINDOW:-20}
cd "$(dirname "$0")/.."
for round in $(seq "$ROUNDS"); do
  for n in $SIZES; do
    echo "round $round: cardroom, $n tables" >&2
    .venv/bin/python benchmarks/bench_live.py --tables "$n" --seconds "$SECONDS_" --warmup 8 \
      --wait-quiet "$QUIET" --out "$OUT" > /dev/null || echo "cardroom $n failed" >&2
    echo "round $round: boardgame.io, $n matches" >&2
    (cd "$BGIO" && node bench.js "$n" "$SECONDS_" --warmup=5 --wait-quiet="$QUIET" --out="$OUT" > /dev/null) \
      || echo "boardgame.io $n failed" >&2
  done
done
