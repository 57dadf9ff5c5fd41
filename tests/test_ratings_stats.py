"""Statistics for `compare`: summaries, the t distribution and Welch's test, against known values."""

from __future__ import annotations

import math

import pytest

from sudoku_grader.ratings.stats import betainc, summary, t_cdf, welch


@pytest.mark.parametrize("t, df, p", [
    (2.0, 10, 0.9633059826),  # tables of Student's t
    (-1.812461, 10, 0.05),
    (2.228139, 10, 0.975),
    (1.0, 1, 0.75),  # Cauchy: 1/2 + atan(1)/pi
    (0.0, 7, 0.5),
    (1.959964, 1e7, 0.975),  # tends to the normal
])
def test_t_cdf_known_values(t: float, df: float, p: float) -> None:
    assert t_cdf(t, df) == pytest.approx(p, abs=1e-6)


def test_betainc_symmetry_and_ends() -> None:
    assert betainc(2.5, 1.5, 0.0) == 0.0 and betainc(2.5, 1.5, 1.0) == 1.0
    assert betainc(2.5, 1.5, 0.3) + betainc(1.5, 2.5, 0.7) == pytest.approx(1.0)
    assert betainc(1.0, 1.0, 0.37) == pytest.approx(0.37)  # uniform


def test_summary_median_and_sample_stdev() -> None:
    s = summary([4, 1, 3, 2])
    assert (s.count, s.mean, s.median, s.minimum, s.maximum) == (4, 2.5, 2.5, 1, 4)
    assert s.stdev == pytest.approx(math.sqrt(5 / 3))
    assert summary([5, 1, 3]).median == 3


def test_welch_by_hand() -> None:
    a, b = [1, 2, 3, 4, 5], [3, 4, 5, 6, 7, 8]
    va, vb = 2.5 / 5, 3.5 / 6
    t = (3 - 5.5) / math.sqrt(va + vb)
    df = (va + vb) ** 2 / (va ** 2 / 4 + vb ** 2 / 5)
    w = welch(a, b)
    assert w is not None
    assert w.t == pytest.approx(t) and w.df == pytest.approx(df)
    assert w.p_two_sided == pytest.approx(2 * t_cdf(t, df))
    assert w.p_less == pytest.approx(t_cdf(t, df))


def test_welch_undefined_cases() -> None:
    assert welch([1], [2, 3]) is None
    assert welch([2, 2], [2, 2]) is None
