/*
 * trikmeans._core: the C library for Python, through the NumPy C API.
 *
 * Why a CPython extension and not cffi: the array's buffer reaches the
 * library as it is (a C-contiguous float32 or float64 array is never
 * copied, nor are the three arrays of a canonical scipy CSR matrix), one
 * call crosses from Python to C per fit, and nothing but NumPy is needed
 * at run time.  The GIL is released while the library works; the solver
 * loop's progress callback takes it back once per iteration only to ask
 * whether Ctrl-C was pressed, and stops the run if so (and, when the
 * estimator is verbose, to hand it the iteration's row to print).
 *
 * The estimator (trikmeans/__init__.py) validates its arguments; these
 * functions take them as they come and raise ValueError, MemoryError or
 * RuntimeError with the library's message.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <dlfcn.h>
#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#include <numpy/arrayobject.h>

#include <string.h>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "trikmeans.h"

/* The Python exception for a library status. */
static PyObject *raise_status(tkm_status st, const char *msg)
{
    PyObject *type = st == TKM_ENOMEM ? PyExc_MemoryError
                     : (st == TKM_EINVAL || st == TKM_ERANGE ||
                        st == TKM_EFORMAT)
                         ? PyExc_ValueError
                         : PyExc_RuntimeError;
    PyErr_SetString(type, msg[0] ? msg : tkm_strerror(st));
    return NULL;
}

/* The points of a call: a dense array, or the three arrays of sparse
 * rows, held for as long as the library reads them; ds refers to their
 * buffers. */
typedef struct {
    PyArrayObject *a[3]; /* dense: a[0]; sparse: data, indices, indptr */
    tkm_dataset ds;
    int f32;             /* the values are float32 (an f32 run in place) */
} points;

static void points_release(points *pt)
{
    for (int i = 0; i < 3; i++)
        Py_XDECREF(pt->a[i]);
    memset(pt, 0, sizeof *pt);
}

/* One array of sparse rows as it is, when C-contiguous, not byte-swapped,
 * 1-d and of type t1 or t2; a new reference, or NULL with ValueError. */
static PyArrayObject *sparse_part(PyObject *obj, int t1, int t2,
                                  const char *what)
{
    if (PyArray_Check(obj)) {
        PyArrayObject *a = (PyArrayObject *)obj;
        if (PyArray_NDIM(a) == 1 && PyArray_ISCARRAY_RO(a) &&
            PyArray_ISNOTSWAPPED(a) &&
            (PyArray_TYPE(a) == t1 || PyArray_TYPE(a) == t2)) {
            Py_INCREF(a);
            return a;
        }
    }
    PyErr_Format(PyExc_ValueError, "sparse X: %s must be a contiguous 1-d "
                 "array of %s", what, t1 == NPY_DOUBLE ? "float64 or "
                 "float32" : "int32 or int64");
    return NULL;
}

/* Sparse rows, the tuple (data, indices, indptr, n, d) of a canonical CSR
 * matrix (the estimator makes it so), into pt as they are. */
static int sparse_points(PyObject *obj, points *pt)
{
    PyObject *data, *indices, *indptr;
    Py_ssize_t n, d;
    if (!PyArg_ParseTuple(obj, "OOOnn", &data, &indices, &indptr, &n, &d))
        return -1;
    if (!(pt->a[0] = sparse_part(data, NPY_DOUBLE, NPY_FLOAT32, "data")) ||
        !(pt->a[1] = sparse_part(indices, NPY_INT32, NPY_INT64,
                                 "indices")) ||
        !(pt->a[2] = sparse_part(indptr, NPY_INT32, NPY_INT64, "indptr")))
        return -1;
    const int idx64 = PyArray_TYPE(pt->a[1]) == NPY_INT64;
    if (n < 0 || d < 0 || PyArray_TYPE(pt->a[2]) != PyArray_TYPE(pt->a[1]) ||
        PyArray_DIM(pt->a[2], 0) != n + 1 ||
        PyArray_DIM(pt->a[1], 0) != PyArray_DIM(pt->a[0], 0)) {
        PyErr_SetString(PyExc_ValueError, "sparse X: indptr must have n + 1 "
                        "elements of the indices' type, and indices as "
                        "many as data");
        return -1;
    }
    pt->f32 = PyArray_TYPE(pt->a[0]) == NPY_FLOAT32;
    pt->ds.n = (size_t)n;
    pt->ds.d = (size_t)d;
    pt->ds.csr.data = PyArray_DATA(pt->a[0]);
    pt->ds.csr.indices = PyArray_DATA(pt->a[1]);
    pt->ds.csr.indptr = PyArray_DATA(pt->a[2]);
    pt->ds.csr.f32 = pt->f32;
    pt->ds.csr.idx64 = idx64;
    return 0;
}

