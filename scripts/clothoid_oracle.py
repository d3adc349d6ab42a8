"""Independent answers for the clothoid tests (tests/geom/clothoid_oracle.rs):
mpmath at 40 significant digits for clothoid end poses, and the Clothoids
library (PyPI `pyclothoids`) for G1 Hermite fits.

    python clothoid_oracle.py endpoints OUT.f64
        one record of 9 little-endian f64 per clothoid:
        x0, y0, theta0, length, curvature_start, curvature_end,
        and mpmath's x, y, theta at the end
    python clothoid_oracle.py fits OUT.f64
        one record of 15 little-endian f64 per pose pair:
        x0, y0, theta0, x1, y1, theta1,
        pyclothoids' KappaStart, KappaEnd, dk, length, XEnd, YEnd,
        and mpmath's curvature_start, curvature_end, length (the first
        MPMATH_FITS pairs; NaN for the others)
    python clothoid_oracle.py fresnel
        prints mpmath's C, S and generalized X, Y at the points the unit
        tests of src/geom/fresnel.rs hold (to regenerate them)

Every input is an f64 and mpmath takes it exactly. The end of a clothoid
is x0 + L (X, Y)(a, b, theta0) with a = (k1 - k0) L and b = k0 L, where
X + iY = integral over t in [0, 1] of exp(i (a t^2/2 + b t + theta0)).
mpmath evaluates it in closed form: for a != 0, completing the square
gives Fresnel integrals C, S (mpmath.fresnelc, fresnels) at two points;
for a = 0 it is (exp(i b) - 1) / (i b). The working precision is raised
by the digits that the difference of the two Fresnel values cancels (and
the size of the phase), so every answer is good to 40 digits; a sample of
the cases is checked against mpmath.quad of the phase polynomial itself
(split where the phase turns by about a radian).

The cases (seeded, so the file is the same on every run): curvatures 0 to
1e3 (log-uniform, either sign, or exactly 0), curvature differences from
1e-12 to 1e3 (log-uniform, either sign) or exactly 0, lengths 1e-3 to 1e2
(turning up to 1e5 radians); starts at the origin (the error is then the
clothoid's own) and some away from it.

The fits: mpmath solves the G1 problem itself for the first MPMATH_FITS
pairs (Bertolazzi & Frego's equation Y(2A, delta - A, phi0) = 0 by
mpmath.findroot from pyclothoids' A, then L = r / X), so the test can say
whose fit is the nearer one. 10,000 random pose pairs, general ones, nearly straight (both
headings within 1e-12..1e-3 of the chord), nearly circular (headings
symmetric about the chord's normal to within 1e-12..1e-3), exactly
straight and exactly circular ones, at scales from 1e-3 to 1e3.
"""

import math
import random
import struct
import sys

import mpmath
from mpmath import mp, mpf

DIGITS = 40
MPMATH_FITS = 500


def clothoid_end(x0, y0, th0, length, k0, k1):
    """mpmath's end pose (x, y, theta) of the clothoid, to DIGITS digits."""
    L, k0m, k1m = mpf(length), mpf(k0), mpf(k1)
    a = (k1m - k0m) * L
    b = k0m * L
    c = mpf(th0)
    w = generalized(a, b, c)
    return mpf(x0) + L * w.real, mpf(y0) + L * w.imag, c + b + a / 2


def generalized(a, b, c):
    """X + iY: the integral over [0, 1] of exp(i (a t^2/2 + b t + c))."""
    a, b, c = mpf(a), mpf(b), mpf(c)
    if a == 0:
        if b == 0:
            w = mpmath.expj(c)
        else:
            w = mpmath.expj(c) * (mpmath.expj(b) - 1) / (1j * b)
    else:
        sigma = 1 if a > 0 else -1
        absa = abs(a)
        z = mpmath.sqrt(absa / mpmath.pi)
        ell = sigma * b / mpmath.sqrt(mpmath.pi * absa)
        gamma = c - sigma * b * b / (2 * absa)
        end = ell + z
        dc = mpmath.fresnelc(end) - mpmath.fresnelc(ell)
        ds = mpmath.fresnels(end) - mpmath.fresnels(ell)
        w = mpmath.expj(gamma) * (dc + 1j * sigma * ds) / z
    return w


def working_precision(length, k0, k1):
    """Digits that keep DIGITS through the cancellation of the Fresnel
    difference (about log10 of ell^2 / z) and the size of the phase."""
    a = abs((k1 - k0) * length)
    b = abs(k0 * length)
    extra = 10
    if a > 0:
        ell = b / math.sqrt(math.pi * a)
        z = math.sqrt(a / math.pi)
        extra += max(0, math.ceil(math.log10(1 + ell * ell + ell / z + 1 / z)))
    extra += max(0, math.ceil(math.log10(1 + b + a)))
    return DIGITS + extra


