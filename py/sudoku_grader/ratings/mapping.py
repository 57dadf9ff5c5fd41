"""The one table of stand-ins: a technique a scale does not price, scored as its nearest entry.

Every row says which scale, which of our techniques, which of the scale's
entries prices it, and why that entry is the nearest. A scale's solver also
tries a mapped technique right after the entry it is mapped to (see
`common.resolve_order`), and the rating output lists every row the path used,
so a reader can see where a number is an approximation.
"""

from __future__ import annotations

Row = tuple[str, str]  # (scale entry, reason)

_FISH_FINNED = "no finned {n} on SudokuWiki's table; priced as the finned fish of the nearest size it grades"
_AIC = "a Nice Loop is an AIC whose ends meet; SudokuWiki grades it as an AIC (chain length added)"
_GROUPED = "SudokuWiki's 'AIC with Groups' has no separate score; priced as an AIC (chain length added)"
_ALS = "SudokuWiki grades every ALS elimination as 'Almost Locked Sets'"
_SDCHAIN = "a single-digit chain of three links is the shortest X-Cycle on SudokuWiki (chain length added)"
_FORCING_PLUS = (
    "a forcing net with triples and swordfish inside its premises; the scale's forcing chains and nets follow "
    "simpler rules, so its nearest forcing entry, the {entry}, prices it (a lower bound)"
)
_FORCING_BIVALUE = (
    "Sudoku of the Day's 'Forcing Chains' follow two-candidate cells; this step is such a chain"
)

