"""Benchmarks, run by `make bench`; each `bench_<topic>.py` module writes one section of docs/benchmarks.md.

A module defines TITLE and run() -> str (a markdown section body). `python -m bench` runs every
module; `python -m bench build kwg` runs some and keeps the other sections of the file as they were.
"""
