/* The command's messages, number parsing and output-file bookkeeping. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

/* A message on stderr, or (MPI ranks other than 0) held for cli_par_agree
 * to print once, naming the rank. */
static void vreport(const char *cmd, const char *fmt, va_list ap)
{
    char text[1024];
    int at = snprintf(text, sizeof text, "trikmeans%s%s: ", cmd ? " " : "",
                      cmd ? cmd : "");
    vsnprintf(text + at, sizeof text - (size_t)at - 1, fmt, ap);
    strcat(text, "\n");
    if (!cli_par_hold(text))
        fputs(text, stderr);
}

static void help_hint(const char *cmd)
{
    if (cli_par_rank() == 0)
        fprintf(stderr, "Try 'trikmeans%s%s --help'.\n", cmd ? " " : "",
                cmd ? cmd : "");
}

int cli_usage(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(cmd, fmt, ap);
    va_end(ap);
    help_hint(cmd);
    return CLI_USAGE;
}

int cli_fail(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(cmd, fmt, ap);
    va_end(ap);
    return CLI_FAIL;
}

/* The message of a memory request of bytes (tkmi_mem_check's when it
 * passes the limit, else tkmi_fail_alloc's) for what fmt says, on
 * stderr.  Returns CLI_FAIL. */
static int vfail_mem(const char *cmd, size_t bytes, const char *fmt,
                     va_list ap)
{
    char what[512], msg[1024];
    vsnprintf(what, sizeof what, fmt, ap);
    tkmi_fail_alloc(msg, sizeof msg, bytes, 1, 1, "%s", what);
    return cli_fail(cmd, "%s", msg);
}

int cli_fail_alloc(const char *cmd, size_t bytes, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = vfail_mem(cmd, bytes, fmt, ap);
    va_end(ap);
    return rc;
}

int cli_mem_check(const char *cmd, size_t bytes, const char *fmt, ...)
{
    if (bytes <= tkmi_mem_limit())
        return CLI_OK;
    va_list ap;
    va_start(ap, fmt);
    int rc = vfail_mem(cmd, bytes, fmt, ap);
    va_end(ap);
    return rc;
}

int cli_space_check(const char *cmd, const char *path, size_t n, size_t d,
                    int labels)
{
    char msg[512] = "";
    int exact;
    if (!path)
        return CLI_OK;
    size_t bytes = tkmi_output_bytes(path, n, d, labels, &exact);
    tkm_status st = tkmi_space_check(path, bytes, exact, msg, sizeof msg);
    return st == TKM_OK ? CLI_OK : cli_status(cmd, CLI_FAIL, st, msg);
}

int cli_status(const char *cmd, int code, tkm_status st, const char *msg)
{
    const char *text = msg && msg[0] ? msg : tkm_strerror(st);
    if (code == CLI_USAGE)
        return cli_usage(cmd, "%s", text);
    return cli_fail(cmd, "%s", text);
}

int cli_code_for(tkm_status st)
{
    switch (st) {
    case TKM_OK: return CLI_OK;
    case TKM_EINVAL:
    case TKM_EFORMAT:
    case TKM_ERANGE: return CLI_USAGE;
    default: return CLI_FAIL;
    }
}

int cli_getopt_error(const char *cmd, int c, char **argv)
{
    const char *word = argv[optind - 1];
    if (c == ':') {
        if (word[0] == '-' && word[1] == '-')
            return cli_usage(cmd, "option '%s' needs a value", word);
        return cli_usage(cmd, "option '-%c' needs a value", optopt);
    }
    if (optopt && !(word[0] == '-' && word[1] == '-'))
        return cli_usage(cmd, "unknown option '-%c'", optopt);
    return cli_usage(cmd, "unknown option '%s'", word);
}

/* ---- numbers ----------------------------------------------------------- */

int cli_parse_ll(const char *cmd, const char *opt, const char *s,
                 long long lo, long long hi, long long *out)
{
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (!s[0] || *end || end == s) {
        cli_usage(cmd, "%s: '%s' is not a whole number", opt, s);
        return -1;
    }
    if (errno == ERANGE || v < lo || v > hi) {
        cli_usage(cmd, "%s: %s is out of range (%lld..%lld)", opt, s, lo, hi);
        return -1;
    }
    *out = v;
    return 0;
}

int cli_parse_size(const char *cmd, const char *opt, const char *s,
                   size_t lo, size_t hi, size_t *out)
{
    long long v;
    long long h = hi > (size_t)LLONG_MAX ? LLONG_MAX : (long long)hi;
    if (cli_parse_ll(cmd, opt, s, (long long)lo, h, &v))
        return -1;
    *out = (size_t)v;
    return 0;
}

