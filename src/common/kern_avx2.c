/*
 * The CPU distance kernels built for AVX2 (kern_body.h); chosen at run time
 * only where the processor has it (isa.c).  No FMA: the order of kern.h
 * has every product rounded.
 */
#include "real.h"

#include <stdint.h>
#include <string.h>

#if defined(__x86_64__)
/* the kernels' functions for this set (clang has no GCC target pragma) */
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx2"))), \
                             apply_to = function)
#else
#pragma GCC target("avx2")
#endif
#define KERN_ISA avx2
#ifndef KERN_P
#define KERN_P 2
#endif
#define KERN_VB 32
#include "kern_body.h"
#if defined(__clang__)
#pragma clang attribute pop
#endif
#else
typedef int tkmi_kern_avx2_absent;
#endif
