/*
 * The memory limit and checked allocation.  A request larger than the
 * machine's physical memory is refused before it is tried: where the
 * kernel overcommits (vm.overcommit_memory = 1) malloc grants any size,
 * and the process is killed only when it touches the pages, long into a
 * run.  The limit is the physical memory, or less where the environment
 * variable TKM_MEMORY_LIMIT (read once, at first use) or
 * tkm_memory_limit_set() says.  A site that makes several large buffers
 * together checks their total first (tkmi_mem_check), and a refusal's
 * message says the bytes asked and the limit they pass.  In a test
 * build only (TKM_TESTHOOKS=1: build/hooks/, which the test programs link
 * ahead of the library), the Nth allocation through the tkmi_ allocators
 * can be made to fail (TKM_FAULT=N, read once, or tkmi_fault_set): the
 * way to reach every failure path over several processes.  The shipped
 * library and commands have no such hook and never read TKM_FAULT.  The
 * contracts are in internal.h and, for tkm_memory_limit*, trikmeans.h.
 */
#include <ctype.h>
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "internal.h"

enum { FROM_MACHINE, FROM_ENV, FROM_CALL };

static pthread_once_t once = PTHREAD_ONCE_INIT;
static size_t physical;       /* bytes of RAM; SIZE_MAX when unknown   */
static atomic_size_t cap;     /* the limit asked; SIZE_MAX: none       */
static atomic_int cap_from;   /* where cap comes from (FROM_*)         */
static atomic_int env_bad;    /* TKM_MEMORY_LIMIT could not be read    */
static char env_error[200];   /* why (written once, by init)           */
#if TKM_TESTHOOKS
static atomic_size_t fault_at; /* the allocation that fails; 0: none   */
static atomic_size_t allocs;   /* allocations through the wrappers      */
#endif

/* A size as "64M": digits, then nothing or K, M, G, T (powers of 1024,
 * either case, "iB" may follow).  0 and *out, or -1 when s is not one or
 * is 0 or does not fit a size_t. */
static int parse_size(const char *s, size_t *out)
{
    static const char units[] = "kmgt";
    char *end;
    if (!isdigit((unsigned char)s[0]))
        return -1;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || v == 0 || v > SIZE_MAX)
        return -1;
    size_t b = (size_t)v;
    const char *u = *end ? strchr(units, tolower((unsigned char)*end)) : NULL;
    if (*end && (!u || (end[1] && strcmp(end + 1, "iB") != 0)))
        return -1;
    for (const char *p = units; u && p <= u; p++) {
        if (b > SIZE_MAX / 1024)
            return -1;
        b *= 1024;
    }
    *out = b;
    return 0;
}

static void init(void)
{
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
    physical = pages > 0 && page > 0 &&
                       (unsigned long)pages <= SIZE_MAX / (unsigned long)page
                   ? (size_t)pages * (size_t)page
                   : SIZE_MAX;
    size_t c = SIZE_MAX;
    int from = FROM_MACHINE;
    const char *env = getenv("TKM_MEMORY_LIMIT");
    if (env && *env && parse_size(env, &c) == 0) {
        from = FROM_ENV;
    } else if (env && *env) {
        snprintf(env_error, sizeof env_error, "TKM_MEMORY_LIMIT=%.40s is not "
                 "a size: bytes, or a number with K, M, G or T (powers of "
                 "1024), as 64M", env);
        c = SIZE_MAX;
        atomic_store(&env_bad, 1);
    }
    atomic_store(&cap, c);
    atomic_store(&cap_from, from);
#if TKM_TESTHOOKS
    /* anything but a number of digits counts, failing none */
    const char *fault = getenv("TKM_FAULT");
    char *end;
    errno = 0;
    unsigned long long at = fault && isdigit((unsigned char)fault[0])
                                ? strtoull(fault, &end, 10)
                                : 0;
    if (at && !errno && !*end && at <= SIZE_MAX)
        atomic_store(&fault_at, (size_t)at);
#endif
}

#if TKM_TESTHOOKS
void tkmi_fault_set(size_t n)
{
    pthread_once(&once, init);
    atomic_store(&fault_at, n);
    atomic_store(&allocs, 0);
}

size_t tkmi_fault_count(void)
{
    return atomic_load(&allocs);
}

/* Whether this allocation is the one to fail (counting it). */
static int fault_now(void)
{
    pthread_once(&once, init);
    size_t i = atomic_fetch_add(&allocs, 1) + 1;
    return i == atomic_load(&fault_at);
}
#else
static int fault_now(void)
{
    return 0;
}
#endif

size_t tkmi_mem_limit(void)
{
    pthread_once(&once, init);
    size_t c = atomic_load(&cap);
    return c < physical ? c : physical;
}

tkm_status tkm_memory_limit(size_t *limit, size_t *phys, char *msg,
                            size_t msglen)
{
    size_t l = tkmi_mem_limit();
    if (limit)
        *limit = l;
    if (phys)
        *phys = physical;
    if (atomic_load(&env_bad))
        return tkmi_fail(TKM_EINVAL, msg, msglen, "%s", env_error);
    return TKM_OK;
}