int cli_parse_int(const char *cmd, const char *opt, const char *s, int lo,
                  int hi, int *out)
{
    long long v;
    if (cli_parse_ll(cmd, opt, s, lo, hi, &v))
        return -1;
    *out = (int)v;
    return 0;
}

int cli_parse_u64(const char *cmd, const char *opt, const char *s,
                  uint64_t *out)
{
    char *end;
    const char *p = s;
    while (*p == ' ' || *p == '\t')
        p++;
    errno = 0;
    unsigned long long v = strtoull(p, &end, 10);
    if (!*p || *p == '-' || *end || end == p) {
        cli_usage(cmd, "%s: '%s' is not a whole number >= 0", opt, s);
        return -1;
    }
    if (errno == ERANGE) {
        cli_usage(cmd, "%s: %s is out of range (0..%llu)", opt, s,
                  (unsigned long long)UINT64_MAX);
        return -1;
    }
    *out = (uint64_t)v;
    return 0;
}

int cli_parse_double(const char *cmd, const char *opt, const char *s,
                     double lo, int open_lo, double hi, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (!s[0] || *end || end == s) {
        cli_usage(cmd, "%s: '%s' is not a number", opt, s);
        return -1;
    }
    int below = open_lo ? !(v > lo) : !(v >= lo);
    if (!isfinite(v) || errno == ERANGE || below || v > hi) {
        if (isinf(lo) && isinf(hi))
            cli_usage(cmd, "%s: %s is out of range (must be finite)", opt, s);
        else if (isfinite(hi))
            cli_usage(cmd, "%s: %s is out of range (must be %s %g and <= %g)",
                      opt, s, open_lo ? ">" : ">=", lo, hi);
        else
            cli_usage(cmd, "%s: %s is out of range (must be finite and %s %g)",
                      opt, s, open_lo ? ">" : ">=", lo);
        return -1;
    }
    *out = v;
    return 0;
}

/* ---- output files ------------------------------------------------------ */

const char *cli_ext(const char *path)
{
    const char *slash = strrchr(path, '/');
    const char *dot = strrchr(path, '.');
    if (!dot || (slash && dot < slash) || dot == path ||
        (slash && dot == slash + 1))
        return "";
    return dot;
}

int cli_check_ext(const char *cmd, const char *what, const char *path,
                  const char *const *exts)
{
    const char *e = cli_ext(path);
    for (int i = 0; exts[i]; i++)
        if (strcasecmp(e, exts[i]) == 0)
            return 0;
    char list[64] = "";
    for (int i = 0; exts[i]; i++) {
        strncat(list, i ? ", " : "", sizeof list - strlen(list) - 1);
        strncat(list, exts[i], sizeof list - strlen(list) - 1);
    }
    cli_usage(cmd, "%s %s: unknown extension '%s'; use one of %s", what,
              path, e, list);
    return -1;
}

int cli_is_raw(const char *path)
{
    static const char *const raw[] = {".bin", ".raw", ".f32", ".f64"};
    const char *e = cli_ext(path);
    for (size_t i = 0; i < sizeof raw / sizeof raw[0]; i++)
        if (strcasecmp(e, raw[i]) == 0)
            return 1;
    return 0;
}

int cli_is_stdout(const char *path)
{
    return path && !strcmp(path, "-");
}

const char *cli_out_name(const char *path)
{
    return cli_is_stdout(path) ? "(standard output)" : path;
}

FILE *cli_say(int n, const char *const *outs)
{
    for (int i = 0; i < n; i++)
        if (cli_is_stdout(outs[i]))
            return stderr;
    return stdout;
}

/* The folder that will hold path: "." when it names none, "/" for a name
 * at the root; NULL when out of memory. */
static char *folder_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        return strdup(".");
    if (slash == path)
        return strdup("/");
    return strndup(path, (size_t)(slash - path));
}

/* Whether some leading part of path (each up to a '/', then path whole)
 * exists but is no folder, so that nothing can be made under it; that
 * part goes to at.  The walk stops at the first part that does not
 * exist. */
static int file_on_path(const char *path, char *at, size_t len)
{
    struct stat st;
    size_t n = strlen(path);
    for (size_t i = 1; i <= n; i++) {
        if (i < n && path[i] != '/')
            continue;
        snprintf(at, len, "%.*s", (int)i, path);
        if (stat(at, &st) != 0)
            return 0;
        if (!S_ISDIR(st.st_mode))
            return 1;
    }
    return 0;
}

int cli_check_dir(const char *cmd, const char *what, const char *path)
{
    char at[PATH_MAX];
    struct stat st;
    if (cli_is_stdout(path))
        return CLI_OK;
    char *dir = folder_of(path);
    if (!dir)
        return cli_fail(cmd, "out of memory");
    int rc = CLI_OK;
    if (file_on_path(dir, at, sizeof at))
        rc = cli_usage(cmd, "%s %s: '%s' is a file, not a folder", what,
                       path, at);
    else if (stat(dir, &st) != 0 && errno == ENOENT)
        rc = cli_usage(cmd, "%s %s: no folder '%s' to write it in", what,
                       path, dir);
    else if (access(dir, W_OK | X_OK) != 0)
        rc = cli_fail(cmd, "%s %s: cannot write into folder '%s': %s", what,
                      path, dir, strerror(errno));
    free(dir);
    return rc;
}

