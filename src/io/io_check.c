/* The value check every reader applies (io_text.c, io_bin.c). */
#include <float.h>
#include <math.h>

#include "io_read.h"

/* Contract in io_read.h. */
tkmi_val_check tkmi_check_value(double v, tkm_precision target)
{
    if (!isfinite(v))
        return TKMI_VAL_NONFINITE;
    if (target == TKM_F32 && fabs(v) > FLT_MAX)
        return TKMI_VAL_F32;
    return TKMI_VAL_OK;
}