void tkm_memory_limit_set(size_t bytes)
{
    pthread_once(&once, init);
    atomic_store(&cap_from, bytes ? FROM_CALL : FROM_MACHINE);
    atomic_store(&cap, bytes ? bytes : SIZE_MAX);
    atomic_store(&env_bad, 0);
}

void tkmi_human_bytes(size_t bytes, char *buf, size_t len)
{
    static const char *const unit[] = {"bytes", "KiB", "MiB", "GiB",
                                       "TiB",   "PiB", "EiB"};
    double v = (double)bytes;
    int u = 0;
    while (v >= 1024.0 && u < 6) {
        v /= 1024.0;
        u++;
    }
    snprintf(buf, len, u ? "%.2f %s" : "%.0f %s", v, unit[u]);
}

/* The limit a request passed, as the end of a message: "this machine's
 * 125.33 GiB of memory", or the limit and what set it. */
static void describe_limit(char *buf, size_t len)
{
    size_t lim = tkmi_mem_limit();
    char h[32];
    tkmi_human_bytes(lim, h, sizeof h);
    if (lim == physical || atomic_load(&cap_from) == FROM_MACHINE)
        snprintf(buf, len, "this machine's %s of memory", h);
    else
        snprintf(buf, len, "the limit of %zu bytes (%s) that %s sets", lim,
                 h, atomic_load(&cap_from) == FROM_ENV
                        ? "TKM_MEMORY_LIMIT"
                        : "tkm_memory_limit_set()");
}

/* "<what>: out of memory: <bytes> ..." into msg; TKM_ENOMEM. */
static tkm_status vfail_mem(size_t bytes, char *msg, size_t msglen,
                            const char *fmt, va_list ap)
{
    char what[512], h[32], lim[128];
    vsnprintf(what, sizeof what, fmt, ap);
    tkmi_human_bytes(bytes, h, sizeof h);
    const char *at_least = bytes == SIZE_MAX ? "at least " : "";
    const char *open = bytes >= 1024 ? " (" : "";
    const char *close = bytes >= 1024 ? ")" : "";
    if (bytes < 1024)
        h[0] = '\0';
    if (bytes > tkmi_mem_limit()) {
        describe_limit(lim, sizeof lim);
        return tkmi_fail(TKM_ENOMEM, msg, msglen, "%s: out of memory: %s%zu "
                         "bytes%s%s%s asked, more than %s", what, at_least,
                         bytes, open, h, close, lim);
    }
    return tkmi_fail(TKM_ENOMEM, msg, msglen, "%s: out of memory: %zu "
                     "bytes%s%s%s could not be allocated", what, bytes, open,
                     h, close);
}

/* n*m*size, or SIZE_MAX when it overflows (no request that large fits). */
static size_t bytes_of(size_t n, size_t m, size_t size)
{
    size_t b;
    return tkmi_mul_size(n, m, size, &b) ? SIZE_MAX : b;
}

void tkmi_plan_add(size_t *total, size_t n, size_t m, size_t size)
{
    size_t b = bytes_of(n, m, size);
    *total = b > SIZE_MAX - *total ? SIZE_MAX : *total + b;
}

tkm_status tkmi_mem_check(size_t bytes, char *msg, size_t msglen,
                          const char *fmt, ...)
{
    if (bytes <= tkmi_mem_limit())
        return TKM_OK;
    va_list ap;
    va_start(ap, fmt);
    tkm_status st = vfail_mem(bytes, msg, msglen, fmt, ap);
    va_end(ap);
    return st;
}

tkm_status tkmi_fail_alloc(char *msg, size_t msglen, size_t n, size_t m,
                           size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    tkm_status st = vfail_mem(bytes_of(n, m, size), msg, msglen, fmt, ap);
    va_end(ap);
    return st;
}

int tkmi_mul_size(size_t n, size_t m, size_t size, size_t *out)
{
    if (m && n > SIZE_MAX / m)
        return -1;
    if (size && n * m > SIZE_MAX / size)
        return -1;
    *out = n * m * size;
    return 0;
}

void *tkmi_alloc(size_t n, size_t m, size_t size)
{
    size_t b = bytes_of(n, m, size);
    if (b > tkmi_mem_limit() || b == SIZE_MAX || fault_now())
        return NULL;
    return malloc(b ? b : 1);
}

void *tkmi_calloc(size_t n, size_t m, size_t size)
{
    size_t b = bytes_of(n, m, size);
    if (b > tkmi_mem_limit() || b == SIZE_MAX || fault_now())
        return NULL;
    return calloc(b ? b : 1, 1);
}

void *tkmi_alloc_aligned(size_t align, size_t n, size_t m, size_t size)
{
    size_t b = bytes_of(n, m, size);
    if (b > tkmi_mem_limit() || b > SIZE_MAX - align || fault_now())
        return NULL;
    /* aligned_alloc wants a multiple of the alignment, and never 0 */
    b = b ? (b + align - 1) / align * align : align;
    return aligned_alloc(align, b);
}

void *tkmi_realloc(void *p, size_t n, size_t m, size_t size)
{
    size_t b = bytes_of(n, m, size);
    if (b > tkmi_mem_limit() || b == SIZE_MAX || fault_now())
        return NULL;
    return realloc(p, b ? b : 1);
}
