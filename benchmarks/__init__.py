"""Performance benchmarks (``make bench``). Never run by ``make test``; see docs/performance.md."""