/* The points as the library takes them into pt: a C-contiguous float32 or
 * float64 2-d array as it is, a sparse tuple (sparse_points) as it is,
 * anything else converted to float64 once.  0, or -1 with an exception
 * (pt then holds nothing). */
static int points_of(PyObject *obj, points *pt)
{
    memset(pt, 0, sizeof *pt);
    if (PyTuple_Check(obj)) {
        if (sparse_points(obj, pt) == 0)
            return 0;
        points_release(pt);
        return -1;
    }
    if (PyArray_Check(obj)) {
        PyArrayObject *a = (PyArrayObject *)obj;
        if (PyArray_NDIM(a) == 2 && PyArray_TYPE(a) == NPY_FLOAT32 &&
            PyArray_ISCARRAY_RO(a) && PyArray_ISNOTSWAPPED(a)) {
            pt->f32 = 1;
            Py_INCREF(a);
            pt->a[0] = a;
        }
    }
    if (!pt->a[0])
        pt->a[0] = (PyArrayObject *)PyArray_FROMANY(obj, NPY_DOUBLE, 2, 2,
                                                    NPY_ARRAY_IN_ARRAY);
    if (!pt->a[0]) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "X must be a 2-d array");
        return -1;
    }
    pt->ds.n = (size_t)PyArray_DIM(pt->a[0], 0);
    pt->ds.d = (size_t)PyArray_DIM(pt->a[0], 1);
    pt->ds.x = pt->f32 ? NULL : PyArray_DATA(pt->a[0]);
    pt->ds.x32 = pt->f32 ? PyArray_DATA(pt->a[0]) : NULL;
    return 0;
}

/* A C-contiguous float64 2-d array: the object itself when it is one (a
 * new reference), else a converted copy. */
static PyArrayObject *as_matrix(PyObject *obj, const char *what)
{
    PyArrayObject *a = (PyArrayObject *)PyArray_FROMANY(
        obj, NPY_DOUBLE, 2, 2, NPY_ARRAY_IN_ARRAY);
    if (!a && !PyErr_Occurred())
        PyErr_Format(PyExc_ValueError, "%s must be a 2-d array", what);
    return a;
}

static int parse_name(const char *s, int (*parse)(const char *, void *),
                      void *out, const char *what)
{
    if (parse(s, out) == 0)
        return 0;
    PyErr_Format(PyExc_ValueError, "unknown %s '%s'", what, s);
    return -1;
}

static int algo_parse(const char *s, void *out)
{
    return tkm_algorithm_parse(s, out);
}

static int form_parse(const char *s, void *out)
{
    return tkm_form_parse(s, out);
}

static int init_parse(const char *s, void *out)
{
    return tkm_init_parse(s, out);
}

/* Once per iteration, with the GIL held for that moment: was Ctrl-C
 * pressed, and then the caller's on_iter(iter, changed, inertia) (the
 * estimator's verbose lines).  Either stops the run: Ctrl-C with
 * KeyboardInterrupt, on_iter with the exception it raised. */
typedef struct {
    int stopped;
    PyObject *on_iter; /* NULL, or a callable */
} progress_ctx;

static int on_iter(const tkm_iter_stats *it, void *p)
{
    progress_ctx *c = p;
    PyGILState_STATE g = PyGILState_Ensure();
    if (PyErr_CheckSignals() != 0) {
        c->stopped = 1;
    } else if (c->on_iter) {
        PyObject *r = PyObject_CallFunction(c->on_iter, "iKd", it->iter,
                                            (unsigned long long)it->changed,
                                            it->inertia);
        c->stopped = r == NULL;
        Py_XDECREF(r);
    }
    PyGILState_Release(g);
    return c->stopped;
}

