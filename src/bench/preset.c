/*
 * Benchmark presets: a small line-based file of `key = value` lines that
 * describes a sweep (see cli_preset_help for the format).  Keys before the
 * first [data NAME] section set the defaults of every data set; a data
 * section may override any run key.  Every error names the file and line.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"

enum { IN_GLOBAL = 1, IN_DATA = 2, IN_BOTH = 3 };

/* Bits of cli_bench_data.given for the data-only keys. */
enum { D_FILE = 1, D_GEN = 2, D_N = 4, D_D = 8, D_CENTRES = 16,
       D_SPREAD = 32, D_BOX = 64, D_SEED = 128, D_RAW_D = 256,
       D_RAW_BITS = 512, D_USECOLS = 1024, D_SKIP_COLS = 2048 };

typedef struct {
    cli_preset *p;
    cli_bench_data *data; /* the current section, NULL before the first */
    unsigned global_given; /* keys of the global part only, by index    */
    char *err;
    size_t errlen;
} parse_ctx;

typedef int (*key_fn)(parse_ctx *c, const char *val);

typedef struct {
    const char *name;
    int scope;
    unsigned bit; /* in runs.given (IN_BOTH) or data.given (IN_DATA) */
    key_fn fn;
} key_def;

static int fail(parse_ctx *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static int fail(parse_ctx *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->err, c->errlen, fmt, ap);
    va_end(ap);
    return -1;
}

static cli_bench_runs *runs_of(parse_ctx *c)
{
    return c->data ? &c->data->runs : &c->p->runs;
}

/* ---- values ------------------------------------------------------------ */

static int one_number(parse_ctx *c, const char *val, long long lo,
                      long long hi, long long *out)
{
    long long v[2];
    int n;
    if (cli_list_numbers(val, lo, hi, v, 2, &n, c->err, c->errlen))
        return -1;
    if (n != 1)
        return fail(c, "one value expected, got '%s'", val);
    *out = v[0];
    return 0;
}

static int one_double(parse_ctx *c, const char *val, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(val, &end);
    if (!*val || *end || errno == ERANGE || !isfinite(v) || v <= 0)
        return fail(c, "'%s' is not a positive number", val);
    *out = v;
    return 0;
}

static int yes_no(parse_ctx *c, const char *val, int *out)
{
    if (!strcmp(val, "yes") || !strcmp(val, "true") || !strcmp(val, "1"))
        *out = 1;
    else if (!strcmp(val, "no") || !strcmp(val, "false") ||
             !strcmp(val, "0"))
        *out = 0;
    else
        return fail(c, "'%s' is not yes or no", val);
    return 0;
}

static int int_list(parse_ctx *c, const char *val, long long lo,
                    long long hi, int *vals, int *n)
{
    long long v[CLI_MAX_LIST];
    if (cli_list_numbers(val, lo, hi, v, CLI_MAX_LIST, n, c->err,
                         c->errlen))
        return -1;
    for (int i = 0; i < *n; i++)
        vals[i] = (int)v[i];
    return 0;
}

/* ---- run keys (global or per data set) --------------------------------- */

static int k_algorithms(parse_ctx *c, const char *v)
{
    cli_solver_set *s = &runs_of(c)->set;
    return cli_list_names(CLI_LIST_ALGO, v, s->algos, TKM_NALGO, &s->nalgo,
                          c->err, c->errlen);
}

static int k_forms(parse_ctx *c, const char *v)
{
    cli_solver_set *s = &runs_of(c)->set;
    return cli_list_names(CLI_LIST_FORM, v, s->forms, TKM_NFORM, &s->nform,
                          c->err, c->errlen);
}

static int k_precisions(parse_ctx *c, const char *v)
{
    cli_solver_set *s = &runs_of(c)->set;
    return cli_list_names(CLI_LIST_PREC, v, s->precs, 2, &s->nprec, c->err,
                          c->errlen);
}

static int k_threads(parse_ctx *c, const char *v)
{
    cli_solver_set *s = &runs_of(c)->set;
    return int_list(c, v, 1, 4096, s->threads, &s->nthreads);
}

static int k_updates(parse_ctx *c, const char *v)
{
    cli_solver_set *s = &runs_of(c)->set;
    return cli_list_names(CLI_LIST_UPDATE, v, s->updates, TKM_NUPDATE,
                          &s->nupdate, c->err, c->errlen);
}

