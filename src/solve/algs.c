/*
 * The algorithms: one row each, in tkm_algorithm's order (the contract in
 * algs.h).  A new algorithm adds its enum value (include/trikmeans.h), its
 * row here, its operations' row in table.c and its own folder.
 */
#include <stdio.h>
#include <string.h>

#include "algs.h"

static const tkmi_alg_row rows[] = {
    {TKM_LLOYD, "lloyd", "Lloyd", TKMI_FORMS_ALL,
     TKMI_CAP_SCREEN | TKMI_CAP_CUDA_SPARSE},
    {TKM_ELKAN, "elkan", "Elkan", TKMI_FORMS_ALL,
     TKMI_CAP_BOUNDS | TKMI_CAP_NO_CC | TKMI_CAP_CUDA_SPARSE},
    {TKM_HAMERLY, "hamerly", "Hamerly", TKMI_FORMS_ALL,
     TKMI_CAP_BOUNDS | TKMI_CAP_SCREEN | TKMI_CAP_NO_CC |
         TKMI_CAP_MAX_DRIFT | TKMI_CAP_CUDA_SPARSE},
    {TKM_YINYANG, "yinyang", "Yinyang", TKMI_FORMS_ALL,
     TKMI_CAP_BOUNDS | TKMI_CAP_CUDA_SPARSE},
    {TKM_ANNULUS, "annulus", "Annulus", TKMI_FORMS_CPU,
     TKMI_CAP_BOUNDS | TKMI_CAP_SCREEN | TKMI_CAP_NO_CC |
         TKMI_CAP_MAX_DRIFT},
    {TKM_EXPONION, "exponion", "Exponion", TKMI_FORMS_CPU,
     TKMI_CAP_BOUNDS | TKMI_CAP_SCREEN | TKMI_CAP_MAX_DRIFT},
};

_Static_assert(sizeof rows / sizeof rows[0] == TKM_NALGO,
               "one row per tkm_algorithm");

const tkmi_alg_row *tkmi_alg_caps(tkm_algorithm a)
{
    if ((unsigned)a >= TKM_NALGO || rows[a].alg != a)
        return NULL;
    return &rows[a];
}

int tkmi_alg_has(tkm_algorithm a, unsigned flags)
{
    const tkmi_alg_row *c = tkmi_alg_caps(a);
    return c && (c->flags & flags) == flags;
}

int tkmi_alg_has_form(tkm_algorithm a, tkm_form f, char *msg, size_t msglen)
{
    const tkmi_alg_row *c = tkmi_alg_caps(a);
    int has = c && (unsigned)f < TKM_NFORM && (c->forms & TKMI_FORM_BIT(f));
    if (!has && msg && msglen)
        snprintf(msg, msglen, "%s has no %s form", tkm_algorithm_name(a),
                 tkm_form_name(f));
    return has;
}

static const char *joined(unsigned flags, int titles, const char *sep,
                          const char *last, char *buf, size_t len)
{
    size_t total = 0, i = 0, n = 0;
    for (int a = 0; a < TKM_NALGO; a++)
        total += (size_t)tkmi_alg_has((tkm_algorithm)a, flags);
    if (len)
        buf[0] = '\0';
    for (int a = 0; a < TKM_NALGO && n < len; a++) {
        if (!tkmi_alg_has((tkm_algorithm)a, flags))
            continue;
        const char *between = i == 0 ? "" : i + 1 == total ? last : sep;
        int w = snprintf(buf + n, len - n, "%s%s", between,
                         titles ? rows[a].title : rows[a].name);
        n += w > 0 ? (size_t)w : 0;
        i++;
    }
    return buf;
}

const char *tkmi_alg_names(unsigned flags, const char *sep, const char *last,
                           char *buf, size_t len)
{
    return joined(flags, 0, sep, last, buf, len);
}

const char *tkmi_alg_titles(unsigned flags, const char *sep, const char *last,
                            char *buf, size_t len)
{
    return joined(flags, 1, sep, last, buf, len);
}

/* The public names of the algorithms are their rows' (status.c has the
 * other enums' names). */
const char *tkm_algorithm_name(tkm_algorithm a)
{
    const tkmi_alg_row *c = tkmi_alg_caps(a);
    return c ? c->name : "?";
}

int tkm_algorithm_parse(const char *s, tkm_algorithm *out)
{
    for (int a = 0; s && a < TKM_NALGO; a++)
        if (strcmp(s, tkm_algorithm_name((tkm_algorithm)a)) == 0) {
            *out = (tkm_algorithm)a;
            return 0;
        }
    return -1;
}
