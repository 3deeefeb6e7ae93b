"""pip install ./python (or pip wheel ./python): the extension links an
installed trikmeans (libtrikmeans.so, found by pkg-config) when there is
one, and otherwise builds the C library with make in the repository root
(one level up) and carries it inside, the CUDA forms included where nvcc
is found.  TRIKMEANS_LINK chooses: "auto" (the default), "installed"
(fail without one) or "bundled".  `make python` builds the bundled
extension in place, for the tests."""
import os
import re
import shlex
import subprocess

import numpy
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
HEADER = os.path.join(ROOT, "include", "trikmeans.h")
LIB = os.path.join(ROOT, "build", "libtrikmeans.a")


def version():
    """The library's version, from include/trikmeans.h alone."""
    with open(HEADER) as f:
        text = f.read()
    return ".".join(re.search(r"^#define TKM_VERSION_%s (\d+)$" % p, text,
                              re.M).group(1)
                    for p in ("MAJOR", "MINOR", "PATCH"))


def make(*args):
    return subprocess.run(["make", "-s", "-C", ROOT] + list(args),
                          check=True, capture_output=True,
                          text=True).stdout


def pkg_config(*args):
    """pkg-config's answer about trikmeans, or None without one."""
    try:
        r = subprocess.run(["pkg-config"] + list(args) + ["trikmeans"],
                           capture_output=True, text=True)
    except OSError:
        return None
    return r.stdout.strip() if r.returncode == 0 else None


def runtime_path(d):
    """Where d will be when the extension runs: pkg-config prefixes its
    paths with PKG_CONFIG_SYSROOT_DIR (a staging tree, such as Debian's
    debian/tmp), which is right for the link but not for a run path."""
    root = os.environ.get("PKG_CONFIG_SYSROOT_DIR", "").rstrip("/")
    if d and root and (d == root or d.startswith(root + "/")):
        return d[len(root):] or "/"
    return d


def system_libdir(d):
    """A directory the dynamic loader searches without being told."""
    d = os.path.normpath(d)
    return d in ("/lib", "/lib64", "/usr/lib", "/usr/lib64") or \
        re.fullmatch(r"/(usr/)?lib/[a-z0-9_]+-linux-gnu[a-z0-9_]*", d)


class BuildWithLibrary(build_ext):
    """The extension linked with an installed libtrikmeans.so, or with
    the library built here (make) and what it needs (OpenMP, OpenBLAS;
    the CUDA runtime is inside the library)."""

    def run(self):
        how = os.environ.get("TRIKMEANS_LINK", "auto")
        if how not in ("auto", "installed", "bundled"):
            raise SystemExit("TRIKMEANS_LINK=%s: auto, installed or bundled"
                             % how)
        found = None if how == "bundled" else pkg_config("--modversion")
        if how == "installed" and found is None:
            raise SystemExit("TRIKMEANS_LINK=installed: pkg-config finds no "
                             "trikmeans (PKG_CONFIG_PATH?)")
        if found is not None and found != version():
            if how == "installed":
                raise SystemExit("TRIKMEANS_LINK=installed: the installed "
                                 "trikmeans is %s, this package %s"
                                 % (found, version()))
            print("trikmeans: the installed library is %s, this package "
                  "%s: building its own" % (found, version()))
            found = None
        for ext in self.extensions:
            if found is not None:
                ext.include_dirs = [
                    a[2:] for a in shlex.split(pkg_config("--cflags-only-I"))
                ] + [numpy.get_include()]
                ext.extra_link_args = shlex.split(pkg_config("--libs"))
                libdir = runtime_path(pkg_config("--variable=libdir"))
                if libdir and not system_libdir(libdir):
                    ext.extra_link_args.append("-Wl,-rpath," + libdir)
            else:
                make("-j%d" % (os.cpu_count() or 1), "build/libtrikmeans.a")
                ext.extra_objects = [LIB]
                ext.extra_link_args = shlex.split(make("print-libs"))
        super().run()


setup(
    name="trikmeans",
    version=version(),
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
