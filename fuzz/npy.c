/* The NumPy .npy reader: the first byte picks the target precision. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    unsigned opt = fuzz_take_byte(&data, &size);
    tkm_read_opts o;
    tkm_read_opts_default(&o);
    o.target = opt & 1 ? TKM_F32 : TKM_F64;
    fuzz_read("data.npy", &o, data, size);
    return 0;
}
