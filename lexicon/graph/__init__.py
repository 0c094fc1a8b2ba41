"""Word graphs: one room for the KWG files of an artifact and everything that reads or writes them.

- `format`: the layouts, their limits, and the contract of a sequence (1 to 255 tiles, each 1..63)
- `codec`: the one numbering of tiles (`TileCodes`) and of key letters (`LetterCodes`)
- `writer` (`build_kwg`, `GraphBuilder`) and `reader` (`Kwg`): KWG bytes out and in
- `keys` (the key index: keys.dwg, keys.dat) and `forms` (the form index: forms.dwg, forms.json)
- `files`: an artifact's graph files written and opened together; `alphabet_file`: wolges' alphabet text
- `core/`: the same algorithms as a plain C library (graph/tl_graph.h), which `binding/` binds to Python
  as `lexicon.graph._core`; `dawg`, `writer` and `reader` keep the pure-Python reference it is tested
  against (`native`: which runs)

    >>> from lexicon.graph import Kwg, build_kwg
    >>> graph = Kwg(build_kwg([b"\\x03\\x01\\x12", b"\\x03\\x01\\x14"]).data)
    >>> graph.contains(b"\\x03\\x01\\x14"), graph.word_count()
    (True, 2)
"""

from .codec import LetterCodes, TileCodes
from .files import GraphFiles, open_files, write_files
from .format import CAPACITY, KBWG, KWG, MAX_LENGTH, MAX_TILE, SEPARATOR, SUFFIXES
from .forms import FormIndex
from .keys import KeyIndex
from .reader import Kwg
from .writer import Encoded, GraphBuilder, build_kwg

__all__ = ["CAPACITY", "KBWG", "KWG", "MAX_LENGTH", "MAX_TILE", "SEPARATOR", "SUFFIXES", "Encoded", "FormIndex",
           "GraphBuilder", "GraphFiles", "KeyIndex", "Kwg", "LetterCodes", "TileCodes", "build_kwg", "open_files",
           "write_files"]
