"""einsum and einsum_path: Einstein summation lowered to views, folds and the matmul engine.

A repeated label inside one operand is a diagonal (a strided view, no copy); a label that only one
operand carries and the output does not is summed out by a fold; two operands contract as a batched
product: each is permuted to (batch, free, contracted) or (batch, contracted, free) and reshaped to a
stack of matrices for the matmul engine. Operands contract pairwise, left to right, or in the order of
NumPy's path optimiser when `optimize` asks for one: the path is planned from the shapes alone (metadata),
by numpy.einsum_path on zero-byte stand-ins, so paths and reports are NumPy's.
"""

from __future__ import annotations

import functools
import math
import string

import numpy as np

from .._array import Array
from .._core import dtypes as dt
from .._core.view import TensorView
from .._api import statistical_functions as stats, utility_functions
from .._api.coerce import as_array
from .._api.data_type_functions import astype
from .._api.linear_algebra_functions import matmul
from .reductions import deliver

_LETTERS = string.ascii_uppercase + string.ascii_lowercase  # NumPy's label order: A-Z, then a-z
_ELLIPSIS_BASE = 0x100  # labels of broadcast (ellipsis) dims: characters past every letter


def _sublist_labels(sublist) -> str:
    """NumPy's sublist form ([0, 1, Ellipsis]) as a subscripts term."""
    labels = []
    for item in sublist:
        if item is Ellipsis:
            labels.append("...")
        else:
            try:
                labels.append(_LETTERS[int(item)] if 0 <= int(item) < 52 else None)
            except (TypeError, ValueError):
                raise TypeError("For this input type lists must contain either int or Ellipsis") from None
            if labels[-1] is None:
                raise ValueError(f"subscript is not within the valid range [0, 52), got {item}")
    return "".join(labels)


def _split_operands(operands):
    """(subscripts, operands) from either calling convention."""
    if not operands:
        raise ValueError("No input operands")
    if isinstance(operands[0], str):
        return operands[0].replace(" ", ""), list(operands[1:])
    operands = list(operands)
    output = _sublist_labels(operands.pop()) if len(operands) % 2 else None  # (op, sublist, ..., [output])
    terms = [_sublist_labels(s) for s in operands[1::2]]
    subscripts = ",".join(terms) + ("" if output is None else "->" + output)
    return subscripts, operands[0::2]


def _term_labels(term: str, ndim: int, index: int) -> list:
    """A term's labels per dimension, its ellipsis expanded to labels that align from the right."""
    if term.count("...") > 1 or term.replace("...", "").count(".") or ("." in term and "..." not in term):
        raise ValueError("einstein sum subscripts string contains a '.' that is not part of an ellipsis ('...')")
    head, dots, tail = term.partition("...")
    for char in head + tail:
        if char not in _LETTERS:
            raise ValueError(f"invalid subscript '{char}' in einstein sum subscripts string, subscripts must be letters")
    named = len(head) + len(tail)
    if not dots:
        if named != ndim:
            more = "more" if ndim > named else "fewer"
            raise ValueError(f"operand {index} has {more} dimensions ({ndim}) than subscripts given in einstein "
                             f"sum ({named}) and no '...' ellipsis to broadcast them")
        return list(head)
    if named > ndim:
        raise ValueError(f"einstein sum subscripts string contains too many subscripts for operand {index}")
    broadcast = ndim - named
    return list(head) + [chr(_ELLIPSIS_BASE - broadcast + k) for k in range(broadcast)] + list(tail)


def _parse(subscripts: str, arrays: list):
    """(input labels per operand, output labels), with NumPy's checks and implicit output."""
    labels, output = _parsed(subscripts, tuple(a.ndim for a in arrays))
    return [list(ls) for ls in labels], list(output)


