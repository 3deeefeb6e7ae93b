// Lloyd's assign step, shared-memory form: the register kernel for
// d <= 8, the tile kernel above (kernels/assign_shared.cuh), over all
// points.
#include "real.h"

#include "arith.h"
#include "cuda_engine.h"
#include "lloyd_kernels.h"

#include "common.cuh"
#include "assign_shared.cuh"

extern "C" tkm_status TKM_FN(tkmi_cu_sh_lloyd)(TKM_FN(tkmi_gpu) *g,
                                               char *msg, size_t msglen)
{
    return tkm_sh_assign<TKM_SH_LLOYD>(g, tkm_sh_base(g), TKMI_PLAN_FIRST,
                                       msg, msglen);
}
