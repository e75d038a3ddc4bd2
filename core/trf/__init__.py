"""TRF16 / TRF-2026 reading and writing (FIDE C.04 Annex 2 and the TRF26 text).

    parse_tournament(text) -> Tournament     # raises TrfError listing every problem
    read_tournament(text, source=FILE) -> (Tournament, warnings)
    read_trf(text) -> TrfDocument             # never raises; doc.problems
    write_trf(tournament, flavour="2026"|"16") -> str
"""

from core.trf.reader import (
    TrfDocument, parse_tournament, read_tournament, read_trf, split_lines, to_tournament,
)
from core.trf.writer import write_trf

__all__ = ["TrfDocument", "parse_tournament", "read_tournament", "read_trf", "split_lines",
           "to_tournament", "write_trf"]