def clothoid_end_quad(x0, y0, th0, length, k0, k1):
    """The same end by quadrature of cos and sin of the heading polynomial."""
    L, k0m, k1m, c = mpf(length), mpf(k0), mpf(k1), mpf(th0)
    a = (k1m - k0m) * L
    b = k0m * L
    turn = abs(b) + abs(a)
    pieces = max(1, int(turn) + 1)
    nodes = [mpf(i) / pieces for i in range(pieces + 1)]
    fx = mpmath.quad(lambda t: mpmath.cos(a * t * t / 2 + b * t + c), nodes)
    fy = mpmath.quad(lambda t: mpmath.sin(a * t * t / 2 + b * t + c), nodes)
    return mpf(x0) + L * fx, mpf(y0) + L * fy, c + b + a / 2


def endpoint_cases():
    rng = random.Random(0xC107_0D35)
    out = []

    def curvature():
        r = rng.random()
        if r < 0.1:
            return 0.0
        return rng.choice((1.0, -1.0)) * 10 ** rng.uniform(-6, 3)

    for i in range(4000):
        kind = i % 8
        k0 = curvature()
        if kind in (0, 1):
            k1 = k0  # exactly equal: an arc or a line
        elif kind in (2, 3, 4):
            k1 = k0 + rng.choice((1.0, -1.0)) * 10 ** rng.uniform(-12, -3)
        elif kind == 5:
            k1 = k0 + rng.choice((1.0, -1.0)) * 10 ** rng.uniform(-3, 3)
        else:
            k1 = curvature()
        if abs(k1) > 1e3:
            k1 = math.copysign(1e3, k1)
        length = 10 ** rng.uniform(-3, 2)
        th0 = rng.uniform(-math.pi, math.pi)
        if i % 10 == 9:
            x0, y0 = rng.uniform(-50, 50), rng.uniform(-50, 50)
        else:
            x0, y0 = 0.0, 0.0
        out.append((x0, y0, th0, length, k0, k1))
    # Fixed ones: from zero curvature, along a constant curvature, a line.
    for k in (0.0, 1e-12, 1.0, 1e3):
        for dk in (0.0, 1e-12, -1e-12, 1e-6, 1.0, -1e3):
            out.append((0.0, 0.0, 0.25, 2.0, k, k + dk))
    return out


def write_endpoints(path):
    cases = endpoint_cases()
    rng = random.Random(7)
    with open(path, "wb") as f:
        for n, (x0, y0, th0, length, k0, k1) in enumerate(cases):
            mp.dps = working_precision(length, k0, k1)
            x, y, th = clothoid_end(x0, y0, th0, length, k0, k1)
            # One case in 40 (those turning less than 300 radians) also by quadrature.
            if rng.random() < 0.025 and abs(k0 * length) + abs((k1 - k0) * length) < 300:
                qx, qy, _ = clothoid_end_quad(x0, y0, th0, length, k0, k1)
                scale = mpf(length) + abs(mpf(x0)) + abs(mpf(y0))
                err = max(abs(qx - x), abs(qy - y)) / scale
                if err > mpf(10) ** (-DIGITS + 5):
                    sys.exit(f"case {n}: closed form and quadrature differ by {err}")
            f.write(struct.pack("<9d", x0, y0, th0, length, k0, k1, float(x), float(y), float(th)))
    print(f"{len(cases)} clothoid ends written to {path}")


def fit_cases():
    rng = random.Random(0xF17_C107)
    out = []
    for i in range(10_000):
        kind = i % 10
        scale = 10 ** rng.uniform(-3, 3)
        x0, y0 = rng.uniform(-10, 10) * scale, rng.uniform(-10, 10) * scale
        d = rng.uniform(0.1, 10) * scale
        phi = rng.uniform(-math.pi, math.pi)
        x1, y1 = x0 + d * math.cos(phi), y0 + d * math.sin(phi)
        tiny = lambda: rng.choice((1.0, -1.0)) * 10 ** rng.uniform(-12, -3)
        if kind < 5:
            th0, th1 = rng.uniform(-math.pi, math.pi), rng.uniform(-math.pi, math.pi)
        elif kind == 5:
            th0, th1 = phi + tiny(), phi + tiny()
        elif kind == 6:
            p0 = rng.uniform(-3.0, 3.0)
            th0, th1 = phi + p0, phi - p0 + tiny()
        elif kind == 7:
            th0 = th1 = math.atan2(y1 - y0, x1 - x0)
        elif kind == 8:
            p0 = rng.uniform(-3.0, 3.0)
            th0, th1 = phi + p0, phi - p0
        else:
            # Headings near the edges of (-pi, pi] relative to the chord.
            th0 = phi + rng.choice((1.0, -1.0)) * (math.pi - 10 ** rng.uniform(-6, -1))
            th1 = phi + rng.uniform(-math.pi, math.pi)
        out.append((x0, y0, th0, x1, y1, th1))
    return out


