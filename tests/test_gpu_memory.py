"""A GPU's memory, asked of the operating system (wgarray/_core/gpu_memory.py), and
MemoryPool.set_limit(fraction=...) built on it. NVML and sysfs are faked, so the logic runs here."""

from __future__ import annotations

import ctypes

import pytest

import wgarray as wg
from wgarray._core import gpu_memory
from wgarray._core.memory import device_memory

GiB = 1 << 30
MiB = 1 << 20
H100 = 0x2330


class FakeNvml:
    """NVML's functions as the driver's library has them (0: success), over a list of GPUs."""

    def __init__(self, gpus, init_status=0):
        self.gpus = gpus  # (vendor id, device id, bytes)
        self.init_status = init_status
        self.shut_down = False

    def nvmlInit_v2(self):
        return self.init_status

    def nvmlShutdown(self):
        self.shut_down = True
        return 0

    def nvmlDeviceGetCount_v2(self, count):
        count.contents.value = len(self.gpus)
        return 0

    def nvmlDeviceGetHandleByIndex_v2(self, index, handle):
        handle.contents.value = index.value + 1  # a handle is never NULL
        return 0

    def _gpu(self, handle):
        return self.gpus[handle.value - 1]

    def nvmlDeviceGetPciInfo_v3(self, handle, pci):
        vendor, device, _ = self._gpu(handle)
        pci.contents.pciDeviceId = device << 16 | vendor
        return 0

    def nvmlDeviceGetMemoryInfo(self, handle, memory):
        total = self._gpu(handle)[2]
        if total is None:
            return 999  # NVML_ERROR_UNKNOWN
        memory.contents.total = total
        return 0


def fake_sysfs(tmp_path, cards):
    """A /sys/class/drm of cards (vendor id, device id, VRAM bytes or None for a card without the file)."""
    for k, (vendor, device, total) in enumerate(cards):
        folder = tmp_path / f"card{k}" / "device"
        folder.mkdir(parents=True)
        (folder / "vendor").write_text(f"0x{vendor:04x}\n")
        (folder / "device").write_text(f"0x{device:04x}\n")
        if total is not None:
            (folder / "mem_info_vram_total").write_text(f"{total}\n")
    return str(tmp_path / "card*" / "device")


@pytest.fixture
def no_probes(monkeypatch, tmp_path):
    """Neither NVML nor sysfs tells anything (as on this machine, whatever its /sys holds)."""
    monkeypatch.setattr(gpu_memory, "load_nvml", lambda: None)
    monkeypatch.setattr(gpu_memory, "DRM_CARDS", str(tmp_path / "none*"))


def test_nvml_reads_the_structs():
    nvml = FakeNvml([(0x10DE, H100, 80 * GiB), (0x10DE, 0x2331, 94 * GiB)])
    assert gpu_memory.nvidia_gpus(nvml) == [(0x10DE, H100, 80 * GiB), (0x10DE, 0x2331, 94 * GiB)]
    assert nvml.shut_down
    assert ctypes.sizeof(gpu_memory.NvmlPciInfo) == 68  # as nvml.h lays it out
    assert ctypes.sizeof(gpu_memory.NvmlMemory) == 24


def test_nvml_skips_what_it_cannot_read():
    assert gpu_memory.nvidia_gpus(FakeNvml([(0x10DE, H100, 80 * GiB)], init_status=9)) == []
    assert gpu_memory.nvidia_gpus(FakeNvml([(0x10DE, H100, None), (0x10DE, H100, 80 * GiB)])) == [
        (0x10DE, H100, 80 * GiB)]


def test_sysfs_cards(tmp_path):
    cards = fake_sysfs(tmp_path, [(0x1002, 0x73BF, 16 * GiB), (0x8086, 0x56A0, None)])
    assert gpu_memory.amd_gpus(cards) == [(0x1002, 0x73BF, 16 * GiB)]


