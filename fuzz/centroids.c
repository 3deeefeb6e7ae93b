/* fit --init FILE: starting centroids for a fixed 8 x 2 data set, k (1..8)
 * from the first byte, the rest a .csv (or .npy) of centroids.  Accepted
 * centroids are exactly k x 2 finite values. */
#include <math.h>
#include <stdlib.h>

#include "cli.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static double pts[16] = {0, 0, 1, 0, 0, 1, 1, 1, 5, 5, 6, 5, 5, 6, 6, 6};
    const tkm_dataset ds = {.x = pts, .n = 8, .d = 2};
    unsigned opt = fuzz_take_byte(&data, &size);
    cli_run r;
    cli_run_default(&r);
    r.k = (opt & 7) + 1;
    r.precision = opt & 8 ? TKM_F32 : TKM_F64;
    r.init_file = fuzz_file(opt & 16 ? "c.npy" : "c.csv", data, size);
    r.data = "fixed";
    double *init = NULL;
    if (cli_run_start(&r, "fuzz", &ds, &init) == CLI_OK) {
        for (size_t i = 0; i < r.k * ds.d; i++)
            if (!isfinite(init[i]))
                abort();
    }
    free(init);
    return 0;
}
