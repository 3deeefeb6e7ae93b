/* The scipy.sparse .npz reader: the first byte picks the target
 * precision and whether float32 values are kept as floats. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    unsigned opt = fuzz_take_byte(&data, &size);
    tkm_read_opts o;
    tkm_read_opts_default(&o);
    o.target = opt & 1 ? TKM_F32 : TKM_F64;
    o.keep_f32 = (opt >> 1) & 1;
    fuzz_read("data.npz", &o, data, size);
    return 0;
}
