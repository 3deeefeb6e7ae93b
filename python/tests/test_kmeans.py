"""The Python package: scikit-learn's estimator checks, the same result as
scikit-learn's Lloyd and as the command from the same start, the
library's errors as Python exceptions, Ctrl-C, and no copy of X."""
import os
import signal
import subprocess
import threading
import time
import tracemalloc

import numpy as np
import pandas as pd
import pytest
from sklearn.base import clone
from sklearn.cluster import KMeans as SKMeans
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.utils.estimator_checks import check_estimator

import trikmeans

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
BIN = os.environ.get("TKM_BIN", os.path.join(ROOT, "build", "trikmeans"))


def uniform(n, d, seed=0, dtype=np.float64):
    return np.random.default_rng(seed).random((n, d)).astype(dtype)


def test_check_estimator():
    # every check scikit-learn generates for this estimator, but that
    # integer sample weights equal repeating or removing points (the start
    # draws rows by position: other draws; scikit-learn's KMeans is
    # excused the same checks)
    import inspect
    kw = {}
    if "expected_failed_checks" in inspect.signature(
            check_estimator).parameters:
        why = trikmeans._ZERO_WEIGHT_WHY
        kw["expected_failed_checks"] = {
            "check_sample_weights_invariance": why,
            "check_sample_weight_equivalence_on_dense_data": why,
            "check_sample_weight_equivalence_on_sparse_data": why}
    check_estimator(trikmeans.KMeans(n_init=1), **kw)


@pytest.mark.parametrize("algorithm", trikmeans.ALGORITHMS)
@pytest.mark.parametrize("dtype", [np.float64, np.float32])
@pytest.mark.parametrize("tol,max_iter", [(1e-4, 300), (0.0, 300),
                                          (0.0, 5)])
def test_like_sklearn(algorithm, dtype, tol, max_iter):
    X = uniform(4000, 3, seed=1, dtype=dtype)
    c0 = X[np.random.default_rng(2).choice(len(X), 12, replace=False)]
    ours = trikmeans.KMeans(12, algorithm=algorithm, form="seq", init=c0,
                            n_init=1, tol=tol, max_iter=max_iter).fit(X)
    ref = SKMeans(12, init=c0, n_init=1, tol=tol, max_iter=max_iter,
                  algorithm="lloyd").fit(X)
    assert ours.n_iter_ == ref.n_iter_
    assert ours.cluster_centers_.dtype == dtype
    if dtype == np.float64:
        assert np.array_equal(ours.labels_, ref.labels_)
        np.testing.assert_allclose(ours.cluster_centers_,
                                   ref.cluster_centers_, rtol=1e-12,
                                   atol=1e-12)
    else:
        assert np.mean(ours.labels_ != ref.labels_) < 1e-3
        np.testing.assert_allclose(ours.cluster_centers_,
                                   ref.cluster_centers_, rtol=1e-4,
                                   atol=1e-4)
    assert ours.inertia_ == pytest.approx(ref.inertia_, rel=1e-4)


@pytest.mark.parametrize("algorithm", trikmeans.ALGORITHMS)
@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_form_auto(algorithm, dtype):
    """form='auto' fits on cuda-shared where a GPU is usable (on the GPU
    machine) and the algorithm has that form, else in omp, with the
    sequential form's labels and iterations from the same start."""
    X = uniform(5000, 6, seed=11, dtype=dtype)
    c0 = X[np.random.default_rng(12).choice(len(X), 20, replace=False)]
    auto = trikmeans.KMeans(20, algorithm=algorithm, init=c0).fit(X)
    gpu = trikmeans.info()["forms"]["cuda-shared"] is None
    has = trikmeans._core.form_available("cuda-shared", algorithm) is None
    assert not has or gpu  # the pair runs only where the form does
    assert trikmeans._core.form_available("omp", algorithm) is None
    gpu = gpu and has
    assert auto.form_ == ("cuda-shared" if gpu else "omp")
    seq = trikmeans.KMeans(20, algorithm="lloyd", form="seq", init=c0).fit(X)
    assert seq.form_ == "seq"
    assert auto.n_iter_ == seq.n_iter_
    assert np.array_equal(auto.labels_, seq.labels_)
    tol = 1e-4 if dtype == np.float32 else 1e-12
    np.testing.assert_allclose(auto.cluster_centers_, seq.cluster_centers_,
                               rtol=tol, atol=tol)


