"""Layer 1, the core: device, memory, stream, kernel cache, dtypes, views, parameter layouts and WGSL helpers."""
