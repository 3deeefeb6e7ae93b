"""Sparse X (issue 44): scipy.sparse input to the estimator and sparse
files (.npz, .mtx) to the command give the results of the same points
dense, bit for bit (the inertia, summed over the stored values, to its
last bits), and scikit-learn's on the same sparse data."""
import json
import os
import subprocess
import sys

import numpy as np
import pytest
import scipy.io
import scipy.sparse as sp
from sklearn.cluster import KMeans as SKMeans

import trikmeans

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
BIN = os.environ.get("TKM_BIN", os.path.join(ROOT, "build", "trikmeans"))

ALGS = [a for a in ("lloyd", "elkan", "hamerly") if a in trikmeans.ALGORITHMS]


def sparse_data(n, d, seed, dtype=np.float64, density=0.3):
    """A dense n x d matrix, most of it zeros, drawn from seed."""
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d)) * (rng.random((n, d)) < density)
    return X.astype(dtype)


def assert_same_fit(a, b):
    assert np.array_equal(a.labels_, b.labels_)
    assert np.array_equal(a.cluster_centers_, b.cluster_centers_)
    assert a.cluster_centers_.dtype == b.cluster_centers_.dtype
    # summed over the stored values: the dense sum's to its last bits
    assert a.inertia_ == pytest.approx(b.inertia_, rel=1e-10, abs=1e-300)
    assert a.n_iter_ == b.n_iter_


# ---- the estimator, end to end (skip while the library refuses) --------

@pytest.mark.parametrize("algorithm", ALGS)
@pytest.mark.parametrize("form", ["seq", "omp"])
@pytest.mark.parametrize("dtype", [np.float64, np.float32])
@pytest.mark.parametrize("init", ["array", "k-means++"])
def test_sparse_as_dense(algorithm, form, dtype,
                         init):
    X = sparse_data(600, 20, seed=4, dtype=dtype)
    c0 = X[:7].astype(np.float64) if init == "array" else init
    kw = dict(algorithm=algorithm, form=form, init=c0, n_init=1,
              random_state=5)
    dense = trikmeans.KMeans(7, **kw).fit(X)
    for make in (sp.csr_matrix, sp.csr_array):
        S = make(X)
        ours = trikmeans.KMeans(7, **kw).fit(S)
        assert_same_fit(ours, dense)
        assert np.array_equal(ours.predict(S), dense.predict(X))
        assert np.array_equal(ours.transform(S), dense.transform(X))
        assert ours.score(S) == dense.score(X)
        assert np.array_equal(trikmeans.KMeans(7, **kw).fit_predict(S),
                              dense.labels_)


def test_sparse_on_the_gpu():
    """Sparse X in each CUDA form, where one runs: the algorithms the
    estimator sends there (form='auto') give the dense X's result in that
    form bit for bit; the others (Annulus, Exponion: no CUDA form) are
    refused with the library's reason and 'auto' keeps them on the
    CPU."""
    if trikmeans.info()["forms"]["cuda-shared"] is not None:
        pytest.skip("no usable GPU here")
    X = sparse_data(3000, 40, seed=8, density=0.1)
    S = sp.csr_matrix(X)
    c0 = X[:12]
    for algorithm in trikmeans.ALGORITHMS:
        kw = dict(algorithm=algorithm, init=c0, n_init=1, tol=0)
        auto = trikmeans.KMeans(12, **kw).fit(S)
        takes = algorithm in trikmeans._CUDA_SPARSE
        assert auto.form_ == ("cuda-shared" if takes else "omp")
        for form in ("cuda-global", "cuda-shared"):
            if takes:
                assert_same_fit(trikmeans.KMeans(12, form=form, **kw).fit(S),
                                trikmeans.KMeans(12, form=form, **kw).fit(X))
            else:
                # (annulus and exponion have no CUDA form at all)
                with pytest.raises(RuntimeError, match="sparse points run "
                                   "in the CUDA forms with lloyd|has no "
                                   "cuda"):
                    trikmeans.KMeans(12, form=form, **kw).fit(S)


