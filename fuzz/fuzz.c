/* The fuzz harnesses' shared helpers (fuzz.h). */
#include "fuzz.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The most any one request of a harness may ask: two such blocks live at
 * once (an .mtx file's row counts and row pointers), and AddressSanitizer
 * adds its own, all below libFuzzer's 2 GiB. */
#define FUZZ_MEMORY_LIMIT ((size_t)256 << 20)

static char dir[64];

static void remove_dir(void)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        fprintf(stderr, "fuzz: could not remove %s\n", dir);
}

const char *fuzz_file(const char *name, const void *bytes, size_t len)
{
    static char path[160];
    if (!dir[0]) {
        /* A file may declare a shape that needs more memory than the
         * fuzzer allows (libFuzzer stops at 2 GiB: tools/fuzz.sh), such
         * as an .mtx file of a billion rows and five entries: what the
         * reader owes then is a clean refusal, which this limit on any
         * one request makes it give. */
        tkm_memory_limit_set(FUZZ_MEMORY_LIMIT);
        const char *tmp = getenv("TMPDIR");
        snprintf(dir, sizeof dir, "%s/tkm_fuzz_XXXXXX",
                 tmp && strlen(tmp) < 32 ? tmp : "/tmp");
        if (!mkdtemp(dir))
            abort();
        atexit(remove_dir);
    }
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    if (!f || (len && fwrite(bytes, 1, len, f) != len) || fclose(f))
        abort();
    return path;
}

/* Element p of a sparse data set's index array a. */
static int64_t index_at(const tkm_csr *c, const void *a, size_t p)
{
    return c->idx64 ? ((const int64_t *)a)[p] : ((const int32_t *)a)[p];
}

/* Abort unless ds's sparse rows are canonical (rows from 0, never
 * decreasing; columns in range, increasing within a row) and every
 * stored value finite. */
static void check_sparse(const tkm_dataset *ds)
{
    const tkm_csr *c = &ds->csr;
    if (index_at(c, c->indptr, 0) != 0)
        abort();
    for (size_t i = 0; i < ds->n; i++) {
        int64_t a = index_at(c, c->indptr, i),
                b = index_at(c, c->indptr, i + 1);
        if (b < a)
            abort();
        for (int64_t p = a; p < b; p++) {
            int64_t j = index_at(c, c->indices, (size_t)p);
            double v = c->f32 ? ((const float *)c->data)[p]
                              : ((const double *)c->data)[p];
            if (j < 0 || (size_t)j >= ds->d || !isfinite(v) ||
                (p > a && j <= index_at(c, c->indices, (size_t)p - 1)))
                abort();
        }
    }
}

void fuzz_check_dataset(const tkm_dataset *ds)
{
    if (ds->n == 0 || ds->d == 0)
        abort();
    if (TKM_DATASET_SPARSE(ds)) {
        check_sparse(ds);
        return;
    }
    if (!ds->x)
        abort();
    for (size_t i = 0; i < ds->n * ds->d; i++)
        if (!isfinite(ds->x[i]))
            abort();
}

void fuzz_read(const char *name, const tkm_read_opts *o, const void *bytes,
               size_t len)
{
    tkm_dataset ds = {0};
    char msg[512];
    if (tkm_dataset_read(fuzz_file(name, bytes, len), o, &ds, msg,
                         sizeof msg) == TKM_OK)
        fuzz_check_dataset(&ds);
    tkm_dataset_free(&ds);
}

unsigned fuzz_take_byte(const uint8_t **data, size_t *size)
{
    if (*size == 0)
        return 0;
    unsigned b = **data;
    (*data)++;
    (*size)--;
    return b;
}
