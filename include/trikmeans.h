/*
 * trikmeans: exact k-means (Lloyd, Elkan, Hamerly) in sequential, OpenMP and
 * CUDA forms, float and double.  This is the only public header.
 *
 * Conventions:
 *  - every function that can fail returns a tkm_status and, when msg is not
 *    NULL, writes a one-line explanation into msg[0..msglen-1];
 *  - the library never prints and never exits;
 *  - data sets are held as row-major double, exactly as read; a run in float
 *    converts them once;
 *  - results are returned in double (a float centroid converts exactly).
 */
#ifndef TRIKMEANS_H
#define TRIKMEANS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The version, kept here alone: the Makefile (soname, pkg-config and CMake
 * files, man pages), the Python package and the command read it from
 * these three lines.  MAJOR changes when the ABI breaks. */
#define TKM_VERSION_MAJOR 0
#define TKM_VERSION_MINOR 1
#define TKM_VERSION_PATCH 0
#define TKMI_STR_(x) #x
#define TKMI_STR(x) TKMI_STR_(x)
#define TKM_VERSION TKMI_STR(TKM_VERSION_MAJOR) "." \
    TKMI_STR(TKM_VERSION_MINOR) "." TKMI_STR(TKM_VERSION_PATCH)

/* The version of the library linked (TKM_VERSION is the header's): a
 * program built against one release and run with another shared library
 * can tell. */
const char *tkm_version(void);

/* ---- status ------------------------------------------------------------ */

typedef enum {
    TKM_OK = 0,
    TKM_EINVAL,   /* a parameter is out of range                        */
    TKM_ENOMEM,   /* not enough host or device memory (message: bytes) */
    TKM_EIO,      /* a file could not be opened, read or written        */
    TKM_EFORMAT,  /* a file's content is malformed                      */
    TKM_ECUDA,    /* a CUDA call failed                                 */
    TKM_ENODEV,   /* the form needs a device that is not there          */
    TKM_ENOTSUP,  /* the form or feature is not compiled into this build */
    TKM_ERANGE    /* a value does not fit the requested precision        */
} tkm_status;

/* Short, static description of a status code. */
const char *tkm_strerror(tkm_status s);

/* ---- memory -------------------------------------------------------------
 * A request for more memory than the limit is refused before it is tried:
 * TKM_ENOMEM, with the bytes asked and the limit in the message.  Where
 * several large buffers are made together (a fit's bounds, say) their
 * total is what is checked.  The limit is the machine's physical memory:
 * on a system that overcommits, a larger malloc would succeed and the
 * process would be killed later, when it touched the pages.  The
 * environment variable TKM_MEMORY_LIMIT (read once, at first use; bytes,
 * or a number with K, M, G or T for powers of 1024, as 512M) or
 * tkm_memory_limit_set() lowers it, for tests and for a cap of one's own;
 * a value above the physical memory leaves the physical memory as the
 * limit.  It bounds each request (or plan of requests), not the sum of
 * everything the process holds. */

/* The limit in effect and the machine's physical memory (SIZE_MAX when
 * unknown), either pointer may be NULL.  TKM_EINVAL with the reason when
 * TKM_MEMORY_LIMIT is set but is not a size (the physical memory is then
 * the limit). */
tkm_status tkm_memory_limit(size_t *limit, size_t *physical, char *msg,
                            size_t msglen);

/* Limit every request to bytes from now on (0: the physical memory
 * again), for the whole process, in place of TKM_MEMORY_LIMIT; not while
 * a fit runs. */
void tkm_memory_limit_set(size_t bytes);

/* ---- names ------------------------------------------------------------- */

/* The algorithms (docs/algorithms.md): Lloyd's brute force; Elkan's k
 * lower bounds per point; Hamerly's one; Yinyang's one per group of
 * centroids; Annulus and Exponion, Hamerly's bounds with a search
 * restricted by centroid norms and by a ball around the own centroid.
 * tkm_algorithm_name gives their names. */