@pytest.mark.parametrize("algorithm", ["lloyd", "elkan"])
def test_sparse_like_sklearn(algorithm):
    X = sp.csr_matrix(sparse_data(2000, 30, seed=6))
    c0 = X[:9].toarray()
    ours = trikmeans.KMeans(9, algorithm=algorithm, form="omp", init=c0,
                            n_init=1, tol=0).fit(X)
    ref = SKMeans(9, init=c0, n_init=1, tol=0,
                  algorithm=algorithm).fit(X)
    assert np.array_equal(ours.labels_, ref.labels_)
    assert ours.n_iter_ == ref.n_iter_
    np.testing.assert_allclose(ours.cluster_centers_, ref.cluster_centers_,
                               rtol=1e-12, atol=1e-12)


def _noncanonical(X):
    """X as CSR with each row's columns reversed and its first entry
    given twice (halves): not canonical, the same matrix."""
    C = sp.csr_matrix(X)
    data, idx, ptr = [], [], [0]
    for i in range(C.shape[0]):
        a, b = C.indptr[i], C.indptr[i + 1]
        cols, vals = list(C.indices[a:b][::-1]), list(C.data[a:b][::-1])
        if cols:
            cols.append(cols[0])
            vals[0] /= 2
            vals.append(vals[0])
        idx += cols
        data += vals
        ptr.append(len(idx))
    return sp.csr_matrix((np.array(data), np.array(idx, dtype=np.int32),
                          np.array(ptr, dtype=np.int32)), shape=C.shape)


def test_sparse_formats_and_indices():
    X = sparse_data(500, 12, seed=7)
    kw = dict(algorithm="elkan", form="seq", init=X[:5], n_init=1)
    dense = trikmeans.KMeans(5, **kw).fit(X)
    C = sp.csr_matrix(X)
    C64 = sp.csr_matrix((C.data, C.indices.astype(np.int64),
                         C.indptr.astype(np.int64)), shape=C.shape)
    mixed = sp.csr_matrix(X)  # int64 indices, int32 indptr
    mixed.indices = mixed.indices.astype(np.int64)
    odd = _noncanonical(X)
    assert not odd.has_canonical_format
    for S in (sp.csc_matrix(X), sp.coo_matrix(X), sp.csc_array(X),
              sp.coo_array(X), C64, mixed, odd, sp.lil_matrix(X)):
        assert_same_fit(trikmeans.KMeans(5, **kw).fit(S), dense)
    assert not odd.has_canonical_format  # the caller's X is left as it is
    # a COO matrix with duplicates: summed, as tocsr sums them
    coo = sp.coo_matrix(X)
    dup = sp.coo_matrix((np.r_[coo.data / 2, coo.data / 2],
                         (np.r_[coo.row, coo.row], np.r_[coo.col, coo.col])),
                        shape=X.shape)
    assert_same_fit(trikmeans.KMeans(5, **kw).fit(dup), dense)


def test_sparse_integer_values():
    X = np.rint(sparse_data(300, 6, seed=8) * 10)
    kw = dict(form="seq", init=X[:4], n_init=1)
    dense = trikmeans.KMeans(4, **kw).fit(X)
    ours = trikmeans.KMeans(4, **kw).fit(sp.csr_matrix(X.astype(np.int64)))
    assert_same_fit(ours, dense)


def test_sparse_degenerate_warning():
    # 3 distinct points (one with a stored zero), 4 clusters: the warning
    # counts distinct rows of the sparse data as of the dense
    X = np.array([[1.0, 0], [1.0, 0], [0, 2.0], [0, 0], [0, 2.0]])
    S = sp.csr_matrix(X)
    S.data[0] = 0.0  # a stored zero: row 0 is then [0, 0], as row 3
    Xd = S.toarray()
    with pytest.warns(Warning) as dense_w:
        trikmeans.KMeans(4, init=Xd[[0, 1, 2, 3]], n_init=1,
                         form="seq").fit(Xd)
    with pytest.warns(Warning) as sparse_w:
        trikmeans.KMeans(4, init=Xd[[0, 1, 2, 3]], n_init=1,
                         form="seq").fit(S)
    assert [str(w.message) for w in sparse_w] == \
        [str(w.message) for w in dense_w]