@pytest.mark.parametrize("prec,dtype", [("f64", np.float64),
                                        ("f32", np.float32)])
def test_like_the_command(tmp_path, prec, dtype):
    if not os.access(BIN, os.X_OK):
        if "TKM_BIN" in os.environ:  # make test names it: it must be there
            pytest.fail("TKM_BIN=%s is not an executable" % BIN)
        pytest.skip("no %s: run make first" % BIN)
    X = uniform(3000, 4, seed=3)
    c0 = X[:10].copy()
    np.save(tmp_path / "x.npy", X)
    np.save(tmp_path / "c0.npy", c0)
    subprocess.run([BIN, "fit", str(tmp_path / "x.npy"), "-k", "10",
                    "--init", str(tmp_path / "c0.npy"), "--algorithm",
                    "elkan", "--form", "omp", "--precision", prec, "--tol",
                    "1e-3", "--centroids", str(tmp_path / "c.npy"),
                    "--labels", str(tmp_path / "l.npy"), "-q"], check=True)
    km = trikmeans.KMeans(10, algorithm="elkan", form="omp", init=c0,
                          tol=1e-3).fit(X.astype(dtype))
    cli_c = np.load(tmp_path / "c.npy")
    assert np.array_equal(np.load(tmp_path / "l.npy"), km.labels_)
    # bit for bit: the command writes float64, the estimator keeps X's
    # dtype (exact for f32 values)
    assert np.array_equal(cli_c.astype(dtype), km.cluster_centers_)


def test_methods_and_stats():
    X = uniform(2000, 2, seed=4)
    km = trikmeans.KMeans(6, algorithm="hamerly", random_state=0).fit(X)
    assert np.array_equal(km.predict(X), km.labels_)
    dist = km.transform(X)
    assert dist.shape == (2000, 6)
    np.testing.assert_array_equal(dist.argmin(axis=1), km.labels_)
    assert km.score(X) == pytest.approx(-km.inertia_, rel=1e-12)
    assert np.array_equal(clone(km).fit_predict(X), km.labels_)
    s = km.stats_
    for key in ("changed", "dist_pc", "dist_cc", "pruned_points",
                "pruned_pairs", "max_drift", "shift2", "t_assign"):
        assert len(s[key]) == km.n_iter_
    assert s["dist_pc"][0] == 2000 * 6
    assert s["pruned_points"][-1] > 0
    assert s["stop"] in ("labels", "tol")
    pipe = make_pipeline(StandardScaler(), trikmeans.KMeans(4, n_init=1))
    assert pipe.fit_predict(X).shape == (2000,)


@pytest.mark.parametrize("algorithm", ["lloyd", "hamerly"])
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_screen_same_result(algorithm, dtype):
    X = uniform(700, 260, seed=8, dtype=dtype)
    km = {s: trikmeans.KMeans(70, algorithm=algorithm, form="omp",
                              n_threads=2, random_state=3, max_iter=20,
                              screen=s)
          for s in ("off", "on", "auto")}
    try:
        km["on"].fit(X)
    except RuntimeError as e:  # a build without OpenBLAS says so
        assert "OpenBLAS" in str(e)
        pytest.skip(str(e))
    km["off"].fit(X)
    # d >= 256 and k >= 64: on, but where OpenBLAS took kernels narrower
    # than the processor's (test_screen's test_auto holds that rule)
    km["auto"].fit(X)
    assert km["auto"].stats_["screened"][0] in (0, 700 * 70)
    for s in ("on", "auto"):
        assert np.array_equal(km[s].labels_, km["off"].labels_)
        assert km[s].cluster_centers_.tobytes() == \
            km["off"].cluster_centers_.tobytes()
        assert km[s].n_iter_ == km["off"].n_iter_
        assert np.array_equal(km[s].stats_["dist_pc"],
                              km["off"].stats_["dist_pc"])
    assert km["on"].stats_["screened"][0] == 700 * 70
    assert km["off"].stats_["screened"].sum() == 0
    with pytest.raises(ValueError, match="screen must be"):
        trikmeans.KMeans(3, screen="yes").fit(X)
    with pytest.raises(RuntimeError, match="screening"):
        trikmeans.KMeans(3, algorithm="elkan", form="omp",
                         screen="on").fit(X)