static int k_blocks(parse_ctx *c, const char *v)
{
    cli_solver_set *s = &runs_of(c)->set;
    if (int_list(c, v, 32, 1024, s->blocks, &s->nblocks))
        return -1;
    for (int i = 0; i < s->nblocks; i++)
        if (s->blocks[i] % 32)
            return fail(c, "block size %d is not a multiple of 32",
                        s->blocks[i]);
    return 0;
}

static int k_k(parse_ctx *c, const char *v)
{
    cli_bench_runs *r = runs_of(c);
    return cli_list_numbers(v, 1, INT32_MAX, r->ks, CLI_MAX_LIST, &r->nk,
                            c->err, c->errlen);
}

static int k_init(parse_ctx *c, const char *v)
{
    cli_bench_runs *r = runs_of(c);
    return cli_list_names(CLI_LIST_INIT, v, r->inits, TKM_NINIT, &r->ninit,
                          c->err,
                          c->errlen);
}

static int k_seed(parse_ctx *c, const char *v)
{
    cli_bench_runs *r = runs_of(c);
    return cli_list_numbers(v, 0, INT64_MAX, r->seeds, CLI_MAX_SEEDS,
                            &r->nseed, c->err, c->errlen);
}

static int k_reps(parse_ctx *c, const char *v)
{
    long long x = 0;
    if (one_number(c, v, 1, 1000000, &x))
        return -1;
    runs_of(c)->repetitions = (int)x;
    return 0;
}

static int k_max_iter(parse_ctx *c, const char *v)
{
    long long x = 0;
    if (one_number(c, v, 1, INT32_MAX, &x))
        return -1;
    runs_of(c)->max_iter = (int)x;
    return 0;
}

static int k_empty(parse_ctx *c, const char *v)
{
    if (tkm_empty_parse(v, &runs_of(c)->empty))
        return fail(c, "unknown empty-cluster policy '%s'; valid names: "
                    "keep, farthest", v);
    return 0;
}

static int k_baseline(parse_ctx *c, const char *v)
{
    return yes_no(c, v, &runs_of(c)->baseline);
}

static int k_fixed_iter(parse_ctx *c, const char *v)
{
    return yes_no(c, v, &runs_of(c)->fixed_iter);
}

static int k_no_cc(parse_ctx *c, const char *v)
{
    return yes_no(c, v, &runs_of(c)->no_cc);
}

static int k_max_drift_only(parse_ctx *c, const char *v)
{
    return yes_no(c, v, &runs_of(c)->max_drift_only);
}

static int k_scores(parse_ctx *c, const char *v)
{
    return yes_no(c, v, &runs_of(c)->scores);
}

static int k_score_sample(parse_ctx *c, const char *v)
{
    long long x = 0;
    if (one_number(c, v, 0, INT64_MAX, &x))
        return -1;
    runs_of(c)->score_sample = (size_t)x;
    return 0;
}

/* ---- global keys ------------------------------------------------------- */

static int valid_name(const char *s)
{
    if (!*s || strlen(s) >= CLI_NAME_MAX)
        return 0;
    for (; *s; s++)
        if (!(*s == '-' || *s == '_' || *s == '.' ||
              (*s >= '0' && *s <= '9') || (*s >= 'a' && *s <= 'z') ||
              (*s >= 'A' && *s <= 'Z')))
            return 0;
    return 1;
}

static int k_name(parse_ctx *c, const char *v)
{
    if (!valid_name(v))
        return fail(c, "name '%s': use letters, digits, '-', '_' and '.' "
                    "(at most %d)", v, CLI_NAME_MAX - 1);
    strcpy(c->p->name, v);
    return 0;
}

static int k_description(parse_ctx *c, const char *v)
{
    snprintf(c->p->description, sizeof c->p->description, "%s", v);
    return 0;
}

/* ---- data keys --------------------------------------------------------- */

/* A relative path is taken from the preset file's folder. */
static int k_file(parse_ctx *c, const char *v)
{
    cli_bench_data *d = c->data;
    const char *slash = strrchr(c->p->path, '/');
    int dirlen = slash ? (int)(slash - c->p->path) : 0;
    int len = v[0] == '/' || !slash
                  ? snprintf(d->path, sizeof d->path, "%s", v)
                  : snprintf(d->path, sizeof d->path, "%.*s/%s", dirlen,
                             c->p->path, v);
    if (len < 0 || (size_t)len >= sizeof d->path)
        return fail(c, "file name too long");
    if (access(d->path, R_OK) != 0)
        return fail(c, "cannot read data file %s: %s", d->path,
                    strerror(errno));
    d->source = CLI_DATA_FILE;
    return 0;
}

