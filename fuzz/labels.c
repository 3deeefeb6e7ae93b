/* score's labels file: n (the data's rows) from the first byte, the rest
 * a .csv (or, odd first byte, an .npy) of labels.  Accepted labels are n
 * dense cluster numbers 0..k-1, each used. */
#include <stdlib.h>

#include "cli.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    unsigned opt = fuzz_take_byte(&data, &size);
    size_t n = (opt >> 1) + 1, k = 0;
    int32_t *labels = NULL;
    const char *path = fuzz_file(opt & 1 ? "labels.npy" : "labels.csv",
                                 data, size);
    if (cli_read_labels("fuzz", path, n, &labels, &k) == CLI_OK) {
        char *used = calloc(k ? k : 1, 1);
        if (!used || k == 0 || k > n)
            abort();
        for (size_t i = 0; i < n; i++) {
            if (labels[i] < 0 || (size_t)labels[i] >= k)
                abort();
            used[labels[i]] = 1;
        }
        for (size_t c = 0; c < k; c++)
            if (!used[c])
                abort();
        free(used);
    }
    free(labels);
    return 0;
}