@functools.lru_cache(maxsize=256)
def _parsed(subscripts: str, ndims: tuple):
    """_parse for operands of those ndims, memoized: a loop of einsum calls parses once."""
    inputs, arrow, output = subscripts.partition("->")
    if "->" in output or (arrow and "-" in output) or inputs.count("-") or inputs.count(">"):
        raise ValueError("einstein sum subscript string does not contain proper '->' output specified")
    terms = inputs.split(",")
    if len(terms) != len(ndims):
        raise ValueError(f"{'more' if len(ndims) > len(terms) else 'fewer'} operands provided to einstein sum "
                         f"function than specified in the subscripts string")
    labels = [_term_labels(t, ndim, i) for i, (t, ndim) in enumerate(zip(terms, ndims))]
    broadcast = sorted({c for ls in labels for c in ls if c not in _LETTERS})
    if not arrow:
        counts = {}
        for ls in labels:
            for c in ls:
                counts[c] = counts.get(c, 0) + 1
        return labels, broadcast + [c for c in _LETTERS if counts.get(c) == 1]
    if "..." not in output and broadcast:
        raise ValueError("output has more dimensions than subscripts given in einstein sum, but no '...' "
                             "ellipsis provided to broadcast the extra dimensions.")
    head, _, tail = output.partition("...")
    for char in head + tail:
        if char not in _LETTERS:
            raise ValueError(f"invalid subscript '{char}' in einstein sum subscripts string, subscripts must be letters")
        if (head + tail).count(char) > 1:
            raise ValueError(f"einstein sum subscripts string includes output subscript '{char}' multiple times")
        if not any(char in ls for ls in labels):
            raise ValueError(f"einstein sum subscripts string included output subscript '{char}' which never "
                             f"appeared in an input")
    return labels, list(head) + (broadcast if "..." in output else []) + list(tail)


def _label_sizes(arrays, labels) -> dict:
    """Each label's size; dims of 1 broadcast, anything else must agree."""
    sizes = {}
    for index, (a, ls) in enumerate(zip(arrays, labels)):
        for axis, label in enumerate(ls):
            n = a.shape[axis]
            seen = sizes.get(label)
            if seen is None or seen == 1:
                sizes[label] = n
            elif n not in (1, seen):
                where = f"label '{label}'" if label in _LETTERS else "the broadcast ('...') dimensions"
                raise ValueError(f"operands could not be broadcast together: {where} has size {seen} and size {n} "
                                 f"(operand {index}, axis {axis})")
    return sizes


def _collapse(x: Array, labels: list, sizes: dict, index: int) -> tuple[Array, list]:
    """x with repeated labels taken as diagonals and dims of 1 broadcast to their label's size (views)."""
    view = x._view
    shape, strides, unique = [], [], []
    for axis, label in enumerate(labels):
        n, stride = view.shape[axis], view.strides[axis]
        if label in unique:
            at = unique.index(label)
            if n != shape[at]:
                raise ValueError(f"dimensions in operand {index} for collapsing index '{label}' don't match "
                                 f"({shape[at]} != {n})")
            strides[at] += stride
            continue
        if n == 1 and sizes[label] != 1:
            n, stride = sizes[label], 0
        unique.append(label)
        shape.append(n)
        strides.append(stride)
    if tuple(shape) == x.shape and tuple(strides) == view.strides:
        return x, unique
    return x._with_view(TensorView(tuple(shape), tuple(strides), view.offset)), unique


def _sum_out(x: Array, labels: list, keep: set, dtype) -> tuple[Array, list]:
    """x with the labels outside `keep` summed away (OR for booleans, as NumPy's einsum)."""
    axes = tuple(i for i, c in enumerate(labels) if c not in keep)
    if not axes:
        return x, labels
    x = utility_functions.any(x, axis=axes) if dtype == dt.bool_ else stats.sum(x, axis=axes, dtype=dtype)
    return x, [c for c in labels if c in keep]


def _as_stack(x: Array, labels: list, groups: list) -> Array:
    """x permuted to the label groups' order and reshaped to one dim per group after the first
    (the batch labels keep their own dims); a view when the strides allow, else a copy."""
    batch, *rest = groups
    order = [labels.index(c) for group in groups for c in group]
    moved = x._with_view(x._view.permute(order))
    shape = moved.shape[:len(batch)] + tuple(math.prod(moved.shape[len(batch) + sum(map(len, rest[:k])):
                                                                    len(batch) + sum(map(len, rest[:k + 1]))])
                                               for k in range(len(rest)))
    view = moved._view.reshape(shape)
    if view is None:
        moved = moved._contiguous()
        view = moved._view.reshape(shape)
    return moved._with_view(view)


