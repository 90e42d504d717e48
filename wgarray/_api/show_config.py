"""wgarray.show_config(): versions, adapters, the chosen device's limits and features, the dtypes
offered per device (as cupy.show_config() and numpy.show_config() report theirs)."""

from __future__ import annotations

import platform
import sys

import numpy as np
import wgpu

from .._core import dtypes as dt
from .._core.device import WANTED_FEATURES, all_devices, get_device

__all__ = ["show_config"]


def _versions() -> list:
    package = sys.modules.get("wgarray")
    native = getattr(sys.modules.get("wgpu.backends.wgpu_native"), "__version__", "unknown")
    return [("wgarray", getattr(package, "__version__", "unknown")),
            ("array API standard", getattr(package, "__array_api_version__", "unknown")),
            ("Python", platform.python_version()), ("platform", platform.platform()),
            ("NumPy", np.__version__), ("wgpu-py", wgpu.__version__), ("wgpu-native", native)]


def config_report() -> str:
    """The text show_config prints."""
    lines = ["wgarray configuration", ""]
    width = max(len(name) for name, _ in _versions())
    lines += [f"{name:<{width}} : {value}" for name, value in _versions()]
    device = get_device()
    lines += ["", "Adapters (WGARRAY_ADAPTER picks one by name or backend):"]
    for other in all_devices():
        info = other.adapter.info
        mark = "*" if other is device else " "
        lines.append(f" {mark} {other.adapter.summary}  [{info.get('adapter_type', '?')}, "
                     f"{info.get('description', '') or 'no description'}]")
        offered = ", ".join(d.name for d in dt.supported_dtypes(other) + (dt.float16,))  # float16: every device
        lines.append(f"      dtypes: {offered}")
    lines += ["", f"Chosen device: {device.name} ({device.backend})",
              f"  features used: {', '.join(sorted(device.features)) or 'none'}"
              f" (of those wanted: {', '.join(WANTED_FEATURES)})",
              f"  all adapter features: {', '.join(sorted(device.adapter.features))}", "  limits:"]
    lines += [f"    {name}: {value}" for name, value in sorted(device.limits.items())]
    lines += ["", "Default dtypes: " + ", ".join(
        f"{kind} {d.name}" for kind, d in (("float", dt.default_float(device)), ("int", dt.default_int(device)),
                                          ("complex", dt.default_complex(device))))]
    return "\n".join(lines)


def show_config() -> None:
    """Print wgarray's configuration: versions, adapters, the chosen device's limits and features,
    and the dtypes each device offers.

    The report lists wgarray's, NumPy's, wgpu-py's and wgpu-native's versions; every adapter
    (the chosen one marked ``*``; ``WGARRAY_ADAPTER`` picks one by name or backend) with the
    dtypes its device offers; the chosen device's features and limits; and the default dtypes.
    Include it in bug reports.

    Notes
    -----
    GPU: none runs, but every adapter's device is created (once) to list its dtypes.

    Examples
    --------
    >>> wg.show_config()  # doctest: +ELLIPSIS
    wgarray configuration
    ...
    """
    print(config_report())
