/*
 * Data-set I/O: round trips through every output format, the text dialects
 * the reader accepts, .npy files written byte by byte by an independent
 * writer below, raw binary, and every rejection with its status and the
 * line/row and column its message names.  Data come from seeded RNGs.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <dirent.h>
#include <errno.h>
#include <float.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "trikmeans.h"
#include "internal.h"
#include "real.h"
#include "num_harness.h"
#include "space_harness.h"

static char g_dir[64];
static char g_msg[512];

#define PATH(name) tpath((char[600]){0}, (name))

static char *tpath(char *buf, const char *name)
{
    snprintf(buf, 600, "%s/%s", g_dir, name);
    return buf;
}

static int setup_dir(void **state)
{
    (void)state;
    snprintf(g_dir, sizeof g_dir, "/tmp/tkm_test_io.XXXXXX");
    return mkdtemp(g_dir) ? 0 : -1;
}

static int remove_dir(void **state)
{
    DIR *dir = opendir(g_dir);
    struct dirent *e;
    (void)state;
    if (!dir)
        return -1;
    while ((e = readdir(dir)) != NULL)
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
            remove(PATH(e->d_name));
    closedir(dir);
    return rmdir(g_dir);
}

/* Number of entries in the test directory whose name contains part. */
static int count_entries(const char *part)
{
    DIR *dir = opendir(g_dir);
    struct dirent *e;
    int k = 0;
    assert_non_null(dir);
    while ((e = readdir(dir)) != NULL)
        k += strcmp(e->d_name, ".") && strcmp(e->d_name, "..") &&
             strstr(e->d_name, part) != NULL;
    closedir(dir);
    return k;
}

static void assert_has(const char *msg, const char *needle)
{
    if (!strstr(msg, needle)) {
        print_error("message \"%s\" lacks \"%s\"\n", msg, needle);
        fail();
    }
}

static void write_bytes(const char *path, const void *p, size_t len)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(p, 1, len, f), len);
    assert_int_equal(fclose(f), 0);
}

/* Random double over many binades, both signs, inside float's range. */
static double rand_value(tkmi_rng *r)
{
    double v = ldexp(0.5 + 0.5 * tkmi_rng_uniform(r),
                     (int)tkmi_rng_below(r, 121) - 60);
    return tkmi_rng_below(r, 2) ? -v : v;
}

static double *rand_matrix(tkmi_rng *r, size_t n, size_t d)
{
    double *a = malloc(n * d * sizeof *a);
    assert_non_null(a);
    for (size_t i = 0; i < n * d; i++)
        a[i] = rand_value(r);
    return a;
}

/* Read path expecting success and an n x d result equal bit for bit to a. */
static void expect_matrix(const char *path, const tkm_read_opts *o,
                          const double *a, size_t n, size_t d)
{
    tkm_dataset ds;
    tkm_status st = tkm_dataset_read(path, o, &ds, g_msg, sizeof g_msg);
    if (st != TKM_OK)
        print_error("%s: %s\n", path, g_msg);
    assert_int_equal(st, TKM_OK);
    assert_int_equal(ds.n, n);
    assert_int_equal(ds.d, d);
    assert_memory_equal(ds.x, a, n * d * sizeof *a);
    tkm_dataset_free(&ds);
    assert_null(ds.x);
}

/* Read path expecting status want, an emptied dataset and a message that
 * names the file and contains both needles (either may be NULL). */
static void expect_error(const char *path, const tkm_read_opts *o,
                         tkm_status want, const char *n1, const char *n2)
{
    double junk = 1.0;
    tkm_dataset ds = {.n = 7, .d = 7, .x = &junk};
    g_msg[0] = '\0';
    tkm_status st = tkm_dataset_read(path, o, &ds, g_msg, sizeof g_msg);
    if (st != want)
        print_error("%s: got %d (%s), want %d\n", path, (int)st, g_msg,
                    (int)want);
    assert_int_equal(st, want);
    assert_int_equal(ds.n, 0);
    assert_int_equal(ds.d, 0);
    assert_null(ds.x);
    assert_has(g_msg, strrchr(path, '/') + 1);
    if (n1)
        assert_has(g_msg, n1);
    if (n2)
        assert_has(g_msg, n2);
}

static tkm_read_opts opts(tkm_precision target)
{
    tkm_read_opts o;
    tkm_read_opts_default(&o);
    o.target = target;
    return o;
}

/* ---- round trips -------------------------------------------------------- */

static void test_roundtrip_matrix(void **state)
{
    static const char *const names[] = {"m.csv", "m.tsv", "m.npy"};
    tkm_read_opts o = opts(TKM_PREC_ENUM);
    tkmi_rng r;
    (void)state;
    tkmi_rng_seed(&r, 101);
    for (int rep = 0; rep < 6; rep++) {
        size_t n = 1 + tkmi_rng_below(&r, 60), d = 1 + tkmi_rng_below(&r, 9);
        double *a = rand_matrix(&r, n, d);
        a[tkmi_rng_below(&r, n * d)] = -0.0;
        a[tkmi_rng_below(&r, n * d)] = 5e-324; /* smallest subnormal */
        if (TKM_PREC == 64)
            a[tkmi_rng_below(&r, n * d)] = -DBL_MAX;
        for (int k = 0; k < 3; k++) {
            const char *p = PATH(names[k]);
            assert_int_equal(tkm_write_matrix(p, a, n, d, g_msg,
                                              sizeof g_msg), TKM_OK);
            expect_matrix(p, &o, a, n, d);
        }
        free(a);
    }
    assert_int_equal(count_entries(".tmp."), 0);
}

/* The .npy header is laid out as NumPy writes it. */
/* One value: it reads back bit for bit, in the least digits, and is never
 * longer than the fixed-length form it replaces. */
static void expect_shortest(double v, int single)
{
    char buf[TKMI_NUM_LEN], old[64];
    if (single)
        v = (float)v; /* the float that is written */
    int len = single ? tkmi_num_float(buf, sizeof buf, (float)v)
                     : tkmi_num_double(buf, sizeof buf, v);
    assert_int_equal(len, (int)strlen(buf));
    if (isnan(v)) {
        assert_non_null(strstr(buf, "nan"));
        return;
    }
    if (single) {
        float a = strtof(buf, NULL), b = (float)v;
        if (memcmp(&a, &b, sizeof a))
            fail_msg("float %.9g written %s reads back %.9g", b, buf, a);
    } else {
        double a = strtod(buf, NULL);
        if (memcmp(&a, &v, sizeof a))
            fail_msg("double %.17g written %s reads back %.17g", v, buf, a);
    }
    if (isinf(v))
        return;
    int digits = sig_digits(buf, buf + len);
    if (digits != least_digits(v, single))
        fail_msg("%s %.17g written %s: %d digits, %d suffice",
                 single ? "float" : "double", v, buf, digits,
                 least_digits(v, single));
    snprintf(old, sizeof old, single ? "%.9g" : "%.17g", v);
    if (strlen(buf) > strlen(old))
        fail_msg("%.17g written %s, longer than %s", v, buf, old);
}

/* Shortest round-trip numbers: edge values and random bit patterns and
 * scales, as double (strtod) and as float (strtof). */
static void test_num_shortest(void **state)
{
    const double edge[] = {0.0, -0.0, 0.1, -0.1, 1.0 / 3, 100, 1e5, 1e15,
                           1e16, 1e22, 1e23, 123456789012345678.0, 0.0001,
                           0.00012, 1e-5, DBL_MAX, -DBL_MAX, DBL_MIN,
                           DBL_TRUE_MIN, 4 * DBL_TRUE_MIN, 2.5e-310,
                           FLT_MAX, FLT_MIN, FLT_TRUE_MIN, -FLT_TRUE_MIN,
                           16777217.0, 9007199254740993.0, 0.3f, 1.1f,
                           1234567890123455.0, 0.99999999999999989,
                           9.9999999999999982, 999999.94f, 8388608.5,
                           INFINITY, -INFINITY, NAN};
    tkmi_rng r;
    (void)state;
    for (size_t i = 0; i < sizeof edge / sizeof edge[0]; i++)
        for (int single = 0; single < 2; single++)
            if (!single || !(fabs(edge[i]) > FLT_MAX) || isinf(edge[i]))
                expect_shortest(edge[i], single);
    tkmi_rng_seed(&r, 707);
    for (int i = 0; i < 20000; i++) {
        uint64_t u = tkmi_rng_next(&r);
        uint32_t w = (uint32_t)(u >> 32);
        double v;
        float f;
        memcpy(&v, &u, sizeof v); /* every exponent, subnormals too */
        memcpy(&f, &w, sizeof f);
        expect_shortest(v, 0);
        expect_shortest(f, 1);
        /* data-like values: a few digits at some scale, and integers */
        double s = pow(10.0, (double)tkmi_rng_below(&r, 40) - 20.0);
        v = (double)tkmi_rng_below(&r, 100000) / 1000.0 * s;
        expect_shortest(v, 0);
        expect_shortest(v, 1);
        expect_shortest((double)(int64_t)(tkmi_rng_next(&r) >> 12), 0);
    }
    char buf[TKMI_NUM_LEN];
    tkmi_num_double(buf, sizeof buf, 0.1);
    assert_string_equal(buf, "0.1");
    tkmi_num_float(buf, sizeof buf, 0.1f);
    assert_string_equal(buf, "0.1");
}

