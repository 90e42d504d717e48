"""poly1d's printed form, NumPy's: the terms on one line, their powers raised onto the line above
(wrapped at 70 columns). Text formatting on the host, of coefficients already read back."""

from __future__ import annotations

import re

import numpy as np

_POWER = re.compile(r"\*\*([0-9]*)")


def _number(q) -> str:
    return f"{q:.4g}".removesuffix(".0000")


def _coefficient(c) -> str:
    if np.iscomplexobj(c) and c.imag != 0:
        if c.real == 0:
            return f"{_number(c.imag)}j"
        return f"({_number(c.real)} + {_number(c.imag)}j)"
    return _number(np.real(c))


def _term(text: str, power: int, variable: str, first: bool) -> str:
    if power == 0:
        return text if text != "0" else ("0" if first else "")
    if text == "0":
        return ""
    return f"{text} {variable}" if power == 1 else f"{text} {variable}**{power}"


def _raise_powers(text: str, wrap: int = 70) -> str:
    """Move each '**k' onto a line above its term."""
    start, top, bottom, output = 0, "", "", " "
    for match in _POWER.finditer(text):
        part, power = text[start:match.start()], match.group(1)
        start = match.end()
        add_bottom = part + " " * (len(power) - 1)
        add_top = " " * (len(part) - 1) + power
        if len(bottom) + len(add_bottom) > wrap or len(top) + len(add_top) > wrap:
            output += top + "\n" + bottom + "\n "
            top, bottom = add_top, add_bottom
        else:
            top, bottom = top + add_top, bottom + add_bottom
    return output + top + "\n" + bottom + text[start:]


def poly1d_text(coeffs: np.ndarray, variable: str) -> str:
    """str(poly1d) of these (host) coefficients, highest power first, as NumPy prints it."""
    coeffs = coeffs[np.logical_or.accumulate(coeffs != 0)]  # leading zeros dropped
    degree = len(coeffs) - 1
    text = "0"
    for k, c in enumerate(coeffs):
        term = _term(_coefficient(c), degree - k, variable, k == 0)
        if k == 0:
            text = term
        elif term:
            text = f"{text} - {term[1:]}" if term.startswith("-") else f"{text} + {term}"
    return _raise_powers(text)