/* The iteration rows as a dict of arrays, and the run's scalars. */
static PyObject *stats_of(const tkm_result *r)
{
    npy_intp n = r->iterations;
    static const char *const cnames[] = {"iter", "changed", "dist_pc",
                                         "dist_cc", "pruned_points",
                                         "pruned_pairs", "screened",
                                         "rechecked"};
    static const char *const dnames[] = {"max_drift", "shift2", "inertia",
                                         "t_assign", "t_update",
                                         "t_bound"};
    PyObject *d = PyDict_New();
    if (!d)
        return NULL;
    for (int q = 0; q < 8; q++) {
        PyArrayObject *a = (PyArrayObject *)PyArray_SimpleNew(1, &n,
                                                              NPY_INT64);
        if (!a)
            goto fail;
        npy_int64 *v = PyArray_DATA(a);
        for (npy_intp i = 0; i < n; i++) {
            const tkm_iter_stats *s = &r->iters[i];
            const uint64_t c[8] = {(uint64_t)s->iter, s->changed, s->dist_pc,
                                   s->dist_cc, s->pruned_points,
                                   s->pruned_pairs, s->screened,
                                   s->rechecked};
            v[i] = (npy_int64)c[q];
        }
        int bad = PyDict_SetItemString(d, cnames[q], (PyObject *)a);
        Py_DECREF(a);
        if (bad)
            goto fail;
    }
    for (int q = 0; q < 6; q++) {
        PyArrayObject *a = (PyArrayObject *)PyArray_SimpleNew(1, &n,
                                                              NPY_DOUBLE);
        if (!a)
            goto fail;
        double *v = PyArray_DATA(a);
        for (npy_intp i = 0; i < n; i++) {
            const tkm_iter_stats *s = &r->iters[i];
            const double c[6] = {s->max_drift, s->shift2, s->inertia,
                                 s->t_assign, s->t_update, s->t_bound};
            v[i] = c[q];
        }
        int bad = PyDict_SetItemString(d, dnames[q], (PyObject *)a);
        Py_DECREF(a);
        if (bad)
            goto fail;
    }
    PyObject *phases = Py_BuildValue(
        "{s:d,s:d,s:d,s:d,s:d,s:d,s:d}", "t_convert", r->t_convert,
        "t_setup", r->t_setup, "t_upload", r->t_upload, "t_loop", r->t_loop,
        "t_result", r->t_result, "t_download", r->t_download, "t_total",
        r->t_total);
    if (!phases || PyDict_SetItemString(d, "phases", phases)) {
        Py_XDECREF(phases);
        goto fail;
    }
    Py_DECREF(phases);
    PyObject *more = Py_BuildValue(
        "{s:s,s:i,s:K,s:n,s:i,s:i,s:d}", "stop", tkm_stop_name(r->stop),
        "converged", r->converged, "final_changed",
        (unsigned long long)r->final_changed, "bound_bytes",
        (Py_ssize_t)r->bound_bytes, "threads", r->threads, "blocks",
        r->blocks, "tol_shift2", r->tol_shift2);
    if (!more || PyDict_Update(d, more)) {
        Py_XDECREF(more);
        goto fail;
    }
    Py_DECREF(more);
    return d;
fail:
    Py_DECREF(d);
    return NULL;
}

/* sample_weight as n float64 weights into *wts (Py_None: NULL, no
 * weights); -1 with the error set. */
static int weights_of(PyObject *wobj, size_t n, PyArrayObject **wts)
{
    *wts = NULL;
    if (wobj == Py_None)
        return 0;
    *wts = (PyArrayObject *)PyArray_FROMANY(wobj, NPY_DOUBLE, 1, 1,
                                           NPY_ARRAY_IN_ARRAY);
    if (!*wts)
        return -1;
    if ((size_t)PyArray_DIM(*wts, 0) != n) {
        PyErr_Format(PyExc_ValueError, "sample_weight has %zd values for "
                     "%zd samples", (Py_ssize_t)PyArray_DIM(*wts, 0),
                     (Py_ssize_t)n);
        Py_CLEAR(*wts);
        return -1;
    }
    return 0;
}