/* A matrix file holds each value in its shortest round-trip form: 0.1 is
 * written "0.1", not "0.10000000000000001". */
static void test_write_shortest(void **state)
{
    const double a[] = {0.1, -2.5, 1.0 / 3, 1e-300, 7, -0.0};
    const char *p = PATH("short.csv");
    char line[256], want[256] = "";
    (void)state;
    assert_int_equal(tkm_write_matrix(p, a, 2, 3, g_msg, sizeof g_msg),
                     TKM_OK);
    FILE *f = fopen(p, "r");
    assert_non_null(f);
    for (int i = 0; i < 2; i++) {
        want[0] = '\0';
        for (int j = 0; j < 3; j++) {
            char one[TKMI_NUM_LEN];
            snprintf(one, sizeof one, "%.*g", least_digits(a[i * 3 + j], 0),
                     a[i * 3 + j]);
            strcat(want, j ? "," : "");
            strcat(want, one);
        }
        strcat(want, "\n");
        assert_non_null(fgets(line, sizeof line, f));
        assert_string_equal(line, want);
    }
    fclose(f);
}

static void test_npy_header_layout(void **state)
{
    unsigned char buf[256];
    char want[64];
    size_t n = 7, d = 3, hlen;
    double a[21];
    FILE *f;
    struct stat sb;
    const char *p = PATH("layout.npy");
    (void)state;
    for (size_t i = 0; i < n * d; i++)
        a[i] = (double)i / 3.0;
    assert_int_equal(tkm_write_matrix(p, a, n, d, g_msg, sizeof g_msg),
                     TKM_OK);
    f = fopen(p, "rb");
    assert_non_null(f);
    assert_int_equal(fread(buf, 1, 10, f), 10);
    assert_memory_equal(buf, "\x93NUMPY\x01\x00", 8);
    hlen = buf[8] | (size_t)buf[9] << 8;
    assert_int_equal((10 + hlen) % 64, 0);
    assert_true(hlen < sizeof buf);
    assert_int_equal(fread(buf, 1, hlen, f), hlen);
    fclose(f);
    buf[hlen] = '\0';
    assert_int_equal(buf[hlen - 1], '\n');
    assert_has((char *)buf, "'descr': '<f8'");
    assert_has((char *)buf, "'fortran_order': False");
    snprintf(want, sizeof want, "'shape': (%zu, %zu)", n, d);
    assert_has((char *)buf, want);
    assert_int_equal(stat(p, &sb), 0);
    assert_int_equal((size_t)sb.st_size, 10 + hlen + n * d * 8);
}

static void test_roundtrip_labels(void **state)
{
    static const char *const names[] = {"l.csv", "l.tsv", "l.npy"};
    tkm_read_opts o = opts(TKM_F64); /* labels are read as double */
    tkmi_rng r;
    (void)state;
    tkmi_rng_seed(&r, 202);
    for (int rep = 0; rep < 4; rep++) {
        size_t n = 1 + tkmi_rng_below(&r, 500);
        int32_t *l = malloc(n * sizeof *l);
        double *want = malloc(n * sizeof *want);
        assert_non_null(l);
        assert_non_null(want);
        for (size_t i = 0; i < n; i++) {
            l[i] = (int32_t)tkmi_rng_below(&r, 2000) - 1;
            want[i] = (double)l[i];
        }
        l[0] = INT32_MIN; /* extremes survive both formats */
        want[0] = (double)INT32_MIN;
        l[n - 1] = INT32_MAX;
        want[n - 1] = (double)INT32_MAX;
        for (int k = 0; k < 3; k++) {
            const char *p = PATH(names[k]);
            assert_int_equal(tkm_write_labels(p, l, n, g_msg, sizeof g_msg),
                             TKM_OK);
            expect_matrix(p, &o, want, n, 1);
        }
        free(l);
        free(want);
    }
}

/* Writing again replaces the file whole and leaves no temporary. */
static void test_write_replaces(void **state)
{
    tkm_read_opts o = opts(TKM_F64);
    tkmi_rng r;
    const char *p = PATH("again.csv");
    double *a, *b;
    (void)state;
    tkmi_rng_seed(&r, 303);
    a = rand_matrix(&r, 40, 4);
    b = rand_matrix(&r, 3, 2);
    assert_int_equal(tkm_write_matrix(p, a, 40, 4, g_msg, sizeof g_msg),
                     TKM_OK);
    assert_int_equal(tkm_write_matrix(p, b, 3, 2, g_msg, sizeof g_msg),
                     TKM_OK);
    expect_matrix(p, &o, b, 3, 2);
    assert_int_equal(count_entries("again.csv"), 1);
    free(a);
    free(b);
}

/* ---- text dialects ------------------------------------------------------ */

enum { ST_HEADER = 1, ST_CRLF = 2, ST_NOEOL = 4, ST_BOM = 8, ST_PAD = 16 };

/* Separator between two fields of a dialect; the first one of a
 * whitespace line is spaces only, so the line cannot pass for TSV. */
static void put_sep(FILE *f, tkmi_rng *r, char sep, int style, size_t j)
{
    if (sep == ',')
        fputs(style & ST_PAD ? (tkmi_rng_below(r, 2) ? " , " : ",\t")
                             : ",", f);
    else if (sep == '\t')
        fputs(style & ST_PAD ? " \t " : "\t", f);
    else if (j == 1)
        fputs(tkmi_rng_below(r, 2) ? " " : "   ", f);
    else
        fputs(tkmi_rng_below(r, 2) ? " \t" : "  ", f);
}

/* Write a as text with comments and blank lines at random places. */
static void write_dialect(const char *path, tkmi_rng *r, const double *a,
                          size_t n, size_t d, char sep, int style)
{
    const char *eol = style & ST_CRLF ? "\r\n" : "\n";
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    if (style & ST_BOM)
        fputs("\xEF\xBB\xBF", f);
    fprintf(f, "# %zu rows, %zu columns%s", n, d, eol);
    if (style & ST_HEADER) {
        fputs(sep == ',' && tkmi_rng_below(r, 2) ? "" : "c0", f);
        for (size_t j = 1; j < d; j++) {
            put_sep(f, r, sep, style, j);
            fprintf(f, "c%zu", j);
        }
        fputs(eol, f);
    }
    for (size_t i = 0; i < n; i++) {
        if (tkmi_rng_below(r, 4) == 0)
            fprintf(f, "%s%s", tkmi_rng_below(r, 2) ? "  # a, b\t c" : "",
                    eol);
        fputs(sep == ' ' && tkmi_rng_below(r, 2) ? "  " : "", f);
        for (size_t j = 0; j < d; j++) {
            if (j)
                put_sep(f, r, sep, style, j);
            fprintf(f, "%.17g", a[i * d + j]);
        }
        if (sep != '\t' && tkmi_rng_below(r, 3) == 0)
            fputs("  ", f);
        if (i + 1 < n || !(style & ST_NOEOL))
            fputs(eol, f);
    }
    assert_int_equal(fclose(f), 0);
}

static void test_text_dialects(void **state)
{
    static const char seps[] = {',', '\t', ' '};
    tkm_read_opts o = opts(TKM_PREC_ENUM);
    tkmi_rng r;
    const char *p = PATH("dialect.txt");
    (void)state;
    tkmi_rng_seed(&r, 404);
    for (int style = 0; style < 32; style++) {
        for (int s = 0; s < 3; s++) {
            size_t n = 1 + tkmi_rng_below(&r, 30);
            size_t d = 1 + tkmi_rng_below(&r, 6);
            double *a = rand_matrix(&r, n, d);
            write_dialect(p, &r, a, n, d, seps[s], style);
            expect_matrix(p, &o, a, n, d);
            free(a);
        }
    }
}

/* Lines far longer than any buffer and many rows grow the reader's
 * buffers; the explicit text format overrides the .bin extension. */
static void test_text_large(void **state)
{
    tkm_read_opts o = opts(TKM_PREC_ENUM);
    tkmi_rng r;
    double *a;
    (void)state;
    tkmi_rng_seed(&r, 505);
    a = rand_matrix(&r, 3, 5000);
    write_dialect(PATH("wide.csv"), &r, a, 3, 5000, ',', 0);
    expect_matrix(PATH("wide.csv"), &o, a, 3, 5000);
    free(a);
    a = rand_matrix(&r, 30000, 2);
    write_dialect(PATH("long.bin"), &r, a, 30000, 2, ' ', ST_HEADER);
    o.format = TKM_FMT_TEXT;
    expect_matrix(PATH("long.bin"), &o, a, 30000, 2);
    free(a);
}