# ---- the estimator, always ----------------------------------------------

def test_canonical_csr_goes_in_as_it_is():
    S = sp.csr_matrix(sparse_data(50, 5, seed=9, dtype=np.float32))
    km = trikmeans.KMeans(2)
    C = km._check_X(S, reset=True)
    pts = trikmeans._core_points(C)
    assert pts[0] is S.data and pts[1] is S.indices and pts[2] is S.indptr
    assert pts[3:] == (50, 5)
    assert km._precision(C) == "f32"
    odd = _noncanonical(S.toarray())
    C = km._check_X(odd, reset=True)
    assert C.has_canonical_format and C is not odd
    assert not odd.has_canonical_format


def test_sparse_refusals():
    S = sp.csr_matrix(sparse_data(20, 3, seed=10))
    # the library's refusal, whichever reason: no GPU, or (on a GPU
    # machine) an algorithm with no CUDA form
    with pytest.raises(RuntimeError, match="not available|has no cuda"):
        trikmeans.KMeans(2, algorithm="annulus", form="cuda-global").fit(S)
    with pytest.raises(ValueError, match="Complex"):
        trikmeans.KMeans(2).fit(S.astype(np.complex128))
    km = trikmeans.KMeans(2, init=S[:2].toarray(), n_init=1, form="seq")
    km.fit(S.toarray())
    with pytest.raises(ValueError, match="3 features"):
        km.predict(sp.csr_matrix(np.ones((2, 4))))


# ---- the command: sparse files ------------------------------------------

def _bin():
    if not os.access(BIN, os.X_OK):
        if "TKM_BIN" in os.environ:
            pytest.fail("TKM_BIN=%s is not an executable" % BIN)
        pytest.skip("no %s: run make first" % BIN)
    return BIN


def _run(*args):
    return subprocess.run([_bin()] + [str(a) for a in args],
                          capture_output=True, text=True)


def _write_all(tmp_path, X):
    """X as scipy writes it: every .npz kind and a .mtx; each file's
    dense values (a .mtx holds them as text, mmread's reading)."""
    files = {}
    for fmt in ("csr", "csc", "coo"):
        for compressed in (True, False):
            p = tmp_path / ("x_%s_%d.npz" % (fmt, compressed))
            sp.save_npz(p, sp.csr_matrix(X).asformat(fmt),
                        compressed=compressed)
            files[p] = X
    p = tmp_path / "x.mtx"
    scipy.io.mmwrite(p, sp.coo_matrix(X))
    files[p] = scipy.io.mmread(p).toarray()
    return files


def _fit_files(tmp_path, data, init, tag, *extra):
    r = _run("fit", data, "-k", len(np.loadtxt(init, delimiter=",",
                                                ndmin=2)),
             "--init", init, "--labels", tmp_path / ("l_%s.csv" % tag),
             "--centroids", tmp_path / ("c_%s.csv" % tag), "-q", "--force",
             *extra)
    return r


def test_command_fits_sparse_files(tmp_path):
    X = sparse_data(400, 8, seed=11)
    for path, dense in _write_all(tmp_path, X).items():
        np.savetxt(tmp_path / "d.csv", dense, delimiter=",", fmt="%.17g")
        np.savetxt(tmp_path / "i.csv", dense[:5], delimiter=",",
                   fmt="%.17g")
        r = _fit_files(tmp_path, path, tmp_path / "i.csv", "s")
        assert r.returncode == 0, r.stderr
        r = _fit_files(tmp_path, tmp_path / "d.csv", tmp_path / "i.csv",
                       "d")
        assert r.returncode == 0, r.stderr
        for what in ("l", "c"):
            assert (tmp_path / ("%s_s.csv" % what)).read_text() == \
                (tmp_path / ("%s_d.csv" % what)).read_text(), path


