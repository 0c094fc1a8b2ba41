"""`python -m lexicon_cli` runs the `lexicon` command."""

from . import main

main()