def _openblas():
    """The OpenBLAS the extension is linked with (loaded once per process:
    the same library object), or None."""
    import ctypes
    try:
        lib = ctypes.CDLL("libopenblas.so.0")
        lib.openblas_get_num_threads.restype = ctypes.c_int
        return lib
    except (OSError, AttributeError):
        return None


def test_concurrent_fits_keep_blas_threads():
    """Fits in several threads at once (the GIL released), each screening
    through OpenBLAS on one thread: the caller's OpenBLAS thread count is
    the same after them, and each fit's result that of the fit alone."""
    lib = _openblas()
    if lib is None:
        pytest.skip("no libopenblas.so.0 here")
    X = uniform(600, 260, seed=9)
    one = trikmeans.KMeans(70, algorithm="hamerly", form="omp", n_threads=1,
                           random_state=4, max_iter=15, screen="on")
    try:
        want = clone(one).fit(X)
    except RuntimeError as e:  # a build without OpenBLAS says so
        pytest.skip(str(e))
    before = lib.openblas_get_num_threads()
    lib.openblas_set_num_threads(3)
    try:
        for _ in range(10):
            got, errors = [None] * 4, []

            def run(i):
                try:
                    got[i] = clone(one).fit(X)
                except Exception as e:  # noqa: BLE001 (reported below)
                    errors.append(e)
            ts = [threading.Thread(target=run, args=(i,)) for i in range(4)]
            for t in ts:
                t.start()
            for t in ts:
                t.join()
            assert not errors
            assert lib.openblas_get_num_threads() == 3
            for km in got:
                assert np.array_equal(km.labels_, want.labels_)
    finally:
        lib.openblas_set_num_threads(before)


@pytest.mark.parametrize("algorithm", trikmeans.ALGORITHMS)
def test_empty_clusters_relocate_like_sklearn(algorithm):
    """A cluster left without points takes the point farthest from its
    centroid, which leaves its own cluster, as scikit-learn does: the same
    iterations, labels and centres from the same start."""
    X = np.array([[0, 0], [.5, 0], [.5, 1], [1, 1]], dtype=np.float64)
    c0 = np.array([[.5, .5], [3, 3]])
    ours = trikmeans.KMeans(2, algorithm=algorithm, init=c0, n_init=1,
                            form="seq").fit(X)
    ref = SKMeans(2, init=c0, n_init=1).fit(X)
    assert ours.inertia_ == pytest.approx(ref.inertia_) == 0.25
    assert ours.n_iter_ == ref.n_iter_
    # (0, 0) and (1, 1) are equally far: we take the lower index,
    # scikit-learn whichever numpy.argpartition puts last; apart from ties
    # the labels and centres are the same
    X[3] = [1.1, 1]
    ours = trikmeans.KMeans(2, algorithm=algorithm, init=c0, n_init=1,
                            form="seq").fit(X)
    ref = SKMeans(2, init=c0, n_init=1).fit(X)
    assert ours.n_iter_ == ref.n_iter_
    assert np.array_equal(ours.labels_, ref.labels_)
    np.testing.assert_allclose(ours.cluster_centers_, ref.cluster_centers_)
    # several empty clusters at once (one or two an iteration: scikit-
    # learn's order among more is numpy.argpartition's)
    X = uniform(3000, 2, seed=11)
    c0 = np.vstack([X[:6], [[40, 40], [-40, 40]]])
    ours = trikmeans.KMeans(8, algorithm=algorithm, init=c0, n_init=1,
                            form="seq", tol=0).fit(X)
    ref = SKMeans(8, init=c0, n_init=1, tol=0).fit(X)
    assert ours.n_iter_ == ref.n_iter_
    assert np.array_equal(ours.labels_, ref.labels_)
    np.testing.assert_allclose(ours.cluster_centers_, ref.cluster_centers_,
                               rtol=1e-12, atol=1e-12)
    # keep: the empty centroid stays where it is, and that is warned
    with pytest.warns(Warning, match=r"distinct clusters \(1\) found "
                      r"smaller than n_clusters \(2\)"):
        kept = trikmeans.KMeans(2, init=np.array([[.5, .5], [3, 3]]),
                                n_init=1, empty="keep").fit(
            np.array([[0, 0], [.5, 0], [.5, 1], [1, 1]], dtype=float))
    assert kept.inertia_ == pytest.approx(1.5)
    assert np.array_equal(kept.cluster_centers_[1], [3, 3])