typedef enum {
    TKM_LLOYD = 0,
    TKM_ELKAN,
    TKM_HAMERLY,
    TKM_YINYANG,  /* seq and omp forms only */
    TKM_ANNULUS,  /* seq and omp forms only */
    TKM_EXPONION, /* seq and omp forms only */
    TKM_NALGO
} tkm_algorithm;
typedef enum {
    TKM_SEQ = 0,
    TKM_OMP,
    TKM_CUDA_GLOBAL,
    TKM_CUDA_SHARED,
    TKM_NFORM
} tkm_form;
typedef enum { TKM_F32 = 32, TKM_F64 = 64 } tkm_precision;
typedef enum {
    TKM_SCREEN_AUTO = 0, /* on where measured faster, if the build has BLAS */
    TKM_SCREEN_OFF,
    TKM_SCREEN_ON        /* TKM_ENOTSUP without BLAS, for Elkan, or
                            outside the seq and omp forms                */
} tkm_screen;
/* How a CUDA form sums each cluster's points in the update (docs/update.md).
 * EXACT, the default and the only one of the CPU forms, makes exact
 * fixed-point sums and correctly rounded means: the same bits in every form,
 * block size and run.  The others add in the run's precision, as the GPU
 * k-means of the sources do; their centroids differ from the exact means by
 * rounding, and atomic and shared also from run to run: */
typedef enum {
    TKM_UPDATE_EXACT = 0,
    TKM_UPDATE_ATOMIC, /* each point's coordinates added into the cluster's
                          sums in global memory by atomic additions      */
    TKM_UPDATE_SHARED, /* each block adds its points into sums in shared
                          memory by atomics, then those into global memory
                          by atomics                                      */
    TKM_UPDATE_TREE,   /* a fine reduction in each block (each warp adds
                          the points of one label in lane order, the warps'
                          sums in warp order) and a coarse one over the
                          blocks' sums: no atomic, the same sums from run
                          to run on one device and block size            */
    TKM_UPDATE_DC,     /* divide and conquer (Li, Zhao & Chu): groups of M
                          points reduced to partial sums on the device, M
                          of those again, until at most M remain, which the
                          host adds; M = 4 times the multiprocessors      */
    TKM_NUPDATE
} tkm_update;
typedef enum {
    TKM_INIT_KMEANSPP = 0,    /* D^2 sampling, one candidate per step      */
    TKM_INIT_KMEANSPP_GREEDY, /* D^2 sampling, best of several candidates  */
    TKM_INIT_RANDOM,          /* k distinct rows chosen uniformly          */
    TKM_INIT_FARTHEST,        /* farthest-first traversal: a random first
                                 point, then the point farthest from its
                                 nearest chosen centroid (lowest index on
                                 ties): the reference thesis's "K-means++" */
    TKM_NINIT
} tkm_init_method;
typedef enum {
    TKM_EMPTY_KEEP = 0, /* an empty cluster keeps its previous centroid     */
    TKM_EMPTY_FARTHEST  /* it takes the point farthest from its centroid,
                           which leaves its old cluster; a cluster left
                           with no weight takes the heaviest's mean
                           (scikit-learn) */
} tkm_empty_policy;

/* Name of an enum value ("lloyd", "cuda-global", "f32", ...). */
const char *tkm_algorithm_name(tkm_algorithm a);
const char *tkm_form_name(tkm_form f);
const char *tkm_precision_name(tkm_precision p);
const char *tkm_init_name(tkm_init_method m);
const char *tkm_empty_name(tkm_empty_policy e);
const char *tkm_screen_name(tkm_screen s);
const char *tkm_update_name(tkm_update u);
/* Parse a name; return 0 on success, -1 if the name is unknown. */
int tkm_algorithm_parse(const char *s, tkm_algorithm *out);
int tkm_form_parse(const char *s, tkm_form *out);
int tkm_precision_parse(const char *s, tkm_precision *out);
/* kmeans++, kmeans++-greedy (also "k-means++", scikit-learn's name for
 * it), random, farthest */
int tkm_init_parse(const char *s, tkm_init_method *out);
int tkm_empty_parse(const char *s, tkm_empty_policy *out);
int tkm_screen_parse(const char *s, tkm_screen *out); /* auto, off, on */
/* exact, atomic, shared, tree, dc */
int tkm_update_parse(const char *s, tkm_update *out);

/* Is the form compiled in and runnable here?  TKM_OK, or TKM_ENOTSUP /
 * TKM_ENODEV with the reason in why. */
tkm_status tkm_form_available(tkm_form f, char *why, size_t whylen);

/* ---- several processes (MPI) ------------------------------------------- */

/* The processes of one run, each holding a slice of the rows (an MPI
 * build's ranks; src/mpi/ fills this in, the library itself links no MPI).
 * Every process calls tkm_fit (or tkm_init_centroids_comm) with its own
 * slice, the one tkm_part_rows gives, and the library calls the functions
 * below in the same order on every process (they are collective).  Each
 * works in place on v: element-wise across the processes, the result on
 * every process.  A transport failure is the caller's to handle (MPI's
 * default handler aborts every rank).  The results are those of one
 * process holding every row, bit for bit. */
