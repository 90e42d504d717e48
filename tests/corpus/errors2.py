"""Error behaviour: the exception type NumPy raises for common mistakes (code catches these)."""

from . import raises as _raises, snippet


@snippet
def shape_mismatch_add(np):
    return _raises(np, lambda: np.ones(3) + np.ones(4), ValueError)


@snippet
def reshape_wrong_size(np):
    return _raises(np, lambda: np.arange(6).reshape(4, 2), ValueError)


@snippet
def index_out_of_bounds(np):
    a = np.arange(5)
    return _raises(np, lambda: a[5], IndexError), _raises(np, lambda: a[[0, 7]], IndexError)


@snippet
def too_many_indices(np):
    return _raises(np, lambda: np.zeros((2, 2))[0, 0, 0], IndexError)


@snippet
def axis_out_of_range(np):
    a = np.ones((2, 3))
    return (_raises(np, lambda: a.sum(axis=2), np.exceptions.AxisError),
            _raises(np, lambda: a.sum(axis=2), ValueError), _raises(np, lambda: np.concatenate([a, a], axis=3), IndexError))


@snippet
def matmul_mismatch(np):
    return _raises(np, lambda: np.ones((2, 3)) @ np.ones((2, 3)), ValueError)


@snippet
def concatenate_mismatch(np):
    return _raises(np, lambda: np.concatenate([np.ones((2, 3)), np.ones((2, 4))]), ValueError)


@snippet
def singular_matrix(np):
    return _raises(np, lambda: np.linalg.inv(np.ones((2, 2))), np.linalg.LinAlgError)


@snippet
def truth_value_ambiguous(np):
    return _raises(np, lambda: bool(np.array([1, 2])), ValueError)


@snippet
def bad_float_cast_in_place(np):
    a = np.arange(3)
    return _raises(np, lambda: np.add(a, 0.5, out=a), TypeError)


@snippet
def boolean_index_wrong_length(np):
    return _raises(np, lambda: np.arange(4)[np.array([True, False])], IndexError)


@snippet
def float_index(np):
    return _raises(np, lambda: np.arange(4)[1.0], IndexError), _raises(np, lambda: np.arange(4)[np.array([1.0])], IndexError)


@snippet
def setitem_shape_mismatch(np):
    a = np.zeros((2, 3))

    def assign():
        a[:] = np.ones(4)
    return _raises(np, assign, ValueError)


@snippet
def broadcast_to_bad_shape(np):
    return _raises(np, lambda: np.broadcast_to(np.ones(3), (2, 4)), ValueError)


@snippet
def unknown_dtype_string(np):
    return _raises(np, lambda: np.zeros(3, dtype="float99"), TypeError)


@snippet
def negative_dimensions(np):
    return _raises(np, lambda: np.zeros(-1), ValueError)


@snippet
def split_unequal(np):
    return _raises(np, lambda: np.split(np.arange(5), 2), ValueError)


@snippet
def argmax_of_empty(np):
    return _raises(np, lambda: np.array([]).argmax(), ValueError), _raises(np, lambda: np.max(np.array([])), ValueError)


@snippet
def integer_overflow_python_int(np):
    return _raises(np, lambda: np.array([1, 2], dtype=np.uint8) + 300, OverflowError)


@snippet
def bad_order_keyword(np):
    return _raises(np, lambda: np.arange(4).reshape(2, 2, order="X"), ValueError)


@snippet
def solve_shape_mismatch(np):
    return _raises(np, lambda: np.linalg.solve(np.eye(3), np.ones(2)), ValueError)


@snippet
def stack_mismatched_shapes(np):
    return _raises(np, lambda: np.stack([np.ones(2), np.ones(3)]), ValueError)


@snippet
def int_of_big_array(np):
    return _raises(np, lambda: int(np.arange(3)), TypeError), _raises(np, lambda: float(np.ones(2)), TypeError)


@snippet
def sqrt_of_negative_is_nan_not_error(np):
    with np.errstate(invalid="ignore"):
        return np.sqrt(np.array([-1.0, 4.0]))


@snippet
def errstate_raise_divide(np):
    with np.errstate(divide="raise"):
        return _raises(np, lambda: np.array([1.0]) / np.array([0.0]), FloatingPointError)


@snippet
def integer_to_negative_power(np):
    return _raises(np, lambda: np.arange(1, 4) ** -1, ValueError), np.arange(1, 4) ** -1.0


@snippet
def sequence_into_one_element(np):
    a = np.zeros(3)

    def assign():
        a[0] = [1.0]
    return _raises(np, assign, ValueError), a
