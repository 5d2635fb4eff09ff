"""Where Cardroom relies on a library's internals, one module per library: each override was measured
to gain at least 5 % in moves per server-CPU-second or in p99 with ``make bench-live`` (docs/performance.md,
"Library internals overridden"), and tests/overrides/test_pinned_internals.py fails when the pinned
library changes the code it relies on or stands in for. Everything else uses the libraries their own way."""
