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
import warnings

import numpy as np

from . import _core

__all__ = ["KMeans", "info"]
__version__ = _core.__version__

try:  # the optional base classes: Pipeline, clone, check_estimator
    from sklearn.base import BaseEstimator, ClusterMixin, TransformerMixin

    _BASES = (ClusterMixin, TransformerMixin, BaseEstimator)
except ImportError:  # NumPy alone: the same methods, get/set_params here

    class _Params:
        _names = ("n_clusters", "algorithm", "form", "init", "n_init",
                  "max_iter", "tol", "random_state", "n_threads",
                  "block_size", "screen")

        def get_params(self, deep=True):
            return {k: getattr(self, k) for k in self._names}

        def set_params(self, **params):
            for k, v in params.items():
                if k not in self._names:
                    raise ValueError("invalid parameter %r" % k)
                setattr(self, k, v)
            return self

    _BASES = (_Params,)


def info():
    """What this build offers here, as `trikmeans info` prints it: the
    version, each form (None when available, else why not) and the CPU
    kernels' instruction set."""
    return _core.info()


# scikit-learn's init names, and ours: "k-means++" is scikit-learn's greedy
# D^2 sampling (2 + ln k candidates per step), as its KMeans does
_INITS = {"k-means++": "kmeans++-greedy", "kmeans++": "kmeans++",
          "kmeans++-greedy": "kmeans++-greedy", "random": "random",
          "farthest": "farthest"}


def _warn_degenerate(X, labels, k):
    """Say, as the command does, what left the result with fewer than k
    clusters: fewer distinct points than k (counted only then), or
    clusters that ended empty (a poor start, or clusters the data do not
    have)."""
    counts = np.zeros(k, dtype=np.int64)
    for i in range(0, len(labels), 1 << 16):  # small temporaries only
        counts += np.bincount(labels[i:i + (1 << 16)], minlength=k)
    held = int(np.count_nonzero(counts))
    if held == k:
        return
    try:
        from sklearn.exceptions import ConvergenceWarning as category
    except ImportError:
        category = RuntimeWarning
    distinct = len(np.unique(X, axis=0))
    if distinct < k:
        warnings.warn("the data have %d distinct points, fewer than "
                      "n_clusters=%d: at most %d clusters can hold points"
                      % (distinct, k, distinct), category, stacklevel=3)
    warnings.warn("%d of the %d clusters ended empty (%s)"
                  % (k - held, k, "too few distinct points" if distinct < k
                     else "a poor start, or clusters the data do not have"),
                  category, stacklevel=3)