typedef struct {
    int rank, size;
    void *ctx;
    void (*sum_u64)(void *ctx, uint64_t *v, size_t count);
    void (*sum_i128)(void *ctx, void *v, size_t count); /* 16-byte two's
                                              complement, host order     */
    void (*max_f64)(void *ctx, double *v, size_t count);
    void (*min_u64)(void *ctx, uint64_t *v, size_t count);
    /* buf holds every process's part: bytes[r] bytes at offset off[r];
     * each process has filled in its own, the call fills in the rest */
    void (*gather)(void *ctx, void *buf, const size_t *bytes,
                   const size_t *off);
    void (*bcast)(void *ctx, void *buf, size_t bytes, int root);
} tkm_comm;

/* Rows [*lo, *hi) of process rank of size in a run on n rows: whole
 * blocks of TKM_PART_BLOCK rows (the blocks the library's double sums are
 * taken over, combined in block order), as many as can be spread evenly;
 * a process gets no rows when there are fewer blocks than processes. */
#define TKM_PART_BLOCK 4096
void tkm_part_rows(size_t n, int rank, int size, size_t *lo, size_t *hi);

/* ---- data sets --------------------------------------------------------- */

/* Sparse points, compressed by rows as scipy.sparse's CSR: row i holds
 * the values data[indptr[i] .. indptr[i + 1]) at the columns
 * indices[indptr[i] .. indptr[i + 1]), each column in [0, d) and
 * increasing within a row (scipy's canonical form: sorted, no column
 * twice); every other value of the row is 0.  Stored zeros are allowed.
 * indptr[0] is 0 and indptr[n] is the number of stored values. */
typedef struct {
    const void *data;    /* the stored values: double, float with f32     */
    const void *indices; /* their columns: int32_t, int64_t with idx64    */
    const void *indptr;  /* n + 1 row starts: int32_t, int64_t with idx64 */
    int f32;             /* data is float                                 */
    int idx64;           /* indices and indptr are int64_t                */
} tkm_csr;

typedef struct {
    size_t n;  /* rows (points)      */
    size_t d;  /* columns (features) */
    double *x; /* n*d, row-major     */
    const float *x32; /* instead of x (read only when x is NULL): float32
                         points, n*d row-major, which tkm_fit, tkm_predict
                         and tkm_init_centroids take too, an f32 run in
                         place; every other function needs x           */
    tkm_csr csr;      /* instead of x and x32 (read when both are NULL
                         and csr.indptr is set): sparse points, which
                         tkm_fit, tkm_predict, tkm_init_centroids, the
                         scores and tkm_compare_results take, giving
                         the labels, iterations, centroids and scores of
                         the same points dense, bit for bit; tkm_fit
                         runs them in every form but Yinyang's CUDA
                         forms (TKM_ENOTSUP: the CUDA forms take them
                         with Lloyd, Elkan and Hamerly); every other
                         function needs x                              */
    void *csr_own;    /* storage of csr that tkm_dataset_free frees (the
                         readers'); NULL when the caller owns csr's     */
} tkm_dataset;

/* Whether ds holds sparse points (csr). */
#define TKM_DATASET_SPARSE(ds) (!(ds)->x && !(ds)->x32 && (ds)->csr.indptr)

typedef enum {
    TKM_FMT_AUTO = 0, /* by extension: .npy, .bin/.raw, .npz, .mtx,
                         anything else text                               */
    TKM_FMT_TEXT,     /* CSV, TSV or whitespace separated                  */
    TKM_FMT_NPY,      /* NumPy .npy, C order                               */
    TKM_FMT_RAW,      /* raw little-endian binary, shape given             */
    TKM_FMT_NPZ,      /* scipy.sparse.save_npz (csr, csc or coo; stored or
                         deflated): sparse points (csr)                   */
    TKM_FMT_MTX       /* MatrixMarket coordinate (real, integer or
                         pattern; general, symmetric or skew-symmetric):
                         sparse points                                    */
} tkm_format;

/* Whether a text file's first line (after comments) is a header. */
typedef enum {
    TKM_HEADER_AUTO = 0, /* a header when none of its fields is a number
                            (a quoted number is one) and it is no row of
                            numbers under another separator ("1;2" read
                            at ',' is data, refused at its line)      */
    TKM_HEADER_NO,       /* data                                           */
    TKM_HEADER_YES       /* a header, whatever it holds (pandas writes
                            0,1,... for integer column names)             */
} tkm_header;

