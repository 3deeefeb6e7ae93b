/*
 * Data-set input: the public entry points, which settle the format (by
 * extension or option) and hand the open file to the text reader
 * (io_text.c), the NPY and raw readers (io_bin.c) or the sparse ones
 * (io_npz.c, io_mtx.c).  Precision
 * independent: values are kept as double, exactly as read; the target
 * precision only decides which magnitudes are accepted.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "trikmeans.h"
#include "internal.h"
#include "io_read.h"

/* Extension of the last path component without the dot, or "". */
static const char *ext_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path;
    const char *dot = strrchr(base, '.');
    return dot ? dot + 1 : "";
}

/* ---- entry points ------------------------------------------------------ */

/* Settle the format (by extension under TKM_FMT_AUTO) and, for raw input,
 * the element width; TKM_EINVAL when the options cannot work. */
static tkm_status resolve_opts(const char *path, const tkm_read_opts *o,
                               tkm_format *fmt, int *bits, char *msg,
                               size_t msglen)
{
    const char *ext = ext_of(path);
    int ext_bits = !strcasecmp(ext, "f32") ? 32
                   : !strcasecmp(ext, "f64") ? 64 : 0;
    if (o->target != TKM_F32 && o->target != TKM_F64)
        return tkmi_fail(TKM_EINVAL, msg, msglen, "%s: target precision "
                         "must be f32 or f64", path);
    *fmt = o->format;
    if (*fmt == TKM_FMT_AUTO)
        *fmt = !strcasecmp(ext, "npy") ? TKM_FMT_NPY
               : !strcasecmp(ext, "npz") ? TKM_FMT_NPZ
               : !strcasecmp(ext, "mtx") ? TKM_FMT_MTX
               : (ext_bits || !strcasecmp(ext, "bin") ||
                  !strcasecmp(ext, "raw")) ? TKM_FMT_RAW : TKM_FMT_TEXT;
    if ((unsigned)*fmt > TKM_FMT_MTX)
        return tkmi_fail(TKM_EINVAL, msg, msglen, "%s: unknown format %d",
                         path, (int)o->format);
    if (o->usecols && o->skip_cols)
        return tkmi_fail(TKM_EINVAL, msg, msglen, "%s: usecols and "
                         "skip_cols cannot both be given", path);
    if ((*fmt == TKM_FMT_NPZ || *fmt == TKM_FMT_MTX) &&
        (o->usecols || o->skip_cols))
        return tkmi_fail(TKM_ENOTSUP, msg, msglen, "%s: choosing columns "
                         "(usecols, skip_cols) is not supported for "
                         "sparse input", path);
    if (o->comm && (o->comm->size < 1 || o->comm->rank < 0 ||
                    o->comm->rank >= o->comm->size))
        return tkmi_fail(TKM_EINVAL, msg, msglen, "%s: process %d of %d "
                         "does not exist", path, o->comm->rank,
                         o->comm->size);
    if (o->comm && !strcmp(path, "-"))
        return tkmi_fail(TKM_ENOTSUP, msg, msglen, "%s: several processes "
                         "read a file, each its own rows; standard input "
                         "is one process's", path);
    if (*fmt != TKM_FMT_RAW)
        return TKM_OK;
    if (o->raw_d == 0)
        return tkmi_fail(TKM_EINVAL, msg, msglen, "%s: raw input needs the "
                         "number of columns (raw_d >= 1)", path);
    *bits = o->raw_bits ? o->raw_bits : ext_bits;
    if (*bits != 32 && *bits != 64)
        return tkmi_fail(TKM_EINVAL, msg, msglen, "%s: raw_bits must be 32 "
                         "or 64 (0 = from a .f32/.f64 extension), got %d",
                         path, o->raw_bits);
    if (ext_bits && *bits != ext_bits)
        return tkmi_fail(TKM_EINVAL, msg, msglen, "%s: the extension says "
                         "float%d but raw_bits is %d", path, ext_bits, *bits);
    return TKM_OK;
}

/* Defaults: format by extension, target f64, raw_bits 0 (from a .f32/.f64
 * extension), raw_d and raw_n 0 (raw input must set raw_d), every
 * column, no note buffer. */
void tkm_read_opts_default(tkm_read_opts *o)
{
    if (!o)
        return;
    o->format = TKM_FMT_AUTO;
    o->raw_d = 0;
    o->raw_n = 0;
    o->raw_bits = 0;
    o->target = TKM_F64;
    o->header = TKM_HEADER_AUTO;
    o->delimiter = 0;
    o->comm = NULL;
    o->keep_f32 = 0;
    o->usecols = NULL;
    o->skip_cols = NULL;
    o->note = NULL;
    o->notelen = 0;
}