/* The k x d start of method name (weighted when wts is not NULL) in a new
 * array; NULL with the error set. */
static PyArrayObject *start_of(const tkm_dataset *ds, Py_ssize_t k,
                               const char *name, int candidates,
                               unsigned long long seed, tkm_form form,
                               PyArrayObject *wts)
{
    tkm_init_method m;
    if (parse_name(name, init_parse, &m, "init"))
        return NULL;
    npy_intp cdims[2] = {(npy_intp)k, (npy_intp)ds->d};
    PyArrayObject *c0 = (PyArrayObject *)PyArray_SimpleNew(2, cdims,
                                                           NPY_DOUBLE);
    if (!c0)
        return NULL;
    const double *w = wts ? PyArray_DATA(wts) : NULL;
    char msg[512] = "";
    tkm_status st;
    Py_BEGIN_ALLOW_THREADS
    st = tkm_init_centroids_weighted(ds, (size_t)k, m, candidates, seed, w,
                                     form, NULL, PyArray_DATA(c0), msg,
                                     sizeof msg);
    Py_END_ALLOW_THREADS
    if (st != TKM_OK) {
        Py_DECREF(c0);
        raise_status(st, msg);
        return NULL;
    }
    return c0;
}

/* fit(X, k, init, algorithm, form, precision, max_iter, tol, seed,
 *     threads, block_size, candidates, screen, empty, sample_weight,
 *     inertia_each_iter, on_iter) -> (centroids, labels, inertia, n_iter,
 *     stats).  X: a 2-d array, or sparse rows as the tuple (data,
 *     indices, indptr, n, d) of a canonical CSR matrix (points_of);
 *     init: a method name or a k x d array; screen: "auto", "on"
 *     or "off"; empty: "keep" or "farthest"; sample_weight: None or n
 *     float64 weights; inertia_each_iter: every row's inertia (else NaN
 *     but in the last row of a stop on labels); on_iter: None or a
 *     callable, called after each iteration (progress_ctx). */
