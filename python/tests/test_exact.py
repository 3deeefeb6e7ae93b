"""Exact for every finite input (issue 38): each hostile case against
references outside the library -- scikit-learn's Lloyd in float64 and the
exact means in rational arithmetic (fractions.Fraction; float() of a
Fraction is the correctly rounded double) -- never against trikmeans's own
sequential Lloyd."""
import warnings
from fractions import Fraction

import numpy as np
import pytest

import trikmeans

sklearn = pytest.importorskip("sklearn")
from sklearn.cluster import KMeans as SKMeans  # noqa: E402

# scikit-learn places a cluster left with no weight at the heaviest
# cluster's centre from 1.5 on (1.2 left it at its sums): the comparisons
# that meet one need that rule
HEAVIEST = tuple(int(v) for v in sklearn.__version__.split(".")[:2]) >= (1, 5)

SOLVERS = [(a, f) for a in trikmeans.ALGORITHMS
           for f in ("seq", "omp")]


def exact_means(X, labels, k, w=None):
    """The correctly rounded (weighted) mean of each cluster, or None for a
    cluster of no weight."""
    w = np.ones(len(X)) if w is None else w
    out = []
    for c in range(k):
        idx = np.flatnonzero(labels == c)
        tw = sum((Fraction(float(w[i])) for i in idx), Fraction(0))
        if tw == 0:
            out.append(None)
            continue
        out.append([float(sum((Fraction(float(w[i])) * Fraction(float(X[i, j]))
                               for i in idx), Fraction(0)) / tw)
                    for j in range(X.shape[1])])
    return out


def assert_exact(km, X, w=None):
    """Every centroid of a cluster with weight is the correctly rounded
    mean of its points, bit for bit."""
    ref = exact_means(X, km.labels_, km.n_clusters, w)
    for c, r in enumerate(ref):
        if r is not None:
            assert km.cluster_centers_[c].tolist() == r, c


def sk(X, init, w=None, **kw):
    return SKMeans(len(init), init=init, n_init=1, tol=0, max_iter=300,
                   algorithm="lloyd", **kw).fit(X, sample_weight=w)


def tk(X, init, alg, form, w=None, **kw):
    return trikmeans.KMeans(len(init), init=init, n_init=1, tol=0,
                            max_iter=300, algorithm=alg, form=form,
                            **kw).fit(X, sample_weight=w)


@pytest.mark.parametrize("alg,form", SOLVERS)
def test_outliers_keep_small_clusters(alg, form):
    # 3,000 points in [0, 1e-3]^2 and two at +-1e16 in column 0: a grid set
    # by the column's largest value would wipe out the small clusters
    rng = np.random.default_rng(1)
    X = np.vstack([rng.uniform(0, 1e-3, (3000, 2)),
                   [[1e16, 5e-4], [-1e16, 5e-4]]])
    init = X[np.r_[rng.choice(3000, 6, replace=False), 3000, 3001]]
    ref = sk(X, init)
    km = tk(X, init, alg, form)
    assert km.n_iter_ == ref.n_iter_
    np.testing.assert_array_equal(km.labels_, ref.labels_)
    assert_exact(km, X)
    assert np.all(km.cluster_centers_[:6, 0] > 0)


@pytest.mark.parametrize("alg,form", SOLVERS)
def test_tiny_weights_are_not_empty(alg, form):
    # a blob of weight 1e-20 beside blobs of weight 1: its summed weight is
    # tiny, not zero, so it is no empty cluster
    rng = np.random.default_rng(2)
    X = np.vstack([rng.normal(c, 0.1, (100, 2)) for c in (0, 5, 10)])
    w = np.r_[np.full(100, 1e-20), np.ones(200)]
    init = X[[0, 100, 200]]
    ref = sk(X, init, w)
    km = tk(X, init, alg, form, w)
    assert km.n_iter_ == ref.n_iter_
    np.testing.assert_array_equal(km.labels_, ref.labels_)
    assert_exact(km, X, w)


@pytest.mark.parametrize("scale", [1e-10, 1e6])
def test_weighted_means_exact(scale):
    # weights far from 1 beside a blob near 1e-12: the weighted mean is
    # the correctly rounded quotient of the two exact sums
    rng = np.random.default_rng(3)
    X = np.vstack([rng.normal(1e-12, 1e-13, (50, 3)),
                   rng.normal(1.0, 0.1, (50, 3))])
    w = np.r_[np.full(50, scale), rng.uniform(0.5, 2, 50)]
    km = tk(X, X[[0, 50]], "lloyd", "omp", w)
    assert_exact(km, X, w)


@pytest.mark.parametrize("seed", range(8))
def test_zero_weights_converge_as_sklearn(seed):
    # many points of weight 0: a cluster of only such points is empty and
    # relocated; no relocation may loop.  (k = 3: where several clusters
    # are empty at once scikit-learn takes the farthest points in
    # np.argpartition's order, which is not sorted; fit.md)
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(150, 2))
    w = np.where(rng.random(150) < 0.3 + 0.08 * seed, 0.0,
                 rng.uniform(0.5, 2, 150))
    w[0] = 1.0
    init = X[rng.choice(150, 3, replace=False)]
    ref = sk(X, init, w)
    km = tk(X, init, "lloyd", "seq", w)
    assert km.n_iter_ < 300
    assert_exact(km, X, w)
    if HEAVIEST:
        assert km.n_iter_ == ref.n_iter_
        np.testing.assert_array_equal(km.labels_, ref.labels_)