/* ---- text errors -------------------------------------------------------- */

/* Write an n x d grid of random numbers under a comment and an optional
 * header, blank and comment lines between rows; field (br, bc) is replaced
 * by bad, or left out when bad is NULL.  Returns the file line of row br. */
static size_t write_grid(const char *path, tkmi_rng *r, size_t n, size_t d,
                         char sep, int header, size_t br, size_t bc,
                         const char *bad)
{
    FILE *f = fopen(path, "wb");
    const char *text = bad ? bad : "";
    size_t line = 1, at = 0;
    int first, drop = bad == NULL;
    assert_non_null(f);
    fputs("# grid\n", f);
    for (size_t j = 0; header && j < d; j++)
        fprintf(f, j + 1 < d ? "h%zu%c" : "h%zu\n", j, sep);
    line += header != 0;
    for (size_t i = 0; i < n; i++) {
        if (tkmi_rng_below(r, 3) == 0) {
            fputs(tkmi_rng_below(r, 2) ? "\n" : " # x\n", f);
            line++;
        }
        at = i == br ? line + 1 : at;
        line++;
        first = 1;
        for (size_t j = 0; j < d; j++) {
            int here = i == br && j == bc;
            if (here && drop)
                continue;
            if (!first)
                fputc(sep, f);
            first = 0;
            if (here)
                fputs(text, f);
            else
                fprintf(f, "%.17g", rand_value(r));
        }
        fputc('\n', f);
    }
    assert_int_equal(fclose(f), 0);
    return at;
}

/* One malformed field at a random place must be reported at that place. */
static void grid_case(tkmi_rng *r, const char *bad, int any_row,
                      tkm_precision target, tkm_status want,
                      const char *needle)
{
    static const char seps[] = {',', '\t', ' '};
    char where[64];
    tkm_read_opts o = opts(target);
    const char *p = PATH("grid.csv");
    for (int rep = 0; rep < 12; rep++) {
        size_t n = 2 + tkmi_rng_below(r, 20), d = 2 + tkmi_rng_below(r, 5);
        int header = (int)tkmi_rng_below(r, 2);
        /* row 0 can only be bad where it cannot pass for a header and
         * does not itself set the expected field count */
        size_t lo = any_row || (header && bad) ? 0 : 1;
        size_t br = lo + tkmi_rng_below(r, n - lo);
        size_t bc = tkmi_rng_below(r, d);
        size_t line = write_grid(p, r, n, d, seps[rep % 3], header, br, bc,
                                 bad);
        if (bad)
            snprintf(where, sizeof where, "line %zu, column %zu: ", line,
                     bc);
        else
            snprintf(where, sizeof where, "line %zu: expected %zu fields, "
                     "found %zu", line, d, d - 1);
        expect_error(p, &o, want, where, needle);
    }
}

static void test_text_errors_located(void **state)
{
    tkmi_rng r;
    (void)state;
    tkmi_rng_seed(&r, 606);
    grid_case(&r, NULL, 0, TKM_F64, TKM_EFORMAT, NULL);
    grid_case(&r, "abc", 0, TKM_F64, TKM_EFORMAT, "'abc' is not a number");
    grid_case(&r, "1.5x", 0, TKM_F64, TKM_EFORMAT, "'1.5x'");
    grid_case(&r, "nan", 1, TKM_F64, TKM_EFORMAT, "not a finite number");
    grid_case(&r, "-inf", 1, TKM_F64, TKM_EFORMAT, "not a finite number");
    grid_case(&r, "Infinity", 1, TKM_F64, TKM_EFORMAT, "not a finite");
    grid_case(&r, "1e400", 1, TKM_F64, TKM_ERANGE, "does not fit in double");
}

/* Magnitudes beyond FLT_MAX are refused for float runs only. */
static void test_text_float_overflow(void **state)
{
    static const char *const big[] = {"1e39", "-3.5e38", "3.4028236e38"};
    tkm_read_opts o = opts(TKM_F64);
    tkm_dataset ds;
    tkmi_rng r;
    (void)state;
    tkmi_rng_seed(&r, 707);
    for (int k = 0; k < 3; k++)
        grid_case(&r, big[k], 1, TKM_F32, TKM_ERANGE,
                  "does not fit in float; run with --precision f64");
    write_bytes(PATH("big.csv"), "1,2\n3,1e39\n", 11);
    assert_int_equal(tkm_dataset_read(PATH("big.csv"), &o, &ds, g_msg,
                                      sizeof g_msg), TKM_OK);
    assert_true(ds.x[3] == 1e39);
    tkm_dataset_free(&ds);
    write_bytes(PATH("fltmax.csv"), "3.4028234663852886e+38\n", 23);
    o.target = TKM_F32;
    assert_int_equal(tkm_dataset_read(PATH("fltmax.csv"), &o, &ds, g_msg,
                                      sizeof g_msg), TKM_OK);
    assert_true(ds.x[0] == (double)FLT_MAX);
    tkm_dataset_free(&ds);
}

static void test_text_empty_inputs(void **state)
{
    static const struct {
        const char *text, *n1, *n2;
    } c[] = {
        {"", "no data rows", NULL},
        {"\n\n   \n", "no data rows", NULL},
        {"# only\n  # comments\r\n\n#", "no data rows", NULL},
        {"x,y,z\n", "no data rows", "only a header"},
        {"# c\nx y\n\n# c\n", "no data rows", "only a header"},
        {"1,,3\n", "line 1, column 1: empty field", NULL},
        {"1\t2\n3\t\t4\n", "line 2, column 1: empty field", NULL},
        {"1,2,\n", "line 1, column 2: empty field", NULL},
        {"x,y\n1,2\nz,3\n", "line 3, column 0: 'z' is not a number", NULL},
        {"1\n2\0\n", "line 2", "NUL byte"},
    };
    tkm_read_opts o = opts(TKM_F64);
    (void)state;
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        size_t len = strlen(c[i].text);
        if (i + 1 == sizeof c / sizeof c[0])
            len = 6; /* the embedded NUL and its newline */
        write_bytes(PATH("bad.csv"), c[i].text, len);
        expect_error(PATH("bad.csv"), &o, TKM_EFORMAT, c[i].n1, c[i].n2);
    }
}

/* n x d values of a under sep, each quoted ("1.5") where quote says (1:
 * every field, 2: the first row and half the rest at random), below a
 * comment line when comment; returns the line of the first row. */
static size_t write_sep(const char *path, tkmi_rng *r, const double *a,
                        size_t n, size_t d, char sep, int quote, int comment)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    if (comment)
        fputs("# made by test_io\n", f);
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < d; j++) {
            int q = quote == 1 || (quote == 2 && (i == 0 ||
                                                  tkmi_rng_below(r, 2)));
            fprintf(f, q ? "\"%.17g\"%c" : "%.17g%c", a[i * d + j],
                    j + 1 < d ? sep : '\n');
        }
    assert_int_equal(fclose(f), 0);
    return comment ? 2 : 1;
}

/* A first line is taken for a header only when it cannot be a row of
 * numbers, and the note says so and why: quoted numbers are numbers, and
 * a row of numbers under another separator is data, refused at its own
 * line with the separator it seems to use, in words that fit whether
 * --delimiter was given (#38 point 8). */
static void test_text_header_decided(void **state)
{
    static const char other[] = {';', '|', '\t', ' '};
    static const char *const named[] = {"';'", "'|'", "tab", "blank"};
    tkm_read_opts o = opts(TKM_PREC_ENUM);
    const char *p = PATH("hdr.csv");
    char note[512], where[64];
    tkmi_rng r;
    (void)state;
    tkmi_rng_seed(&r, 3838);
    o.note = note;
    o.notelen = sizeof note;
    for (int rep = 0; rep < 8; rep++) { /* quoted numbers: all data */
        size_t n = 1 + tkmi_rng_below(&r, 6), d = 1 + tkmi_rng_below(&r, 4);
        double *a = rand_matrix(&r, n, d);
        write_sep(p, &r, a, n, d, ',', 1 + rep % 2, rep % 3 == 0);
        expect_matrix(p, &o, a, n, d);
        assert_string_equal(note, "");
        free(a);
    }
    /* a header, quoted or not: noted with why; its names select */
    const double all[] = {1, 2, 3, 4}, y[] = {2, 4};
    const char *hdr = "# c\n\"x\",\"y\"\n1,\"2\"\n3,4\n";
    write_bytes(p, hdr, strlen(hdr));
    expect_matrix(p, &o, all, 2, 2);
    assert_has(note, "note: ");
    assert_has(note, "hdr.csv: line 2 is taken for a header: none of its "
                     "fields is a number");
    o.usecols = "y";
    expect_matrix(p, &o, y, 2, 1);
    o.usecols = NULL;
    o.header = TKM_HEADER_YES; /* asked for: nothing to explain */
    expect_matrix(p, &o, all, 2, 2);
    assert_string_equal(note, "");
    o.header = TKM_HEADER_AUTO;
    /* numbers under another separator: refused at their first line */
    for (int s = 0; s < 4; s++)
        for (int given = 0; given < 2; given++) {
            size_t n = 2 + tkmi_rng_below(&r, 5);
            size_t d = 2 + tkmi_rng_below(&r, 3);
            double *a = rand_matrix(&r, n, d);
            size_t line = write_sep(p, &r, a, n, d, other[s], 0,
                                    (int)tkmi_rng_below(&r, 2));
            free(a);
            if (!given && other[s] != ';' && other[s] != '|')
                continue; /* tabs and blanks are found without asking */
            o.delimiter = given ? ',' : 0;
            snprintf(where, sizeof where, "line %zu, column 0: ", line);
            expect_error(p, &o, TKM_EFORMAT, where, named[s]);
            assert_string_equal(note, "");
            if (given) {
                assert_has(g_msg, "--delimiter ',' does not split the line");
                assert_null(strstr(g_msg, "say so"));
            } else {
                assert_has(g_msg, "say so with --delimiter");
            }
        }
    o.delimiter = 0;
}

