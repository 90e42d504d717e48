"""wgarray.nn: torch.nn.functional's functions on wgarray arrays (issue 15), computed on the GPU.

Attention, softmax, layer_norm and activations (_attention.py, _activations.py) lower to fused
kernels of the attention and nn_rows engines, and to map kernels.
"""

from ._activations import gelu, layer_norm, log_softmax, relu, silu, softmax
from ._attention import scaled_dot_product_attention

__all__ = ["gelu", "layer_norm", "log_softmax", "relu", "scaled_dot_product_attention", "silu", "softmax"]
