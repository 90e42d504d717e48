"""Layer 2, the engines: map, fold, scan, compact, gather/scatter, sort, set, search and matmul.

An engine takes storages, views and dtypes (core.operands.BufferOperand) and returns new
ones; it never sees an Array or the namespace."""