static int k_generate(parse_ctx *c, const char *v)
{
    if (!strcmp(v, "blobs"))
        c->data->source = CLI_DATA_BLOBS;
    else if (!strcmp(v, "uniform"))
        c->data->source = CLI_DATA_UNIFORM;
    else
        return fail(c, "generate: unknown kind '%s'; valid names: blobs, "
                    "uniform", v);
    return 0;
}

static int k_size(parse_ctx *c, const char *v, size_t *out)
{
    long long x = 0;
    if (one_number(c, v, 1, INT64_MAX, &x))
        return -1;
    *out = (size_t)x;
    return 0;
}

static int k_n(parse_ctx *c, const char *v) { return k_size(c, v, &c->data->n); }
static int k_d(parse_ctx *c, const char *v) { return k_size(c, v, &c->data->d); }
static int k_centres(parse_ctx *c, const char *v)
{
    return k_size(c, v, &c->data->centres);
}
static int k_raw_d(parse_ctx *c, const char *v)
{
    return k_size(c, v, &c->data->raw_d);
}
static int k_spread(parse_ctx *c, const char *v)
{
    return one_double(c, v, &c->data->spread);
}
static int k_box(parse_ctx *c, const char *v)
{
    return one_double(c, v, &c->data->box);
}

static int k_data_seed(parse_ctx *c, const char *v)
{
    long long x = 0;
    if (one_number(c, v, 0, INT64_MAX, &x))
        return -1;
    c->data->seed = (uint64_t)x;
    return 0;
}

static int k_raw_bits(parse_ctx *c, const char *v)
{
    long long x = 0;
    if (one_number(c, v, 32, 64, &x) || (x != 32 && x != 64))
        return fail(c, "raw_bits must be 32 or 64, not '%s'", v);
    c->data->raw_bits = (int)x;
    return 0;
}

/* A file's columns: the list as fit's --usecols or --skip-cols takes it,
 * checked against the file when it is read. */
static int k_cols(parse_ctx *c, const char *v, char *out, size_t len)
{
    if (!*v || strlen(v) >= len)
        return fail(c, "a list of columns (0-based indices or header "
                    "names) of at most %zu characters, not '%s'", len - 1,
                    v);
    memcpy(out, v, strlen(v) + 1);
    return 0;
}
static int k_usecols(parse_ctx *c, const char *v)
{
    return k_cols(c, v, c->data->usecols, sizeof c->data->usecols);
}
static int k_skip_cols(parse_ctx *c, const char *v)
{
    return k_cols(c, v, c->data->skip_cols, sizeof c->data->skip_cols);
}

static const key_def keys[] = {
    {"name", IN_GLOBAL, 0, k_name},
    {"description", IN_GLOBAL, 0, k_description},
    {"algorithms", IN_BOTH, CLI_RK_ALGOS, k_algorithms},
    {"forms", IN_BOTH, CLI_RK_FORMS, k_forms},
    {"precisions", IN_BOTH, CLI_RK_PRECS, k_precisions},
    {"threads", IN_BOTH, CLI_RK_THREADS, k_threads},
    {"block_sizes", IN_BOTH, CLI_RK_BLOCKS, k_blocks},
    {"updates", IN_BOTH, CLI_RK_UPDATES, k_updates},
    {"k", IN_BOTH, CLI_RK_K, k_k},
    {"init", IN_BOTH, CLI_RK_INIT, k_init},
    {"seed", IN_BOTH, CLI_RK_SEED, k_seed},
    {"repetitions", IN_BOTH, CLI_RK_REPS, k_reps},
    {"max_iter", IN_BOTH, CLI_RK_MAX_ITER, k_max_iter},
    {"empty", IN_BOTH, CLI_RK_EMPTY, k_empty},
    {"baseline", IN_BOTH, CLI_RK_BASELINE, k_baseline},
    {"scores", IN_BOTH, CLI_RK_SCORES, k_scores},
    {"score_sample", IN_BOTH, CLI_RK_SAMPLE, k_score_sample},
    {"fixed_iter", IN_BOTH, CLI_RK_FIXED, k_fixed_iter},
    {"no_cc", IN_BOTH, CLI_RK_NO_CC, k_no_cc},
    {"max_drift_only", IN_BOTH, CLI_RK_MAX_DRIFT, k_max_drift_only},
    {"file", IN_DATA, D_FILE, k_file},
    {"generate", IN_DATA, D_GEN, k_generate},
    {"n", IN_DATA, D_N, k_n},
    {"d", IN_DATA, D_D, k_d},
    {"centres", IN_DATA, D_CENTRES, k_centres},
    {"spread", IN_DATA, D_SPREAD, k_spread},
    {"box", IN_DATA, D_BOX, k_box},
    {"data_seed", IN_DATA, D_SEED, k_data_seed},
    {"raw_d", IN_DATA, D_RAW_D, k_raw_d},
    {"raw_bits", IN_DATA, D_RAW_BITS, k_raw_bits},
    {"usecols", IN_DATA, D_USECOLS, k_usecols},
    {"skip_cols", IN_DATA, D_SKIP_COLS, k_skip_cols},
};
#define NKEYS (sizeof keys / sizeof keys[0])

