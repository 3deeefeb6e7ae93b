/* The mappings of the files the readers use in place (io_read.h). */
#include <pthread.h>
#include <stdlib.h>
#include <sys/mman.h>

#include "io_read.h"

typedef struct map_rec {
    const void *x;
    void *base;
    size_t len;
    struct map_rec *next;
} map_rec;

static map_rec *maps;
static pthread_mutex_t maps_lock = PTHREAD_MUTEX_INITIALIZER;

int tkmi_map_keep(const void *x, void *base, size_t len)
{
    map_rec *r = malloc(sizeof *r);
    if (!r)
        return -1;
    r->x = x;
    r->base = base;
    r->len = len;
    pthread_mutex_lock(&maps_lock);
    r->next = maps;
    maps = r;
    pthread_mutex_unlock(&maps_lock);
    return 0;
}

int tkmi_unmap(const void *x)
{
    map_rec *r = NULL;
    if (!x)
        return 0;
    pthread_mutex_lock(&maps_lock);
    for (map_rec **p = &maps; *p; p = &(*p)->next)
        if ((*p)->x == x) {
            r = *p;
            *p = r->next;
            break;
        }
    pthread_mutex_unlock(&maps_lock);
    if (!r)
        return 0;
    munmap(r->base, r->len);
    free(r);
    return 1;
}