def test_n_init_keeps_the_best():
    X = uniform(1500, 2, seed=5)
    many = trikmeans.KMeans(20, init="random", n_init=6,
                            random_state=7).fit(X)
    each = [trikmeans.KMeans(20, init="random", n_init=1,
                             random_state=7 + i).fit(X).inertia_
            for i in range(6)]
    assert many.inertia_ == min(each)


def test_n_init_auto_like_sklearn():
    """n_init="auto" runs what scikit-learn runs (its test_k_means.py
    reads _n_init): one start for k-means++ and an init array, ten for
    "random" and for a callable, which is called once a start."""
    X = uniform(300, 3, seed=6)
    calls = []

    def init(X, k, random_state):
        calls.append(1)
        return X[random_state.permutation(len(X))[:k]]

    for how, starts in (("k-means++", 1), ("random", 10), (init, 10),
                        (X[:4], 1)):
        km = trikmeans.KMeans(4, init=how, n_init="auto",
                              random_state=0).fit(X)
        assert km._n_init == starts
    assert len(calls) == 10
    with pytest.warns(RuntimeWarning, match="only one init"):
        km = trikmeans.KMeans(4, init=X[:4], n_init=3).fit(X)
    assert km._n_init == 1


def test_degenerate_warnings():
    """Fewer distinct points than n_clusters warns, once, as scikit-learn
    does (test_messages.py compares the texts)."""
    X = np.repeat(np.array([[0.0, 0.0], [1.0, 1.0], [2.0, 2.0]]), 10, axis=0)
    with pytest.warns(Warning, match=r"distinct clusters \(3\) found "
                      r"smaller than n_clusters \(5\)") as rec:
        trikmeans.KMeans(5, init="random", random_state=0).fit(X)
    assert len(rec) == 1
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        trikmeans.KMeans(3, random_state=0).fit(X)  # no warning


def test_errors():
    X = uniform(50, 2)
    with pytest.raises(ValueError, match="n_clusters"):
        trikmeans.KMeans(60).fit(X)
    # n_clusters itself first, whatever the data
    for bad_k in (0, -1, 2.5, "3", True):
        with pytest.raises(ValueError, match="n_clusters must be an integer "
                           ">= 1, got"):
            trikmeans.KMeans(bad_k).fit(X)
    with pytest.raises(ValueError, match="unknown algorithm"):
        trikmeans.KMeans(3, algorithm="fast").fit(X)
    # the library's names, scikit-learn's two among them
    assert {"lloyd", "elkan"} <= set(trikmeans.ALGORITHMS)
    forms = trikmeans.info()["forms"]
    if forms["cuda-global"] is not None:  # no GPU: the library says why
        with pytest.raises(RuntimeError, match="cuda-global"):
            trikmeans.KMeans(3, form="cuda-global").fit(X)
    with pytest.raises(ValueError, match="features"):
        trikmeans.KMeans(3).fit(X).predict(uniform(5, 3))
    bad = X.copy()
    bad[3, 1] = np.nan
    with pytest.raises(ValueError, match=r"Input X contains NaN: point 3, "
                       r"column 1 \(X\[3, 1\]\) is nan"):
        trikmeans.KMeans(3).fit(bad)


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_error_places_count_from_0(dtype):
    """A message that names a point or a column counts from 0, as X[i, j]
    does: in the data (at the start and in the fit), in an init array and
    in predict."""
    rng = np.random.default_rng(7)
    X = uniform(60, 4, seed=7, dtype=dtype)
    for _ in range(3):
        i, j = int(rng.integers(60)), int(rng.integers(4))
        bad = X.copy()
        bad[i, j] = np.nan
        where = r"Input X contains NaN: point %d, column %d \(X\[%d, %d\]\)" \
            % (i, j, i, j)
        with pytest.raises(ValueError, match=where):
            trikmeans.KMeans(3, random_state=0).fit(bad)
        with pytest.raises(ValueError, match=where):
            trikmeans.KMeans(3, init=X[:3]).fit(bad)
        km = trikmeans.KMeans(3, random_state=0).fit(X)
        with pytest.raises(ValueError, match=where):
            km.predict(bad)
        c, f = int(rng.integers(3)), int(rng.integers(4))
        start = X[:3].astype(np.float64)
        start[c, f] = np.inf
        with pytest.raises(ValueError, match=r"Input init contains infinity: "
                           r"initial centroid %d, column %d \(init\[%d, %d\]\)"
                           % (c, f, c, f)):
            trikmeans.KMeans(3, init=start).fit(X)