/* ---- lines ------------------------------------------------------------- */

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t' || *s == '\r')
        s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
        s[--n] = '\0';
    return s;
}

static void runs_default(cli_bench_runs *r)
{
    cli_solver_set *s = &r->set;
    memset(r, 0, sizeof *r);
    for (int a = 0; a < TKM_NALGO; a++)
        s->algos[s->nalgo++] = a;
    for (int f = 0; f < TKM_NFORM; f++)
        s->forms[s->nform++] = f;
    s->precs[s->nprec++] = TKM_F32;
    s->precs[s->nprec++] = TKM_F64;
    s->threads[s->nthreads++] = tkmi_threads_most();
    s->blocks[s->nblocks++] = 256;
    r->inits[r->ninit++] = TKM_INIT_KMEANSPP;
    r->seeds[r->nseed++] = 0;
    r->repetitions = 1;
    r->max_iter = 300;
    r->empty = TKM_EMPTY_KEEP;
    r->baseline = 1;
}

/* "[data NAME]": a new data set that starts from the global run keys. */
static int section(parse_ctx *c, char *line, int lineno)
{
    size_t len = strlen(line);
    if (line[len - 1] != ']')
        return fail(c, "a section header is [data NAME]");
    line[len - 1] = '\0';
    char *body = trim(line + 1);
    if (strncmp(body, "data", 4) || (body[4] != ' ' && body[4] != '\t'))
        return fail(c, "unknown section '[%s]'; the only section is "
                    "[data NAME]", body);
    char *name = trim(body + 4);
    if (!valid_name(name))
        return fail(c, "data set name '%s': use letters, digits, '-', '_' "
                    "and '.' (at most %d)", name, CLI_NAME_MAX - 1);
    for (int i = 0; i < c->p->ndata; i++)
        if (!strcmp(c->p->data[i].name, name))
            return fail(c, "data set '%s' is defined twice (first on line "
                        "%d)", name, c->p->data[i].line);
    cli_bench_data *d = realloc(c->p->data,
                                (size_t)(c->p->ndata + 1) * sizeof *d);
    if (!d)
        return fail(c, "out of memory");
    c->p->data = d;
    c->data = &d[c->p->ndata++];
    memset(c->data, 0, sizeof *c->data);
    strcpy(c->data->name, name);
    c->data->line = lineno;
    c->data->runs = c->p->runs;
    c->data->runs.given = 0;
    c->data->spread = 1.0;
    c->data->box = 10.0;
    c->data->seed = 1;
    return 0;
}

static int assignment(parse_ctx *c, char *line)
{
    char *eq = strchr(line, '=');
    if (!eq)
        return fail(c, "expected 'key = value' or '[data NAME]'");
    *eq = '\0';
    char *key = trim(line), *val = trim(eq + 1);
    if (!*val)
        return fail(c, "'%s' has no value", key);
    for (size_t i = 0; i < NKEYS; i++) {
        const key_def *k = &keys[i];
        if (strcmp(k->name, key))
            continue;
        int where = c->data ? IN_DATA : IN_GLOBAL;
        if (!(k->scope & where))
            return fail(c, "'%s' belongs %s", key,
                        k->scope == IN_GLOBAL ? "before the first [data] "
                                                "section"
                                              : "in a [data NAME] section");
        unsigned bit = k->scope == IN_GLOBAL ? 1u << i : k->bit;
        unsigned *given = k->scope == IN_DATA   ? &c->data->given
                          : k->scope == IN_BOTH ? &runs_of(c)->given
                                                : &c->global_given;
        if (*given & bit)
            return fail(c, "'%s' is given twice in this section", key);
        *given |= bit;
        return k->fn(c, val);
    }
    return fail(c, "unknown key '%s' (the keys are listed by 'trikmeans "
                "bench --help')", key);
}

