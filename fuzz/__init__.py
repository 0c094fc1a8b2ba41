"""Fuzz targets: one function per reader or parser, each taking raw bytes.

A target may raise only the toolkit's own errors (LexiconError and its children); anything else
(a crash, an assertion, a hang caught by the driver) is a finding. Two drivers run them:
tests/test_fuzz.py through hypothesis (briefly, in `make test`) and `make fuzz` through atheris
(coverage-guided, longer: FUZZ_SECONDS per target).
"""
