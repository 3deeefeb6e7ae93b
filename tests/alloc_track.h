/*
 * Every heap block that the library's objects and the test program make,
 * seen through GNU ld's --wrap: the Makefile links test_mem with
 * --wrap=malloc,calloc,realloc,aligned_alloc,strdup,free (TEST_LD_test_mem),
 * so those calls in the objects of that link (the test, the library's
 * archive, the hooks' mem.o) reach the __wrap_ functions here.  Shared
 * libraries (libc itself, OpenMP, OpenBLAS) are not seen.  A table of
 * the live blocks answers which blocks a call left behind (a leak: at
 * the exit of a failure path as much as of a success) and how many
 * allocations it made (each of which the fault hook must count).  The
 * table is the test's own and shares no code with src/common/mem.c.
 *
 * Include once, in the one test program linked so; everything is static
 * but the wrappers.
 */
#ifndef TKM_TESTS_ALLOC_TRACK_H
#define TKM_TESTS_ALLOC_TRACK_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t m);
void *__real_realloc(void *p, size_t n);
void *__real_aligned_alloc(size_t align, size_t n);
char *__real_strdup(const char *s);
void __real_free(void *p);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t n, size_t m);
void *__wrap_realloc(void *p, size_t n);
void *__wrap_aligned_alloc(size_t align, size_t n);
char *__wrap_strdup(const char *s);
void __wrap_free(void *p);

/* Open addressing with linear probing: far more slots than the test
 * ever has blocks live, so a probe stays short. */
#define AT_SLOTS ((size_t)1 << 18)

typedef struct {
    void *p;
    size_t size;
    size_t seq; /* the allocation that made it, counted from 1 */
} at_block;

static at_block at_slot[AT_SLOTS];
static size_t at_live;  /* blocks in the table                  */
static size_t at_made;  /* allocations made (seq of the latest) */
static size_t at_since; /* at_made at the last at_mark()        */
static size_t at_young; /* blocks made since then, still live   */
static pthread_mutex_t at_lock = PTHREAD_MUTEX_INITIALIZER;

static size_t at_home(const void *p)
{
    uint64_t v = (uint64_t)(uintptr_t)p;
    v ^= v >> 29;
    v *= 0x9e3779b97f4a7c15u;
    return (size_t)(v >> 46) & (AT_SLOTS - 1);
}

static void at_add(void *p, size_t size)
{
    if (!p)
        return;
    pthread_mutex_lock(&at_lock);
    if (at_live + 1 >= AT_SLOTS / 2) {
        fprintf(stderr, "alloc_track: more than %zu blocks live\n",
                AT_SLOTS / 2);
        abort();
    }
    size_t i = at_home(p);
    while (at_slot[i].p)
        i = (i + 1) & (AT_SLOTS - 1);
    at_slot[i] = (at_block){p, size, ++at_made};
    at_live++;
    at_young++;
    pthread_mutex_unlock(&at_lock);
}

/* Take p out (a block not in the table, as one that libc made for
 * getline, is left alone); the blocks after it that probed past its
 * slot move back so that every probe still finds its block. */
static void at_del(void *p)
{
    if (!p)
        return;
    pthread_mutex_lock(&at_lock);
    size_t i = at_home(p);
    while (at_slot[i].p && at_slot[i].p != p)
        i = (i + 1) & (AT_SLOTS - 1);
    if (at_slot[i].p) {
        at_live--;
        at_young -= at_slot[i].seq > at_since;
        for (size_t j = (i + 1) & (AT_SLOTS - 1); at_slot[j].p;
             j = (j + 1) & (AT_SLOTS - 1)) {
            size_t h = at_home(at_slot[j].p);
            /* j's block may fill i unless its home lies in (i, j] */
            int stays = i <= j ? (i < h && h <= j) : (i < h || h <= j);
            if (!stays) {
                at_slot[i] = at_slot[j];
                i = j;
            }
        }
        at_slot[i].p = NULL;
    }
    pthread_mutex_unlock(&at_lock);
}

void *__wrap_malloc(size_t n)
{
    void *p = __real_malloc(n);
    at_add(p, n);
    return p;
}

void *__wrap_calloc(size_t n, size_t m)
{
    void *p = __real_calloc(n, m);
    at_add(p, n * m);
    return p;
}

void *__wrap_realloc(void *q, size_t n)
{
    void *p = __real_realloc(q, n);
    if (p || n == 0) /* moved, grown or (n == 0) freed: q is gone */
        at_del(q);
    at_add(p, n);
    return p;
}

void *__wrap_aligned_alloc(size_t align, size_t n)
{
    void *p = __real_aligned_alloc(align, n);
    at_add(p, n);
    return p;
}

char *__wrap_strdup(const char *s)
{
    char *p = __real_strdup(s);
    at_add(p, strlen(s) + 1);
    return p;
}

void __wrap_free(void *p)
{
    at_del(p);
    __real_free(p);
}

/* From now on (to the next at_mark), count the blocks made and still
 * live.  Returns the allocations made so far. */
static size_t at_mark(void)
{
    pthread_mutex_lock(&at_lock);
    at_since = at_made;
    at_young = 0;
    pthread_mutex_unlock(&at_lock);
    return at_since;
}

/* Allocations made since mark (at_mark's answer). */
static size_t at_made_since(size_t mark)
{
    pthread_mutex_lock(&at_lock);
    size_t m = at_made - mark;
    pthread_mutex_unlock(&at_lock);
    return m;
}

/* Blocks made since the last at_mark and still live: their number, and
 * the first one's size and allocation number (counted from the mark)
 * in *size and *nth. */
static size_t at_left(size_t *size, size_t *nth)
{
    pthread_mutex_lock(&at_lock);
    size_t left = at_young;
    *size = *nth = 0;
    for (size_t i = 0; left && i < AT_SLOTS; i++)
        if (at_slot[i].p && at_slot[i].seq > at_since &&
            (!*nth || at_slot[i].seq - at_since < *nth)) {
            *size = at_slot[i].size;
            *nth = at_slot[i].seq - at_since;
        }
    pthread_mutex_unlock(&at_lock);
    return left;
}

#endif /* TKM_TESTS_ALLOC_TRACK_H */
