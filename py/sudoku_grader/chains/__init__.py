"""The chain library: node/link model, alternating-inference search, Eureka notation.

Techniques built on it live in `techniques/chains.py` (X-chain, XY-chain,
nice loops, AIC and their grouped forms), `techniques/medusa.py` and
`techniques/forcing.py`.
"""

from .eureka import chain_text, eureka, node_text
from .graph import CANDIDATES, GROUPED, GROUPED_ALS, XY, ChainGraph, GraphKind, graph_for, single_digit
from .search import Reach, chain_to, explore

__all__ = [
    "CANDIDATES", "GROUPED", "GROUPED_ALS", "XY", "ChainGraph", "GraphKind", "Reach", "chain_text",
    "chain_to", "eureka", "explore", "graph_for", "node_text", "single_digit",
]