def test_one_positive_weight():
    rng = np.random.default_rng(4)
    X = rng.normal(size=(300, 2))
    w = np.zeros(300)
    w[17] = 1.0
    init = X[:3]
    ref = sk(X, init, w)
    km = tk(X, init, "hamerly", "omp", w)
    assert km.n_iter_ < 300
    if HEAVIEST:
        assert km.n_iter_ == ref.n_iter_
        np.testing.assert_array_equal(km.labels_, ref.labels_)


@pytest.mark.parametrize("alg,form", SOLVERS)
def test_relocated_onto_a_point_of_weight_0(alg, form):
    # issue 44's case: the empty cluster takes the farthest point, which
    # weighs 0, so it still holds no weight and takes the heaviest
    # cluster's mean; the next assignment ties and changes no label.
    # scikit-learn from 1.5 does the same; before 1.5 it left the cluster
    # at its sums, 0 in its centred coordinates: X's unweighted mean
    # (python.md)
    X = np.array([[0.0], [1.0], [10.0]])
    w = np.array([1.0, 1.0, 0.0])
    init = np.array([[0.5], [100.0]])
    with pytest.warns(Warning, match="points of weight 0"):
        km = tk(X, init, alg, form, w, empty="farthest")
    assert km.n_iter_ == 2
    assert km.labels_.tolist() == [0, 0, 0]
    assert_exact(km, X, w)
    assert km.cluster_centers_[1].tolist() == km.cluster_centers_[0].tolist()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ref = sk(X, init, w)
    assert ref.n_iter_ == km.n_iter_
    if HEAVIEST:
        assert ref.labels_.tolist() == km.labels_.tolist()
        np.testing.assert_allclose(ref.cluster_centers_, km.cluster_centers_,
                                   rtol=1e-12)
    else:
        assert ref.labels_.tolist() == [0, 0, 1]
        np.testing.assert_allclose(ref.cluster_centers_,
                                   [km.cluster_centers_[0], X.mean(axis=0)],
                                   rtol=1e-12)


@pytest.mark.parametrize("alg,form", SOLVERS)
def test_relocation_of_a_lone_point(alg, form):
    # the farthest point is alone in its cluster: it leaves it, and the
    # cluster left with no point takes the heaviest cluster's mean
    # (HEAVIEST)
    # (random values: scikit-learn breaks ties of distance among the
    # farthest points in np.argpartition's order, trikmeans by index)
    X = np.r_[np.random.default_rng(9).uniform(0, 0.5, 40), 60.0][:, None]
    init = np.array([[0.0], [6.0], [100.0]])
    ref = sk(X, init)
    km = tk(X, init, alg, form, empty="farthest")
    if HEAVIEST:
        # (scikit-learn's centres are float sums: within 1e-12)
        assert (km.n_iter_, km.labels_.tolist()) == \
            (ref.n_iter_, ref.labels_.tolist())
        np.testing.assert_allclose(km.cluster_centers_, ref.cluster_centers_,
                                   rtol=1e-12)
    assert_exact(km, X)


@pytest.mark.parametrize("seed", range(20))
def test_iterations_stop_when_no_centroid_moves(seed):
    # at tol 0 scikit-learn also stops after an update that moved no
    # centroid (duplicates, k = n, relocations)
    rng = np.random.default_rng(seed)
    X = np.round(rng.normal(size=(30, 2)), 1)
    X = np.vstack([X, X[:10]])
    init = X[rng.choice(len(X), 8 + seed % 5, replace=False)]
    ref = sk(X, init)
    km = tk(X, init, "lloyd", "seq", empty="farthest")
    assert km.n_iter_ == ref.n_iter_
    np.testing.assert_array_equal(km.labels_, ref.labels_)


def test_k_equal_n_stops_after_one_iteration():
    # every point its own centroid: the first update moves none, so
    # scikit-learn stops after one iteration (no second pass to see that
    # no label changes)
    X = np.random.default_rng(8).random((60, 3))
    ref = sk(X, X)
    for alg in trikmeans.ALGORITHMS:
        km = tk(X, X, alg, "omp")
        assert km.n_iter_ == ref.n_iter_ == 1
        np.testing.assert_array_equal(km.labels_, ref.labels_)


@pytest.mark.parametrize("dtype,big", [(np.float32, 1.5e19), (np.float64, 1e155)])
def test_values_whose_squares_overflow_are_refused(dtype, big):
    X = np.random.default_rng(5).random((200, 2))
    X[7, 1] = big
    with pytest.raises(ValueError, match=r"X\[7, 1\].*largest magnitude"):
        trikmeans.KMeans(3, n_init=1).fit(X.astype(dtype))


def test_inertia_never_inf_without_error():
    X = np.random.default_rng(6).random((100, 2)) * 1e10
    w = np.full(100, 1e300)
    with pytest.raises((ValueError, ArithmeticError), match="inertia"):
        trikmeans.KMeans(3, n_init=1).fit(X, sample_weight=w)