typedef struct {
    tkm_format format;
    size_t raw_d;         /* raw: columns (required)                       */
    size_t raw_n;         /* raw: rows, 0 = file size / (d * width)        */
    int raw_bits;         /* raw: 32 or 64 (float32 or float64)            */
    tkm_precision target; /* reject values that do not fit this precision */
    tkm_header header;    /* text: the first line (after comments); a
                             header must have as many fields as the data */
    char delimiter;       /* text: the field separator; ' ' for runs of
                             blanks; 0 = detect (',' if the line has one,
                             else tab, else blanks)                      */
    const tkm_comm *comm; /* several processes (NULL: one): each reads
                             only its tkm_part_rows slice; .npy and raw
                             at its offset, text (a regular file) split
                             at line ends, the rows counted by every
                             process over its share of the bytes (then
                             the read is collective), .npz and .mtx read
                             whole, each process keeping its rows.  A
                             message names a row or line by its place in
                             the file                                  */
    int keep_f32;         /* a float32 .npy or raw file is given as x32
                             (x NULL), used where it lies (mapped), for
                             an f32 run or tkm_predict in place, and an
                             .npz's float32 values stay float (csr.f32)
                             unless duplicates were summed; else, and for
                             every other file, x (or csr.data) double  */
    const char *usecols;  /* NULL: every column; else the columns to read,
                             "0,2" or "x,z": comma-separated 0-based
                             indices or (text with a header) names, each
                             once; an item of digits is an index.  The
                             columns keep the file's order              */
    const char *skip_cols; /* the same, naming the columns to leave out
                             (not together with usecols); a column left
                             out is not parsed or checked              */
    char *note;           /* NULL, or notelen bytes for what the reader
                             decided about the file ("" when nothing),
                             also set when the read then fails: lines
                             (newline between), each "note: ..." (a
                             first text line taken for a header, as
                             header AUTO found it, and why) or
                             "warning: ..." (a header whose first field
                             is empty, pandas' index column, read as
                             data); never printed by the library       */
    size_t notelen;
} tkm_read_opts;

void tkm_read_opts_default(tkm_read_opts *o);

/* Read a data set ("-": standard input, as text unless o->format says
 * npy, raw, npz or mtx).  A sparse file (.npz, .mtx) gives csr (owned
 * through csr_own, int64 indices) in canonical form: csc and coo are
 * converted once, columns sorted, the entries given for one place summed
 * in the file's order (in double).  Rejects empty input,
 * ragged rows, non-numeric fields, NaN/Inf and values out of the target
 * precision's range, naming the file and the line (text, from 1) or row
 * (binary, from 0) and the column (from 0).  On failure *out
 * is left empty. */
tkm_status tkm_dataset_read(const char *path, const tkm_read_opts *o,
                            tkm_dataset *out, char *msg, size_t msglen);
/* Free a data set's storage; accepts NULL and empty data sets. */
void tkm_dataset_free(tkm_dataset *ds);

/* Write an n x d matrix (d columns) as .csv, .tsv or .npy (float64) by the
 * extension of path.  The file appears whole or not at all.  The path "-"
 * writes CSV to standard output (both functions). */
tkm_status tkm_write_matrix(const char *path, const double *a, size_t n,
                            size_t d, char *msg, size_t msglen);
/* The bytes of n labels that are part of a labels file of n_total (as
 * tkm_write_labels writes it, by path's extension), with the file's
 * header (.npy) when header: every process of a run over several writes
 * its own at its place, in row order.  *bytes (malloc'd, *len bytes) is
 * the caller's. */
tkm_status tkm_labels_bytes(const char *path, const int32_t *labels,
                            size_t n, size_t n_total, int header,
                            char **bytes, size_t *len, char *msg,
                            size_t msglen);
/* Write n labels as .csv (one per line) or .npy (int32) by extension. */
tkm_status tkm_write_labels(const char *path, const int32_t *labels,
                            size_t n, char *msg, size_t msglen);

/* Synthetic data: k Gaussian blobs of standard deviation spread around
 * centres drawn uniformly from [-box, box]^d.  truth (n labels) may be NULL. */
tkm_status tkm_generate_blobs(size_t n, size_t d, size_t k, double spread,
                              double box, uint64_t seed, tkm_dataset *out,
                              int32_t *truth, char *msg, size_t msglen);
/* Synthetic data: n points uniform in [-box, box]^d. */
tkm_status tkm_generate_uniform(size_t n, size_t d, double box,
                                uint64_t seed, tkm_dataset *out, char *msg,
                                size_t msglen);

/* ---- initialisation ---------------------------------------------------- */

/* Choose k initial centroids (k*d doubles into out) from the data, in
 * double, so that every precision and form starts from the same point.
 * candidates: number of D^2 candidates per step for the greedy variant,
 * 0 = 2 + floor(ln k) as scikit-learn does. */
