"""Descriptive statistics and Welch's t-test, with the Student t distribution written out
(no scipy at run time: the package must run unchanged in Pyodide).

The t CDF uses the regularized incomplete beta function,
P(T <= t) = 1 - I_x(v/2, 1/2) / 2 for t >= 0 with x = v / (v + t^2),
evaluated by Lentz's continued fraction.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Summary:
    count: int
    mean: float
    median: float
    stdev: float  # sample standard deviation (n - 1); 0 for fewer than 2 values
    minimum: float
    maximum: float


def summary(values: Sequence[float]) -> Summary:
    n = len(values)
    if n == 0:
        return Summary(0, math.nan, math.nan, math.nan, math.nan, math.nan)
    s = sorted(values)
    mean = sum(s) / n
    median = s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2
    var = sum((x - mean) ** 2 for x in s) / (n - 1) if n > 1 else 0.0
    return Summary(n, mean, median, math.sqrt(var), s[0], s[-1])


def _betacf(a: float, b: float, x: float) -> float:
    """Continued fraction for the incomplete beta function (modified Lentz)."""
    tiny, eps = 1e-300, 3e-15
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 500):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < eps:
            break
    return h


def betainc(a: float, b: float, x: float) -> float:
    """Regularized incomplete beta I_x(a, b)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    log_front = math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    front = math.exp(log_front)
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _betacf(a, b, x) / a
    return 1.0 - front * _betacf(b, a, 1.0 - x) / b


def t_cdf(t: float, df: float) -> float:
    """P(T <= t) for Student's t with ``df`` degrees of freedom (df may be fractional)."""
    if math.isinf(t):
        return 1.0 if t > 0 else 0.0
    tail = 0.5 * betainc(df / 2.0, 0.5, df / (df + t * t))
    return 1.0 - tail if t >= 0 else tail


@dataclass(frozen=True)
class Welch:
    t: float
    df: float
    p_two_sided: float
    p_less: float  # H1: mean(a) < mean(b)
    p_greater: float  # H1: mean(a) > mean(b)


def welch(a: Sequence[float], b: Sequence[float]) -> Welch | None:
    """Welch's unequal-variance t-test of mean(a) vs mean(b); None when it is undefined."""
    sa, sb = summary(a), summary(b)
    if sa.count < 2 or sb.count < 2:
        return None
    va, vb = sa.stdev ** 2 / sa.count, sb.stdev ** 2 / sb.count
    se2 = va + vb
    if se2 == 0:
        return None
    t = (sa.mean - sb.mean) / math.sqrt(se2)
    df = se2 ** 2 / (va ** 2 / (sa.count - 1) + vb ** 2 / (sb.count - 1))
    cdf = t_cdf(t, df)
    return Welch(t, df, min(1.0, 2 * min(cdf, 1 - cdf)), cdf, 1 - cdf)
