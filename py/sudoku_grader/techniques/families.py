"""The technique families: the one list of them, with their names and the hint ladder's words.

Every `@technique(family=...)` names one of these ids (the registry refuses any other), and the
worker's catalogue sends this list to the page. Ids are kebab-case like technique ids; the two
families once spelled with underscores (``sue_de_coq``, ``se_chains``) still resolve through
`family`, since their old ids were in the ``techniques`` output.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Family:
    """One family: its id, its display name, how the hint ladder's first rung says "look for one of
    these", and ids it was once known by."""

    id: str
    name: str
    hint: str
    old_ids: tuple[str, ...] = ()


FAMILIES: tuple[Family, ...] = (
    Family("singles", "Singles", "a single (naked or hidden)"),
    Family("intersections", "Intersections", "an intersection (pointing or claiming)"),
    Family("subsets", "Subsets", "a subset (pairs, triples, quads)"),
    Family("sudokuwiki-patterns", "SudokuWiki patterns",
           "a pattern across a band or a box (Gurth's, Fireworks and kin)"),
    Family("fish", "Fish", "a fish (X-Wing, Swordfish and their finned kin)"),
    Family("wings", "Wings", "a wing (XY-Wing, XYZ-Wing, W-Wing, WXYZ-Wing and larger)"),
    Family("single-digit", "Single-digit patterns", "a single-digit pattern (Skyscraper, Kite, Empty Rectangle)"),
    Family("uniqueness", "Uniqueness", "a uniqueness pattern (Unique Rectangle and kin)"),
    Family("coloring", "Colouring", "colouring of one digit's strong links"),
    Family("exclusion", "Exclusion", "an aligned exclusion"),
    Family("sue-de-coq", "Sue de Coq", "a Sue de Coq", old_ids=("sue_de_coq",)),
    Family("als", "Almost locked sets", "an almost locked set"),
    Family("chains", "Chains and loops", "a chain or loop"),
    Family("medusa", "3D Medusa", "3D Medusa colouring"),
    Family("tridagon", "Tridagon", "a tridagon (a deadly pattern of three digits)"),
    Family("exocet", "Exocets", "an exocet (two base cells whose digits must reappear in two target cells)"),
    Family("locked-sets", "Locked sets",
           "a locked set over several houses or lines (SK Loop, Multi-Sector Locked Set, Twinned XY-Chains)"),
    Family("forcing", "Forcing chains and nets", "a forcing chain or net"),
    Family("templates", "Templates", "a template (where one digit can still go as a whole)"),
    Family("se-chains", "Sudoku Explainer's chains", "one of Sudoku Explainer's forcing chains",
           old_ids=("se_chains",)),
)
BY_ID: dict[str, Family] = {f.id: f for f in FAMILIES}
_SPELLINGS: dict[str, Family] = {**{old: f for f in FAMILIES for old in f.old_ids}, **BY_ID}


def family(name: str) -> Family:
    """The family by id or old id; `KeyError` naming the choices for any other."""
    found = _SPELLINGS.get(name)
    if found is None:
        raise KeyError(f"unknown technique family {name!r}; choose from {', '.join(BY_ID)}")
    return found


__all__ = ["BY_ID", "FAMILIES", "Family", "family"]