tkm_status tkm_init_centroids(const tkm_dataset *ds, size_t k,
                              tkm_init_method m, int candidates,
                              uint64_t seed, double *out, char *msg,
                              size_t msglen);

/* tkm_init_centroids over the processes of comm (NULL: one process), each
 * holding its slice of the rows: every process gets the k centroids one
 * process holding all rows would choose. */
tkm_status tkm_init_centroids_comm(const tkm_dataset *ds, size_t k,
                                   tkm_init_method m, int candidates,
                                   uint64_t seed, const tkm_comm *comm,
                                   double *out, char *msg, size_t msglen);

/* tkm_init_centroids with its passes over the data where form runs: for
 * cuda-global and cuda-shared, k-means++ (both variants) and
 * farthest-first run on the current CUDA device when the data are dense
 * and fit beside the start's scratch (n x (candidates + 1) doubles);
 * anywhere else (the CPU forms, random, sparse data, no device or no
 * room) the CPU runs them.  The centroids are tkm_init_centroids's, bit
 * for bit, wherever they are chosen. */
tkm_status tkm_init_centroids_form(const tkm_dataset *ds, size_t k,
                                   tkm_init_method m, int candidates,
                                   uint64_t seed, tkm_form form, double *out,
                                   char *msg, size_t msglen);

/* tkm_init_centroids with sample weights, as scikit-learn's starts weigh
 * them (from its 1.3 on): weights (this process's rows, each finite and
 * >= 0, some above 0; NULL, or every weight the same: the unweighted
 * start, bit for bit) make
 * k-means++ draw its first row with probability w_i / sum w and each
 * later one with w_i D_i^2 / sum w D^2 (by weight alone where every D of
 * weight above 0 is 0), its greedy variant compare the candidates by
 * sum w min(D^2, .); random draw k distinct rows, each with probability
 * w_i over the weight of the rows not drawn yet (fewer than k rows of
 * weight above 0: TKM_EINVAL); farthest draw
 * its first row by weight and then take the farthest row of weight above
 * 0.  No row of weight 0 is chosen while a row of weight above 0 is left.
 * comm as tkm_init_centroids_comm (NULL: one process); form as
 * tkm_init_centroids_form, but a weighted start is chosen on the CPU
 * whatever the form. */
tkm_status tkm_init_centroids_weighted(const tkm_dataset *ds, size_t k,
                                       tkm_init_method m, int candidates,
                                       uint64_t seed, const double *weights,
                                       tkm_form form, const tkm_comm *comm,
                                       double *out, char *msg, size_t msglen);

/* ---- solving ----------------------------------------------------------- */

typedef struct {
    int iter;                 /* 1-based                                   */
    uint64_t changed;         /* labels changed by this assign step        */
    uint64_t dist_pc;         /* point-centroid distances computed         */
    uint64_t dist_cc;         /* centroid-centroid distances computed      */
    uint64_t pruned_points;   /* points skipped by the global bound test   */
    uint64_t pruned_pairs;    /* (point, centroid) pairs skipped by the
                                 per-centroid test                          */
    double max_drift;         /* largest centroid move in the update       */
    double shift2;            /* sum over centroids of the squared move
                                 (scikit-learn's center_shift_tot)         */
    double inertia;           /* of this assignment; NaN when not computed
                                 (inertia_each_iter computes it; the last
                                 row of a stop on LABELS always has it)  */
    double t_assign;          /* seconds                                   */
    double t_update;
    double t_bound;           /* the bounds moved by the last update apart
                                 from the assignment; 0 where the two are
                                 one pass (Elkan's CPU forms: t_assign
                                 holds both)                              */
    double t_comm;            /* several processes: of this process, in
                                 the calls that combine values (comm)     */
    uint64_t screened;        /* pairs screened by the matrix product
                                 (tkm_params.screen): (point, centroid),
                                 and Hamerly's (centroid, other centroid) */
    uint64_t rechecked;       /* direct distances the screening took       */
    /* tkm_params.update_error with an inexact update: how far this
     * update's centroids are from the exact means of the same labels,
     * |c - m| / |m| per centroid (Euclidean norms; |c - m| where m = 0),
     * the largest and the mean over the k centroids; NaN otherwise */
    double upd_err_max, upd_err_mean;
} tkm_iter_stats;

/* Progress callback, called after every iteration; return non-zero to stop
 * the run early (it then ends with converged = 0). */
typedef int (*tkm_progress_fn)(const tkm_iter_stats *it, void *ctx);

