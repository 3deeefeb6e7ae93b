"""trikmeans: exact k-means for studying triangle-inequality pruning.

Lloyd, Elkan and Hamerly, sequential, OpenMP and CUDA, float and double,
all giving the sequential Lloyd result from the same start; a
scikit-learn-compatible estimator over the C library (docs/python.md).

    >>> import numpy as np, trikmeans
    >>> X = np.random.default_rng(0).random((1000, 2))
    >>> km = trikmeans.KMeans(8, algorithm="hamerly", random_state=0).fit(X)
    >>> km.stats_["pruned_points"][-1] > 0
    True
"""
import numbers
import re
import warnings

import numpy as np

from . import _core

__all__ = ["KMeans", "info", "ALGORITHMS"]
__version__ = _core.__version__
# the library's algorithms, by the names algorithm= takes ("lloyd" and
# "elkan" are scikit-learn's too)
ALGORITHMS = _core.algorithms()

try:  # the optional base classes: Pipeline, clone, check_estimator
    from sklearn.base import (BaseEstimator, ClassNamePrefixFeaturesOutMixin,
                              ClusterMixin, TransformerMixin)

    _BASES = (ClassNamePrefixFeaturesOutMixin, ClusterMixin,
              TransformerMixin, BaseEstimator)
except ImportError:  # NumPy alone: the same methods, get/set_params here

    class _Params:
        _names = ("n_clusters", "algorithm", "form", "init", "n_init",
                  "max_iter", "tol", "verbose", "random_state", "copy_x",
                  "n_threads", "block_size", "screen", "empty")

        def get_params(self, deep=True):
            return {k: getattr(self, k) for k in self._names}

        def set_params(self, **params):
            for k, v in params.items():
                if k not in self._names:
                    raise ValueError("invalid parameter %r" % k)
                setattr(self, k, v)
            return self

        def get_feature_names_out(self, input_features=None):
            return np.asarray(["kmeans%d" % i
                               for i in range(self._n_features_out)],
                              dtype=object)

    _BASES = (_Params,)


def info():
    """What this build offers here, as `trikmeans info` prints it: the
    version, each form (None when available, else why not) and the CPU
    kernels' instruction set."""
    return _core.info()


# The algorithms whose CUDA forms take sparse X (src/solve/algs.c: the
# rows with TKMI_CAP_CUDA_SPARSE; python/tests/test_sparse.py holds the two
# to each other on a GPU machine).
_CUDA_SPARSE = ("lloyd", "elkan", "hamerly", "yinyang")

# scikit-learn's init names, and ours: "k-means++" is scikit-learn's greedy
# D^2 sampling (2 + ln k candidates per step), as its KMeans does
_INITS = {"k-means++": "kmeans++-greedy", "kmeans++": "kmeans++",
          "kmeans++-greedy": "kmeans++-greedy", "random": "random",
          "farthest": "farthest"}


def _convergence_warning():
    try:
        from sklearn.exceptions import ConvergenceWarning
    except ImportError:
        return RuntimeWarning
    return ConvergenceWarning


def _is_sparse(X):
    """Whether X is a scipy.sparse array or matrix (told without importing
    scipy, which dense input never needs)."""
    return hasattr(X, "tocsr") and hasattr(X, "format") and \
        hasattr(X, "nnz")


def _sparse_csr(X):
    """X (scipy.sparse: csr, csc, coo, ...) as a canonical CSR matrix of
    float32 or float64 values: CSR as it is when canonical (sorted
    columns, no duplicates), else a copy made so (sorted, duplicates
    summed); another format converted once (tocsr sums duplicates); other
    value types converted to float64."""
    if getattr(X, "ndim", 2) != 2:
        raise ValueError("Expected 2D sparse input, got %dD" % X.ndim)
    if X.dtype.kind == "c":
        raise ValueError("Complex data not supported")
    if X.dtype.kind not in "biuf":
        raise ValueError("X must hold numbers, not %s" % X.dtype)
    own = X.format != "csr"
    if own:
        X = X.tocsr()
    if X.dtype not in (np.float32, np.float64):
        X = X.astype(np.float64)
        own = True
    if not X.has_canonical_format:
        if not own:
            X = X.copy()
        X.sum_duplicates()  # sorts the columns of every row too
    return X


