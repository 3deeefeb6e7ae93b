"""What every Python test needs, checked once before any test runs: the
packages `make deps` installs for them (Makefile's DEB_PKGS).  A missing
one fails the run and names its package, instead of skipping the tests
that need it: a run that skipped them would pass without having compared
the estimator with scikit-learn at all."""
import importlib

import pytest

# module: the Debian package that brings it
REQUIRED = {"numpy": "python3-numpy", "sklearn": "python3-sklearn",
            "pandas": "python3-pandas", "scipy": "python3-scipy"}


def pytest_sessionstart(session):
    missing = []
    for module, package in REQUIRED.items():
        try:
            importlib.import_module(module)
        except ImportError as e:
            missing.append("%s (%s): %s" % (module, package, e))
    if missing:
        pytest.exit("the Python tests need what `make deps` installs; "
                    "missing: " + "; ".join(missing), returncode=1)
