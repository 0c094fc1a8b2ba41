"""Hunspell dictionaries (.dic + .aff) expanded into the finite set of forms Hunspell accepts
without compounding. `read_aff` and `read_dic` parse, `Expander` expands one stem at a time.

    >>> aff = read_aff(Path("sv_SE.aff")); stems = read_dic(Path("sv_SE.dic"), aff)
    >>> Expander(aff, stems).forms(stems[1000])
"""

from .aff import Affix, AffixFile, read_aff
from .dic import Stem, read_dic
from .expand import MAX_DEPTH, Bounds, Expander

__all__ = ["MAX_DEPTH", "Affix", "AffixFile", "Bounds", "Expander", "Stem", "read_aff", "read_dic"]