def test_info():
    i = trikmeans.info()
    assert i["version"] == trikmeans.__version__
    assert set(i["forms"]) == {"seq", "omp", "cuda-global", "cuda-shared"}
    assert i["forms"]["seq"] is None
    assert i["precisions"] == ("f32", "f64")
    assert i["openmp_threads"] >= 1
    # the command says the same
    if os.access(BIN, os.X_OK):
        out = subprocess.run([BIN, "info"], capture_output=True, text=True,
                             check=True).stdout
        assert "trikmeans %s" % i["version"] in out
        assert "cpu kernels: %s" % i["cpu_kernels"] in out
        for form, why in i["forms"].items():
            assert ("absent: %s" % why if why else "available") in \
                [ln.split(form, 1)[1].strip() for ln in out.splitlines()
                 if ln.strip().startswith(form + " ")][0]


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_x_used_in_place(dtype):
    # a C-contiguous float32 or float64 X reaches the library without a
    # copy: the fit allocates the labels (4 bytes a point) and little else
    X = uniform(400000, 8, seed=6, dtype=dtype)
    tracemalloc.start()
    trikmeans.KMeans(4, form="seq", n_init=1, max_iter=3,
                     random_state=0).fit(X)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    labels = 4 * X.shape[0]
    assert peak < 1.2 * labels + 2**20 < X.nbytes / 4, (peak, X.nbytes)


def test_ctrl_c_stops_the_fit():
    X = uniform(300000, 4, seed=8)
    km = trikmeans.KMeans(300, algorithm="lloyd", form="seq", n_init=1,
                          tol=0.0, max_iter=300, random_state=0)
    timer = threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT))
    t0 = time.time()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        km.fit(X)
    timer.cancel()
    assert time.time() - t0 < 30
    assert not hasattr(km, "cluster_centers_")


@pytest.mark.parametrize("algorithm", trikmeans.ALGORITHMS)
@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_sample_weight_like_sklearn(algorithm, dtype):
    """Weighted fits equal scikit-learn's from the same start: labels,
    centres, inertia and iterations; score weighs each point too."""
    X = uniform(3000, 3, seed=21, dtype=dtype)
    w = np.random.default_rng(22).random(3000) * 3
    w[::7] = 0
    c0 = X[:9].astype(np.float64)
    # (scikit-learn's tol=0 also stops when the centres did not move
    # though points of weight 0 changed cluster; its default tol here)
    ours = trikmeans.KMeans(9, algorithm=algorithm, init=c0,
                            n_init=1).fit(X, sample_weight=w)
    ref = SKMeans(9, init=c0, n_init=1).fit(X.astype(np.float64),
                                            sample_weight=w)
    # "auto" with weights: the GPU where it runs the algorithm
    gpu = trikmeans._core.form_available("cuda-shared", algorithm) is None
    assert ours.form_ == ("cuda-shared" if gpu else "omp")
    assert ours.n_iter_ == ref.n_iter_
    rtol = 1e-12 if dtype == np.float64 else 1e-4
    if dtype == np.float64:
        assert np.array_equal(ours.labels_, ref.labels_)
    np.testing.assert_allclose(ours.cluster_centers_, ref.cluster_centers_,
                               rtol=rtol, atol=rtol)
    assert ours.inertia_ == pytest.approx(ref.inertia_, rel=rtol)
    assert ours.score(X, sample_weight=w) == pytest.approx(
        ref.score(X.astype(np.float64), sample_weight=w), rel=rtol)
    # unit weights are no weights, bit for bit
    a = trikmeans.KMeans(9, init=c0, n_init=1, form="omp").fit(X)
    b = trikmeans.KMeans(9, init=c0, n_init=1, form="omp").fit(
        X, sample_weight=1.0)
    assert np.array_equal(a.cluster_centers_, b.cluster_centers_)
    assert a.inertia_ == b.inertia_


@pytest.mark.parametrize("init", ["k-means++", "kmeans++", "random",
                                  "farthest"])
