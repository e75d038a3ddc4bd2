"""Build hook for the one compiled part: the matcher's core (``core/pairing/matching/_native.c``).

Why optional: a machine without a C compiler still installs hakem with the same pip command and
runs the pure-Python matcher (same results, slower on big fields); everything else is in
``pyproject.toml``."""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "core.pairing.matching._native",
            ["core/pairing/matching/_native.c"],
            optional=True,
        ),
    ],
)
