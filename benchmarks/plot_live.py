"""Plot latency (p50, p99) and moves/s against live tables, Cardroom beside boardgame.io.

    .venv/bin/python benchmarks/plot_live.py RESULTS.jsonl [MORE.jsonl ...] --out latency.png

It also prints a Markdown table of the medians (as docs/performance.md gives the figures).

Reads the JSON lines of `make bench-live` (target "cardroom", saturating shape, one Daphne) and of
the boardgame.io harness (target "boardgame.io"); several runs at the same size are reduced to
their median. Needs matplotlib (a developer tool: `.venv/bin/pip install matplotlib`).
"""

import argparse
import json
import statistics
from collections import defaultdict

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

MIN_ANSWERS = 20
SERIES = {"cardroom": ("Cardroom", "tab:red"), "boardgame.io": ("boardgame.io 0.50.2", "tab:blue")}


def load(paths, max_other=None):
    """{target: {tables: [run, ...]}} of the saturating, single-process runs (the quiet ones, if asked)."""
    runs = defaultdict(lambda: defaultdict(list))
    for path in paths:
        with open(path) as lines:
            for line in lines:
                if not line.strip():
                    continue
                run = json.loads(line)
                if run.get("failed"):
                    continue
                if run.get("target") == "cardroom" and (run["shape"] != "saturating" or run["daphnes"] != 1):
                    continue
                if max_other is not None and server_figures(run)[2] > max_other:
                    continue
                if run.get("target") in SERIES:
                    runs[run["target"]][run.get("tables") or run.get("matches")].append(run)
    return runs


def medians(runs_by_size, pick):
    sizes = sorted(runs_by_size)
    return sizes, [statistics.median(pick(run) for run in runs_by_size[size]) for size in sizes]


def plot(runs, out, note=""):
    figure, (latency, throughput) = plt.subplots(1, 2, figsize=(11, 4.8))
    figure.suptitle(f"Cardroom and boardgame.io on one 2-core machine, medians of alternated runs{note}", fontsize=10)
    left_out = []
    for target, (label, colour) in SERIES.items():
        if target not in runs:
            continue
        # Latency percentiles of a handful of answers say nothing: such sizes are named below the plot.
        answered = {
            size: group
            for size, group in runs[target].items()
            if statistics.median(run["latency_ms"]["n"] for run in group) >= MIN_ANSWERS
        }
        left_out += [f"{label} at {size}" for size in sorted(set(runs[target]) - set(answered))]
        for percentile, style in (("p50", "-"), ("p99", "--")):
            sizes, values = medians(answered, lambda run: run["latency_ms"][percentile])
            latency.plot(sizes, values, style, marker="o", color=colour, label=f"{label} {percentile}")
        sizes, values = medians(runs[target], lambda run: run["moves_per_s"])
        kept = [(size, value) for size, value in zip(sizes, values) if value > 0]  # a log scale has no 0
        throughput.plot(*zip(*kept), "-", marker="o", color=colour, label=label)
    for axes, title, unit in (
        (latency, "Latency: command sent to own table updated", "ms"),
        (throughput, "Throughput", "moves/s"),
    ):
        axes.set_xscale("log")
        axes.set_yscale("log")
        axes.set_xlabel("live tables (two seats each, saturating)")
        axes.set_ylabel(unit)
        axes.set_title(title)
        axes.grid(True, which="both", alpha=0.3)
        axes.legend(fontsize=8)
    if left_out:
        figure.text(
            0.01,
            0.01,
            f"Not plotted (fewer than {MIN_ANSWERS} moves answered in the window: "
            f"the service fell over): {', '.join(left_out)}",
            fontsize=8,
        )
    figure.tight_layout(rect=(0, 0.04, 1, 1))
    figure.savefig(out, dpi=110)


def server_figures(run):
    """(server CPU %, moves per server-CPU-second, other CPU %) in the same terms for both targets.

    Cardroom's server is Daphne plus PostgreSQL and Redis; boardgame.io's is its one Node process.
    """
    if run["target"] == "cardroom":
        cpu = run["cpu_pct"]
        return (
            cpu["daphne"] + cpu["postgres"] + cpu["redis"],
            run["moves_per_server_cpu_s"]["daphne_postgres_redis"],
            cpu["other"],
        )
    return run["server_cpu_pct"], run["moves_per_server_cpu_s"], run["system_cpu"]["other_cpu_pct"]


def print_table(runs):
    print(
        "| target | tables | runs | moves/s | p50 ms | p95 ms | p99 ms | max ms | server CPU % "
        "| moves per server-CPU-s | other CPU % | errors |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for target, (label, _) in SERIES.items():
        for size in sorted(runs.get(target, {})):
            group = runs[target][size]

            def median(pick, group=group):
                return statistics.median(pick(run) for run in group)

            def latency(percentile, group=group):
                values = [run["latency_ms"][percentile] for run in group if run["latency_ms"]["n"] >= MIN_ANSWERS]
                return f"{statistics.median(values):,.1f}" if values else "-"

            errors = sum(sum(run["errors"].values()) for run in group)
            print(
                f"| {label} | {size} | {len(group)} | {median(lambda r: r['moves_per_s']):,.2f} | "
                + " | ".join(latency(p) for p in ("p50", "p95", "p99", "max"))
                + f" | {median(lambda r: server_figures(r)[0]):.0f} | {median(lambda r: server_figures(r)[1]):,.1f}"
                + f" | {median(lambda r: server_figures(r)[2]):.0f} | {errors} |"
            )


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("results", nargs="+")
    parser.add_argument("--out", required=True, help="the PNG to write")
    parser.add_argument(
        "--max-other",
        type=float,
        help="only runs during which the rest of the machine used at most this CPU %% (quiet runs)",
    )
    args = parser.parse_args()
    runs = load(args.results, args.max_other)
    note = f" (the rest of the machine under {args.max_other:g} % CPU)" if args.max_other is not None else ""
    plot(runs, args.out, note)
    print_table(runs)


if __name__ == "__main__":
    main()
