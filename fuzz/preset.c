/* The bench preset reader.  An accepted preset has at least one data set,
 * each with a source and at least one k. */
#include <stdlib.h>

#include "fuzz.h"
#include "harness.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    cli_preset p;
    char err[1024];
    if (cli_preset_read(fuzz_file("f.preset", data, size), &p, err,
                        sizeof err) == 0) {
        if (p.ndata < 1)
            abort();
        for (int i = 0; i < p.ndata; i++)
            if (p.data[i].runs.nk < 1)
                abort();
        cli_preset_free(&p);
    }
    return 0;
}