def _contract(a: Array, la: list, b: Array, lb: list, keep: set, sizes: dict) -> tuple[Array, list]:
    """The product of two operands over their shared labels outside `keep`, on the matmul engine."""
    a, la = _sum_out(a, la, keep | set(lb), a._dtype)
    b, lb = _sum_out(b, lb, keep | set(la), b._dtype)
    batch = [c for c in la if c in lb and c in keep]
    summed = [c for c in la if c in lb and c not in keep]
    free_a = [c for c in la if c not in lb]
    free_b = [c for c in lb if c not in la]
    left = _as_stack(a, la, [batch, free_a, summed])
    right = _as_stack(b, lb, [batch, summed, free_b])
    product = matmul(left, right)
    shape = tuple(sizes[c] for c in batch + free_a + free_b)
    return product._with_view(product._view.reshape(shape)), batch + free_a + free_b


def _path(subscripts: str, arrays: list, optimize) -> list:
    """The order of pairwise contractions: NumPy's optimiser's when asked for, else left to right."""
    if optimize is False or optimize is None or len(arrays) < 3:
        return [(0, 1)] * (len(arrays) - 1)
    return einsum_path(subscripts, *arrays, optimize=optimize)[0][1:]


def _stand_ins(arrays) -> list:
    """Zero-byte host arrays of the operands' shapes and dtypes: what NumPy's path planner reads."""
    return [np.broadcast_to(np.zeros((), dtype=a._dtype), a.shape) for a in arrays]


def einsum_path(*operands, optimize="greedy", einsum_call=False):
    """NumPy's einsum_path: the contraction order and its report, planned from the shapes only."""
    subscripts, arrays = _split_operands(operands)
    arrays = [as_array(a, "einsum_path") for a in arrays]
    _parse(subscripts, arrays)
    return np.einsum_path(subscripts, *_stand_ins(arrays), optimize=optimize)


@functools.lru_cache(maxsize=256)
def _result_dtype(dtypes: tuple, dtype, casting: str):
    """The dtype einsum computes in (NumPy's promotion, or `dtype`), each operand castable to it under
    `casting`; memoized, as NumPy's promotion costs a loop of small einsums more than their planning."""
    result = np.result_type(*dtypes) if dtype is None else dtype
    for d in dtypes:
        if not np.can_cast(d, result, casting):
            raise TypeError(f"einsum: cannot cast operand of dtype {d} to {result} with casting rule {casting!r}")
    return result


def einsum(*operands, out=None, optimize=False, dtype=None, order="K", casting="safe"):
    """The Einstein summation of the operands over the subscripts (NumPy's conventions: implicit
    output, '...' broadcasting, the sublist form), on the GPU."""
    if order not in ("C", "F", "A", "K"):
        raise ValueError(f"order must be one of 'C', 'F', 'A', or 'K' (got {order!r})")
    subscripts, arrays = _split_operands(operands)
    arrays = [as_array(a, "einsum") for a in arrays]
    labels, output = _parse(subscripts, arrays)
    result_dtype = _result_dtype(tuple(a._dtype for a in arrays), None if dtype is None else dt.as_dtype(dtype),
                                 casting)
    sizes = _label_sizes(arrays, labels)
    terms = [_collapse(a if a._dtype == result_dtype else astype(a, result_dtype), ls, sizes, i)
             for i, (a, ls) in enumerate(zip(arrays, labels))]
    for first, second in _path(subscripts, arrays, optimize):
        pair = [terms[first], terms[second]]
        terms = [t for i, t in enumerate(terms) if i not in (first, second)]
        keep = set(output).union(*(set(ls) for _, ls in terms))
        terms.append(_contract(*pair[0], *pair[1], keep, sizes))
    (result, result_labels), = terms
    result, result_labels = _sum_out(result, result_labels, set(output), result_dtype)
    result = result._with_view(result._view.permute([result_labels.index(c) for c in output]))
    return deliver(result, out, "einsum", casting=casting)


FUNCTIONS = {f.__name__: f for f in (einsum, einsum_path)}
