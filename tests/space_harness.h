/*
 * The free space of a file system, read twice (include after cmocka.h
 * and internal.h): by tkmi_space_free, the function under test (statvfs,
 * src/io/io_write.c), and by df(1)'s "avail" column, a reading apart from
 * it.  test_io and test_cli size their "no space" files from it.
 */
#ifndef TKM_TESTS_SPACE_HARNESS_H
#define TKM_TESTS_SPACE_HARNESS_H

#include <stdint.h>
#include <stdio.h>

/* Bytes free to an unprivileged writer on folder's file system, as df
 * says; 0 when df cannot say. */
static size_t df_avail(const char *folder)
{
    char cmd[700], line[128];
    unsigned long long v = 0;
    int got = 0;
    snprintf(cmd, sizeof cmd, "df -B1 --output=avail '%s' 2>/dev/null",
             folder);
    FILE *p = popen(cmd, "r");
    if (!p)
        return 0;
    /* a header line, then the number */
    if (fgets(line, sizeof line, p) && fgets(line, sizeof line, p))
        got = sscanf(line, "%llu", &v) == 1;
    pclose(p);
    return got ? (size_t)v : 0;
}

/* tkmi_space_free(path) for a path in folder, failing the test unless df
 * says the same: within 1/64 or 64 MiB, whichever is more, since other
 * writers may come and go between the two readings.  Never SIZE_MAX (an
 * unknown) where df can say. */
static size_t space_free_checked(const char *folder, const char *path)
{
    const size_t df = df_avail(folder);
    const size_t got = tkmi_space_free(path);
    if (!df)
        fail_msg("df cannot say the free space of %s: nothing to compare "
                 "tkmi_space_free with", folder);
    size_t slack = df / 64 > ((size_t)64 << 20) ? df / 64 : (size_t)64 << 20;
    if (got == SIZE_MAX || (got > df ? got - df : df - got) > slack)
        fail_msg("tkmi_space_free(%s) says %zu bytes free, df %zu", path, got,
                 df);
    return got;
}

#endif /* TKM_TESTS_SPACE_HARNESS_H */