def test_command_reads_scipy_files(tmp_path):
    # the dense side of a fit reads scipy's sparse files as its starts
    # and weights: the fit equals the one from the same tables as CSV
    X = sparse_data(300, 6, seed=12) + 1.0 * (np.arange(6) == 0)
    np.save(tmp_path / "x.npy", X)
    c0 = X[:4]
    w = np.abs(sparse_data(300, 1, seed=13, density=0.7))
    np.savetxt(tmp_path / "i.csv", c0, delimiter=",", fmt="%.17g")
    np.savetxt(tmp_path / "w.csv", w, delimiter=",", fmt="%.17g")
    ref = _fit_files(tmp_path, tmp_path / "x.npy", tmp_path / "i.csv", "d",
                     "--weights", tmp_path / "w.csv")
    assert ref.returncode == 0, ref.stderr
    inits = _write_all(tmp_path, c0)
    weights = {}
    for fmt in ("csr", "csc", "coo"):
        p = tmp_path / ("w_%s.npz" % fmt)
        sp.save_npz(p, sp.csr_matrix(w).asformat(fmt))
        weights[p] = w
    for path, dense in list(inits.items()) + list(weights.items()):
        is_w = path.name.startswith("w_")
        if not is_w and not np.array_equal(dense, c0):
            continue  # a .mtx of other digits
        r = _run("fit", tmp_path / "x.npy", "-k", 4, "--init",
                 tmp_path / "i.csv" if is_w else path, "--weights",
                 path if is_w else tmp_path / "w.csv", "--labels",
                 tmp_path / "l_s.csv", "--centroids", tmp_path / "c_s.csv",
                 "-q", "--force")
        assert r.returncode == 0, (path, r.stderr)
        for what in ("l", "c"):
            assert (tmp_path / ("%s_s.csv" % what)).read_text() == \
                (tmp_path / ("%s_d.csv" % what)).read_text(), path


def test_command_scores_and_checks_sparse_files(tmp_path):
    """score on a sparse file prints the dense file's scores, digit for
    digit; check runs every solver on the sparse points and passes; a
    format scipy writes but the readers do not take is named."""
    X = sparse_data(60, 5, seed=14)
    p, q = tmp_path / "x.npz", tmp_path / "x.npy"
    sp.save_npz(p, sp.csr_matrix(X))
    np.save(q, X)
    np.savetxt(tmp_path / "l.csv", np.arange(60) % 3, fmt="%d")
    out = [_run("score", f, "--labels", tmp_path / "l.csv", "--json")
           for f in (p, q)]
    assert all(r.returncode == 0 for r in out), out[0].stderr
    js = [json.loads(r.stdout) for r in out]
    for key in ("silhouette", "calinski_harabasz", "davies_bouldin"):
        assert js[0][key] == js[1][key], key
    r = _run("check", p, "-k", 3, "--seed", 2)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "0 solver run(s) failed" in r.stdout
    bad = tmp_path / "bsr.npz"
    sp.save_npz(bad, sp.csr_matrix(np.eye(4)).tobsr())
    r = _run("fit", bad, "-k", 2)
    assert r.returncode == 2 and "'bsr'" in r.stderr, r.stderr


def test_dense_needs_no_scipy(tmp_path):
    # scipy hidden: the package imports and fits dense X, never asking
    fake = tmp_path / "scipy"
    fake.mkdir()
    (fake / "__init__.py").write_text("raise ImportError('hidden')\n")
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    code = ("import sys, numpy as np, trikmeans\n"
            "X = np.random.default_rng(0).random((200, 3))\n"
            "km = trikmeans.KMeans(4, random_state=0).fit(X)\n"
            "km.predict(X); km.transform(X); km.score(X)\n"
            "assert 'scipy.sparse' not in sys.modules\n"
            "print('ok')\n")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path),
                                                       here]))
    run = subprocess.run([sys.executable, "-c", code], capture_output=True,
                         text=True, env=env)
    assert run.returncode == 0 and run.stdout.strip() == "ok", run.stderr