typedef struct {
    size_t k;
    tkm_algorithm algorithm;
    tkm_form form;
    tkm_precision precision;
    int max_iter;           /* > 0                                          */
    double tol;             /* scikit-learn's tol: stop once the sum of
                               squared centroid moves is <= tol times the
                               mean variance of the features; 0 = off     */
    double tol_abs;         /* stop once no centroid moves more than
                               tol_abs; 0 = off.  With both off (the
                               default) a run stops when no label changes */
    int threads;            /* omp form: 0 = OpenMP's default               */
    int block_size;         /* cuda forms: 0 = the form's default           */
    tkm_empty_policy empty;
    int inertia_each_iter;  /* compute inertia in every iteration's stats   */
    double tol_inertia;     /* stop once the inertia of an assignment is
                               within tol_inertia (relative) of the one
                               before; computes the inertia every
                               iteration; 0 = off                        */
    int fixed_iter;         /* run exactly max_iter iterations, update
                               included, whatever converges (for timing,
                               as the CUDA blog and course report do)    */
    /* Pruning ablations (every form), each still exact: */
    int no_cc;              /* elkan, hamerly: without the centroid-centroid
                               tests (Elkan's s(a) and h(a, c), Hamerly's
                               s(a)), as the reference thesis; dist_cc 0 */
    int max_drift_only;     /* hamerly: the lower bound shrinks by the
                               largest drift of all centroids, its own
                               included (the thesis's rule), not by the
                               largest among the others                  */
    tkm_progress_fn progress;
    void *progress_ctx;
    /* Lloyd and Hamerly in the seq and omp forms: screen the distances of
     * their full scans through a matrix product (OpenBLAS) and take the
     * direct distance only of the centroids the product's rounding bound
     * cannot rule out: the same labels, iterations, centroids, bounds and
     * pruning counts, bit for bit.  AUTO: where it was measured faster
     * (high d and k).  Elkan keeps every distance as a bound: refused. */
    tkm_screen screen;
    /* NULL, or sample weights, one for each of this process's rows (finite,
     * >= 0, not all 0 over the processes; with several processes every one
     * with rows gives them): point i counts weights[i] times in the
     * centroid sums (exact, as without weights) and in the inertia, as
     * scikit-learn's sample_weight.  Every form: the CUDA forms' sums are
     * the CPU's, bit for bit. */
    const double *weights;
    /* Several processes, each with its slice of the rows (NULL: one).
     * Statistics rows count the work of every process (dist_cc once: each
     * computes the same); times are this process's own. */
    const tkm_comm *comm;
    /* The CUDA forms' update (tkm_update): TKM_ENOTSUP for an inexact one
     * in the CPU forms, with sample weights, sparse points or the farthest
     * empty policy (an empty cluster keeps its centroid). */
    tkm_update update;
    /* With an inexact update: make the exact sums of the same labels too
     * in every update and measure the distance (tkm_iter_stats.upd_err_*,
     * tkm_result.update_err_*); the update's time then includes them. */
    int update_error;
} tkm_params;

/* Defaults: lloyd, seq, f64, max_iter 300, tol 0, tol_abs 0, empty keep.
 * k must be set. */
void tkm_params_default(tkm_params *p);

/* Why a run ended.  After a stop on TOL, TOL_ABS, TOL_INERTIA or MAX_ITER
 * the loop's last step moved the centroids, so one more assignment (not an
 * iteration, no update; its time counts in t_result) gives each point its
 * nearest final centroid, as scikit-learn does: labels and inertia always
 * belong to the returned centroids, except after CALLBACK, which returns
 * at once (labels of the last assignment). */
typedef enum {
    TKM_STOP_MAX_ITER = 0, /* max_iter iterations                          */
    TKM_STOP_LABELS,       /* an assignment changed no label               */
    TKM_STOP_TOL,          /* shift2 <= tol_shift2                         */
    TKM_STOP_TOL_ABS,      /* max_drift <= tol_abs                         */
    TKM_STOP_CALLBACK,     /* the progress callback asked to stop          */
    TKM_STOP_TOL_INERTIA   /* the inertia changed by at most tol_inertia
                              of itself                                    */
} tkm_stop;

/* "max-iter", "labels", "tol", "tol-abs", "callback", "tol-inertia" */
const char *tkm_stop_name(tkm_stop s);

