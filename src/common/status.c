/* Status codes, enum names, messages and clocks (allocation: mem.c). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "internal.h"

const char *tkm_version(void)
{
    return TKM_VERSION;
}

const char *tkm_strerror(tkm_status s)
{
    switch (s) {
    case TKM_OK: return "success";
    case TKM_EINVAL: return "invalid argument";
    case TKM_ENOMEM: return "out of memory";
    case TKM_EIO: return "input/output error";
    case TKM_EFORMAT: return "malformed input";
    case TKM_ECUDA: return "CUDA error";
    case TKM_ENODEV: return "no CUDA device";
    case TKM_ENOTSUP: return "not supported by this build";
    case TKM_ERANGE: return "value out of range for the precision";
    }
    return "unknown status";
}

static const char *const form_names[] = {"seq", "omp", "cuda-global",
                                         "cuda-shared"};
static const char *const init_names[] = {"kmeans++", "kmeans++-greedy",
                                         "random", "farthest"};
static const char *const empty_names[] = {"keep", "farthest"};
/* in tkm_screen's order */
static const char *const screen_names[] = {"auto", "off", "on"};
static const char *const update_names[] = {"exact", "atomic", "shared",
                                           "tree", "dc"};

static int parse_name(const char *s, const char *const *names, int n)
{
    if (!s)
        return -1;
    for (int i = 0; i < n; i++)
        if (strcmp(s, names[i]) == 0)
            return i;
    return -1;
}

#define NAMES_N(a) ((int)(sizeof(a) / sizeof((a)[0])))

const char *tkm_form_name(tkm_form f)
{
    return (unsigned)f < TKM_NFORM ? form_names[f] : "?";
}

const char *tkm_precision_name(tkm_precision p)
{
    return p == TKM_F32 ? "f32" : p == TKM_F64 ? "f64" : "?";
}

const char *tkm_init_name(tkm_init_method m)
{
    return (unsigned)m < (unsigned)NAMES_N(init_names) ? init_names[m] : "?";
}

const char *tkm_stop_name(tkm_stop s)
{
    static const char *const names[] = {"max-iter", "labels", "tol",
                                        "tol-abs", "callback",
                                        "tol-inertia"};
    return (unsigned)s < (unsigned)NAMES_N(names) ? names[s] : "?";
}

const char *tkm_empty_name(tkm_empty_policy e)
{
    return (unsigned)e < 2 ? empty_names[e] : "?";
}

const char *tkm_screen_name(tkm_screen s)
{
    return (unsigned)s < (unsigned)NAMES_N(screen_names) ? screen_names[s]
                                                         : "?";
}

const char *tkm_update_name(tkm_update u)
{
    return (unsigned)u < (unsigned)NAMES_N(update_names) ? update_names[u]
                                                         : "?";
}

int tkm_form_parse(const char *s, tkm_form *out)
{
    int i = parse_name(s, form_names, NAMES_N(form_names));
    if (i >= 0)
        *out = (tkm_form)i;
    return i >= 0 ? 0 : -1;
}

int tkm_precision_parse(const char *s, tkm_precision *out)
{
    if (s && (!strcmp(s, "f32") || !strcmp(s, "float32") ||
              !strcmp(s, "float"))) {
        *out = TKM_F32;
        return 0;
    }
    if (s && (!strcmp(s, "f64") || !strcmp(s, "float64") ||
              !strcmp(s, "double"))) {
        *out = TKM_F64;
        return 0;
    }
    return -1;
}

int tkm_init_parse(const char *s, tkm_init_method *out)
{
    /* scikit-learn's name for its greedy D^2 sampling, with that meaning
     * everywhere (the command, the library, Python) */
    if (s && strcmp(s, "k-means++") == 0)
        s = "kmeans++-greedy";
    int i = parse_name(s, init_names, NAMES_N(init_names));
    if (i >= 0)
        *out = (tkm_init_method)i;
    return i >= 0 ? 0 : -1;
}

int tkm_empty_parse(const char *s, tkm_empty_policy *out)
{
    int i = parse_name(s, empty_names, NAMES_N(empty_names));
    if (i >= 0)
        *out = (tkm_empty_policy)i;
    return i >= 0 ? 0 : -1;
}

int tkm_screen_parse(const char *s, tkm_screen *out)
{
    int i = parse_name(s, screen_names, NAMES_N(screen_names));
    if (i >= 0)
        *out = (tkm_screen)i;
    return i >= 0 ? 0 : -1;
}

int tkm_update_parse(const char *s, tkm_update *out)
{
    int i = parse_name(s, update_names, NAMES_N(update_names));
    if (i >= 0)
        *out = (tkm_update)i;
    return i >= 0 ? 0 : -1;
}

tkm_status tkmi_fail(tkm_status st, char *msg, size_t msglen, const char *fmt,
                     ...)
{
    if (msg && msglen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(msg, msglen, fmt, ap);
        va_end(ap);
    }
    return st;
}

tkm_status tkmi_check_k(size_t k, size_t n, char *msg, size_t msglen)
{
    if (k < 1)
        return tkmi_fail(TKM_EINVAL, msg, msglen,
                         "k must be at least 1 (got %zu)", k);
    if (k > n)
        return tkmi_fail(TKM_EINVAL, msg, msglen,
                         "k=%zu exceeds the number of points n=%zu; choose "
                         "k <= %zu",
                         k, n, n);
    if (k > INT32_MAX)
        return tkmi_fail(TKM_EINVAL, msg, msglen,
                         "k=%zu is too large; labels are 32-bit", k);
    return TKM_OK;
}

double tkmi_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}
