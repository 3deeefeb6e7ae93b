/* The MatrixMarket .mtx reader: the first byte picks the target
 * precision. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    unsigned opt = fuzz_take_byte(&data, &size);
    tkm_read_opts o;
    tkm_read_opts_default(&o);
    o.target = opt & 1 ? TKM_F32 : TKM_F64;
    tkm_dataset ds = {0};
    char msg[512];
    if (tkm_dataset_read(fuzz_file("data.mtx", data, size), &o, &ds, msg,
                         sizeof msg) == TKM_OK)
        fuzz_check_dataset(&ds);
    tkm_dataset_free(&ds);
    return 0;
}
