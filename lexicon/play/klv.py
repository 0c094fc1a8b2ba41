"""KLV2, the leave-value file of wolges, Macondo and MAGPIE (wolges' details.txt, "KURNIA LEAVE VALUES"):
a u32 LE count of nodes, a KWG of the leaves (a DAWG; each leave's tile numbers in increasing order, a blank
being tile 0 and so first), a u32 LE count of values, and the values as f32 LE in the leaves' order in the
word graph, which is their order as byte strings. An engine ranks a leave among the graph's words to find its
value; the empty leave and a leave the file lacks are worth 0. The C core reads the files (tl_leaves_read);
`read_klv` and `write_klv` here are the codec.

    >>> data = write_klv({bytes([0]): 25.0, bytes([1, 1]): -3.5})    # a blank; two of tile 1
    >>> read_klv(data) == {bytes([0]): 25.0, bytes([1, 1]): -3.5}
    True
"""

from __future__ import annotations

import struct
import sys
from array import array
from collections.abc import Mapping

from ..errors import ArtifactError, InputError
from ..graph.writer import build_kwg

#: bits of a KWG node (the `kwg` layout): 0-21 the arc, 22 the end of a list, 23 a word ends, 24-31 the tile
_ARC, _END, _ACCEPTS, _TILE = 0x3FFFFF, 1 << 22, 1 << 23, 24


def write_klv(values: Mapping[bytes, float]) -> bytes:
    """The KLV2 file of `values`: each leave (tile numbers as bytes, in increasing order, 0 a blank) and its
    value. The word-graph builder takes tiles 1 to 63: the leaves are built one up and the nodes' tiles then
    taken one down, which keeps every list in tile order."""
    for leave in values:
        if not leave or list(leave) != sorted(leave) or leave[-1] > 62:
            raise InputError(f"leave {list(leave)}: tile numbers 0 to 62 in increasing order, at least one",
                             parameter="leave")
    leaves = sorted(values)
    graph = build_kwg((bytes(t + 1 for t in leave) for leave in leaves), layout="kwg")
    nodes = array("I", graph.data)
    if sys.byteorder == "big":
        nodes.byteswap()
    for i, node in enumerate(nodes):
        if node >> _TILE:  # a root pointer has tile 0 and stays
            nodes[i] = node - (1 << _TILE)
    if sys.byteorder == "big":
        nodes.byteswap()
    return b"".join((struct.pack("<I", len(nodes)), nodes.tobytes(), struct.pack("<I", len(leaves)),
                     struct.pack(f"<{len(leaves)}f", *(values[leave] for leave in leaves))))


def read_klv(data: bytes) -> dict[bytes, float]:
    """Every leave of a KLV2 file and its value, the leaves read from the word graph in order."""
    if len(data) < 8:
        raise ArtifactError(f"leave values: {len(data)} bytes; a KLV2 file is at least 8 (two counts)")
    (count,) = struct.unpack_from("<I", data)
    if not 1 <= count <= (len(data) - 8) // 4:
        raise ArtifactError(f"leave values: the file's {len(data)} bytes cannot hold the {count} nodes it counts")
    nodes = struct.unpack_from(f"<{count}I", data, 4)
    (n,) = struct.unpack_from("<I", data, 4 + 4 * count)
    if len(data) != 8 + 4 * count + 4 * n:
        raise ArtifactError(f"leave values: {count} nodes and {n} values make {8 + 4 * count + 4 * n} bytes, and "
                            f"the file has {len(data)}")
    leaves: list[bytes] = []
    path = bytearray()

    def walk(index: int, depth: int) -> None:
        if depth > 64:
            raise ArtifactError("leave values: a path of the word graph longer than any leave")
        while index:
            if index >= count:
                raise ArtifactError(f"leave values: an arc to node {index}, past the file's {count}")
            node = nodes[index]
            path.append(node >> _TILE)
            if node & _ACCEPTS:
                leaves.append(bytes(path))
                if len(leaves) > n:  # a damaged graph can hold far more paths than the file has bytes
                    raise ArtifactError(f"leave values: more leaves in the word graph than the {n} values")
            walk(node & _ARC, depth + 1)
            path.pop()
            if node & _END:
                break
            index += 1

    walk(nodes[0] & _ARC, 0)
    if len(leaves) != n:
        raise ArtifactError(f"leave values: {len(leaves)} leaves in the word graph and {n} values")
    return dict(zip(leaves, struct.unpack_from(f"<{n}f", data, 8 + 4 * count)))
