"""The NumPy layer: ufunc objects, ndarray methods and NumPy-only functions, above the
array API namespace (_api)."""
