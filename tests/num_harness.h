/*
 * The shortest round-trip form of a number, by its definition, for the
 * tests of the numbers the library and the command write (test_io.c,
 * test_cli.c): a reference that shares no code with src/io/io_num.c.
 */
#ifndef TKM_TESTS_NUM_HARNESS_H
#define TKM_TESTS_NUM_HARNESS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Significant digits of a number as written: leading and trailing zeros
 * of the digit string do not count ("100" has one, "0.0012" two). */
static int sig_digits(const char *s, const char *end)
{
    char m[64];
    int n = 0, i = 0;
    for (; s < end && *s != 'e' && *s != 'E'; s++)
        if (*s >= '0' && *s <= '9' && n < 64)
            m[n++] = *s;
    while (i < n - 1 && m[i] == '0')
        i++;
    while (n - 1 > i && m[n - 1] == '0')
        n--;
    return n - i;
}

/* The least p whose %.{p}g reads back to v (strtof for a float, strtod
 * for a double). */
static int least_digits(double v, int single)
{
    char buf[64];
    for (int p = 1;; p++) {
        snprintf(buf, sizeof buf, "%.*g", p, v);
        if (single) {
            float a = strtof(buf, NULL), b = (float)v;
            if (!memcmp(&a, &b, sizeof a))
                return p;
        } else {
            double a = strtod(buf, NULL);
            if (!memcmp(&a, &v, sizeof a))
                return p;
        }
    }
}

#endif /* TKM_TESTS_NUM_HARNESS_H */