/* A text file of several MB (read in parallel chunks where there are
 * threads): the values of every row in order, exactly as strtod gives
 * them, after a comment, a header and CRLF line ends; of several bad
 * fields the first in the file is reported, with its line and column. */
static void test_text_large_chunks(void **state)
{
    enum { N = 60000, D = 4 };
    double *want = malloc(N * D * sizeof *want);
    size_t cap = (size_t)N * D * 26 + 64, len = 0;
    char *text = malloc(cap);
    tkmi_rng r;
    tkm_read_opts o = opts(TKM_F64);
    (void)state;
    assert_non_null(want);
    assert_non_null(text);
    tkmi_rng_seed(&r, 2222);
    len += (size_t)snprintf(text + len, cap - len, "# made by test_io\r\n"
                                                   "a,b,c,d\r\n");
    for (size_t i = 0; i < N; i++)
        for (size_t j = 0; j < D; j++) {
            want[i * D + j] = rand_value(&r);
            len += (size_t)snprintf(text + len, cap - len, "%.17g%s",
                                    want[i * D + j],
                                    j + 1 < D ? "," : "\r\n");
        }
    write_bytes(PATH("big.csv"), text, len);
    expect_matrix(PATH("big.csv"), &o, want, N, D);
    /* two bad fields, late and later: line numbers count the comment and
     * the header (data row i is on line i + 3) */
    char *late = text, *later = text;
    for (int nl = 0; nl < 2 + 41000; nl++)
        late = strchr(late, '\n') + 1;
    for (int nl = 0; nl < 2 + 55000; nl++)
        later = strchr(later, '\n') + 1;
    later[0] = 'x';
    late = strchr(late, ',') + 1;
    late[0] = '?';
    write_bytes(PATH("big.csv"), text, len);
    expect_error(PATH("big.csv"), &o, TKM_EFORMAT, "line 41003, column 1",
                 "is not a number");
    /* and one early in the file: it is the one reported */
    char *early = text;
    for (int nl = 0; nl < 2 + 20000; nl++)
        early = strchr(early, '\n') + 1;
    memcpy(early, "nan", 3);
    write_bytes(PATH("big.csv"), text, len);
    expect_error(PATH("big.csv"), &o, TKM_EFORMAT, "line 20003, column 0",
                 NULL);
    free(text);
    free(want);
}

/* "-" reads standard input: text, or .npy and raw as the format says
 * (the same values as from the file). */
static void test_stdin(void **state)
{
    tkm_read_opts o = opts(TKM_F64);
    const double want[] = {1, 2, 3, 4, 5, 6};
    (void)state;
    write_bytes(PATH("in.txt"), "x,y\n1,2\n3,4\n5,6\n", 16);
    assert_non_null(freopen(PATH("in.txt"), "r", stdin));
    expect_matrix("-", &o, want, 3, 2);
    assert_int_equal(tkm_write_matrix(PATH("in.npy"), want, 3, 2, g_msg,
                                      sizeof g_msg),
                     TKM_OK);
    assert_non_null(freopen(PATH("in.npy"), "r", stdin));
    o.format = TKM_FMT_NPY;
    expect_matrix("-", &o, want, 3, 2);
    /* raw: the six doubles, three rows of two */
    write_bytes(PATH("in.bin"), want, sizeof want);
    assert_non_null(freopen(PATH("in.bin"), "r", stdin));
    o.format = TKM_FMT_RAW;
    o.raw_d = 2;
    o.raw_bits = 64;
    expect_matrix("-", &o, want, 3, 2);
    /* text where .npy is said: a format error naming standard input */
    assert_non_null(freopen(PATH("in.txt"), "r", stdin));
    o = opts(TKM_F64);
    o.format = TKM_FMT_NPY;
    tkm_dataset ds;
    assert_int_equal(tkm_dataset_read("-", &o, &ds, g_msg, sizeof g_msg),
                     TKM_EFORMAT);
    assert_null(ds.x);
    assert_has(g_msg, "(standard input)");
}

/* ---- npy, written byte by byte here ------------------------------------ */