def _core_points(X):
    """X as _core takes it: a C-contiguous array (as it is where it is
    one), or a canonical CSR matrix's three arrays with its shape (as
    they are, but indices and indptr of two integer types, which become
    int64)."""
    if not _is_sparse(X):
        return np.ascontiguousarray(X)
    ind, ptr = X.indices, X.indptr
    if ind.dtype != ptr.dtype or ind.dtype not in (np.int32, np.int64):
        ind, ptr = ind.astype(np.int64), ptr.astype(np.int64)
    return (np.ascontiguousarray(X.data), np.ascontiguousarray(ind),
            np.ascontiguousarray(ptr), X.shape[0], X.shape[1])


def _distinct_rows(X):
    """The number of distinct rows of X (dense, or canonical CSR, whose
    rows are equal where their nonzero columns and values are)."""
    if not _is_sparse(X):
        return len(np.unique(X, axis=0))
    X = X.copy()
    X.eliminate_zeros()  # stored zeros (and -0) are no value of the row
    ptr = X.indptr
    return len({(X.indices[ptr[i]:ptr[i + 1]].tobytes(),
                 X.data[ptr[i]:ptr[i + 1]].tobytes())
                for i in range(X.shape[0])})


def _warn_degenerate(X, labels, k, empty):
    """Warn, in scikit-learn's words, when fewer than k clusters hold
    points; where X has k or more distinct points (so duplicates are not
    the cause), say what is instead."""
    counts = np.zeros(k, dtype=np.int64)
    for i in range(0, len(labels), 1 << 16):  # small temporaries only
        counts += np.bincount(labels[i:i + (1 << 16)], minlength=k)
    held = int(np.count_nonzero(counts))
    if held == k:
        return
    said = "Number of distinct clusters (%d) found smaller than " \
        "n_clusters (%d)." % (held, k)
    distinct = _distinct_rows(X)  # counted only here
    if distinct < k:
        said += " Possibly due to duplicate points in X."
    elif empty == "keep":
        said += " X has %d distinct points; with empty='keep' a cluster " \
            "left empty keeps its centroid." % distinct
    else:
        said += " X has %d distinct points; a relocated cluster stays " \
            "empty where only points of weight 0 moved to it, and the " \
            "assignment after a stop on tol or max_iter can empty one." \
            % distinct
    warnings.warn(said, _convergence_warning(), stacklevel=3)


class _Verbose:
    """scikit-learn's lines for verbose=1, for one start: "Initialization
    complete", then "Iteration i, inertia v." for every iteration (from 0,
    the inertia of its assignment), and how the run converged.  The
    library computes the inertia of each iteration's assignment in its
    update; an assignment that changed no label ends the run without one,
    so its line waits for the final inertia, the same value."""

    def __init__(self, algorithm, tol):
        # (scikit-learn's Elkan prints its lines without the period)
        self.stop = "" if algorithm == "elkan" else "."
        self.tol = tol
        self.started = False

    def iteration(self, it, changed, inertia):
        """_core.fit's on_iter: after iteration it (from 1)."""
        if not self.started:
            print("Initialization complete")
            self.started = True
        if changed:
            print("Iteration %d, inertia %r%s" % (it - 1, inertia, self.stop))

    def end(self, n_iter, stats):
        i = n_iter - 1
        if stats["stop"] == "labels":
            print("Iteration %d, inertia %r%s"
                  % (i, float(stats["inertia"][i]), self.stop))
            print("Converged at iteration %d: strict convergence." % i)
        elif stats["stop"] == "tol":
            # (scikit-learn's tolerance is the integer 0 when tol is 0)
            print("Converged at iteration %d: center shift %r within "
                  "tolerance %r." % (i, float(stats["shift2"][i]),
                                     float(stats["tol_shift2"])
                                     if self.tol else 0))


