/*
 * Which instruction set the CPU distance kernels use (kern.h).  The widest
 * one the processor has, unless the environment variable TKM_CPU_ISA or
 * tkm_cpu_isa_set() names a narrower one.  Every set gives the same bits;
 * a narrower one is for measuring what the vector unit is worth and for
 * the tests that hold the sets to one another.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#if defined(__x86_64__)
static const char *const NAMES[TKMI_NISA] = {"sse2", "avx2", "avx512"};
#else
static const char *const NAMES[TKMI_NISA] = {"generic", NULL, NULL};
#endif

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int widest;                 /* widest set the processor has      */
static atomic_int chosen;          /* set in use                        */
static char env_error[160];        /* why TKM_CPU_ISA was refused       */

static int has(int isa)
{
#if defined(__x86_64__)
    __builtin_cpu_init();
    switch (isa) {
    case TKMI_ISA_AVX512: return __builtin_cpu_supports("avx512f");
    case TKMI_ISA_AVX2: return __builtin_cpu_supports("avx2");
    default: return isa == TKMI_ISA_GENERIC;
    }
#else
    return isa == TKMI_ISA_GENERIC;
#endif
}

/* The set named s: its index, -1 for "auto", -2 for an unknown name. */
static int parse(const char *s)
{
    if (strcmp(s, "auto") == 0)
        return -1;
    for (int i = 0; i < TKMI_NISA; i++)
        if (NAMES[i] && strcmp(s, NAMES[i]) == 0)
            return i;
    return -2;
}

/* The usable sets, widest first (no initialisation needed: init() calls
 * this through pick()). */
static void list_into(char *buf, size_t len)
{
    size_t used = 0;
    if (len)
        buf[0] = '\0';
    for (int i = TKMI_NISA - 1; i >= 0; i--)
        if (NAMES[i] && has(i) && used < len) {
            int w = snprintf(buf + used, len - used, "%s%s",
                             used ? ", " : "", NAMES[i]);
            if (w > 0)
                used += (size_t)w;
        }
}

static tkm_status pick(const char *name, int *out, char *msg, size_t msglen)
{
    char avail[64];
    int i = parse(name);
    if (i == -1) {
        *out = widest;
        return TKM_OK;
    }
    list_into(avail, sizeof avail);
    if (i == -2)
        return tkmi_fail(TKM_EINVAL, msg, msglen,
                         "unknown instruction set '%s' (auto, or one of: %s)",
                         name, avail);
    if (!has(i))
        return tkmi_fail(TKM_ENOTSUP, msg, msglen,
                         "this processor has no %s (it has: %s)", name,
                         avail);
    *out = i;
    return TKM_OK;
}

static void init(void)
{
    widest = TKMI_ISA_GENERIC;
    for (int i = TKMI_NISA - 1; i > 0; i--)
        if (NAMES[i] && has(i)) {
            widest = i;
            break;
        }
    int use = widest;
    const char *env = getenv("TKM_CPU_ISA");
    if (env && *env) {
        char why[128];
        if (pick(env, &use, why, sizeof why) != TKM_OK) {
            snprintf(env_error, sizeof env_error, "TKM_CPU_ISA=%s: %s", env,
                     why);
            use = widest;
        }
    }
    atomic_store(&chosen, use);
}

int tkmi_isa(void)
{
    pthread_once(&once, init);
    return atomic_load(&chosen);
}

tkm_status tkmi_isa_check(char *msg, size_t msglen)
{
    pthread_once(&once, init);
    if (env_error[0])
        return tkmi_fail(TKM_EINVAL, msg, msglen, "%s", env_error);
    return TKM_OK;
}

const char *tkm_cpu_isa(void)
{
    return NAMES[tkmi_isa()];
}

void tkm_cpu_isa_list(char *buf, size_t len)
{
    list_into(buf, len);
}

tkm_status tkm_cpu_isa_set(const char *name, char *msg, size_t msglen)
{
    int use;
    pthread_once(&once, init);
    tkm_status rc = pick(name ? name : "auto", &use, msg, msglen);
    if (rc == TKM_OK) {
        env_error[0] = '\0';
        atomic_store(&chosen, use);
    }
    return rc;
}
