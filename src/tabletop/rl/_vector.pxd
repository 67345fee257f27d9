# cython: language_level=3
# What the compiled encoders (wallenstein.rl._compiled, league_of_six.rl._compiled) share: the scaled
# count as numpy stores it, a seat's slot relative to the observer, a list's int item, and the
# source digest setup.py stamps into each build (tabletop.compiled.load compares it).

cdef extern from *:
    """
    #ifndef PYX_SHA256
    #define PYX_SHA256 "unknown"
    #endif
    """
    const char* PYX_SHA256


cdef inline float num(double x, double scale) noexcept:
    """tabletop.rl.layout.scaled, as numpy stores it: the float64 quotient rounded to float32."""
    return <float>(x / (x + scale)) if x > 0.0 else 0.0


cdef inline Py_ssize_t rel(long p, long me, long P) noexcept:
    """Seat ``p``'s slot for observer ``me`` of ``P`` players (Python's ``(p - me) % P``)."""
    cdef long r = (p - me) % P
    return r + P if r < 0 else r


cdef inline long item(list xs, Py_ssize_t i) except? -1:
    return <long>xs[i]