static PyObject *py_fit(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    static char *names[] = {"X", "k", "init", "algorithm", "form",
                            "precision", "max_iter", "tol", "seed",
                            "threads", "block_size", "candidates", "screen",
                            "empty", "sample_weight", "inertia_each_iter",
                            "on_iter", NULL};
    PyObject *xobj, *init_obj, *wobj = Py_None, *cb = Py_None;
    Py_ssize_t k;
    const char *algo = "lloyd", *form = "seq", *prec = "f64";
    const char *screen = "auto", *empty = "keep";
    int max_iter = 300, threads = 0, block = 0, candidates = 0, each = 0;
    double tol = 0.0;
    unsigned long long seed = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OnO|sssidKiiissOpO", names,
                                     &xobj, &k, &init_obj, &algo, &form,
                                     &prec, &max_iter, &tol, &seed,
                                     &threads, &block, &candidates, &screen,
                                     &empty, &wobj, &each, &cb))
        return NULL;
    if (cb != Py_None && !PyCallable_Check(cb))
        return PyErr_Format(PyExc_TypeError, "on_iter must be callable");
    tkm_params p;
    tkm_params_default(&p);
    p.k = (size_t)k;
    p.max_iter = max_iter;
    p.tol = tol;
    p.threads = threads;
    p.block_size = block;
    p.inertia_each_iter = each;
    if (parse_name(algo, algo_parse, &p.algorithm, "algorithm") ||
        parse_name(form, form_parse, &p.form, "form"))
        return NULL;
    if (tkm_screen_parse(screen, &p.screen))
        return PyErr_Format(PyExc_ValueError,
                            "screen must be 'auto', 'on' or 'off', not '%s'",
                            screen);
    if (tkm_empty_parse(empty, &p.empty))
        return PyErr_Format(PyExc_ValueError,
                            "empty must be 'farthest' or 'keep', not '%s'",
                            empty);
    if (tkm_precision_parse(prec, &p.precision))
        return PyErr_Format(PyExc_ValueError, "unknown precision '%s'",
                            prec);
    points pt;
    if (points_of(xobj, &pt) != 0)
        return NULL;
    const tkm_dataset ds = pt.ds;
    PyArrayObject *c0 = NULL, *cen = NULL, *lab = NULL, *wts = NULL;
    PyObject *stats = NULL, *out = NULL;
    char msg[512] = "";
    tkm_status st = TKM_OK;
    tkm_result res;
    memset(&res, 0, sizeof res);
    npy_intp cdims[2] = {(npy_intp)k, (npy_intp)ds.d};
    if (k < 1 || ds.n < 1 || ds.d < 1) {
        PyErr_SetString(PyExc_ValueError, "need k >= 1 and a non-empty X");
        goto done;
    }
    /* the weights first: the start weighs its draws by them */
    if (weights_of(wobj, ds.n, &wts) != 0)
        goto done;
    p.weights = wts ? PyArray_DATA(wts) : NULL;
    if (PyUnicode_Check(init_obj)) {
        const char *name = PyUnicode_AsUTF8(init_obj);
        if (!name || !(c0 = start_of(&ds, k, name, candidates, seed, p.form,
                                     wts)))
            goto done;
    } else {
        if (!(c0 = as_matrix(init_obj, "init")))
            goto done;
        if (PyArray_DIM(c0, 0) != k || PyArray_DIM(c0, 1) != cdims[1]) {
            PyErr_Format(PyExc_ValueError, "init has shape (%zd, %zd); "
                         "the fit needs (%zd, %zd)",
                         (Py_ssize_t)PyArray_DIM(c0, 0),
                         (Py_ssize_t)PyArray_DIM(c0, 1), k,
                         (Py_ssize_t)cdims[1]);
            goto done;
        }
    }
    progress_ctx pc = {0, cb == Py_None ? NULL : cb};
    p.progress = on_iter;
    p.progress_ctx = &pc;
    Py_BEGIN_ALLOW_THREADS
    st = tkm_fit(&ds, PyArray_DATA(c0), &p, &res, msg, sizeof msg);
    Py_END_ALLOW_THREADS
    if (st != TKM_OK) {
        raise_status(st, msg);
        goto done;
    }
    if (pc.stopped) { /* PyErr_CheckSignals or on_iter set the error */
        if (!PyErr_Occurred())
            PyErr_SetNone(PyExc_KeyboardInterrupt);
        goto done;
    }
    npy_intp ldim = (npy_intp)ds.n;
    cen = (PyArrayObject *)PyArray_SimpleNew(2, cdims, NPY_DOUBLE);
    lab = (PyArrayObject *)PyArray_SimpleNew(1, &ldim, NPY_INT32);
    if (!cen || !lab || !(stats = stats_of(&res)))
        goto done;
    memcpy(PyArray_DATA(cen), res.centroids,
           (size_t)k * ds.d * sizeof(double));
    memcpy(PyArray_DATA(lab), res.labels, ds.n * sizeof(int32_t));
    out = Py_BuildValue("(OOdiO)", cen, lab, res.inertia, res.iterations,
                        stats);
done:
    tkm_result_free(&res);
    Py_XDECREF(stats);
    Py_XDECREF(cen);
    Py_XDECREF(lab);
    Py_XDECREF(c0);
    Py_XDECREF(wts);
    points_release(&pt);
    return out;
}

/* init_centroids(X, k, init, seed, candidates, form, sample_weight) -> the
 * k x d start of method init (tkm_init_centroids_weighted; form: where an
 * unweighted start is chosen); X as fit takes it. */
