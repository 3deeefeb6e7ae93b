/*
 * Shared by the fuzz harnesses (fuzz/NAME.c): each reads one kind of input
 * file the way the command does, from bytes libFuzzer (or fuzz/replay.c)
 * hands it.  The readers take paths, so the bytes go to a file first, in
 * a folder of this process (removed at exit).
 *
 * Every harness holds the reader to the same properties: no crash, no
 * sanitizer report, and no silent nonsense (a data set that was accepted
 * is finite, non-empty and as large as its shape says).
 */
#ifndef TKM_FUZZ_H
#define TKM_FUZZ_H

#include <stddef.h>
#include <stdint.h>

#include "trikmeans.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Write len bytes to a file named name in this process's folder; its
 * path (valid until the next call with the same name). */
const char *fuzz_file(const char *name, const void *bytes, size_t len);

/* Abort unless ds is a sound data set: n, d >= 1 and every value
 * finite (what every reader promises on success); sparse rows also
 * canonical (columns in range, increasing within a row). */
void fuzz_check_dataset(const tkm_dataset *ds);

/* Read bytes (len of them) as the file name with o, and hold an
 * accepted data set to fuzz_check_dataset: the body of the harnesses
 * of tkm_dataset_read. */
void fuzz_read(const char *name, const tkm_read_opts *o, const void *bytes,
               size_t len);

/* The first byte as options, the rest as the file: returns the byte (0
 * for empty input) and moves *data, *size past it. */
unsigned fuzz_take_byte(const uint8_t **data, size_t *size);

#endif /* TKM_FUZZ_H */
