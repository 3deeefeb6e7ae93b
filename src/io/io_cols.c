/*
 * Column selection for the readers: usecols or skip_cols, a list of
 * 0-based indices or header names, resolved against the file's width and
 * header into one flag per column.  Precision independent.
 */
#include <stdlib.h>
#include <string.h>

#include "trikmeans.h"
#include "internal.h"
#include "io_read.h"

#define SHOW "%.40s" /* how much of an item a message quotes */

/* The column item names, or SIZE_MAX after the reason went to msg.
 * what: the option's name, for the message. */
static size_t item_column(const char *what, const char *item,
                          const char *path, size_t d, char *const *names,
                          char *msg, size_t msglen)
{
    const size_t len = strlen(item);
    if (len > 0 && strspn(item, "0123456789") == len) {
        unsigned long long j = strtoull(item, NULL, 10);
        if (j < d)
            return (size_t)j;
        tkmi_fail(TKM_EINVAL, msg, msglen, "%s: %s: column " SHOW " is out "
                  "of range: the file has %zu column%s, 0..%zu", path, what,
                  item, d, d == 1 ? "" : "s", d - 1);
        return SIZE_MAX;
    }
    if (item[0] == '-' && len > 1 && strspn(item + 1, "0123456789") ==
                                         len - 1) {
        tkmi_fail(TKM_EINVAL, msg, msglen, "%s: %s: '" SHOW "': columns are "
                  "counted from 0", path, what, item);
        return SIZE_MAX;
    }
    if (!names) {
        tkmi_fail(TKM_EINVAL, msg, msglen, "%s: %s: '" SHOW "' is a column "
                  "name, but the file has no header line naming its "
                  "columns; give 0-based indices", path, what, item);
        return SIZE_MAX;
    }
    size_t found = SIZE_MAX;
    for (size_t j = 0; j < d; j++) {
        if (strcmp(names[j], item) != 0)
            continue;
        if (found != SIZE_MAX) {
            tkmi_fail(TKM_EINVAL, msg, msglen, "%s: %s: the header names "
                      "'" SHOW "' twice (columns %zu and %zu); give the "
                      "index", path, what, item, found, j);
            return SIZE_MAX;
        }
        found = j;
    }
    if (found == SIZE_MAX)
        tkmi_fail(TKM_EINVAL, msg, msglen, "%s: %s: the header names no "
                  "column '" SHOW "'", path, what, item);
    return found;
}

/* Contract in io_read.h. */
tkm_status tkmi_cols_select(const tkm_read_opts *o, const char *path,
                            size_t d, char *const *names,
                            unsigned char **keep, size_t *dk, char *msg,
                            size_t msglen)
{
    const int skip = o->skip_cols != NULL;
    const char *spec = skip ? o->skip_cols : o->usecols;
    const char *what = skip ? "skip_cols" : "usecols";
    unsigned char *sel = NULL;
    char *copy = NULL, *item, *next;
    tkm_status st = TKM_OK;
    *keep = NULL;
    *dk = d;
    if (!spec)
        return TKM_OK;
    sel = calloc(d, 1);
    copy = strdup(spec);
    if (!sel || !copy) {
        st = tkmi_fail(TKM_ENOMEM, msg, msglen, "%s: out of memory", path);
        goto cleanup;
    }
    size_t given = 0;
    for (item = copy; item; item = next) {
        next = strchr(item, ',');
        if (next)
            *next++ = '\0';
        item += strspn(item, " \t");
        char *e = item + strlen(item);
        while (e > item && (e[-1] == ' ' || e[-1] == '\t'))
            *--e = '\0';
        if (*item == '\0') {
            st = tkmi_fail(TKM_EINVAL, msg, msglen, "%s: %s: an empty item "
                           "in '" SHOW "'", path, what, spec);
            goto cleanup;
        }
        size_t j = item_column(what, item, path, d, names, msg, msglen);
        if (j == SIZE_MAX) {
            st = TKM_EINVAL;
            goto cleanup;
        }
        if (sel[j]) {
            st = tkmi_fail(TKM_EINVAL, msg, msglen, "%s: %s: column %zu is "
                           "given twice (the second time as '" SHOW "')",
                           path, what, j, item);
            goto cleanup;
        }
        sel[j] = 1;
        given++;
    }
    if (skip && given == d) {
        st = tkmi_fail(TKM_EINVAL, msg, msglen, "%s: %s leaves none of the "
                       "%zu columns", path, what, d);
        goto cleanup;
    }
    for (size_t j = 0; j < d && skip; j++)
        sel[j] = !sel[j];
    *dk = skip ? d - given : given;
    *keep = sel;
    sel = NULL;
cleanup:
    free(sel);
    free(copy);
    return st;
}
