# cython: language_level=3, boundscheck=False, wraparound=False
"""The action mask, compiled (:meth:`tabletop.rl.catalogue.Catalogue.mask`): the same fresh int8 array,
the legal decisions looked up in the catalogue's dict and marked in C. An optional build (``setup.py``)."""

from cpython.buffer cimport PyBUF_C_CONTIGUOUS, PyBUF_WRITABLE, PyBuffer_Release, PyObject_GetBuffer

from tabletop.rl._vector cimport PYX_SHA256


SOURCE_SHA256 = PYX_SHA256.decode("ascii")  # set by setup.py: tabletop.compiled.load compares it

import numpy as np

_zeros = np.zeros
_I8 = np.dtype(np.int8)


cdef class Masker:
    """``masker(legal)``: a fresh int8 mask of ``legal`` over a catalogue's ``size`` indices (the no-op,
    index 0, alone when it is empty); KeyError names a decision the catalogue ``version`` lacks. One
    object per catalogue, called straight from an environment's step (no Python frame between)."""

    cdef dict index
    cdef Py_ssize_t size
    cdef str version

    def __init__(self, dict index, Py_ssize_t size, str version):
        self.index = index
        self.size = size
        self.version = version

    def __call__(self, legal):
        m = _zeros(self.size, _I8)
        cdef Py_buffer view
        cdef char* buf
        cdef Py_ssize_t i
        PyObject_GetBuffer(m, &view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS)
        try:
            buf = <char*>view.buf
            if not legal:
                buf[0] = 1
            for a in legal:
                hit = self.index.get(a)
                if hit is None:
                    raise KeyError(f"decision {a!r} is not in action catalogue {self.version}")
                i = hit
                if not 0 <= i < self.size:
                    raise IndexError(f"catalogue index {i} outside 0..{self.size - 1}")
                buf[i] = 1
        finally:
            PyBuffer_Release(&view)
        return m