static void put_le(unsigned char *p, uint64_t v, size_t w)
{
    for (size_t i = 0; i < w; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

/* A .npy file of the given version: preamble, dict padded with spaces and
 * a newline to a multiple of 64, the data, less cut bytes at the end. */
static void put_npy(const char *path, int major, const char *descr,
                    const char *fortran, const char *shape,
                    const unsigned char *data, size_t len, size_t cut)
{
    char dict[256];
    int dl = snprintf(dict, sizeof dict, "{'descr': '%s', 'fortran_order': "
                      "%s, 'shape': %s, }", descr, fortran, shape);
    size_t pre = major == 1 ? 10 : 12, hlen = (size_t)dl + 1;
    unsigned char *buf;
    while ((pre + hlen) % 64)
        hlen++;
    buf = malloc(pre + hlen + len);
    assert_non_null(buf);
    memcpy(buf, "\x93NUMPY", 6);
    buf[6] = (unsigned char)major;
    buf[7] = 0;
    put_le(buf + 8, hlen, pre - 8);
    memcpy(buf + pre, dict, (size_t)dl);
    memset(buf + pre + dl, ' ', hlen - (size_t)dl - 1);
    buf[pre + hlen - 1] = '\n';
    if (len)
        memcpy(buf + pre + hlen, data, len);
    write_bytes(path, buf, pre + hlen + len - cut);
    free(buf);
}

/* Random element of dtype (kind, w) as little-endian bytes at p; its exact
 * value as double is returned.  64-bit integers stay within 2^53. */
static double rand_elem(tkmi_rng *r, char kind, size_t w, unsigned char *p)
{
    unsigned bits = w == 8 ? 53 : 8 * (unsigned)w;
    if (TKM_PREC == 32 && kind != 'f' && bits > 24)
        bits = 24; /* what a float holds exactly */
    uint64_t u = tkmi_rng_next(r) >> (64 - bits);
    int64_t s = (int64_t)u - ((int64_t)1 << (bits - 1));
    float f = (float)rand_value(r);
    double d = rand_value(r);
    uint32_t u32;
    if (kind == 'f' && w == 4) {
        memcpy(&u32, &f, 4);
        put_le(p, u32, 4);
        return (double)f;
    }
    if (kind == 'f') {
        memcpy(&u, &d, 8);
        put_le(p, u, 8);
        return d;
    }
    put_le(p, kind == 'u' ? u : (uint64_t)s, w);
    return kind == 'u' ? (double)u : (double)s;
}

static void test_npy_dtypes(void **state)
{
    static const struct {
        const char *descr;
        char kind;
        size_t w;
    } t[] = {{"<f4", 'f', 4}, {"<f8", 'f', 8}, {"|i1", 'i', 1},
             {"<i1", 'i', 1}, {"<i2", 'i', 2}, {"<i4", 'i', 4},
             {"<i8", 'i', 8}, {"|u1", 'u', 1}, {"<u2", 'u', 2},
             {"<u4", 'u', 4}, {"<u8", 'u', 8}};
    tkm_read_opts o = opts(TKM_PREC_ENUM);
    tkmi_rng r;
    char shape[64];
    (void)state;
    tkmi_rng_seed(&r, 808);
    for (int rep = 0; rep < 3; rep++)
        for (size_t k = 0; k < sizeof t / sizeof t[0]; k++) {
            size_t n = 1 + tkmi_rng_below(&r, 40), d = 1 + tkmi_rng_below(&r, 5);
            int one_d = d == 1 && tkmi_rng_below(&r, 2);
            unsigned char *raw = malloc(n * d * t[k].w);
            double *want = malloc(n * d * sizeof *want);
            assert_non_null(raw);
            assert_non_null(want);
            for (size_t i = 0; i < n * d; i++)
                want[i] = rand_elem(&r, t[k].kind, t[k].w, raw + i * t[k].w);
            if (t[k].kind == 'i' && t[k].w == 8) {
                put_le(raw, (uint64_t)INT64_MIN, 8); /* -2^63 is exact */
                want[0] = -9223372036854775808.0;
            }
            snprintf(shape, sizeof shape, one_d ? "(%zu,)" : "(%zu, %zu)", n,
                     d);
            put_npy(PATH("t.npy"), 1 + rep, t[k].descr, "False", shape, raw,
                    n * d * t[k].w, 0);
            expect_matrix(PATH("t.npy"), &o, want, n, d);
            free(raw);
            free(want);
        }
}

static void test_npy_rejects(void **state)
{
    unsigned char raw[8 * 24];
    tkm_read_opts o = opts(TKM_F64);
    tkmi_rng r;
    const char *p = PATH("bad.npy");
    (void)state;
    tkmi_rng_seed(&r, 909);
    for (size_t i = 0; i < 24; i++)
        rand_elem(&r, 'f', 8, raw + 8 * i);
    put_npy(p, 1, "<f8", "True", "(6, 4)", raw, 192, 0);
    expect_error(p, &o, TKM_EFORMAT, "fortran_order True", NULL);
    put_npy(p, 1, ">f8", "False", "(6, 4)", raw, 192, 0);
    expect_error(p, &o, TKM_EFORMAT, "big-endian", "'>f8'");
    put_npy(p, 1, "<f2", "False", "(6, 4)", raw, 192, 0);
    expect_error(p, &o, TKM_EFORMAT, "'<f2' is not supported", NULL);
    put_npy(p, 1, "<c16", "False", "(6, 2)", raw, 192, 0);
    expect_error(p, &o, TKM_EFORMAT, "not supported", NULL);
    put_npy(p, 2, "<f8", "False", "(2, 3, 4)", raw, 192, 0);
    expect_error(p, &o, TKM_EFORMAT, "more than 2 dimensions", NULL);
    put_npy(p, 1, "<f8", "False", "(0, 4)", raw, 0, 0);
    expect_error(p, &o, TKM_EFORMAT, "no data rows", NULL);
    put_npy(p, 1, "<f8", "False", "()", raw, 8, 0);
    expect_error(p, &o, TKM_EFORMAT, "scalar", NULL);
    put_npy(p, 1, "<f8", "False", "(5, 4)", raw, 192, 0);
    expect_error(p, &o, TKM_EFORMAT, "32 bytes after", NULL);
    for (int k = 0; k < 5; k++) {
        put_npy(p, 1 + k % 3, "<f8", "False", "(6, 4)", raw, 192,
                1 + tkmi_rng_below(&r, 192));
        expect_error(p, &o, TKM_EFORMAT, "truncated", NULL);
    }
    write_bytes(p, "\x93NUMPY\x01\x00\xff\x00{'descr'", 17);
    expect_error(p, &o, TKM_EFORMAT, "truncated .npy header", NULL);
    write_bytes(p, "PK\x03\x04 not numpy at all", 22);
    expect_error(p, &o, TKM_EFORMAT, "not a .npy file", NULL);
    write_bytes(p, "\x93NUMPY\x04\x00\x10\x00{}              \n", 26);
    expect_error(p, &o, TKM_EFORMAT, "version 4.0", NULL);
    /* integers a double cannot hold exactly are reported, not rounded;
     * 2^60 (one significant bit) is exact */
    {
        unsigned char iv[8 * 4];
        for (int k = 0; k < 4; k++)
            put_le(iv + 8 * k, (uint64_t)k, 8);
        put_le(iv + 8 * 2, ((uint64_t)1 << 53) + 1, 8);
        put_npy(p, 1, "<i8", "False", "(2, 2)", iv, 32, 0);
        expect_error(p, &o, TKM_ERANGE, "row 1, column 0",
                     "9007199254740993 is not held exactly");
        put_le(iv + 8 * 2, (uint64_t)1 << 60, 8);
        put_npy(p, 1, "<i8", "False", "(2, 2)", iv, 32, 0);
        tkm_dataset ds;
        assert_int_equal(tkm_dataset_read(p, &o, &ds, g_msg, sizeof g_msg),
                         TKM_OK);
        assert_true(ds.x[2] == 1152921504606846976.0);
        tkm_dataset_free(&ds);
        /* in a float run, above 2^24 */
        unsigned char i4[4 * 4] = {0};
        put_le(i4 + 4, (1u << 24) + 1, 4);
        put_npy(p, 1, "<i4", "False", "(2, 2)", i4, 16, 0);
        tkm_read_opts o32 = opts(TKM_F32);
        expect_error(p, &o32, TKM_ERANGE, "16777217", "in float");
        assert_int_equal(tkm_dataset_read(p, &o, &ds, g_msg, sizeof g_msg),
                         TKM_OK);
        tkm_dataset_free(&ds);
    }
    /* the header is parsed as a dictionary, not searched: a key named
     * inside another value, a repeated key, an extra key, text after it */
    static const char *const dicts[][2] = {
        {"{'descr': '<f8', 'fortran_order': False, 'note': \"'shape': "
         "(1, 1)\", 'shape': (6, 4), }", "unexpected key 'note'"},
        {"{'descr': '<f8', 'fortran_order': False, 'shape': (1, 24), "
         "'shape': (6, 4), }", "'shape' twice"},
        {"{'descr': '<f8', 'shape': (6, 4), }", "no 'fortran_order'"},
        {"{'descr': '<f8', 'fortran_order': False, 'shape': (6, 4), } x",
         "not a dictionary"},
        {"'descr': '<f8', 'fortran_order': False, 'shape': (6, 4)",
         "not a dictionary"}};
    for (size_t k = 0; k < sizeof dicts / sizeof dicts[0]; k++) {
        unsigned char buf[512];
        size_t dl = strlen(dicts[k][0]), hlen = dl + 1;
        while ((10 + hlen) % 64)
            hlen++;
        memcpy(buf, "\x93NUMPY\x01\x00", 8);
        put_le(buf + 8, hlen, 2);
        memset(buf + 10, ' ', hlen);
        memcpy(buf + 10, dicts[k][0], dl);
        buf[10 + hlen - 1] = '\n';
        memcpy(buf + 10 + hlen, raw, 192);
        write_bytes(p, buf, 10 + hlen + 192);
        expect_error(p, &o, TKM_EFORMAT, dicts[k][1], NULL);
    }
    /* double quotes and no trailing comma are NumPy's too */
    {
        const char dict[] = "{\"descr\": \"<f8\", \"fortran_order\": False, "
                            "\"shape\": (6, 4)}";
        unsigned char buf[512];
        size_t dl = sizeof dict - 1, hlen = dl + 1;
        while ((10 + hlen) % 64)
            hlen++;
        memcpy(buf, "\x93NUMPY\x01\x00", 8);
        put_le(buf + 8, hlen, 2);
        memset(buf + 10, ' ', hlen);
        memcpy(buf + 10, dict, dl);
        buf[10 + hlen - 1] = '\n';
        memcpy(buf + 10 + hlen, raw, 192);
        write_bytes(p, buf, 10 + hlen + 192);
        tkm_dataset ds;
        assert_int_equal(tkm_dataset_read(p, &o, &ds, g_msg, sizeof g_msg),
                         TKM_OK);
        assert_true(ds.n == 6 && ds.d == 4);
        tkm_dataset_free(&ds);
    }
}

/* A non-finite or too large value is reported at its row and column. */
static void test_npy_bad_values(void **state)
{
    static const double bad[] = {NAN, INFINITY, -INFINITY, 1e39};
    unsigned char raw[8 * 60];
    char where[64], shape[32];
    tkm_read_opts o = opts(TKM_F32);
    tkmi_rng r;
    const char *p = PATH("vals.npy");
    (void)state;
    tkmi_rng_seed(&r, 1010);
    for (int k = 0; k < 8; k++) {
        size_t n = 1 + tkmi_rng_below(&r, 20), d = 1 + tkmi_rng_below(&r, 3);
        size_t at = tkmi_rng_below(&r, n * d);
        uint64_t u;
        for (size_t i = 0; i < n * d; i++)
            rand_elem(&r, 'f', 8, raw + 8 * i);
        memcpy(&u, &bad[k % 4], 8);
        put_le(raw + 8 * at, u, 8);
        snprintf(shape, sizeof shape, "(%zu, %zu)", n, d);
        put_npy(p, 1, "<f8", "False", shape, raw, 8 * n * d, 0);
        snprintf(where, sizeof where, "row %zu, column %zu: ", at / d,
                 at % d);
        o.target = TKM_F32;
        expect_error(p, &o, k % 4 == 3 ? TKM_ERANGE : TKM_EFORMAT, where,
                     k % 4 == 3 ? "does not fit in float" : "not a finite");
        o.target = TKM_F64;
        if (k % 4 == 3) {
            tkm_dataset ds;
            assert_int_equal(tkm_dataset_read(p, &o, &ds, g_msg,
                                              sizeof g_msg), TKM_OK);
            assert_true(ds.x[at] == 1e39);
            tkm_dataset_free(&ds);
        }
    }
}

/* A float64 .npy is used where it lies in the file (mapped): the same
 * values as a read, writes to them change the reader's copy and not the
 * file, two reads of one file are freed apart, and among several bad
 * values the first in the data's order is named.  A file whose body is
 * not aligned for doubles (a header padded to 4 bytes, as no numpy
 * writes) is read instead, with the same values. */
static void test_npy_mapped(void **state)
{
    enum { N = 3000, D = 7 };
    unsigned char *raw = malloc(8 * N * D);
    double *want = malloc(8 * N * D);
    tkm_read_opts o = opts(TKM_F64);
    tkmi_rng r;
    const char *p = PATH("mapped.npy");
    (void)state;
    assert_non_null(raw);
    assert_non_null(want);
    tkmi_rng_seed(&r, 1111);
    for (size_t i = 0; i < N * D; i++)
        want[i] = rand_elem(&r, 'f', 8, raw + 8 * i);
    put_npy(p, 1, "<f8", "False", "(3000, 7)", raw, 8 * N * D, 0);
    expect_matrix(p, &o, want, N, D);
    tkm_dataset a, b;
    assert_int_equal(tkm_dataset_read(p, &o, &a, g_msg, sizeof g_msg),
                     TKM_OK);
    assert_int_equal(tkm_dataset_read(p, &o, &b, g_msg, sizeof g_msg),
                     TKM_OK);
    a.x[5] = 123.0;
    assert_true(b.x[5] == want[5]);
    tkm_dataset_free(&a);
    assert_memory_equal(b.x, want, 8 * N * D);
    tkm_dataset_free(&b);
    expect_matrix(p, &o, want, N, D);
    /* unaligned body: preamble 10 + header 86 = 96 + 4 */
    {
        const char dict[] = "{'descr': '<f8', 'fortran_order': False, "
                            "'shape': (3000, 7), }";
        size_t hlen = sizeof dict; /* the dict, spaces, a newline */
        while ((10 + hlen) % 8 != 4)
            hlen++;
        unsigned char *buf = malloc(10 + hlen + 8 * N * D);
        assert_non_null(buf);
        memcpy(buf, "\x93NUMPY\x01\x00", 8);
        put_le(buf + 8, hlen, 2);
        memset(buf + 10, ' ', hlen);
        memcpy(buf + 10, dict, sizeof dict - 1);
        buf[10 + hlen - 1] = '\n';
        memcpy(buf + 10 + hlen, raw, 8 * N * D);
        write_bytes(p, buf, 10 + hlen + 8 * N * D);
        free(buf);
        expect_matrix(p, &o, want, N, D);
    }
    /* two bad values far apart: the first is named */
    uint64_t u;
    const double nan = NAN, inf = INFINITY;
    memcpy(&u, &nan, 8);
    put_le(raw + 8 * (2900 * D + 3), u, 8);
    memcpy(&u, &inf, 8);
    put_le(raw + 8 * (1234 * D + 6), u, 8);
    put_npy(p, 2, "<f8", "False", "(3000, 7)", raw, 8 * N * D, 0);
    expect_error(p, &o, TKM_EFORMAT, "row 1234, column 6: ", "not a finite");
    free(raw);
    free(want);
}

/* keep_f32: a float32 .npy or raw file is given as x32, where it lies:
 * the same values as the double read, x NULL, two reads freed apart, a
 * bad value named as before; a float64 file and a float32 file without
 * keep_f32 still come as x. */
static void test_f32_in_place(void **state)
{
    enum { N = 2000, D = 5 };
    unsigned char *raw = malloc(4 * N * D);
    double *want = malloc(8 * N * D);
    tkm_read_opts o = opts(TKM_F32);
    tkmi_rng r;
    const char *p = PATH("f32.npy"), *q = PATH("f32.f32");
    (void)state;
    assert_non_null(raw);
    assert_non_null(want);
    tkmi_rng_seed(&r, 1212);
    for (size_t i = 0; i < N * D; i++)
        want[i] = rand_elem(&r, 'f', 4, raw + 4 * i);
    put_npy(p, 1, "<f4", "False", "(2000, 5)", raw, 4 * N * D, 0);
    write_bytes(q, raw, 4 * N * D);
    expect_matrix(p, &o, want, N, D); /* without keep_f32: doubles */
    o.keep_f32 = 1;
    o.raw_d = D;
    for (int f = 0; f < 2; f++) {
        tkm_dataset a, b;
        const char *path = f ? q : p;
        assert_int_equal(tkm_dataset_read(path, &o, &a, g_msg, sizeof g_msg),
                         TKM_OK);
        assert_int_equal(tkm_dataset_read(path, &o, &b, g_msg, sizeof g_msg),
                         TKM_OK);
        assert_null(a.x);
        assert_non_null(a.x32);
        assert_int_equal(a.n, N);
        assert_int_equal(a.d, D);
        for (size_t i = 0; i < N * D; i++)
            if ((double)a.x32[i] != want[i])
                fail_msg("%s: value %zu is %g, not %g", path, i,
                         (double)a.x32[i], want[i]);
        tkm_dataset_free(&a);
        assert_null(a.x32);
        assert_memory_equal(b.x32, raw, 4 * N * D); /* little-endian host */
        tkm_dataset_free(&b);
    }
    /* a float64 file stays doubles */
    o.keep_f32 = 1;
    put_npy(PATH("f64.npy"), 1, "<f8", "False", "(1, 1)",
            (const unsigned char *)"\0\0\0\0\0\0\xf0\x3f", 8, 0);
    tkm_dataset c;
    assert_int_equal(tkm_dataset_read(PATH("f64.npy"), &o, &c, g_msg,
                                      sizeof g_msg), TKM_OK);
    assert_non_null(c.x);
    assert_null(c.x32);
    assert_true(c.x[0] == 1.0);
    tkm_dataset_free(&c);
    /* the first bad value is named */
    const float inf = INFINITY;
    uint32_t u;
    memcpy(&u, &inf, 4);
    put_le(raw + 4 * (1500 * D + 2), u, 4);
    put_npy(p, 1, "<f4", "False", "(2000, 5)", raw, 4 * N * D, 0);
    expect_error(p, &o, TKM_EFORMAT, "row 1500, column 2: ", "not a finite");
    free(raw);
    free(want);
}

/* ---- raw ---------------------------------------------------------------- */

static void test_raw(void **state)
{
    static const char *const names[] = {"r.f32", "r.f64", "r.bin", "r.raw",
                                        "r.dat"};
    tkmi_rng r;
    (void)state;
    tkmi_rng_seed(&r, 1111);
    for (int k = 0; k < 10; k++) {
        const char *name = names[k % 5];
        size_t w = k % 5 == 0 || (k % 5 >= 2 && k >= 5) ? 4 : 8;
        size_t n = 1 + tkmi_rng_below(&r, 50), d = 1 + tkmi_rng_below(&r, 6);
        unsigned char *raw = malloc(n * d * w);
        double *want = malloc(n * d * sizeof *want);
        tkm_read_opts o = opts(TKM_PREC_ENUM);
        assert_non_null(raw);
        assert_non_null(want);
        for (size_t i = 0; i < n * d; i++)
            want[i] = rand_elem(&r, 'f', w, raw + i * w);
        write_bytes(PATH(name), raw, n * d * w);
        o.raw_d = d;
        o.raw_n = tkmi_rng_below(&r, 2) ? n : 0; /* 0: inferred */
        o.raw_bits = k % 5 >= 2 ? (int)(8 * w) : 0;
        o.format = k % 5 == 4 ? TKM_FMT_RAW : TKM_FMT_AUTO;
        expect_matrix(PATH(name), &o, want, n, d);
        free(raw);
        free(want);
    }
}

static void test_raw_rejects(void **state)
{
    unsigned char raw[4 * 30 + 3];
    tkm_read_opts o = opts(TKM_F64);
    tkmi_rng r;
    float nan = NAN;
    uint32_t u;
    const char *p = PATH("x.f32");
    (void)state;
    tkmi_rng_seed(&r, 1212);
    for (size_t i = 0; i < 30; i++)
        rand_elem(&r, 'f', 4, raw + 4 * i);
    write_bytes(p, raw, 4 * 30);
    o.raw_d = 0;
    expect_error(p, &o, TKM_EINVAL, "raw_d >= 1", NULL);
    o.raw_d = 7;
    expect_error(p, &o, TKM_EFORMAT, "not a whole number of rows", NULL);
    o.raw_d = 5;
    o.raw_n = 7;
    expect_error(p, &o, TKM_EFORMAT, "truncated", NULL);
    o.raw_n = 5;
    expect_error(p, &o, TKM_EFORMAT, "20 bytes after", NULL);
    o.raw_n = 0;
    o.raw_bits = 16;
    expect_error(p, &o, TKM_EINVAL, "raw_bits must be 32 or 64", NULL);
    o.raw_bits = 64;
    expect_error(p, &o, TKM_EINVAL, "float32", NULL);
    o.raw_bits = 0;
    write_bytes(PATH("x.bin"), raw, 4 * 30);
    expect_error(PATH("x.bin"), &o, TKM_EINVAL, "raw_bits", NULL);
    write_bytes(PATH("empty.f64"), raw, 0);
    expect_error(PATH("empty.f64"), &o, TKM_EFORMAT, "no data rows", NULL);
    memcpy(&u, &nan, 4);
    put_le(raw + 4 * 17, u, 4);
    write_bytes(p, raw, 4 * 30);
    expect_error(p, &o, TKM_EFORMAT, "row 3, column 2", "not a finite");
}

/* ---- files that are not there, and writes that cannot happen ----------- */

/* ---- column selection ---------------------------------------------------- */

static void write_text_file(const char *path, const char *text)
{
    write_bytes(path, text, strlen(text));
}

/* The columns of an n x d matrix a that keep[] marks, in the file's order,
 * into a new n x dk array. */
static double *take_cols(const double *a, size_t n, size_t d,
                         const int *keep, size_t *dk)
{
    double *b = malloc(n * d * sizeof *b + 1);
    size_t m = 0;
    assert_non_null(b);
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < d; j++)
            if (keep[j])
                b[m++] = a[i * d + j];
    *dk = n ? m / n : 0;
    return b;
}

/* A random non-empty selection of d columns as a list: keep[] says which
 * columns are read; the list names them (as names when names, shuffled,
 * blanks around some items) or, for skip, names the others. */
static void rand_selection(tkmi_rng *r, size_t d, int skip, int names,
                           int *keep, char *list, size_t len)
{
    size_t order[16], m = 0, at = 0;
    do {
        m = 0;
        for (size_t j = 0; j < d; j++)
            keep[j] = (int)tkmi_rng_below(r, 2);
        for (size_t j = 0; j < d; j++)
            m += (size_t)keep[j];
    } while (m == 0 || (skip && m == d));
    m = 0;
    for (size_t j = 0; j < d; j++)
        if (keep[j] != skip)
            order[m++] = j;
    for (size_t i = m; i > 1; i--) { /* the list's order does not matter */
        size_t k = tkmi_rng_below(r, i), t = order[i - 1];
        order[i - 1] = order[k];
        order[k] = t;
    }
    list[0] = '\0';
    for (size_t i = 0; i < m; i++)
        at += (size_t)snprintf(list + at, len - at, "%s%s%s%zu",
                               i ? "," : "", tkmi_rng_below(r, 3) ? "" : " ",
                               names ? "col" : "", order[i]);
}

/* Every format reads exactly the selected columns: text (small, and large
 * enough for the chunked parallel reader; indices or header names), .npy
 * and raw, usecols and skip_cols; a column left out is never parsed or
 * checked. */
static void test_columns_selected(void **state)
{
    tkmi_rng r;
    char list[256];
    int keep[16];
    size_t dk;
    (void)state;
    tkmi_rng_seed(&r, 4242);
    for (int rep = 0; rep < 24; rep++) {
        const int kind = rep % 4; /* csv, big csv, npy, raw */
        const size_t n = kind == 1 ? 40000 : 1 + tkmi_rng_below(&r, 40);
        const size_t d = 1 + tkmi_rng_below(&r, 7);
        const int skip = d > 1 && tkmi_rng_below(&r, 2); /* keeps one */
        const int names = kind < 2 && tkmi_rng_below(&r, 2);
        double *a = rand_matrix(&r, n, d);
        tkm_read_opts o = opts(TKM_F64);
        char p[600]; /* outlives the blocks below, unlike PATH's */
        rand_selection(&r, d, skip, names, keep, list, sizeof list);
        if (kind < 2) {
            tpath(p, "sel.csv");
            FILE *f = fopen(p, "w");
            assert_non_null(f);
            for (size_t j = 0; j < d; j++)
                fprintf(f, "col%zu%s", j, j + 1 < d ? "," : "\n");
            for (size_t i = 0; i < n; i++)
                for (size_t j = 0; j < d; j++)
                    if (keep[j])
                        fprintf(f, "%.17g%s", a[i * d + j],
                                j + 1 < d ? "," : "\n");
                    else /* a column left out need not hold numbers */
                        fprintf(f, "%s%s", i % 2 ? "text" : "",
                                j + 1 < d ? "," : "\n");
            assert_int_equal(fclose(f), 0);
        } else {
            for (size_t i = 0; i < n * d; i++)
                if (!keep[i % d] && tkmi_rng_below(&r, 4) == 0)
                    a[i] = NAN; /* left out: never checked */
            unsigned char *raw = malloc(n * d * 8);
            assert_non_null(raw);
            for (size_t i = 0; i < n * d; i++) {
                uint64_t u;
                memcpy(&u, &a[i], 8);
                put_le(raw + i * 8, u, 8);
            }
            char shape[64];
            snprintf(shape, sizeof shape, "(%zu, %zu)", n, d);
            tpath(p, kind == 2 ? "sel.npy" : "sel.f64");
            if (kind == 2)
                put_npy(p, 1, "<f8", "False", shape, raw, n * d * 8, 0);
            else
                write_bytes(p, raw, n * d * 8);
            free(raw);
            o.raw_d = d;
            o.keep_f32 = 1;
        }
        if (skip)
            o.skip_cols = list;
        else
            o.usecols = list;
        double *want = take_cols(a, n, d, keep, &dk);
        expect_matrix(p, &o, want, n, dk);
        free(want);
        free(a);
    }
}

/* Every selection that cannot work is refused, naming the file and the
 * item; an empty first header field (pandas' index column) read as data
 * leaves a note, and none once column 0 is left out. */
static void test_columns_rejected(void **state)
{
    static const struct {
        const char *use, *skip, *n1, *n2;
    } t[] = {
        {"0", "1", "usecols and skip_cols", NULL},
        {"3", NULL, "usecols: column 3 is out of range", "3 columns, 0..2"},
        {NULL, "7", "skip_cols: column 7 is out of range", NULL},
        {"-1", NULL, "'-1': columns are counted from 0", NULL},
        {"a,zz", NULL, "the header names no column 'zz'", NULL},
        {"a,1,a", NULL, "column 0 is given twice", "'a'"},
        {"1,b", NULL, "column 1 is given twice", "'b'"},
        {"0,,1", NULL, "an empty item in '0,,1'", NULL},
        {NULL, "c,a,b", "skip_cols leaves none of the 3 columns", NULL},
        {"dup", NULL, "names 'dup' twice", NULL},
    };
    tkm_read_opts o = opts(TKM_F64);
    char note[512];
    (void)state;
    write_text_file(PATH("cols.csv"), "a,b,c\n1,2,3\n4,5,6\n");
    write_text_file(PATH("dup.csv"), "dup,b,dup\n1,2,3\n");
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        o.usecols = t[i].use;
        o.skip_cols = t[i].skip;
        expect_error(PATH(i + 1 < sizeof t / sizeof t[0] ? "cols.csv"
                                                         : "dup.csv"),
                     &o, TKM_EINVAL, t[i].n1, t[i].n2);
    }
    /* names need a header: a text file without one, and binary files */
    write_text_file(PATH("nohdr.csv"), "1,2,3\n4,5,6\n");
    o.usecols = "a";
    o.skip_cols = NULL;
    expect_error(PATH("nohdr.csv"), &o, TKM_EINVAL, "'a' is a column name",
                 "no header line");
    const unsigned char zero[16] = {0};
    put_npy(PATH("cols.npy"), 1, "<f8", "False", "(1, 2)", zero, 16, 0);
    expect_error(PATH("cols.npy"), &o, TKM_EINVAL, "'a' is a column name",
                 NULL);
    /* pandas' index column: a note when it is read, none when left out */
    write_text_file(PATH("pd.csv"), "# from pandas\n,x,y\n0,1.5,2\n1,3,4\n");
    o = opts(TKM_F64);
    o.note = note;
    o.notelen = sizeof note;
    const double all[] = {0, 1.5, 2, 1, 3, 4}, xy[] = {1.5, 2, 3, 4};
    strcpy(note, "stale");
    expect_matrix(PATH("pd.csv"), &o, all, 2, 3);
    assert_has(note, "pd.csv: line 2: the header's first field is empty");
    assert_has(note, "--skip-cols 0");
    assert_has(note, "line 2 is taken for a header");
    o.skip_cols = "0";
    expect_matrix(PATH("pd.csv"), &o, xy, 2, 2);
    assert_null(strstr(note, "warning"));
    o.skip_cols = NULL;
    o.usecols = "x,y";
    expect_matrix(PATH("pd.csv"), &o, xy, 2, 2);
    assert_null(strstr(note, "warning"));
    o.usecols = NULL;
    expect_matrix(PATH("cols.csv"), &o, (const double[]){1, 2, 3, 4, 5, 6},
                  2, 3);
    assert_null(strstr(note, "warning"));
}