def test_weighted_starts(init):
    """The starts weigh their draws as scikit-learn's (from 1.3): no point
    of weight 0 is a starting centroid, in a fit as through scikit-learn's
    private _init_centroids; unit weights are no weights; a CUDA form
    starts where the CPU does."""
    X = uniform(600, 4, seed=31)
    w = np.random.default_rng(32).random(600) + 0.01
    w[1::2] = 0
    km = trikmeans.KMeans(8, init=init, n_init=1, random_state=5)
    for seed in range(20):
        c = km._init_centroids(X, None, init,
                               np.random.RandomState(seed), w,
                               n_centroids=8)
        assert c.shape == (8, 4) and c.dtype == X.dtype
        rows = [np.flatnonzero((X == r).all(axis=1)) for r in c]
        assert all(len(i) == 1 and i[0] % 2 == 0 for i in rows)
    # the fit's own start: one iteration from it leaves every centroid a
    # weighted mean of points of weight above 0 (a start on a point of
    # weight 0 could leave a cluster of no weight at that point)
    one = trikmeans.KMeans(8, init=init, n_init=1, random_state=5,
                           max_iter=1, form="seq").fit(X, sample_weight=w)
    start = km._init_centroids(X, None, init, 5, w)
    ref = trikmeans.KMeans(8, init=start, n_init=1, max_iter=1,
                           form="seq").fit(X, sample_weight=w)
    assert np.array_equal(one.cluster_centers_, ref.cluster_centers_)
    # unit weights: the unweighted start, bit for bit
    assert np.array_equal(km._init_centroids(X, None, init, 5, None),
                          km._init_centroids(X, None, init, 5,
                                             np.ones(600)))
    if trikmeans._core.form_available("cuda-shared") is None:
        g = trikmeans.KMeans(8, init=init, n_init=1, random_state=5,
                             max_iter=1, form="cuda-shared").fit(
                                 X, sample_weight=w)
        assert np.array_equal(g.cluster_centers_, one.cluster_centers_)
    # random needs n_clusters points of weight above 0
    with pytest.raises(ValueError, match="weight above 0"):
        km._init_centroids(X, None, "random", 1, np.r_[np.ones(3),
                                                       np.zeros(597)])


def test_sample_weight_refused():
    X = uniform(100, 2, seed=3)
    km = trikmeans.KMeans(3, n_init=1, form="seq")
    with pytest.raises(ValueError, match=r"sample_weight\[4\] is -1.0"):
        km.fit(X, sample_weight=np.r_[np.ones(4), -1, np.ones(95)])
    with pytest.raises(ValueError, match="expected"):
        km.fit(X, sample_weight=np.ones(99))
    with pytest.raises(ValueError, match="every sample weight is zero"):
        km.fit(X, sample_weight=0)
    if trikmeans.info()["forms"]["cuda-shared"] is not None:  # no GPU
        with pytest.raises(RuntimeError, match="cuda-shared"):
            trikmeans.KMeans(3, form="cuda-shared").fit(X, sample_weight=1)


def test_sklearn_parameters_and_outputs(capsys):
    """verbose, copy_x (X is never written), a callable init,
    get_feature_names_out and set_output, as scikit-learn's KMeans."""
    X = uniform(500, 2, seed=4)
    X0 = X.copy()
    calls = []

    def start(X, k, random_state):
        calls.append(random_state)
        return X[random_state.choice(len(X), k, replace=False)]

    km = trikmeans.KMeans(4, init=start, n_init=2, verbose=1, copy_x=False,
                          random_state=1).fit(X)
    assert len(calls) == 2 and np.array_equal(X, X0)
    out = capsys.readouterr().out  # (test_messages.py: the lines)
    assert out.count("Initialization complete\nIteration 0, inertia") == 2
    assert list(km.get_feature_names_out()) == ["kmeans0", "kmeans1",
                                                 "kmeans2", "kmeans3"]
    # scikit-learn's words for a start of the wrong shape
    with pytest.raises(ValueError, match=r"initial centers \(3, 2\) does "
                       "not match the number of clusters 4"):
        trikmeans.KMeans(4, init=lambda X, k, random_state: X[:3]).fit(X)
    with pytest.raises(ValueError, match="does not match the number of "
                       "features of the data 2"):
        trikmeans.KMeans(4, init=np.zeros((4, 3))).fit(X)
    t = trikmeans.KMeans(4, n_init=1, random_state=0).set_output(
        transform="pandas").fit_transform(X)
    assert isinstance(t, pd.DataFrame)
    assert list(t.columns) == ["kmeans0", "kmeans1", "kmeans2", "kmeans3"]