MAPPING: dict[str, dict[str, Row]] = {
    "hodoku": {
        "nice-loop": ("discontinuous-nice-loop", "one finder for all Nice Loop types; HoDoKu prices them all at 280"),
        "grouped-nice-loop": ("grouped-discontinuous-nice-loop", "HoDoKu prices all grouped Nice Loops at 300"),
        "simple-colors": ("simple-colors-trap", "HoDoKu prices Simple Colors trap and wrap alike (150)"),
        "multi-colors": ("multi-colors-1", "HoDoKu prices Multi Colors 1 and 2 alike (200)"),
        "nishio-forcing-chain": ("forcing-chain-contradiction",
                                 "a Nishio chain assumes a candidate and reaches a contradiction: "
                                 "HoDoKu's Forcing Chain Contradiction"),
        "cell-forcing-chain": ("forcing-chain-verity",
                               "every candidate of one cell leads to the same result: HoDoKu's Forcing Chain Verity"),
        "region-forcing-chain": ("forcing-chain-verity",
                                 "every place of a digit in a house leads to the same result: "
                                 "HoDoKu's Forcing Chain Verity"),
        "dynamic-forcing-chain": ("forcing-net-verity",
                                  "a dynamic chain may branch and use the whole grid: HoDoKu's Forcing Net"),
        "forcing-net-plus": ("forcing-net-verity", _FORCING_PLUS.format(entry="Forcing Net (700)")),
        "kraken-fish-type-1": ("kraken-fish", "HoDoKu prices both Kraken Fish types at 500"),
        "kraken-fish-type-2": ("kraken-fish", "HoDoKu prices both Kraken Fish types at 500"),
    },
    "sudokuwiki": {
        "full-house": ("naked-single", "the last cell of a house is a naked single; priced in the naked-singles step"),
        "locked-pair": ("naked-pair", "a naked pair inside a box-line intersection; SudokuWiki finds it "
                                      "as a naked pair"),
        "locked-triple": ("naked-triple", "a naked triple inside a box-line intersection; SudokuWiki finds it "
                                          "as a naked triple"),
        "w-wing": ("xy-wing", "SudokuWiki lists W-Wing in its Tough tier without a grading score; priced as the "
                              "Y-Wing, the Tough-tier wing of the same size"),
        "remote-pair": ("xy-chain", "SudokuWiki deprecated Remote Pairs: a remote pair is an XY-Chain on one pair "
                                    "of digits (chain length added)"),
        "skyscraper": ("x-cycle", _SDCHAIN),
        "2-string-kite": ("x-cycle", _SDCHAIN),
        "turbot-fish": ("x-cycle", _SDCHAIN),
        "x-chain": ("x-cycle", "SudokuWiki's X-Cycles cover open X-Chains too (chain length added)"),
        "empty-rectangle": ("rectangle-elimination", "SudokuWiki's Rectangle Elimination is the Empty Rectangle "
                                                     "pattern seen from the hinge"),
        "multi-colors-1": ("3d-medusa", "SudokuWiki deprecated Multi-Colouring; 3D Medusa makes its eliminations"),
        "multi-colors-2": ("3d-medusa", "SudokuWiki deprecated Multi-Colouring; 3D Medusa makes its eliminations"),
        "simple-colors": ("simple-colors-trap", "SudokuWiki's Simple Colouring covers trap and wrap (50 points)"),
        "uniqueness-6": ("uniqueness-5", "SudokuWiki grades Unique Rectangle types 2 to 5 at 50; type 6 is "
                                         "priced with them"),
        "sashimi-x-wing": ("finned-x-wing", "a sashimi fish is a finned fish with a base cell missing"),
        "sashimi-swordfish": ("finned-swordfish", "a sashimi fish is a finned fish with a base cell missing"),
        "finned-jellyfish": ("finned-swordfish", _FISH_FINNED.format(n="jellyfish")),
        "sashimi-jellyfish": ("finned-swordfish", _FISH_FINNED.format(n="jellyfish")),
        "franken-x-wing": ("franken-swordfish", "SudokuWiki grades Franken fish only as Franken Swordfish"),
        "franken-jellyfish": ("franken-swordfish", "SudokuWiki grades Franken fish only as Franken Swordfish"),
        "finned-franken-x-wing": ("franken-swordfish", "SudokuWiki grades Franken fish only as Franken Swordfish"),
        "finned-franken-swordfish": ("franken-swordfish", "SudokuWiki grades Franken fish only as Franken Swordfish"),
        "continuous-nice-loop": ("aic", _AIC),
        "discontinuous-nice-loop": ("aic", _AIC),
        "nice-loop": ("aic", _AIC),
        "grouped-aic": ("aic", _GROUPED),
        "grouped-continuous-nice-loop": ("aic", _GROUPED),
        "grouped-discontinuous-nice-loop": ("aic", _GROUPED),
        "grouped-nice-loop": ("aic", _GROUPED),
        "als-xy-wing": ("als-xz", _ALS),
        "als-xy-chain": ("als-xz", _ALS),
        "forcing-chain-contradiction": ("nishio-forcing-chain", "a chain from one assumption to a contradiction "
                                                                "is a Nishio forcing chain (chain length added)"),
        "forcing-net-contradiction": ("nishio-forcing-chain", "a net from one assumption to a contradiction "
                                                              "is a Nishio forcing chain (chain length added)"),
        "forcing-chain-verity": ("cell-forcing-chain", "all branches from one cell or house agree: a cell/unit "
                                                       "forcing chain (chain length added)"),
        "forcing-net-verity": ("cell-forcing-chain", "all branches from one cell or house agree: a cell/unit "
                                                     "forcing chain (chain length added)"),
        "senior-exocet": ("exocet", "SudokuWiki has one Exocet entry (300); a Senior Exocet is the same base and "
                                    "target logic with a target outside the base band"),
        "forcing-net-plus": ("cell-forcing-chain", _FORCING_PLUS.format(entry="cell forcing chain (180, chain "
                                                                               "length added)")),
        "region-forcing-chain": ("unit-forcing-chain", "SE's region forcing chain is SudokuWiki's unit forcing chain"),
        "dynamic-forcing-chain": ("cell-forcing-chain", "a dynamic chain is priced as SudokuWiki's cell forcing "
                                                        "chain, its hardest forcing chain of one origin"),
    },
    "sudokuoftheday": {
        "full-house": ("naked-single", "the last cell of a house is a Single Candidate"),
        "locked-candidates-2": ("locked-candidates-1", "Sudoku of the Day prices only the box-to-line direction "
                                                       "(Candidate Lines); claiming is the same intersection read "
                                                       "the other way"),
        "locked-pair": ("naked-pair", "a naked pair inside a box-line intersection"),
        "locked-triple": ("naked-triple", "a naked triple inside a box-line intersection"),
        "xy-wing": ("forcing-chains", _FORCING_BIVALUE),
        "xy-chain": ("forcing-chains", _FORCING_BIVALUE),
        "remote-pair": ("forcing-chains", _FORCING_BIVALUE),
    },
}


def mapping_for(scale: str, technique_id: str) -> Row | None:
    """The (entry, reason) a scale uses for one of our techniques it does not price; None if none."""
    return MAPPING.get(scale, {}).get(technique_id)


def mapped_to(scale: str, key: str) -> list[str]:
    """Our techniques a scale prices as its entry ``key``, in table order."""
    return [tid for tid, (k, _) in MAPPING.get(scale, {}).items() if k == key]


def rows() -> list[dict[str, str]]:
    """The whole table as rows (for documentation and the `techniques` listing)."""
    return [
        {"scale": scale, "technique": tid, "scored_as": key, "reason": reason}
        for scale, table in MAPPING.items()
        for tid, (key, reason) in table.items()
    ]