static void test_read_missing(void **state)
{
    char err[128];
    tkm_read_opts o = opts(TKM_F64);
    (void)state;
    snprintf(err, sizeof err, "cannot open: %s", strerror(ENOENT));
    expect_error(PATH("absent.csv"), &o, TKM_EIO, err, NULL);
    expect_error(PATH("absent.npy"), NULL, TKM_EIO, err, NULL);
    expect_error(g_dir, &o, TKM_EIO, strerror(EISDIR), NULL);
    o.format = (tkm_format)9;
    expect_error(PATH("absent.csv"), &o, TKM_EINVAL, "unknown format", NULL);
    o.format = TKM_FMT_AUTO;
    o.target = (tkm_precision)16;
    expect_error(PATH("absent.csv"), &o, TKM_EINVAL, "precision", NULL);
}

static void test_write_unknown_extension(void **state)
{
    static const char *const names[] = {"out.txt", "out", "out.csv.gz"};
    double a[6] = {1, 2, 3, 4, 5, 6};
    int32_t l[3] = {0, 1, 2};
    (void)state;
    for (int k = 0; k < 3; k++) {
        g_msg[0] = '\0';
        assert_int_equal(tkm_write_matrix(PATH(names[k]), a, 3, 2, g_msg,
                                          sizeof g_msg), TKM_EINVAL);
        assert_has(g_msg, ".csv");
        assert_has(g_msg, ".tsv");
        assert_has(g_msg, ".npy");
        assert_int_equal(tkm_write_labels(PATH(names[k]), l, 3, g_msg,
                                          sizeof g_msg), TKM_EINVAL);
        assert_int_equal(access(PATH(names[k]), F_OK), -1);
        assert_int_equal(count_entries(".tmp."), 0);
    }
    assert_int_equal(tkm_write_matrix(PATH("z.csv"), a, 3, 0, g_msg,
                                      sizeof g_msg), TKM_EINVAL);
    assert_int_equal(tkm_write_matrix(NULL, a, 3, 2, g_msg, sizeof g_msg),
                     TKM_EINVAL);
    assert_int_equal(access(PATH("z.csv"), F_OK), -1);
}

