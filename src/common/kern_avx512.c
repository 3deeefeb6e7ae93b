/*
 * The CPU distance kernels built for AVX-512F (kern_body.h); chosen at run
 * time only where the processor has it (isa.c).  AVX-512F holds fused
 * multiply-add, which the build keeps out (-ffp-contract=off).
 */
#include "real.h"

#include <stdint.h>
#include <string.h>

#if defined(__x86_64__)
/* the kernels' functions for this set (clang has no GCC target pragma) */
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx512f"))), \
                             apply_to = function)
#else
#pragma GCC target("avx512f")
#endif
#define KERN_ISA avx512
#ifndef KERN_P
#define KERN_P 4
#endif
#define KERN_VB 64
#include "kern_body.h"
#if defined(__clang__)
#pragma clang attribute pop
#endif
#else
typedef int tkmi_kern_avx512_absent;
#endif
