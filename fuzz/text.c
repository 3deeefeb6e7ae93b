/* The text reader (CSV, TSV, whitespace): the first byte picks the
 * header rule, the delimiter and the target precision. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char delims[] = {0, ',', ';', '\t', ' ', '|'};
    unsigned opt = fuzz_take_byte(&data, &size);
    tkm_read_opts o;
    tkm_read_opts_default(&o);
    o.header = (tkm_header)(opt % 3);
    o.delimiter = delims[(opt / 3) % 6];
    o.target = opt & 0x80 ? TKM_F32 : TKM_F64;
    fuzz_read("data.csv", &o, data, size);
    return 0;
}
