/*
 * The CPU distance kernels built for AVX-512F (kern_body.h); chosen at run
 * time only where the processor has it (isa.c).  AVX-512F holds fused
 * multiply-add, which the build keeps out (-ffp-contract=off).
 */
#include "real.h"

#include <stdint.h>
#include <string.h>

#if defined(__x86_64__)
#pragma GCC target("avx512f")
#define KERN_ISA avx512
#ifndef KERN_P
#define KERN_P 4
#endif
#define KERN_VB 64
#include "kern_body.h"
#else
typedef int tkmi_kern_avx512_absent;
#endif
