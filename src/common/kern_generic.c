/*
 * The CPU distance kernels for any target (kern_body.h): SSE2 on x86-64,
 * whatever vector unit the compiler targets elsewhere.
 */
#include "real.h"

#include <stdint.h>
#include <string.h>

#define KERN_ISA generic
#ifndef KERN_P
#define KERN_P 1
#endif
#define KERN_VB 16
#include "kern_body.h"
