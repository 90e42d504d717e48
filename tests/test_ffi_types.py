"""The fast path for cffi type names (wgarray/_core/ffi_types.py) gives the types cffi's
own parser gives."""

import pytest

from wgarray._core import ffi_types, native

pytestmark = pytest.mark.skipif(not native.AVAILABLE, reason="wgpu-native backend only")


def _names():
    declarations = native.ffi._parser._declarations
    typedefs = sorted(k[len("typedef "):] for k in declarations if k.startswith("typedef "))
    return typedefs + ["void", "char", "uint8_t", "uint32_t", "uint64_t", "uintptr_t", "float"]


def test_installed_on_wgpu_native(monkeypatch):
    assert ffi_types.install(native.ffi)
    parser = native.ffi._parser

    def no_text_parse(*args):
        raise AssertionError("the fast path parsed text")

    monkeypatch.setattr(parser, "_parse", no_text_parse)
    for cdecl in ("WGPUBufferDescriptor *", "WGPUBindGroupEntry[]", "uint32_t[1]", "void *"):
        assert parser.parse_type_and_quals(cdecl)


@pytest.mark.parametrize("suffix", ["", " *", "*", "[]", " []", "[3]", "[1] "])
def test_same_types_as_cffi_parser(suffix):
    parser = native.ffi._parser
    fast = parser.parse_type_and_quals
    slow = parser.__class__.parse_type_and_quals.__get__(parser)
    names = _names()
    if suffix in ("[]", "[3]"):
        names = names[::7]  # the slow parse takes ~15 ms per name
    else:
        names = names[::5 if suffix == " *" else 29]
    checked = 0
    for name in names:
        cdecl = name + suffix
        try:
            expected = slow(cdecl)
        except Exception as error:  # e.g. an array of void: the fast path must fail too
            with pytest.raises(type(error)):
                fast(cdecl)
            continue
        assert fast(cdecl) == expected, cdecl
        checked += 1
    assert checked > 5


@pytest.mark.parametrize("cdecl", ["unsigned int", "struct WGPUBufferDescriptor *",
                                   "void(int, void *)", "WGPUBufferDescriptor **",
                                   "NotAType *"])
def test_other_strings_take_the_normal_path(cdecl):
    parser = native.ffi._parser
    slow = parser.__class__.parse_type_and_quals.__get__(parser)
    try:
        expected = slow(cdecl)
    except Exception as error:
        with pytest.raises(type(error)):
            parser.parse_type_and_quals(cdecl)
    else:
        assert parser.parse_type_and_quals(cdecl) == expected