/* ---- checks once the file is read -------------------------------------- */

static int check_data(parse_ctx *c, cli_bench_data *d)
{
    unsigned g = d->given;
    const char *gen_only = "n, d, centres, spread, box and data_seed";
    if (!!(g & D_FILE) + !!(g & D_GEN) != 1)
        return fail(c, "[data %s] needs exactly one of 'file' and "
                    "'generate'", d->name);
    if ((g & D_FILE) && (g & (D_N | D_D | D_CENTRES | D_SPREAD | D_BOX |
                              D_SEED)))
        return fail(c, "[data %s]: %s apply only to generated data",
                    d->name, gen_only);
    if ((g & D_GEN) && (g & (D_RAW_D | D_RAW_BITS | D_USECOLS | D_SKIP_COLS)))
        return fail(c, "[data %s]: raw_d, raw_bits, usecols and skip_cols "
                    "apply only to files", d->name);
    if ((g & D_USECOLS) && (g & D_SKIP_COLS))
        return fail(c, "[data %s]: usecols and skip_cols cannot both be "
                    "given", d->name);
    if ((g & D_GEN) && !((g & D_N) && (g & D_D)))
        return fail(c, "[data %s]: generated data needs n and d", d->name);
    if (d->source == CLI_DATA_BLOBS && !(g & D_CENTRES))
        return fail(c, "[data %s]: generate = blobs needs centres (the "
                    "number of blobs)", d->name);
    if (d->source == CLI_DATA_UNIFORM && (g & (D_CENTRES | D_SPREAD)))
        return fail(c, "[data %s]: centres and spread apply only to "
                    "generate = blobs", d->name);
    if (d->source == CLI_DATA_BLOBS && d->centres > d->n)
        return fail(c, "[data %s]: centres = %zu is more than n = %zu",
                    d->name, d->centres, d->n);
    if (!d->runs.nk)
        return fail(c, "[data %s]: no k given (here or before the first "
                    "section)", d->name);
    for (int i = 0; d->source != CLI_DATA_FILE && i < d->runs.nk; i++)
        if ((size_t)d->runs.ks[i] > d->n)
            return fail(c, "[data %s]: k = %lld is more than n = %zu",
                        d->name, d->runs.ks[i], d->n);
    return 0;
}

/* The preset's name from its file name: base name without extension. */
static void name_from_path(cli_preset *p)
{
    const char *base = strrchr(p->path, '/');
    base = base ? base + 1 : p->path;
    size_t len = strcspn(base, ".");
    if (len >= CLI_NAME_MAX)
        len = CLI_NAME_MAX - 1;
    memcpy(p->name, base, len);
    p->name[len] = '\0';
    if (!valid_name(p->name))
        strcpy(p->name, "bench");
}

static int parse_text(parse_ctx *c, char *text)
{
    int lineno = 0;
    char *save = NULL, *line;
    /* strtok_r would skip blank lines and so miscount them */
    for (line = text; line; line = save) {
        save = strchr(line, '\n');
        if (save)
            *save++ = '\0';
        lineno++;
        /* a UTF-8 byte order mark before the first line is no text */
        if (lineno == 1 && !strncmp(line, "\xEF\xBB\xBF", 3))
            line += 3;
        /* '#' starts a comment at the start of a line or after a blank:
         * "C# code" and "data#1.csv" keep theirs */
        for (char *h = line; (h = strchr(h, '#')); h++)
            if (h == line || h[-1] == ' ' || h[-1] == '\t') {
                *h = '\0';
                break;
            }
        char *s = trim(line);
        if (!*s)
            continue;
        int bad = s[0] == '[' ? section(c, s, lineno) : assignment(c, s);
        if (bad) {
            char msg[512];
            snprintf(msg, sizeof msg, "%s", c->err);
            fail(c, "%s:%d: %s", c->p->path, lineno, msg);
            return -1;
        }
    }
    return 0;
}

