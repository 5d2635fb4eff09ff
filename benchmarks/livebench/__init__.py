"""The live-path load benchmark (``make bench-live``): see benchmarks/bench_live.py and docs/performance.md."""