def within_pi(angle):
    """The same direction in (-pi, pi]."""
    angle -= 2 * mpmath.pi * mpmath.floor((angle + mpmath.pi) / (2 * mpmath.pi))
    return angle if angle > -mpmath.pi else angle + 2 * mpmath.pi


def mpmath_fit(x0, y0, th0, x1, y1, th1, a_guess):
    """(curvature_start, curvature_end, length) of the G1 fit, to DIGITS digits."""
    mp.dps = DIGITS + 20
    dx, dy = mpf(x1) - mpf(x0), mpf(y1) - mpf(y0)
    phi = mpmath.atan2(dy, dx)
    p0, p1 = within_pi(mpf(th0) - phi), within_pi(mpf(th1) - phi)
    delta = p1 - p0
    g = lambda a: generalized(2 * a, delta - a, p0).imag
    a = mpmath.findroot(g, mpf(a_guess), tol=mpf(10) ** (-2 * DIGITS), verify=False)
    if not abs(g(a)) < mpf(10) ** (5 - DIGITS):
        sys.exit(f"mpmath's fit of {(x0, y0, th0, x1, y1, th1)} did not converge")
    length = mpmath.hypot(dx, dy) / generalized(2 * a, delta - a, p0).real
    return float((delta - a) / length), float((delta + a) / length), float(length)


def write_fits(path):
    from pyclothoids import Clothoid

    cases = fit_cases()
    with open(path, "wb") as f:
        for n, q in enumerate(cases):
            c = Clothoid.G1Hermite(*q)
            theirs = (c.KappaStart, c.KappaEnd, c.dk, c.length, c.XEnd, c.YEnd)
            exact = (math.nan,) * 3
            if n < MPMATH_FITS:
                exact = mpmath_fit(*q, c.dk * c.length**2 / 2)
            f.write(struct.pack("<15d", *q, *theirs, *exact))
    print(f"{len(cases)} pyclothoids G1 fits ({MPMATH_FITS} also by mpmath) written to {path}")


def print_fresnel():
    mp.dps = 60
    for x in ("0.1", "0.5", "1", "1.4999999999999998", "1.5", "2", "3.7", "5.999999999999999", "6", "10", "1000"):
        xm = mpf(float(x))
        print(f"({x}, {mpmath.nstr(mpmath.fresnelc(xm), 20)}, {mpmath.nstr(mpmath.fresnels(xm), 20)}),")
    for a, b, c in (
        (0.0, 0.0, 0.0),
        (0.0, 1e-4, 0.0),
        (0.0, 2.0, 0.0),
        (0.0, -30.0, 0.0),
        (0.0, 1e4, 0.0),
        (1e-10, 1.0, 0.0),
        (0.5, 0.3, 0.0),
        (-0.9, 7.0, 0.0),
        (0.999, -2.0, 0.0),
        (1.0, -2.0, 0.0),
        (1.5, 1.0, 0.0),
        (3.0, -5.0, 0.0),
        (-20.0, 4.0, 0.0),
        (100.0, 3.0, 0.0),
        (100.0, -1000.0, 0.0),
        (1e4, 37.0, 0.0),
        (-1e4, 5e3, 0.0),
        (2.0, 1e3, 0.0),
        (0.3, -1e4, 0.0),
        (-5.0, -60.0, 1.0),
        (0.01, 25.0, -2.0),
        (40.0, -25.0, 0.5),
    ):
        mp.dps = 100
        w = generalized(a, b, c)
        print(f"({a!r}, {b!r}, {c!r}, {mpmath.nstr(w.real, 20)}, {mpmath.nstr(w.imag, 20)}),")


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "endpoints":
        write_endpoints(sys.argv[2])
    elif len(sys.argv) == 3 and sys.argv[1] == "fits":
        write_fits(sys.argv[2])
    elif len(sys.argv) == 2 and sys.argv[1] == "fresnel":
        print_fresnel()
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