int cli_preset_read(const char *path, cli_preset *p, char *err,
                    size_t errlen)
{
    memset(p, 0, sizeof *p);
    parse_ctx c = {.p = p, .err = err, .errlen = errlen};
    snprintf(p->path, sizeof p->path, "%s", path);
    runs_default(&p->runs);
    name_from_path(p);
    size_t len = 0;
    char *text = cli_slurp(path, &len, err, errlen);
    if (!text)
        return -1;
    p->text = strdup(text);
    if (!p->text || memchr(text, '\0', len)) {
        free(text);
        fail(&c, "%s: %s", path, p->text ? "not a text file (holds NUL "
                                           "bytes)" : "out of memory");
        cli_preset_free(p);
        return -1;
    }
    int bad = parse_text(&c, text);
    free(text);
    if (!bad && !p->ndata)
        bad = fail(&c, "%s: no data sets: add a [data NAME] section", path);
    for (int i = 0; !bad && i < p->ndata; i++) {
        char msg[512];
        if (check_data(&c, &p->data[i])) {
            snprintf(msg, sizeof msg, "%s", err);
            bad = fail(&c, "%s:%d: %s", path, p->data[i].line, msg);
        }
    }
    if (bad)
        cli_preset_free(p);
    return bad ? -1 : 0;
}

void cli_preset_free(cli_preset *p)
{
    if (!p)
        return;
    free(p->text);
    free(p->data);
    p->text = NULL;
    p->data = NULL;
    p->ndata = 0;
}

void cli_preset_help(FILE *f)
{
    cli_fputs_algs(
        f,
        "Preset format: one 'key = value' per line; '#' at the start of a\n"
        "line or after a blank starts a comment; each key once per section,\n"
        "each list value once.\n"
        "Keys before the first section apply to every data set; each\n"
        "'[data NAME]' section describes one data set and may override any\n"
        "run key for it.  Lists are comma-separated; numbers may be ranges\n"
        "A..B (each), A..B*F (times F), A..B+S (plus S), and 'max' is this\n"
        "machine's processor count.\n"
        "\n"
        "  name = NAME            output folder name (default: file name)\n"
        "  description = TEXT     shown in the report\n"
        "Run keys (global or per data set):\n"
        "  k = LIST               numbers of clusters (required)\n"
        "  algorithms = LIST      @algs, @ (default all)\n"
        "  forms = LIST           seq, omp, cuda-global, cuda-shared\n"
        "                         (default all; absent ones are skipped)\n"
        "  precisions = LIST      f32, f64 (default both)\n"
        "  threads = LIST         omp thread counts (default max)\n"
        "  block_sizes = LIST     cuda threads per block, multiples of 32\n"
        "                         up to 1024 (default 256)\n"
        "  updates = LIST         the cuda forms' centroid sums, each with\n"
        "                         every block size: exact (default),\n"
        "                         atomic, shared, tree, dc (as fit's\n"
        "                         option of that name)\n"
        "  repetitions = N        runs of each solver (default 1)\n"
        "  init = LIST            kmeans++, kmeans++-greedy, random,\n"
        "                         farthest\n"
        "                         (default kmeans++)\n"
        "  seed = LIST            initialisation seeds (default 0)\n"
        "  max_iter = N           (default 300)\n"
        "  empty = keep|farthest  empty-cluster policy (default keep)\n"
        "  baseline = yes|no      run sequential Lloyd of each precision\n"
        "                         and judge every run against it, once\n"
        "                         where the forms or algorithms leave it\n"
        "                         out (default yes; no: verdict\n"
        "                         'unchecked')\n"
        "  scores = yes|no        silhouette, Calinski-Harabasz and\n"
        "                         Davies-Bouldin of every run (default no)\n"
        "  score_sample = N       silhouette on N sampled points (default 0\n"
        "                         = exact, time n^2 d)\n"
        "  fixed_iter = yes|no    exactly max_iter iterations, updates\n"
        "                         included (default no)\n"
        "  no_cc = yes|no         @No_cc@ without the centroid-\n"
        "                         centroid tests (default no)\n"
        "  max_drift_only = yes|no  @Drift@: the lower bound by the largest\n"
        "                         drift of all (default no); these three\n"
        "                         are fit's options of the same names\n"
        "Data keys (in a [data NAME] section):\n"
        "  file = PATH            .csv/.tsv/.npy/raw; relative to the\n"
        "                         preset's folder\n"
        "  raw_d = N, raw_bits = 32|64   raw binary files\n"
        "  usecols = LIST, skip_cols = LIST   the file's columns to read\n"
        "                         or leave out: 0-based indices or header\n"
        "                         names, as fit takes them\n"
        "  generate = blobs|uniform\n"
        "  n = N, d = N           points and dimensions (generated)\n"
        "  centres = N            blobs: number of blobs\n"
        "  spread = X             blobs: standard deviation (default 1.0)\n"
        "  box = X                centres (blobs) or points (uniform) in\n"
        "                         [-X, X]^d (default 10)\n"
        "  data_seed = N          generator seed (default 1)\n");
}
