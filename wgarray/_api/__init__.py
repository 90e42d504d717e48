"""Layer 4, the namespace: one module per section of the array API standard, one input policy
(coerce.py), and the Array's operators and methods (array_methods.py)."""
