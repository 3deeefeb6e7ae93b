"""What a user reads, as scikit-learn's KMeans says it (issue 44): the
lines of verbose=1, the RuntimeWarnings on an init array with n_init > 1
and on Elkan with one cluster, and the ConvergenceWarning on fewer
clusters than n_clusters -- each against scikit-learn's own output for the
same input, not against a copy of its text."""
import re
import warnings

import numpy as np
import pytest
from sklearn.cluster import KMeans as SKMeans
from sklearn.exceptions import ConvergenceWarning

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


def caught(fit):
    """The warnings fit raises, as (category, message) pairs."""
    with warnings.catch_warnings(record=True) as rec:
        warnings.simplefilter("always")
        fit()
    return [(w.category, str(w.message)) for w in rec
            if not issubclass(w.category, (FutureWarning,
                                           DeprecationWarning))]


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


@pytest.mark.parametrize("n_init", [2, 10])
def test_init_array_with_n_init_warns_as_sklearn(capsys, n_init):
    X = np.random.default_rng(6).random((200, 2))
    c0 = X[:3]
    ours = caught(lambda: trikmeans.KMeans(3, init=c0, n_init=n_init).fit(X))
    ref = caught(lambda: SKMeans(3, init=c0, n_init=n_init).fit(X))
    assert ours == ref and ours[0][0] is RuntimeWarning
    # one start only
    with pytest.warns(RuntimeWarning):
        out = printed(capsys, lambda: trikmeans.KMeans(
            3, init=c0, n_init=n_init, verbose=1).fit(X))
    assert out.count("Initialization complete") == 1
    # n_init="auto" is one start for an array: no warning
    assert caught(lambda: trikmeans.KMeans(3, init=c0).fit(X)) == []


def test_elkan_with_one_cluster_warns_and_runs_lloyd():
    X = np.random.default_rng(7).normal(size=(300, 2))
    ours = caught(lambda: trikmeans.KMeans(1, algorithm="elkan",
                                           n_init=1).fit(X))
    ref = caught(lambda: SKMeans(1, algorithm="elkan", n_init=1).fit(X))
    assert ours == ref and ours[0][0] is RuntimeWarning
    with pytest.warns(RuntimeWarning):
        km = trikmeans.KMeans(1, algorithm="elkan", n_init=1,
                              form="seq").fit(X)
    # Lloyd computes every distance again in the last iteration, where
    # Elkan's bounds would have skipped them all
    assert km.stats_["dist_pc"].tolist() == [300] * km.n_iter_
    assert caught(lambda: trikmeans.KMeans(2, algorithm="elkan",
                                           n_init=1).fit(X)) == []


def test_fewer_distinct_points_warns_as_sklearn():
    X = np.asarray([[0, 0], [0, 1], [1, 0], [1, 0]], dtype=float)
    ours = caught(lambda: trikmeans.KMeans(4, random_state=0).fit(X))
    ref = caught(lambda: SKMeans(4, n_init=1, random_state=0).fit(X))
    assert ours == ref and ours[0][0] is ConvergenceWarning
    assert len(ours) == 1
    # enough distinct points: scikit-learn's first sentence, then the
    # cause (no duplicates)
    X = np.array([[0, 0], [.5, 0], [.5, 1], [1, 1]], dtype=float)
    with pytest.warns(ConvergenceWarning) as rec:
        trikmeans.KMeans(2, init=np.array([[.5, .5], [3, 3]]), n_init=1,
                         empty="keep").fit(X)
    said = str(rec[0].message)
    assert said.startswith("Number of distinct clusters (1) found smaller "
                           "than n_clusters (2). X has 4 distinct points")
    assert "empty='keep'" in said