# why integer weights are not the same as repeated (or, for 0, removed)
# points: the seeding draws rows by their position, so the two draw other
# rows; scikit-learn's KMeans marks the same checks for itself
_ZERO_WEIGHT_WHY = ("the start draws rows by position, so integer sample "
                    "weights draw other starts than the rows repeated or "
                    "removed")


def _not_finite(name, v, where):
    """The message on a value v of the array name that is not finite, in
    scikit-learn's words ("Input X contains NaN."), then where it is."""
    return "Input %s contains %s: %s is %r" % (
        name, "NaN" if np.isnan(v) else "infinity", where, float(v))


def _check_weights(sample_weight, n):
    """None, or n float64 weights (a number: each point that weight), each
    finite and >= 0."""
    if sample_weight is None:
        return None
    w = np.asarray(sample_weight, dtype=np.float64)
    if w.ndim == 0:
        w = np.full(n, float(w))
    if w.shape != (n,):
        raise ValueError("sample_weight.shape == %r, expected (%d,)!"
                         % (w.shape, n))
    bad = np.flatnonzero(~np.isfinite(w))
    if bad.size:
        raise ValueError(_not_finite("sample_weight", w[bad[0]],
                                     "sample_weight[%d]" % bad[0]))
    bad = np.flatnonzero(w < 0)
    if bad.size:
        raise ValueError("sample_weight[%d] is %r: sample weights must be "
                         "finite and >= 0" % (bad[0], float(w[bad[0]])))
    return np.ascontiguousarray(w)


# the library's words for a value of X that is not finite (the data's
# check in tkm_fit and tkm_predict, and the start's, which reads X first)
_X_NOT_FINITE = re.compile(r"(?:init: )?point (\d+), column (\d+): "
                           r"(\S+) is not finite")
# ... and for one whose squared distances would overflow (tkm_fit)
_X_TOO_LARGE = re.compile(r"^point (\d+), column (\d+): (\|.*)", re.S)


def _call(fn, *args, **kw):
    """A call into the library; its message on a value of X that is not
    finite in scikit-learn's words, naming X (the library checks every
    value as it reads it, so no temporary of X's size is made here)."""
    try:
        return fn(*args, **kw)
    except ValueError as e:
        m = _X_NOT_FINITE.search(str(e))
        if m:
            raise ValueError(_not_finite(
                "X", float(m.group(3)), "point %s, column %s (X[%s, %s])"
                % (m.group(1), m.group(2), m.group(1), m.group(2)))) \
                from None
        m = _X_TOO_LARGE.match(str(e))
        if m:
            raise ValueError("Input X has a value too large: point %s, "
                             "column %s (X[%s, %s]): %s"
                             % (m.group(1), m.group(2), m.group(1),
                                m.group(2), m.group(3))) from None
        raise


def _feature_names(X):
    """The names of X's columns as scikit-learn keeps them in
    feature_names_in_: an object array where X has columns (a DataFrame)
    all named by strings; None where it has none, or names of other types
    only; TypeError where strings are mixed with other types."""
    columns = getattr(X, "columns", None)
    if columns is None:
        return None
    names = np.asarray(columns, dtype=object)
    kinds = sorted({type(c).__name__ for c in names})
    if len(kinds) > 1 and "str" in kinds:
        raise TypeError("Feature names are only supported if all input "
                        "features have string names, but your input has "
                        "%s as feature name / column name types. Convert "
                        "them all to strings (X.columns = "
                        "X.columns.astype(str)) to have them stored and "
                        "checked, or to another type to have them "
                        "ignored." % kinds)
    return names if kinds == ["str"] and len(names) else None


def _name_list(title, names):
    """A list of names in a message: the first five, sorted."""
    names = sorted(names)
    return title + "".join("- %s\n" % n for n in names[:5]) + \
        ("- ...\n" if len(names) > 5 else "")


def _seed(random_state):
    if random_state is None:
        return int(np.random.randint(0, 2**31 - 1))
    if isinstance(random_state, numbers.Integral):
        return int(random_state) & (2**64 - 1)
    if isinstance(random_state, np.random.RandomState):
        return int(random_state.randint(0, 2**31 - 1))
    raise ValueError("random_state must be None, an int or a "
                     "numpy.random.RandomState, not %r" % (random_state,))


