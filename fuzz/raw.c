/* The raw binary reader: the first byte picks the columns (1..16), the
 * width (32 or 64 bits), whether the rows are given, and the target. */
#include <stdlib.h>

#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    unsigned opt = fuzz_take_byte(&data, &size);
    tkm_read_opts o;
    tkm_read_opts_default(&o);
    o.format = TKM_FMT_RAW;
    o.raw_d = (opt & 15) + 1;
    o.raw_bits = opt & 16 ? 32 : 64;
    o.raw_n = opt & 32 ? (opt >> 6) + 1 : 0;
    o.target = opt & 128 ? TKM_F32 : TKM_F64;
    tkm_dataset ds = {0};
    char msg[512];
    if (tkm_dataset_read(fuzz_file("data.bin", data, size), &o, &ds, msg,
                         sizeof msg) == TKM_OK) {
        fuzz_check_dataset(&ds);
        if (ds.d != o.raw_d || (o.raw_n && ds.n != o.raw_n))
            abort();
    }
    tkm_dataset_free(&ds);
    return 0;
}