def _call(fn, *args, **kw):
    """A call into the library; its message for a value that is not
    finite in the words scikit-learn's callers look for."""
    try:
        return fn(*args, **kw)
    except ValueError as e:
        if "not finite" in str(e):
            raise ValueError("Input contains NaN or infinity: %s" % e) \
                from None
        raise


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
    starting centroids), n_init ("auto": 1, or 10 for "random"), max_iter,
    tol (relative to the data's variance, scikit-learn's meaning),
    random_state.  Ours: algorithm ("hamerly", "elkan" or "lloyd"), form
    ("auto": cuda-shared where a GPU is usable, else "omp"; or "seq",
    "omp", "cuda-global", "cuda-shared"), n_threads (OpenMP; 0 = its
    default), block_size (CUDA; 0 = the form's default) and screen
    ("auto", "on" or "off": Lloyd's and Hamerly's distances screened
    through a matrix product in the seq and omp forms, the same results
    bit for bit; "auto" where it measured faster) and empty ("farthest":
    a cluster left without points takes the point farthest from its
    centroid, which leaves its own cluster, as scikit-learn relocates; or
    "keep": it keeps its centroid, the command's default).

    Precision follows X: float32 runs in float, anything else in double
    (other dtypes converted once).

    Attributes: cluster_centers_, labels_, inertia_, n_iter_,
    n_features_in_, form_ (the form the fit ran in), and stats_: the per-iteration statistics (changed,
    dist_pc, dist_cc, pruned_points, pruned_pairs, screened, rechecked,
    max_drift, shift2, inertia, t_assign, t_update, t_bound as NumPy
    arrays) and the run's
    phases, stop reason and bound memory.
    """

    def __init__(self, n_clusters=8, *, algorithm="hamerly", form="auto",
                 init="k-means++", n_init="auto", max_iter=300, tol=1e-4,
                 random_state=None, n_threads=0, block_size=0,
                 screen="auto", empty="farthest"):
        self.n_clusters = n_clusters
        self.algorithm = algorithm
        self.form = form
        self.init = init
        self.n_init = n_init
        self.max_iter = max_iter
        self.tol = tol
        self.random_state = random_state
        self.n_threads = n_threads
        self.block_size = block_size
        self.screen = screen
        self.empty = empty

    # ---- input ---------------------------------------------------------

    def _check_X(self, X, reset):
        if hasattr(X, "tocsr") or hasattr(X, "toarray"):
            raise TypeError("trikmeans needs dense data; sparse input is "
                            "not supported")
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
            raise ValueError("X has %d features, but KMeans is expecting "
                             "%d features as input" % (X.shape[1],
                                                       self.n_features_in_))
        return X

    @staticmethod
    def _precision(X):
        return "f32" if X.dtype == np.float32 else "f64"

    def _form(self):
        if self.form != "auto":
            return self.form
        return "cuda-shared" if _core.form_available("cuda-shared") is None \
            else "omp"

    def _check_params(self, n):
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
                raise ValueError("init must be one of %s or an array, got "
                                 "%r" % (sorted(_INITS), self.init))
        n_init = self.n_init
        if n_init == "auto":
            n_init = 10 if isinstance(self.init, str) and \
                self.init == "random" else 1
        if not isinstance(n_init, numbers.Integral) or n_init < 1:
            raise ValueError("n_init must be 'auto' or an integer >= 1, "
                             "got %r" % (self.n_init,))
        return int(n_init)

    # ---- fitting -------------------------------------------------------

    def fit(self, X, y=None):
        """Compute the clustering of X (n_samples x n_features).  No
        sample weights: every point counts once."""
        X = self._check_X(X, reset=True)
        n_init = self._check_params(X.shape[0])
        prec = self._precision(X)
        # a C-contiguous float32 or float64 X goes in as it is
        Xc = np.ascontiguousarray(X)
        if isinstance(self.init, str):
            init, starts = _INITS[self.init], n_init
        else:
            init = np.ascontiguousarray(self.init, dtype=np.float64)
            if init.shape != (self.n_clusters, X.shape[1]):
                raise ValueError("init has shape %r; expected (%d, %d)"
                                 % (init.shape, self.n_clusters,
                                    X.shape[1]))
            starts = 1
        seed = _seed(self.random_state)
        best = None
        for i in range(starts):
            out = _call(_core.fit, Xc, int(self.n_clusters), init,
                        algorithm=self.algorithm, form=self._form(),
                        precision=prec, max_iter=int(self.max_iter),
                        tol=float(self.tol), seed=seed + i,
                        threads=int(self.n_threads),
                        block_size=int(self.block_size),
                        screen=str(self.screen), empty=str(self.empty))
            if best is None or out[2] < best[2]:
                best = out
        centers, labels, inertia, n_iter, stats = best
        _warn_degenerate(Xc, labels, int(self.n_clusters))
        self.form_ = self._form()
        self.cluster_centers_ = centers.astype(X.dtype, copy=False)
        self.labels_ = labels
        self.inertia_ = float(inertia)
        self.n_iter_ = int(n_iter)
        self.stats_ = stats
        return self

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
        return _call(_core.predict, np.ascontiguousarray(X),
                     np.ascontiguousarray(self.cluster_centers_,
                                          dtype=np.float64),
                     precision=self._precision(X),
                     threads=int(self.n_threads))

    def transform(self, X):
        """The Euclidean distance of every row of X to every centroid."""
        self._check_fitted()
        X = self._check_X(X, reset=False)
        _, dist = _call(_core.predict, np.ascontiguousarray(X),
                        np.ascontiguousarray(self.cluster_centers_,
                                             dtype=np.float64),
                        precision=self._precision(X),
                        threads=int(self.n_threads), distances=True)
        return dist.astype(X.dtype, copy=False)

    def fit_predict(self, X, y=None):
        return self.fit(X).labels_

    def fit_transform(self, X, y=None):
        return self.fit(X).transform(X)

    def score(self, X, y=None):
        """Minus the inertia of X against the fitted centroids."""
        d = self.transform(X).astype(np.float64)
        return -float(np.square(d.min(axis=1)).sum())