static PyObject *py_init_centroids(PyObject *self, PyObject *args,
                                   PyObject *kw)
{
    (void)self;
    static char *names[] = {"X", "k", "init", "seed", "candidates", "form",
                            "sample_weight", NULL};
    PyObject *xobj, *wobj = Py_None;
    Py_ssize_t k;
    const char *name, *fname = "seq";
    unsigned long long seed = 0;
    int candidates = 0;
    tkm_form form;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "Ons|KisO", names, &xobj, &k,
                                     &name, &seed, &candidates, &fname,
                                     &wobj))
        return NULL;
    if (parse_name(fname, form_parse, &form, "form"))
        return NULL;
    points pt;
    if (points_of(xobj, &pt) != 0)
        return NULL;
    PyArrayObject *wts = NULL, *c0 = NULL;
    if (k < 1 || pt.ds.n < 1 || pt.ds.d < 1)
        PyErr_SetString(PyExc_ValueError, "need k >= 1 and a non-empty X");
    else if (weights_of(wobj, pt.ds.n, &wts) == 0)
        c0 = start_of(&pt.ds, k, name, candidates, seed, form, wts);
    Py_XDECREF(wts);
    points_release(&pt);
    return (PyObject *)c0;
}

/* predict(X, centroids, precision, threads, distances) -> labels or
 * (labels, distances); X as fit takes it. */
static PyObject *py_predict(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    static char *names[] = {"X", "centroids", "precision", "threads",
                            "distances", NULL};
    PyObject *xobj, *cobj;
    const char *prec = "f64";
    int threads = 0, want = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OO|sip", names, &xobj,
                                     &cobj, &prec, &threads, &want))
        return NULL;
    tkm_precision p;
    if (tkm_precision_parse(prec, &p))
        return PyErr_Format(PyExc_ValueError, "unknown precision '%s'",
                            prec);
    points pt;
    PyArrayObject *c = NULL, *lab = NULL, *dist = NULL;
    PyObject *out = NULL;
    if (points_of(xobj, &pt) != 0)
        return NULL;
    const tkm_dataset ds = pt.ds;
    if (!(c = as_matrix(cobj, "centroids")))
        goto done;
    if ((size_t)PyArray_DIM(c, 1) != ds.d) {
        PyErr_Format(PyExc_ValueError, "X has %zd features, the centroids "
                     "%zd", (Py_ssize_t)ds.d, (Py_ssize_t)PyArray_DIM(c, 1));
        goto done;
    }
    npy_intp n = (npy_intp)ds.n, dd[2] = {n, PyArray_DIM(c, 0)};
    lab = (PyArrayObject *)PyArray_SimpleNew(1, &n, NPY_INT32);
    if (!lab || (want && !(dist = (PyArrayObject *)PyArray_SimpleNew(
                               2, dd, NPY_DOUBLE))))
        goto done;
    char msg[512] = "";
    tkm_status st;
    Py_BEGIN_ALLOW_THREADS
    st = tkm_predict(&ds, PyArray_DATA(c), (size_t)dd[1], p, threads,
                     PyArray_DATA(lab), dist ? PyArray_DATA(dist) : NULL,
                     msg, sizeof msg);
    Py_END_ALLOW_THREADS
    if (st != TKM_OK) {
        raise_status(st, msg);
        goto done;
    }
    out = want ? Py_BuildValue("(OO)", lab, dist)
               : (Py_INCREF(lab), (PyObject *)lab);
done:
    Py_XDECREF(dist);
    Py_XDECREF(lab);
    Py_XDECREF(c);
    points_release(&pt);
    return out;
}

/* The file the library's code was loaded from: the shared library
 * (libtrikmeans.so.N) where the extension was linked with an installed
 * one, else the extension itself, which then holds its own copy. */
static const char *library_file(void)
{
    Dl_info di;
    if (dladdr((void *)tkm_version, &di) && di.dli_fname)
        return di.dli_fname;
    return "unknown";
}

/* info() -> dict: what `trikmeans info` prints: version, precisions,
 * forms (name -> None or why absent), OpenMP threads, CPU kernels, CUDA
 * devices and FMA. */
