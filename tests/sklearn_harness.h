/*
 * Finding a python3 that imports scikit-learn, for the tests that compare
 * with it (test_score.c, test_cli.c).  Include after cmocka.h.
 */
#ifndef TKM_TESTS_SKLEARN_HARNESS_H
#define TKM_TESTS_SKLEARN_HARNESS_H

#include <stdio.h>
#include <stdlib.h>

/* A python3 that imports sklearn, or NULL.  The Debian package installs
 * into /usr/lib/python3/dist-packages, which /usr/bin/python3 sees and a
 * pyenv python3 first on PATH may not. */
static const char *python_with_sklearn(void)
{
    static const char *const cands[] = {"/usr/bin/python3", "python3"};
    char cmd[256];
    for (size_t i = 0; i < 2; i++) {
        snprintf(cmd, sizeof cmd, "%s -c 'import sklearn' >/dev/null 2>&1",
                 cands[i]);
        if (system(cmd) == 0)
            return cands[i];
    }
    return NULL;
}

/* Skip the test, saying why, when python_with_sklearn() found none. */
static void need_python_sklearn(const char *python)
{
    if (!python) {
        print_message("neither /usr/bin/python3 nor python3 can import "
                      "sklearn: install python3-sklearn (make deps does)\n");
        skip();
    }
}

#endif /* TKM_TESTS_SKLEARN_HARNESS_H */