/* A write that cannot finish reports TKM_EIO and leaves nothing behind. */
static void test_write_fails_cleanly(void **state)
{
    static const char *const names[] = {"nodir/m.csv", "nodir/m.npy",
                                        "isdir.csv", "isdir.npy"};
    double a[4] = {1.5, -2.5, 3.25, 4};
    int32_t l[2] = {3, 4};
    struct stat sb;
    (void)state;
    assert_int_equal(mkdir(PATH("isdir.csv"), 0700), 0);
    assert_int_equal(mkdir(PATH("isdir.npy"), 0700), 0);
    for (int k = 0; k < 4; k++) {
        const char *p = PATH(names[k]);
        g_msg[0] = '\0';
        assert_int_equal(tkm_write_matrix(p, a, 2, 2, g_msg, sizeof g_msg),
                         TKM_EIO);
        assert_has(g_msg, names[k]);
        assert_has(g_msg, strerror(k < 2 ? ENOENT : EISDIR));
        assert_int_equal(tkm_write_labels(p, l, 2, g_msg, sizeof g_msg),
                         TKM_EIO);
        assert_has(g_msg, names[k]);
        assert_int_equal(stat(p, &sb) == 0 && S_ISREG(sb.st_mode), 0);
    }
    assert_int_equal(count_entries(".tmp."), 0);
    assert_int_equal(count_entries("nodir"), 0);
    rmdir(PATH("isdir.csv"));
    rmdir(PATH("isdir.npy"));
}