static PyObject *py_info(PyObject *self, PyObject *noargs)
{
    (void)self;
    (void)noargs;
    PyObject *forms = PyDict_New();
    if (!forms)
        return NULL;
    for (int f = 0; f < TKM_NFORM; f++) {
        char why[256] = "";
        tkm_status st = tkm_form_available((tkm_form)f, why, sizeof why);
        PyObject *v = st == TKM_OK
                          ? (Py_INCREF(Py_None), Py_None)
                          : PyUnicode_FromString(why[0] ? why
                                                        : tkm_strerror(st));
        if (!v || PyDict_SetItemString(forms, tkm_form_name((tkm_form)f),
                                       v)) {
            Py_XDECREF(v);
            Py_DECREF(forms);
            return NULL;
        }
        Py_DECREF(v);
    }
    char isas[128] = "", dev[1024] = "";
    tkm_cpu_isa_list(isas, sizeof isas);
    tkm_cuda_describe(dev, sizeof dev);
    int fma = tkm_cuda_fma();
    int threads = 1;
#ifdef _OPENMP
    threads = omp_get_max_threads();
#endif
    PyObject *d = Py_BuildValue(
        "{s:s,s:s,s:(ss),s:O,s:i,s:s,s:s,s:s,s:O}", "version", tkm_version(),
        "library", library_file(),
        "precisions", "f32", "f64", "forms", forms, "openmp_threads",
        threads, "cpu_kernels", tkm_cpu_isa(), "cpu_kernels_usable", isas,
        "cuda_devices", dev[0] ? dev : "none", "cuda_fma",
        fma == 1 ? Py_True : fma == 0 ? Py_False : Py_None);
    Py_DECREF(forms);
    return d;
}

/* algorithms() -> the names of the library's algorithms, in its table's
 * order (what algorithm= takes). */
static PyObject *py_algorithms(PyObject *self, PyObject *noargs)
{
    (void)self;
    (void)noargs;
    PyObject *t = PyTuple_New(TKM_NALGO);
    for (int a = 0; t && a < TKM_NALGO; a++) {
        PyObject *s = PyUnicode_FromString(tkm_algorithm_name(a));
        if (!s) {
            Py_DECREF(t);
            return NULL;
        }
        PyTuple_SET_ITEM(t, a, s);
    }
    return t;
}

/* form_available(name, algorithm=None) -> None when the form can run
 * here, and the algorithm (when named) has it, else why not (what
 * form='auto' asks before each fit: no device description). */
static PyObject *py_form_available(PyObject *self, PyObject *args)
{
    (void)self;
    const char *name, *alg = NULL;
    tkm_form f;
    tkm_params p;
    tkm_params_default(&p);
    if (!PyArg_ParseTuple(args, "s|z", &name, &alg) ||
        parse_name(name, form_parse, &f, "form") ||
        (alg && parse_name(alg, algo_parse, &p.algorithm, "algorithm")))
        return NULL;
    char why[256] = "";
    tkm_status st = tkm_form_available(f, why, sizeof why);
    if (st == TKM_OK && alg) {
        /* the pair's own check, on one point (nothing else is set) */
        p.k = 1;
        p.form = f;
        st = tkm_params_check(&p, 1, 1, why, sizeof why);
    }
    if (st == TKM_OK)
        Py_RETURN_NONE;
    return PyUnicode_FromString(why[0] ? why : tkm_strerror(st));
}

static PyMethodDef methods[] = {
    {"fit", (PyCFunction)(void (*)(void))py_fit, METH_VARARGS | METH_KEYWORDS,
     "fit(X, k, init, ...) -> (centroids, labels, inertia, n_iter, stats)"},
    {"predict", (PyCFunction)(void (*)(void))py_predict,
     METH_VARARGS | METH_KEYWORDS,
     "predict(X, centroids, precision, threads, distances)"},
    {"init_centroids", (PyCFunction)(void (*)(void))py_init_centroids,
     METH_VARARGS | METH_KEYWORDS,
     "init_centroids(X, k, init, seed, candidates, form, sample_weight) -> "
     "the k x d start"},
    {"info", py_info, METH_NOARGS, "what this build offers here"},
    {"algorithms", py_algorithms, METH_NOARGS,
     "the algorithms' names, in the library's order"},
    {"form_available", py_form_available, METH_VARARGS,
     "form_available(form, algorithm=None): None when the form can run "
     "here (for the algorithm), else why not"},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_core",
                                    "trikmeans's C library", -1, methods,
                                    NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__core(void)
{
    import_array();
    PyObject *m = PyModule_Create(&module);
    if (m && PyModule_AddStringConstant(m, "__version__", tkm_version())) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
