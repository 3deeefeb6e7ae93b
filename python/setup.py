"""pip install ./python: builds the C library with make in the repository
root (one level up) and the extension against it.  `make python` builds
the same extension in place, for the tests."""
import os
import shlex
import subprocess

import numpy
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
LIB = os.path.join(ROOT, "build", "libtrikmeans.a")


def make(*args):
    return subprocess.run(["make", "-s", "-C", ROOT] + list(args),
                          check=True, capture_output=True,
                          text=True).stdout


class BuildWithLibrary(build_ext):
    """The library first (make), then the extension, linked with what the
    library needs (OpenMP, and the CUDA runtime where nvcc was found)."""

    def run(self):
        make("-j%d" % (os.cpu_count() or 1), "build/libtrikmeans.a")
        libs = shlex.split(make("print-libs"))
        for ext in self.extensions:
            ext.extra_objects = [LIB]
            ext.extra_link_args = libs
        super().run()


setup(
    name="trikmeans",
    version="0.1.0",
    description="Exact k-means (Lloyd, Elkan, Hamerly) on CPU and GPU, "
                "with the pruning statistics",
    packages=["trikmeans"],
    python_requires=">=3.8",
    install_requires=["numpy"],
    extras_require={"sklearn": ["scikit-learn"]},
    ext_modules=[Extension(
        "trikmeans._core", ["trikmeans/_core.c"],
        include_dirs=[os.path.join(ROOT, "include"), numpy.get_include()],
        extra_compile_args=["-std=c11", "-fopenmp", "-O2"])],
    cmdclass={"build_ext": BuildWithLibrary},
)