typedef struct {
    size_t n, d, k;
    tkm_algorithm algorithm;
    tkm_form form;
    tkm_precision precision;
    double *centroids;       /* k*d, row-major                              */
    int32_t *labels;         /* n                                           */
    int iterations;          /* assign steps taken                          */
    int converged;           /* 1: stopped by tkm_stop LABELS, TOL,
                                TOL_ABS or TOL_INERTIA; 0: by MAX_ITER
                                or CALLBACK                             */
    tkm_stop stop;           /* why the loop ended                         */
    double tol_shift2;       /* tol times the features' mean variance: the
                                threshold on shift2 (0 when tol is 0)     */
    uint64_t final_changed;  /* labels the final assignment moved (below) */
    double inertia;          /* sum of squared distances, final            */
    double t_total;          /* seconds, after the data are in place:
                                t_setup + t_upload + t_loop + t_result
                                + t_download                             */
    size_t bound_bytes;      /* bytes of bound storage                      */
    int threads;             /* threads used (cpu) or threads per block     */
    int blocks;              /* cuda: blocks per grid, cpu: 0               */
    tkm_iter_stats *iters;   /* iterations rows                             */
    /* phases of the run, seconds (t_total does not count t_convert) */
    double t_convert;        /* points checked (and converted to float);
                                with tol, also their variance            */
    double t_setup;          /* the form's state: allocation, packing, and
                                for CUDA the context's use and device
                                memory                                    */
    double t_upload;         /* CUDA: the points to the device (the copy and
                                the transposition); 0 for the CPU forms   */
    double t_loop;           /* the iterations (the thesis's measure)       */
    double t_result;         /* the final inertia, centroids to double      */
    double t_download;       /* CUDA: centroids and labels back to the
                                host; 0 for the CPU forms                 */
    /* tkm_params.update_error with an inexact update: the largest
     * upd_err_max and the mean of upd_err_mean over the updates; NaN
     * otherwise */
    double update_err_max, update_err_mean;
} tkm_result;

/* Check parameters against a data set of n x d; TKM_EINVAL with a message
 * saying what to change. */
tkm_status tkm_params_check(const tkm_params *p, size_t n, size_t d,
                            char *msg, size_t msglen);

/* Run one solver from the given initial centroids (k*d doubles).  On
 * success *res owns its arrays (free with tkm_result_free); on failure it
 * is left empty.  A point value that is not finite (or beyond float's
 * range in an f32 run) is TKM_ERANGE, the message naming its point and
 * column counted from 0 (x[point * d + column]), as every message about
 * an array in memory does; the file readers name lines from 1, as editors
 * do.  (Inside: src/solve/fit.c, then the loop in solve.c and
 * the solver table in table.c, which names each algorithm's folder.) */
tkm_status tkm_fit(const tkm_dataset *ds, const double *init,
                   const tkm_params *p, tkm_result *res, char *msg,
                   size_t msglen);
void tkm_result_free(tkm_result *res);

/* Assign every point of ds to its nearest of k centroids (k x d doubles,
 * any k >= 1, also k > n): labels (n; smaller distance, then lower index,
 * as a fit's assignment step) and, when dist is not NULL, the n x k
 * Euclidean distances.  Computed in precision p on threads (0 = OpenMP's
 * default; the results do not depend on it). */
tkm_status tkm_predict(const tkm_dataset *ds, const double *centroids,
                       size_t k, tkm_precision p, int threads,
                       int32_t *labels, double *dist, char *msg,
                       size_t msglen);

/* ---- the CPU forms' distance kernels ------------------------------------ */

/* The instruction set the seq and omp forms compute distances with:
 * "avx512", "avx2" or "sse2" on x86-64, "generic" elsewhere.  By default
 * the widest the processor has; the environment variable TKM_CPU_ISA
 * (read once, at first use) or tkm_cpu_isa_set() chooses a narrower one.
 * Every set gives bit-identical results. */
const char *tkm_cpu_isa(void);

/* The sets usable on this processor, widest first, comma-separated. */
void tkm_cpu_isa_list(char *buf, size_t len);

/* Use set name ("auto": the widest present) from now on, for the whole
 * process; not while a fit runs.  TKM_EINVAL for an unknown name,
 * TKM_ENOTSUP when the processor lacks the set (the one in use is kept). */
tkm_status tkm_cpu_isa_set(const char *name, char *msg, size_t msglen);

/* ---- checking one result against a baseline ----------------------------- */

typedef struct {
    size_t label_diff;    /* points whose labels differ                     */
    size_t ties;          /* of those, points where the two centroids are
                             equally far within the precision's rounding    */
    double max_gap;       /* largest relative distance gap among the
                             differing points that are not ties (0 if none) */
    double max_abs_diff;  /* max |c - c_base| over all centroid coordinates */
    double max_rel_diff;  /* max |c - c_base| / max(1, |c_base|)             */
    double inertia_rel;   /* |inertia - inertia_base| / inertia_base        */
    int iterations;       /* of the result                                  */
    int iterations_base;  /* of the baseline                                */
    int pass;             /* 1 when every rule below holds                   */
} tkm_comparison;