/* Standard input copied into a temporary file that has no name (gone
 * when closed, or with the process), read back from its start. */
static tkm_status spool_stdin(FILE **out, char *msg, size_t msglen)
{
    FILE *t = tmpfile();
    if (!t)
        return tkmi_fail(TKM_EIO, msg, msglen, "(standard input): no "
                         "temporary file to hold it: %s", strerror(errno));
    char buf[1 << 16];
    size_t got;
    while ((got = fread(buf, 1, sizeof buf, stdin)) > 0)
        if (fwrite(buf, 1, got, t) != got) {
            int e = errno;
            fclose(t);
            return tkmi_fail(TKM_EIO, msg, msglen, "(standard input): "
                             "cannot copy it to a temporary file: %s",
                             strerror(e));
        }
    if (ferror(stdin) || fflush(t) != 0) {
        int e = errno;
        fclose(t);
        return tkmi_fail(TKM_EIO, msg, msglen, "(standard input): read "
                         "error: %s", strerror(e));
    }
    rewind(t);
    *out = t;
    return TKM_OK;
}

/* Read path ("-": standard input, in o's format, text by default) into
 * *out (o NULL = defaults).  On success *out owns a new n*d
 * array (free with tkm_dataset_free); on failure *out is empty and msg says
 * why: TKM_EIO (open/read), TKM_EFORMAT (content), TKM_ERANGE (a value too
 * large for the target), TKM_EINVAL (options), TKM_ENOMEM. */
tkm_status tkm_dataset_read(const char *path, const tkm_read_opts *o,
                            tkm_dataset *out, char *msg, size_t msglen)
{
    tkm_read_opts def;
    tkm_format fmt = TKM_FMT_TEXT;
    int bits = 0;
    FILE *f = NULL;
    tkm_status st;
    if (out)
        memset(out, 0, sizeof *out);
    if (!o) {
        tkm_read_opts_default(&def);
        o = &def;
    }
    if (o->note && o->notelen)
        o->note[0] = '\0';
    st = !path || !out ? tkmi_fail(TKM_EINVAL, msg, msglen, "tkm_dataset_"
                                   "read: path and out must not be NULL")
                       : resolve_opts(path, o, &fmt, &bits, msg, msglen);
    if (st == TKM_OK) /* a TKM_MEMORY_LIMIT that cannot be read */
        st = tkm_memory_limit(NULL, NULL, msg, msglen);
    if (st != TKM_OK)
        goto cleanup;
    if (!strcmp(path, "-")) {
        path = "(standard input)";
        if (fmt == TKM_FMT_TEXT) { /* text is read as it comes */
            st = tkmi_read_text(stdin, path, o, out, msg, msglen);
            goto cleanup;
        }
        /* the binary readers need a regular file: a nameless copy */
        if ((st = spool_stdin(&f, msg, msglen)) != TKM_OK)
            goto cleanup;
    } else {
        f = fopen(path, "rb");
    }
    if (!f) {
        st = tkmi_fail(TKM_EIO, msg, msglen, "%s: cannot open: %s", path,
                       strerror(errno));
        goto cleanup;
    }
    if (fmt == TKM_FMT_NPY)
        st = tkmi_read_npy(f, path, o, out, msg, msglen);
    else if (fmt == TKM_FMT_NPZ)
        st = tkmi_read_npz(f, path, o, out, msg, msglen);
    else if (fmt == TKM_FMT_MTX)
        st = tkmi_read_mtx(f, path, o, out, msg, msglen);
    else if (fmt == TKM_FMT_RAW)
        st = tkmi_read_raw(f, path, o, bits, out, msg, msglen);
    else
        st = tkmi_read_text(f, path, o, out, msg, msglen);
cleanup:
    if (f)
        fclose(f);
    if (st != TKM_OK && out)
        tkm_dataset_free(out);
    return st;
}

/* Free ds->x (or unmap the file it lies in), unmap an x32 the reader
 * mapped (an x32 of the caller's stays), free csr_own, and empty *ds;
 * accepts NULL and empty data sets. */
void tkm_dataset_free(tkm_dataset *ds)
{
    if (!ds)
        return;
    if (!tkmi_unmap(ds->x))
        free(ds->x);
    tkmi_unmap(ds->x32);
    free(ds->csr_own);
    ds->x = NULL;
    ds->x32 = NULL;
    memset(&ds->csr, 0, sizeof ds->csr);
    ds->csr_own = NULL;
    ds->n = ds->d = 0;
}