int cli_check_out_folder(const char *cmd, const char *what,
                         const char *path)
{
    char at[PATH_MAX];
    const char *sp = what ? " " : "";
    if (!what)
        what = "";
    if (!path[0])
        return cli_usage(cmd, "%s%san empty name: give a folder", what,
                         what[0] ? ": " : "");
    if (!file_on_path(path, at, sizeof at))
        return CLI_OK;
    if (!strcmp(at, path))
        return cli_usage(cmd, "%s%s%s is a file, not a folder", what, sp,
                         path);
    return cli_usage(cmd, "%s%s%s: '%s' is a file, not a folder", what, sp,
                     path, at);
}

void cli_written_add(cli_written *w, const char *path)
{
    if (!cli_is_stdout(path) && w->n < CLI_MAX_OUTPUTS)
        w->path[w->n++] = path;
}

void cli_written_undo(cli_written *w)
{
    for (int i = 0; i < w->n; i++)
        if (unlink(w->path[i]) != 0 && errno != ENOENT)
            fprintf(stderr, "trikmeans: could not remove %s: %s\n",
                    w->path[i], strerror(errno));
    w->n = 0;
}

const char *cli_compiler(void)
{
#if defined(__clang__)
    return "clang " __VERSION__;
#elif defined(__GNUC__)
    return "gcc " __VERSION__;
#else
    return "unknown";
#endif
}

/* path made absolute with every link and "." or ".." resolved: the file's
 * own when it exists, else its folder's and its last component; "" when
 * neither resolves. */
static void canonical(const char *path, char *out, size_t len)
{
    char dir[PATH_MAX], full[PATH_MAX];
    out[0] = '\0';
    if (realpath(path, full)) {
        snprintf(out, len, "%s", full);
        return;
    }
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path;
    if (slash)
        snprintf(dir, sizeof dir, "%.*s", (int)(slash - path + 1), path);
    else
        snprintf(dir, sizeof dir, ".");
    if (realpath(dir, full))
        snprintf(out, len, "%s/%s", full, base);
}

int cli_same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    char ca[PATH_MAX + 256], cb[PATH_MAX + 256];
    if (!a || !b || cli_is_stdout(a) || cli_is_stdout(b))
        return 0;
    if (!strcmp(a, b))
        return 1;
    if (stat(a, &sa) == 0 && stat(b, &sb) == 0)
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
    canonical(a, ca, sizeof ca);
    canonical(b, cb, sizeof cb);
    return ca[0] && !strcmp(ca, cb);
}

int cli_check_outputs(const char *cmd, const cli_output *out, int nout,
                      const cli_output *in, int nin, int force)
{
    const cli_output *dash = NULL;
    for (int i = 0; i < nout; i++) {
        const cli_output *o = &out[i];
        if (!o->path)
            continue;
        if (cli_is_stdout(o->path)) {
            if (dash)
                return cli_usage(cmd, "%s - and %s -: only one output can "
                                 "go to standard output", dash->what,
                                 o->what);
            dash = o;
            continue;
        }
        /* the written file is renamed onto the path, which a folder
         * refuses: said now, --force or not, rather than after the run */
        struct stat st;
        if (stat(o->path, &st) == 0 && S_ISDIR(st.st_mode))
            return cli_usage(cmd, "%s %s is a folder: an output file cannot "
                             "replace it, even with --force", o->what,
                             o->path);
        if (cli_check_ext(cmd, o->what, o->path, o->exts))
            return CLI_USAGE;
        for (int j = 0; j < nin; j++)
            if (cli_same_file(o->path, in[j].path))
                return cli_usage(cmd, "%s %s would overwrite %s %s",
                                 o->what, o->path, in[j].what, in[j].path);
        for (int j = 0; j < i; j++)
            if (cli_same_file(o->path, out[j].path))
                return cli_usage(cmd, "%s %s and %s %s name the same file",
                                 out[j].what, out[j].path, o->what,
                                 o->path);
        if (!force && stat(o->path, &st) == 0)
            return cli_usage(cmd, "%s %s exists; --force replaces it",
                             o->what, o->path);
    }
    for (int i = 0; i < nout; i++) {
        int rc = out[i].path ? cli_check_dir(cmd, out[i].what, out[i].path)
                             : CLI_OK;
        if (rc != CLI_OK)
            return rc;
    }
    return CLI_OK;
}