class KMeans(*_BASES):
    """Exact k-means over trikmeans's C library.

    Parameters follow scikit-learn's KMeans where they share a name:
    n_clusters, init ("k-means++", "random", "farthest", or an array of
    starting centroids), n_init ("auto": 10 for "random" or a callable,
    else 1), max_iter,
    tol (relative to the data's variance, scikit-learn's meaning),
    random_state, verbose (scikit-learn's lines: "Initialization
    complete", "Iteration i, inertia v.", how the run converged).
    Ours: algorithm (one of trikmeans.ALGORITHMS; "elkan" with one cluster
    runs "lloyd", as scikit-learn), form ("auto": cuda-shared where a GPU
    is usable and the algorithm has that form, else "omp"; or "seq",
    "omp", "cuda-global", "cuda-shared"), n_threads (OpenMP; 0 = its
    default, less the CPUs other work keeps busy, at most one per 256
    points), block_size (CUDA; 0 =
    the form's default) and screen ("auto", "on" or "off": Lloyd's and
    Hamerly's distances screened through a matrix product in the seq and
    omp forms, the same results bit for bit; "auto" where it measured
    faster) and empty ("farthest": a cluster left without points takes the
    point farthest from its centroid, which leaves its own cluster, as
    scikit-learn relocates; or "keep": it keeps its centroid, the
    command's default).

    Precision follows X: float32 runs in float, anything else in double
    (other dtypes converted once).

    X may be sparse (scipy.sparse arrays and matrices, any format) in
    fit, predict, fit_predict, transform and score: a canonical CSR
    matrix's three arrays reach the library as they are, no dense copy
    made; a CSR one not canonical is sorted and its duplicates summed in
    a copy, other formats converted to CSR once.  Sparse X runs in the
    seq and omp forms with every algorithm and in the CUDA forms with
    Lloyd, Elkan, Hamerly and Yinyang ("auto" picks cuda-shared where it
    can run, else omp), with the results of the same X dense in the same
    form.

    Attributes: cluster_centers_, labels_, inertia_, n_iter_,
    n_features_in_, feature_names_in_ (where X had string column names,
    as a DataFrame has: predict, transform and score then check X's names
    as scikit-learn does), form_ (the form the fit ran in), and stats_:
    the per-iteration statistics (changed, dist_pc, dist_cc,
    pruned_points, pruned_pairs, screened, rechecked, max_drift, shift2,
    inertia, t_assign, t_update, t_bound as NumPy arrays) and the run's
    phases, stop reason and bound memory.
    """

    def __init__(self, n_clusters=8, *, algorithm="hamerly", form="auto",
                 init="k-means++", n_init="auto", max_iter=300, tol=1e-4,
                 verbose=0, random_state=None, copy_x=True, n_threads=0,
                 block_size=0, screen="auto", empty="farthest"):
        self.n_clusters = n_clusters
        self.algorithm = algorithm
        self.form = form
        self.init = init
        self.n_init = n_init
        self.max_iter = max_iter
        self.tol = tol
        self.verbose = verbose
        self.random_state = random_state
        self.copy_x = copy_x
        self.n_threads = n_threads
        self.block_size = block_size
        self.screen = screen
        self.empty = empty

    # ---- input ---------------------------------------------------------

    def _check_names(self, X, reset):
        """Record X's column names (reset: fit), or check them against
        those recorded, as scikit-learn's estimators do: other names or
        another order are a ValueError, names on one side only a
        warning (the columns are taken by position)."""
        names = _feature_names(X)
        if reset:
            if names is not None:
                self.feature_names_in_ = names
            elif hasattr(self, "feature_names_in_"):
                del self.feature_names_in_
            return
        fitted = getattr(self, "feature_names_in_", None)
        me = type(self).__name__
        if fitted is None and names is not None:
            warnings.warn("X has feature names, but %s was fitted without "
                          "feature names" % me, UserWarning, stacklevel=4)
        elif fitted is not None and names is None:
            warnings.warn("X does not have valid feature names, but %s was "
                          "fitted with feature names" % me, UserWarning,
                          stacklevel=4)
        elif fitted is not None and (len(fitted) != len(names) or
                                     np.any(fitted != names)):
            why = "The feature names should match those that were passed " \
                "during fit.\n"
            unseen = set(names) - set(fitted)
            missing = set(fitted) - set(names)
            if not unseen and not missing:
                why += "Feature names must be in the same order as they " \
                    "were in fit.\n"
            if unseen:
                why += _name_list("Feature names unseen at fit time:\n",
                                  unseen)
            if missing:
                why += _name_list("Feature names seen at fit time, yet now "
                                  "missing:\n", missing)
            raise ValueError(why)

    def _check_X(self, X, reset):
        self._check_names(X, reset)
        if _is_sparse(X):
            X = _sparse_csr(X)
        elif hasattr(X, "toarray"):
            raise TypeError("X is sparse of a kind trikmeans does not "
                            "know (%s); give a scipy.sparse array or "
                            "matrix, or a dense array" % type(X).__name__)
        else:
            X = self._check_dense(X)
        if X.shape[0] < 1:
            raise ValueError("Found array with 0 sample(s) (shape=%r) while "
                             "a minimum of 1 is required." % (X.shape,))
        if X.shape[1] < 1:
            raise ValueError("Found array with 0 feature(s) (shape=%r) while "
                             "a minimum of 1 is required." % (X.shape,))
        # NaN and infinity: the library checks every value as it reads
        # it (no temporary of X's size here) and names the first
        if reset:
            self.n_features_in_ = X.shape[1]
        elif X.shape[1] != self.n_features_in_:
            raise ValueError("X has %d features, but %s is expecting %d "
                             "features as input." % (X.shape[1],
                                                     type(self).__name__,
                                                     self.n_features_in_))
        return X

    @staticmethod
    def _check_dense(X):
        X = np.asarray(X)
        if X.dtype.kind == "c":
            raise ValueError("Complex data not supported")
        if X.dtype not in (np.float32, np.float64):
            if X.dtype.kind not in "biufO":
                raise ValueError("X must hold numbers, not %s" % X.dtype)
            X = X.astype(np.float64)  # objects: float() says what fails
        if X.ndim != 2:
            raise ValueError("Expected 2D array, got %dD array instead. "
                             "Reshape your data either using "
                             "X.reshape(-1, 1) if your data has a single "
                             "feature or X.reshape(1, -1) if it contains a "
                             "single sample." % X.ndim)
        return X

    @staticmethod
    def _precision(X):
        return "f32" if X.dtype == np.float32 else "f64"

    def _form(self, sparse=False):
        if self.form != "auto":
            return self.form  # (the library says what a form refuses)
        if sparse and self.algorithm not in _CUDA_SPARSE:
            return "omp"  # what the CUDA forms do not take
        # an algorithm with the CPU forms only runs omp on a GPU machine
        return "cuda-shared" if _core.form_available(
            "cuda-shared", self.algorithm) is None else "omp"

    def _check_params(self, n):
        if self.algorithm not in ALGORITHMS:
            raise ValueError("unknown algorithm %r; valid names: %s"
                             % (self.algorithm, ", ".join(ALGORITHMS)))
        if isinstance(self.n_clusters, bool) or \
                not isinstance(self.n_clusters, numbers.Integral) or \
                self.n_clusters < 1:
            raise ValueError("n_clusters must be an integer >= 1, got %r"
                             % (self.n_clusters,))
        if self.n_clusters > n:
            raise ValueError("n_samples=%d should be >= n_clusters=%d"
                             % (n, self.n_clusters))
        if not isinstance(self.max_iter, numbers.Integral) or \
                self.max_iter < 1:
            raise ValueError("max_iter must be an integer >= 1, got %r"
                             % (self.max_iter,))
        if not isinstance(self.tol, numbers.Real) or not self.tol >= 0:
            raise ValueError("tol must be a number >= 0, got %r"
                             % (self.tol,))
        if isinstance(self.init, str):
            if self.init not in _INITS:
                raise ValueError("init must be one of %s, a callable or an "
                                 "array, got %r" % (sorted(_INITS),
                                                   self.init))
        n_init = self.n_init
        if n_init == "auto":  # as scikit-learn: 10 for "random" or a callable
            n_init = 10 if callable(self.init) or (
                isinstance(self.init, str) and self.init == "random") else 1
        if not isinstance(n_init, numbers.Integral) or n_init < 1:
            raise ValueError("n_init must be 'auto' or an integer >= 1, "
                             "got %r" % (self.n_init,))
        if not isinstance(self.init, str) and not callable(self.init) \
                and n_init != 1:
            warnings.warn("Explicit initial center position passed: "
                          "performing only one init in %s instead of "
                          "n_init=%d." % (type(self).__name__, n_init),
                          RuntimeWarning, stacklevel=3)
        return int(n_init)

    def _algorithm_run(self):
        """The algorithm a fit runs: Elkan's bounds need a second cluster,
        so with one, as scikit-learn, Lloyd, and a RuntimeWarning."""
        if self.algorithm == "elkan" and self.n_clusters == 1:
            warnings.warn("algorithm='elkan' doesn't make sense for a single "
                          "cluster. Using 'lloyd' instead.", RuntimeWarning,
                          stacklevel=3)
            return "lloyd"
        return self.algorithm

    # ---- fitting -------------------------------------------------------

    def _start(self, X, seed):
        """The init argument of one start: a method name, or the k x d
        array given or returned by a callable init(X, n_clusters,
        random_state)."""
        if isinstance(self.init, str):
            return _INITS[self.init]
        init = self.init
        if callable(init):
            init = init(X, self.n_clusters,
                        random_state=np.random.RandomState(seed % 2**32))
        init = np.ascontiguousarray(init, dtype=np.float64)
        if init.ndim != 2 or init.shape[0] != self.n_clusters:
            # scikit-learn's words (its _validate_center_shape)
            raise ValueError("The shape of the initial centers %r does not "
                             "match the number of clusters %d." %
                             (init.shape, self.n_clusters))
        if init.shape[1] != X.shape[1]:
            raise ValueError("The shape of the initial centers %r does not "
                             "match the number of features of the data %d."
                             % (init.shape, X.shape[1]))
        bad = np.argwhere(~np.isfinite(init))
        if len(bad):
            c, f = bad[0]
            raise ValueError(_not_finite(
                "init", init[c, f], "initial centroid %d, column %d "
                "(init[%d, %d])" % (c, f, c, f)))
        return init

    def _init_centroids(self, X, x_squared_norms, init, random_state,
                        sample_weight, init_size=None, n_centroids=None):
        """scikit-learn's private hook for a start (its own tests call
        it): n_centroids (None: n_clusters) rows of X chosen by init (a
        method name, weighted by sample_weight as fit weighs its start, a
        callable or an array), of X's dtype.  x_squared_norms and
        init_size (MiniBatchKMeans's subsample) are not used."""
        X = _sparse_csr(X) if _is_sparse(X) else self._check_dense(X)
        k = int(self.n_clusters if n_centroids is None else n_centroids)
        if isinstance(init, str):
            if init not in _INITS:
                raise ValueError("init must be one of %s, a callable or an "
                                 "array, got %r" % (sorted(_INITS), init))
            w = _check_weights(sample_weight, X.shape[0])
            centers = _call(_core.init_centroids, _core_points(X), k,
                            _INITS[init], seed=_seed(random_state),
                            sample_weight=w)
        elif callable(init):
            centers = init(X, k, random_state=random_state)
        else:
            centers = init
        return np.asarray(centers, dtype=X.dtype)

    def fit(self, X, y=None, sample_weight=None):
        """Compute the clustering of X (n_samples x n_features), each
        point counted sample_weight times (None: once) in the centroids,
        the inertia and the start's draws (a point of weight 0 is not
        drawn)."""
        X = self._check_X(X, reset=True)
        n_init = self._check_params(X.shape[0])
        weights = _check_weights(sample_weight, X.shape[0])
        prec = self._precision(X)
        # a C-contiguous float32 or float64 X goes in as it is, and so do
        # the arrays of a canonical CSR X
        Xc = X if _is_sparse(X) else np.ascontiguousarray(X)
        Xp = _core_points(Xc)
        starts = n_init if isinstance(self.init, str) or \
            callable(self.init) else 1
        self._n_init = starts  # (scikit-learn's name: the starts run)
        seed = _seed(self.random_state)
        form = self._form(_is_sparse(X))
        algorithm = self._algorithm_run()
        best = None
        for i in range(starts):
            say = _Verbose(algorithm, self.tol) if self.verbose else None
            out = _call(_core.fit, Xp, int(self.n_clusters),
                        self._start(Xc, seed + i),
                        algorithm=algorithm, form=form,
                        precision=prec, max_iter=int(self.max_iter),
                        tol=float(self.tol), seed=seed + i,
                        threads=int(self.n_threads),
                        block_size=int(self.block_size),
                        screen=str(self.screen), empty=str(self.empty),
                        sample_weight=weights, inertia_each_iter=bool(say),
                        on_iter=say.iteration if say else None)
            if say:
                say.end(out[3], out[4])
            if best is None or out[2] < best[2]:
                best = out
        centers, labels, inertia, n_iter, stats = best
        _warn_degenerate(Xc, labels, int(self.n_clusters),
                         self.empty)
        self.form_ = form
        self._n_features_out = int(self.n_clusters)
        self.cluster_centers_ = centers.astype(X.dtype, copy=False)
        self.labels_ = labels
        self.inertia_ = float(inertia)
        self.n_iter_ = int(n_iter)
        self.stats_ = stats
        return self

    def _more_tags(self):  # scikit-learn before 1.6 (its KMeans says so too)
        return {"_xfail_checks": {"check_sample_weights_invariance":
                                  _ZERO_WEIGHT_WHY}}

    def __sklearn_tags__(self):  # 1.6 on: _more_tags needs it beside
        tags = super().__sklearn_tags__()
        tags.input_tags.sparse = True  # scipy.sparse X (as its KMeans)
        return tags

    def _check_fitted(self):
        if not hasattr(self, "cluster_centers_"):
            try:
                from sklearn.exceptions import NotFittedError
            except ImportError:
                NotFittedError = AttributeError
            raise NotFittedError("This KMeans instance is not fitted yet; "
                                 "call 'fit' first")

    def predict(self, X):
        """The nearest centroid of every row of X (lower index on ties)."""
        self._check_fitted()
        X = self._check_X(X, reset=False)
        return _call(_core.predict, _core_points(X),
                     np.ascontiguousarray(self.cluster_centers_,
                                          dtype=np.float64),
                     precision=self._precision(X),
                     threads=int(self.n_threads))

    def transform(self, X):
        """The Euclidean distance of every row of X to every centroid."""
        self._check_fitted()
        X = self._check_X(X, reset=False)
        _, dist = _call(_core.predict, _core_points(X),
                        np.ascontiguousarray(self.cluster_centers_,
                                             dtype=np.float64),
                        precision=self._precision(X),
                        threads=int(self.n_threads), distances=True)
        return dist.astype(X.dtype, copy=False)

    def fit_predict(self, X, y=None, sample_weight=None):
        return self.fit(X, sample_weight=sample_weight).labels_

    def fit_transform(self, X, y=None, sample_weight=None):
        return self.fit(X, sample_weight=sample_weight).transform(X)

    def score(self, X, y=None, sample_weight=None):
        """Minus the inertia of X against the fitted centroids, each point
        counted sample_weight times (None: once)."""
        d = self.transform(X).astype(np.float64)
        d2 = np.square(d.min(axis=1))
        w = _check_weights(sample_weight, d2.shape[0])
        return -float(d2.sum() if w is None else (w * d2).sum())
