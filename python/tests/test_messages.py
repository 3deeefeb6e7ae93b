"""What a user reads, as scikit-learn's KMeans says it (issue 44): the
lines of verbose=1, against scikit-learn's own output for the same input,
not against a copy of its text."""
import re

import numpy as np
import pytest
from sklearn.cluster import KMeans as SKMeans

import trikmeans

NUMBER = re.compile(r"-?\d+(?:\.\d*)?(?:e[-+]?\d+)?")


def shape_and_numbers(text):
    """The lines with every number replaced by {}, and the numbers."""
    return NUMBER.sub("{}", text).splitlines(), \
        [float(v) for v in NUMBER.findall(text)]


def printed(capsys, fit):
    capsys.readouterr()
    fit()
    return capsys.readouterr().out


@pytest.mark.parametrize("algorithm", trikmeans.ALGORITHMS)
@pytest.mark.parametrize("tol,max_iter", [(1e-2, 300), (0.0, 300),
                                          (1e-4, 3)])
def test_verbose_prints_sklearns_lines(capsys, algorithm, tol, max_iter):
    # from the same start: the same lines, numbers within rounding (the
    # inertia of each assignment, the centre shift and the tolerance);
    # Elkan's lines are scikit-learn's Elkan's, every other algorithm's
    # its Lloyd's
    X = np.random.default_rng(3).normal(size=(2000, 4))
    c0 = X[:5]
    ours = printed(capsys, lambda: trikmeans.KMeans(
        5, algorithm=algorithm, init=c0, n_init=1, tol=tol,
        max_iter=max_iter, verbose=1).fit(X))
    ref = printed(capsys, lambda: SKMeans(
        5, algorithm="elkan" if algorithm == "elkan" else "lloyd", init=c0,
        n_init=1, tol=tol, max_iter=max_iter, verbose=1).fit(X))
    lines, values = shape_and_numbers(ours)
    ref_lines, ref_values = shape_and_numbers(ref)
    assert lines == ref_lines
    np.testing.assert_allclose(values, ref_values, rtol=1e-9)
    assert lines[0] == "Initialization complete"
    assert len(lines) > 3
    if max_iter == 3:
        assert "Converged" not in ours
    else:
        assert ("strict convergence" in ours) == (tol == 0)


def test_verbose_each_start(capsys):
    # every start prints its own lines, counted from iteration 0
    X = np.random.default_rng(4).random((500, 2))
    km = trikmeans.KMeans(6, init="random", n_init=3, random_state=0,
                          verbose=1)
    out = printed(capsys, lambda: km.fit(X))
    starts = out.split("Initialization complete\n")
    assert starts[0] == "" and len(starts) == 4
    for s in starts[1:]:
        assert s.startswith("Iteration 0, inertia ")
        assert re.search(r"^Converged at iteration \d+: ", s, re.M)
    assert printed(capsys, lambda: trikmeans.KMeans(
        6, n_init=1, random_state=0).fit(X)) == ""


class _Closed:
    """A stdout that fails on its third line, and counts the writes
    tried after that."""

    def __init__(self):
        self.lines = 0
        self.after = 0

    def write(self, s):
        if self.lines > 2:
            self.after += 1
        self.lines += s.count("\n")
        if self.lines > 2:
            raise OSError("stdout is closed")
        return len(s)

    def flush(self):
        pass


def test_verbose_error_stops_the_fit(monkeypatch):
    # a line that cannot be printed ends the fit there with that error,
    # rather than being lost while the fit goes on
    X = np.random.default_rng(5).random((2000, 3))
    out = _Closed()
    monkeypatch.setattr("sys.stdout", out)
    with pytest.raises(OSError, match="stdout is closed"):
        trikmeans.KMeans(8, n_init=1, tol=0, random_state=0,
                         verbose=1).fit(X)
    monkeypatch.undo()
    assert out.lines == 3 and out.after == 0
