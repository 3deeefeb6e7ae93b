/*
 * Run a fuzz harness over files without libFuzzer: each argument is a
 * file or a folder of files (the seed corpus, the regression inputs of
 * findings).  make test builds every harness with it and replays
 * fuzz/corpus/NAME and fuzz/regress/NAME, so each past finding stays a
 * test.  Exit 0 when every input ran.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

static int one(const char *path, size_t *count)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "replay: cannot open %s\n", path);
        return -1;
    }
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *buf = malloc(len > 0 ? (size_t)len : 1);
    if (!buf || (len > 0 && fread(buf, 1, (size_t)len, f) != (size_t)len)) {
        fprintf(stderr, "replay: cannot read %s\n", path);
        fclose(f);
        free(buf);
        return -1;
    }
    fclose(f);
    LLVMFuzzerTestOneInput(buf, (size_t)len);
    free(buf);
    (*count)++;
    return 0;
}

int main(int argc, char **argv)
{
    size_t count = 0;
    int bad = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) != 0)
            continue; /* a harness without regressions yet */
        if (!S_ISDIR(st.st_mode)) {
            bad |= one(argv[i], &count);
            continue;
        }
        struct dirent **names;
        int n = scandir(argv[i], &names, NULL, alphasort);
        for (int j = 0; j < n; j++) {
            char path[4096];
            if (names[j]->d_name[0] != '.') {
                snprintf(path, sizeof path, "%s/%s", argv[i],
                         names[j]->d_name);
                bad |= one(path, &count);
            }
            free(names[j]);
        }
        free(n >= 0 ? names : NULL);
    }
    printf("replay %s: %zu inputs\n", argv[0], count);
    return bad ? 1 : 0;
}