/* A write cut short by the file-size limit (EFBIG, as a full disk would
 * give ENOSPC) leaves neither a partial file nor a temporary. */
static void test_write_cut_short(void **state)
{
    static const char *const names[] = {"cut.csv", "cut.npy", "cut.tsv"};
    struct rlimit old, lim;
    int32_t *l = calloc(20000, sizeof *l);
    double *a;
    tkmi_rng r;
    (void)state;
    tkmi_rng_seed(&r, 1313);
    a = rand_matrix(&r, 2000, 8);
    assert_non_null(l);
    assert_int_equal(getrlimit(RLIMIT_FSIZE, &old), 0);
    lim = old;
    lim.rlim_cur = 20000;
    signal(SIGXFSZ, SIG_IGN);
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &lim), 0);
    for (int k = 0; k < 3; k++) {
        const char *p = PATH(names[k]);
        g_msg[0] = '\0';
        assert_int_equal(tkm_write_matrix(p, a, 2000, 8, g_msg, sizeof g_msg),
                         TKM_EIO);
        assert_has(g_msg, names[k]);
        assert_has(g_msg, strerror(EFBIG));
        assert_int_equal(tkm_write_labels(p, l, 20000, g_msg, sizeof g_msg),
                         TKM_EIO);
        assert_int_equal(access(p, F_OK), -1);
    }
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &old), 0);
    signal(SIGXFSZ, SIG_DFL);
    assert_int_equal(count_entries(".tmp."), 0);
    free(a);
    free(l);
}

/* Refused with TKM_EIO before anything is written: the message names
 * path, "at least" unless exact, and bytes. */
static void expect_no_space(tkm_status st, const char *path, int exact,
                            size_t bytes)
{
    char want[640];
    assert_int_equal(st, TKM_EIO);
    snprintf(want, sizeof want, "%s: %s%zu bytes (", path,
             exact ? "" : "at least ", bytes);
    assert_has(g_msg, want);
    assert_has(g_msg, "free on its file system");
    assert_int_equal(access(path, F_OK), -1);
}

/* A file larger than the free space of its file system is refused
 * before it is begun: TKM_EIO, both sizes said (.npy exactly, text at
 * least 2 bytes a value), no file and no temporary.  The values are
 * never read: they lie in address space reserved without access, which
 * a write that began would fault on. */
static void test_write_no_space(void **state)
{
    (void)state;
    const size_t avail = space_free_checked(g_dir, PATH("ns.npy"));
    if (avail > ((size_t)1 << 43)) { /* (said by df as well) */
        print_message("skipped: %zu bytes free, more than this test "
                      "reserves address space for\n", avail);
        skip();
    }
    /* m values of 2 bytes or more: 1 GiB more than is free */
    const size_t m = avail / 2 + ((size_t)1 << 29);
    void *none = mmap(NULL, m * 8, PROT_NONE,
                      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    assert_true(none != MAP_FAILED);
    /* the shapes (m, 1) and (2m,) take a 128-byte .npy header */
    expect_no_space(tkm_write_matrix(PATH("ns.npy"), none, m, 1, g_msg,
                                     sizeof g_msg),
                    PATH("ns.npy"), 1, 128 + 8 * m);
    expect_no_space(tkm_write_matrix(PATH("ns.csv"), none, m, 1, g_msg,
                                     sizeof g_msg),
                    PATH("ns.csv"), 0, 2 * m);
    expect_no_space(tkm_write_labels(PATH("nl.npy"), none, 2 * m, g_msg,
                                     sizeof g_msg),
                    PATH("nl.npy"), 1, 128 + 8 * m);
    expect_no_space(tkm_write_labels(PATH("nl.csv"), none, 2 * m, g_msg,
                                     sizeof g_msg),
                    PATH("nl.csv"), 0, 4 * m);
    assert_int_equal(count_entries(".tmp."), 0);
    munmap(none, m * 8);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_roundtrip_matrix),
        cmocka_unit_test(test_num_shortest),
        cmocka_unit_test(test_write_shortest),
        cmocka_unit_test(test_npy_header_layout),
        cmocka_unit_test(test_roundtrip_labels),
        cmocka_unit_test(test_write_replaces),
        cmocka_unit_test(test_text_dialects),
        cmocka_unit_test(test_text_large),
        cmocka_unit_test(test_text_errors_located),
        cmocka_unit_test(test_text_float_overflow),
        cmocka_unit_test(test_text_empty_inputs),
        cmocka_unit_test(test_text_header_decided),
        cmocka_unit_test(test_npy_dtypes),
        cmocka_unit_test(test_npy_rejects),
        cmocka_unit_test(test_npy_bad_values),
        cmocka_unit_test(test_npy_mapped),
        cmocka_unit_test(test_f32_in_place),
        cmocka_unit_test(test_text_large_chunks),
        cmocka_unit_test(test_stdin),
        cmocka_unit_test(test_raw),
        cmocka_unit_test(test_raw_rejects),
        cmocka_unit_test(test_columns_selected),
        cmocka_unit_test(test_columns_rejected),
        cmocka_unit_test(test_read_missing),
        cmocka_unit_test(test_write_unknown_extension),
        cmocka_unit_test(test_write_fails_cleanly),
        cmocka_unit_test(test_write_cut_short),
        cmocka_unit_test(test_write_no_space),
    };
    return cmocka_run_group_tests_name("io", tests, setup_dir, remove_dir);
}
