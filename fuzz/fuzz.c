/* The fuzz harnesses' shared helpers (fuzz.h). */
#include "fuzz.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

void fuzz_check_dataset(const tkm_dataset *ds)
{
    if (!ds->x || ds->n == 0 || ds->d == 0)
        abort();
    for (size_t i = 0; i < ds->n * ds->d; i++)
        if (!isfinite(ds->x[i]))
            abort();
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
