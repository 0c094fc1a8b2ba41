"""Helpers shared by the tests, the benchmarks and the docs scripts (none of them imports another)."""