@pytest.mark.parametrize("gpus, ids, ordinal, expected", [
    ([(0x10DE, H100, 80 * GiB)], (0x10DE, H100), 0, 80 * GiB),
    ([(0x10DE, 0x2204, 24 * GiB), (0x10DE, H100, 80 * GiB)], (0x10DE, H100), 0, 80 * GiB),  # by PCI id
    ([(0x10DE, H100, 80 * GiB)] * 4, (0x10DE, H100), 3, 80 * GiB),
    ([(0x10DE, H100, 80 * GiB), (0x10DE, H100, 64 * GiB)], (0x10DE, H100), 0, 80 * GiB),  # by order
    ([(0x10DE, H100, 80 * GiB), (0x10DE, H100, 64 * GiB)], (0x10DE, H100), 5, 64 * GiB),  # else smallest
    ([(0x10DE, H100, 80 * GiB), (0x1002, 0x73BF, 16 * GiB)], (0, 0), 0, 16 * GiB),  # ids unknown
    ([(0x10DE, 0x2204, 24 * GiB)], (0x10DE, H100), 0, None),  # no match: nothing tells
    ([], (0x10DE, H100), 0, None),
])
def test_pick(gpus, ids, ordinal, expected):
    assert gpu_memory.pick(gpus, *ids, ordinal=ordinal) == expected


def test_gpu_memory_asks_nvml_for_nvidia_and_sysfs_for_the_rest(monkeypatch, tmp_path):
    monkeypatch.setattr(gpu_memory, "load_nvml", lambda: FakeNvml([(0x10DE, H100, 80 * GiB)]))
    monkeypatch.setattr(gpu_memory, "DRM_CARDS", fake_sysfs(tmp_path, [(0x1002, 0x73BF, 16 * GiB)]))
    assert gpu_memory.gpu_memory(0x10DE, H100) == 80 * GiB
    assert gpu_memory.gpu_memory(0x1002, 0x73BF) == 16 * GiB
    assert gpu_memory.gpu_memory(0x8086, 0x56A0) is None
    monkeypatch.setattr(gpu_memory, "load_nvml", lambda: pytest.fail("NVML asked about an AMD GPU"))
    assert gpu_memory.gpu_memory(0x1002, 0x73BF) == 16 * GiB


@pytest.fixture
def as_gpu(monkeypatch):
    """The default device taken for a GPU (its memory then comes from the probes)."""
    device = wg.get_device()
    monkeypatch.setattr(device, "is_cpu", False)
    return device


def _probe_reports(monkeypatch, tmp_path, device, total):
    info = device.adapter.info
    cards = fake_sysfs(tmp_path, [(info["vendor_id"], info["device_id"], total)])
    monkeypatch.setattr(gpu_memory, "load_nvml", lambda: None)
    monkeypatch.setattr(gpu_memory, "DRM_CARDS", cards)


def test_device_memory_of_a_gpu(monkeypatch, tmp_path, as_gpu):
    _probe_reports(monkeypatch, tmp_path, as_gpu, 12 * GiB)
    assert device_memory(as_gpu) == 12 * GiB


def test_set_limit_fraction_without_a_probe_names_the_adapter(no_probes, as_gpu):
    pool = wg.get_default_memory_pool()
    with pytest.raises(NotImplementedError, match="size=") as info:
        pool.set_limit(fraction=0.5)
    assert as_gpu.name in str(info.value)
    assert pool.get_limit() == 0


def test_set_limit_fraction_of_a_gpu_then_memory_error_past_it(monkeypatch, tmp_path, as_gpu):
    pool = wg.get_default_memory_pool()
    wg.synchronize()
    pool.free_all_blocks()
    total = 2 * (pool.total_bytes() + 4 * MiB)
    _probe_reports(monkeypatch, tmp_path, as_gpu, total)
    try:
        pool.set_limit(fraction=0.5)
        assert pool.get_limit() == total // 2
        monkeypatch.setattr(as_gpu, "is_cpu", True)  # the device back as it is, the limit kept
        small = wg.ones(MiB // 4, dtype=wg.float32)  # 1 MiB: within the limit
        assert float(small[-1]) == 1.0
        with pytest.raises(MemoryError, match="limit"):
            wg.ones(2 * MiB, dtype=wg.float32)  # 8 MiB: past it
        assert float(wg.sum(small)) == MiB // 4
    finally:
        pool.set_limit(size=0)


def test_nvml_without_the_entry_points():
    class OldNvml(FakeNvml):  # an old driver's library: ctypes raises AttributeError for a missing symbol
        def __getattribute__(self, name):
            if name == "nvmlDeviceGetPciInfo_v3":
                raise AttributeError(name)
            return super().__getattribute__(name)

    nvml = OldNvml([(0x10DE, H100, 80 * GiB)])
    assert gpu_memory.nvidia_gpus(nvml) == []
    assert nvml.shut_down
