"""wgarray.nn: torch.nn.functional's functions on wgarray arrays (layout NCHW, weights OIHW, as torch),
every one a WGSL kernel on the device.

Convolutions and pools (wgarray/_engines/conv.py, pool.py): conv1d/2d/3d, conv_transpose1d/2d/3d,
max_pool1d/2d/3d, avg_pool1d/2d/3d.
Attention, softmax, layer_norm and activations (wgarray/_engines/attention.py, nn_rows.py, and map
kernels): scaled_dot_product_attention (one flash-attention kernel), softmax, log_softmax,
layer_norm, gelu, silu, relu.
"""

from ._activations import gelu, layer_norm, log_softmax, relu, silu, softmax
from ._attention import scaled_dot_product_attention
from ._conv import conv1d, conv2d, conv3d, conv_transpose1d, conv_transpose2d, conv_transpose3d
from ._pool import avg_pool1d, avg_pool2d, avg_pool3d, max_pool1d, max_pool2d, max_pool3d
from . import _activations_docs, _layers_docs  # numpydoc docstrings, set on import

__all__ = ["conv1d", "conv2d", "conv3d", "conv_transpose1d", "conv_transpose2d", "conv_transpose3d",
           "avg_pool1d", "avg_pool2d", "avg_pool3d", "max_pool1d", "max_pool2d", "max_pool3d",
           "gelu", "layer_norm", "log_softmax", "relu", "scaled_dot_product_attention", "silu", "softmax"]

del _activations_docs, _layers_docs  # (kept in sys.modules; only their side effect matters)
