"""How much memory a GPU has, asked of the operating system (WebGPU does not report it).

NVIDIA: NVML (libnvidia-ml.so.1, part of the driver), loaded with ctypes. AMD: the amdgpu driver's
sysfs files (/sys/class/drm/card*/device/mem_info_vram_total). A wgpu adapter is matched to a GPU by
its PCI vendor and device ids (adapter.info's vendor_id and device_id). Several GPUs of the same
ids but different sizes: the adapter's ordinal among them picks one where it can; otherwise the
smallest, so that a fraction of it fits on any of them. Nothing found: None.
"""

from __future__ import annotations

import ctypes
import glob
import os

NVIDIA_VENDOR = 0x10DE
NVML_LIBRARY = "libnvidia-ml.so.1"
DRM_CARDS = "/sys/class/drm/card*/device"  # one folder per GPU (its PCI device)


class NvmlPciInfo(ctypes.Structure):  # nvmlPciInfo_t (nvmlDeviceGetPciInfo_v3)
    _fields_ = [("busIdLegacy", ctypes.c_char * 16), ("domain", ctypes.c_uint), ("bus", ctypes.c_uint),
                ("device", ctypes.c_uint), ("pciDeviceId", ctypes.c_uint),  # device id << 16 | vendor id
                ("pciSubSystemId", ctypes.c_uint), ("busId", ctypes.c_char * 32)]


class NvmlMemory(ctypes.Structure):  # nvmlMemory_t (nvmlDeviceGetMemoryInfo)
    _fields_ = [("total", ctypes.c_ulonglong), ("free", ctypes.c_ulonglong), ("used", ctypes.c_ulonglong)]


def load_nvml():
    """The NVML library, or None where the NVIDIA driver is not installed."""
    try:
        return ctypes.CDLL(NVML_LIBRARY)
    except OSError:
        return None


def nvidia_gpus(nvml=None) -> list[tuple[int, int, int]]:
    """(vendor id, device id, bytes of memory) of every NVIDIA GPU, in NVML's order ([] without NVML)."""
    nvml = nvml if nvml is not None else load_nvml()
    try:
        if nvml is None or nvml.nvmlInit_v2() != 0:
            return []
    except AttributeError:  # a driver too old for these _v2/_v3 entry points
        return []
    gpus = []
    try:
        count = ctypes.c_uint(0)
        if nvml.nvmlDeviceGetCount_v2(ctypes.pointer(count)) != 0:
            return []
        for index in range(count.value):
            handle = ctypes.c_void_p()
            pci, memory = NvmlPciInfo(), NvmlMemory()
            if (nvml.nvmlDeviceGetHandleByIndex_v2(ctypes.c_uint(index), ctypes.pointer(handle)) != 0
                    or nvml.nvmlDeviceGetPciInfo_v3(handle, ctypes.pointer(pci)) != 0
                    or nvml.nvmlDeviceGetMemoryInfo(handle, ctypes.pointer(memory)) != 0):
                continue  # a GPU NVML cannot read (lost, or not ours to see)
            gpus.append((pci.pciDeviceId & 0xFFFF, pci.pciDeviceId >> 16, memory.total))
    except AttributeError:
        return []
    finally:
        nvml.nvmlShutdown()
    return gpus


def amd_gpus(cards: str | None = None) -> list[tuple[int, int, int]]:
    """(vendor id, device id, bytes of VRAM) of every GPU whose driver (amdgpu) reports its VRAM,
    among the card folders matching the glob pattern cards (DRM_CARDS by default)."""
    gpus = []
    for folder in sorted(glob.glob(cards or DRM_CARDS), key=lambda path: (len(path), path)):  # card2 < card10
        try:
            with open(os.path.join(folder, "mem_info_vram_total")) as f:
                total = int(f.read())
            with open(os.path.join(folder, "vendor")) as f:
                vendor = int(f.read(), 16)
            with open(os.path.join(folder, "device")) as f:
                device = int(f.read(), 16)
        except (OSError, ValueError):
            continue  # not an amdgpu card (or a file it lacks)
        gpus.append((vendor, device, total))
    return gpus


def gpu_memory(vendor_id: int | None, device_id: int | None, ordinal: int = 0) -> int | None:
    """Bytes of memory of the GPU with these PCI ids (0 or None: unknown, any GPU matches), the
    ordinal-th of that kind; None where the operating system does not tell."""
    gpus = []
    if vendor_id in (None, 0, NVIDIA_VENDOR):
        gpus += nvidia_gpus()
    gpus += amd_gpus()  # any vendor whose driver writes these files (amdgpu does)
    return pick(gpus, vendor_id, device_id, ordinal)


def pick(gpus: list[tuple[int, int, int]], vendor_id: int | None, device_id: int | None,
         ordinal: int = 0) -> int | None:
    """The memory of the matching GPU (see the module's docstring)."""
    sizes = [total for vendor, device, total in gpus
             if vendor_id in (None, 0, vendor) and device_id in (None, 0, device)]
    if not sizes:
        return None
    if len(set(sizes)) == 1:
        return sizes[0]
    if device_id and 0 <= ordinal < len(sizes):  # the adapter's ordinal among GPUs of its ids
        return sizes[ordinal]
    return min(sizes)
