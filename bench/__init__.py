"""Benchmarks: `make bench` times the issue's bars on synthetic games made from a fixed seed."""
