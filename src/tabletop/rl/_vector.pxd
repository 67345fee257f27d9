# cython: language_level=3
# What the compiled encoders (wallenstein.rl._compiled, league_of_six.rl._compiled) share: a new vector
# filled by an encoder, the scaled count as numpy stores it, a seat's slot relative to the observer, a
# list's int item, and the source digest setup.py stamps into each build (tabletop.compiled.load
# compares it).

from cpython.buffer cimport PyBUF_C_CONTIGUOUS, PyBUF_WRITABLE, PyBuffer_Release, PyObject_GetBuffer

cdef extern from *:
    """
    #ifndef PYX_SHA256
    #define PYX_SHA256 "unknown"
    #endif
    """
    const char* PYX_SHA256


cdef inline int put_within(float* v, Py_ssize_t size, Py_ssize_t i, float x) except -1:
    """``v[i] = x`` in a vector of ``size`` entries, refusing an entry outside it as numpy would (a
    state the rules never make must raise, never write past the vector)."""
    if i < 0 or i >= size:
        raise IndexError(f"observation entry {i} outside the vector of {size}")
    v[i] = x
    return 0


cdef inline float num(double x, double scale) noexcept:
    """tabletop.rl.layout.scaled, as numpy stores it: the float64 quotient rounded to float32."""
    return <float>(x / (x + scale)) if x > 0.0 else 0.0


cdef inline Py_ssize_t rel(long p, long me, long P) noexcept:
    """Seat ``p``'s slot for observer ``me`` of ``P`` players (Python's ``(p - me) % P``)."""
    cdef long r = (p - me) % P
    return r + P if r < 0 else r


cdef inline long item(list xs, Py_ssize_t i) except? -1:
    return <long>xs[i]


ctypedef int (*Fill)(float* v, object g, object seat) except -1


cdef inline object filled(object zeros, Py_ssize_t size, object dtype, Fill fill, object g, object seat):
    """A fresh float32 vector (``zeros(size, dtype)``: numpy's, passed in by the module that imports
    numpy) written by ``fill(buffer, g, seat)``."""
    vec = zeros(size, dtype)
    cdef Py_buffer view
    PyObject_GetBuffer(vec, &view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS)
    try:
        if view.len != size * 4:
            raise ValueError("not a float32 vector")
        fill(<float*>view.buf, g, seat)
    finally:
        PyBuffer_Release(&view)
    return vec