/* Tolerance on centroids for a precision: 1e-4 (f32) and 1e-12 (f64). */
double tkm_check_tolerance(tkm_precision p);

/* Compare a result with a baseline run on the same data (same k).  Pass
 * rule: max_rel_diff <= tol (absolute below 1, relative above), the same
 * iteration count, and every differing label a tie: for point x labelled
 * a by the baseline and b by the result, with the baseline's centroids,
 * |d(x,c_a) - d(x,c_b)| <= 1000 * eps * (|x| + |c_a| + |c_b|), eps the
 * machine epsilon of the result's precision.  When diff_idx is not NULL it
 * receives up to max_list indices of differing points and diff_gap (if
 * not NULL) their gaps |d(x,c_a) - d(x,c_b)|.  The data: x, or sparse
 * points (csr). */
tkm_status tkm_compare_results(const tkm_dataset *ds, const tkm_result *base,
                               const tkm_result *res, double tol,
                               tkm_comparison *out, size_t *diff_idx,
                               double *diff_gap, size_t max_list, char *msg,
                               size_t msglen);

/* One line about the CUDA devices seen, or why there are none. */
void tkm_cuda_describe(char *buf, size_t len);
/* Whether kernels were built with FMA contraction (1), without (0), or
 * not built at all (-1). */
int tkm_cuda_fma(void);

/* ---- quality scores ---------------------------------------------------- */

/* Cluster quality of a labelling of ds (labels: n values in 0..k-1), with
 * scikit-learn's definitions.  Only clusters that hold points count, and
 * there must be 2 to n-1 of them (else TKM_EINVAL, as scikit-learn's
 * ValueError); a label outside 0..k-1 or a non-finite value is TKM_EINVAL.
 * Sums are in double; *out is written only on success.  The data: x,
 * or sparse points (csr), which give the dense points' scores bit for
 * bit (a sparse row's fault is TKM_EINVAL, named as tkm_fit names it);
 * the silhouette then costs the pairs' stored values, not d. */

/* Mean silhouette coefficient: s(i) = (b - a) / max(a, b), a the mean
 * distance from i to the other points of its cluster, b the smallest mean
 * distance from i to the points of another cluster; 0 for a point alone
 * in its cluster.  Exact, O(n^2 d), OpenMP over points with threads (0 =
 * OpenMP's default); every thread count gives the same bits.  sample_size
 * 0 (or n) scores every point; otherwise a sample of that many points,
 * drawn without replacement from seed, is scored on its own, as
 * scikit-learn's sample_size does (sample_size > n is TKM_EINVAL). */
tkm_status tkm_silhouette(const tkm_dataset *ds, const int32_t *labels,
                          size_t k, size_t sample_size, uint64_t seed,
                          int threads, double *out, char *msg, size_t msglen);
/* A silhouette's progress: done of total points scored. */
typedef void (*tkm_count_fn)(size_t done, size_t total, void *ctx);
/* tkm_silhouette, calling progress (when not NULL) from the calling
 * thread as points are scored, at most about 4 times a second, and once
 * with done = total at the end; the same result. */
tkm_status tkm_silhouette_progress(const tkm_dataset *ds,
                                   const int32_t *labels, size_t k,
                                   size_t sample_size, uint64_t seed,
                                   int threads, tkm_count_fn progress,
                                   void *ctx, double *out, char *msg,
                                   size_t msglen);
/* Calinski-Harabasz index: (B / W) * (n - m) / (m - 1), B the between-
 * cluster dispersion sum n_c |c - mean|^2, W the within-cluster sum of
 * squares, m the non-empty clusters; 1.0 when W is 0 (as scikit-learn). */
tkm_status tkm_calinski_harabasz(const tkm_dataset *ds, const int32_t *labels,
                                 size_t k, double *out, char *msg,
                                 size_t msglen);
/* Davies-Bouldin index: the mean over clusters i of max over j != i of
 * (s_i + s_j) / |c_i - c_j|, s the mean distance of a cluster's points to
 * its centroid.  As in scikit-learn: coinciding centroids add 0 for that
 * pair, and the index is 0 when every s or every centroid separation is
 * within 1e-8. */
tkm_status tkm_davies_bouldin(const tkm_dataset *ds, const int32_t *labels,
                              size_t k, double *out, char *msg,
                              size_t msglen);

#ifdef __cplusplus
}
#endif

#endif /* TRIKMEANS_H */
