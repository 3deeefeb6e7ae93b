/*
 * Writers of the files scipy.sparse.save_npz makes, apart from the reader
 * they test (src/io/io_npz.c, io_bin.c): a byte buffer, version 1.0 .npy
 * arrays, and zip archives of stored or deflated (zlib) members, with
 * zip64 sizes and end record when asked.  Include after cmocka.h; the
 * test links zlib.
 */
#ifndef TKM_TESTS_ZIP_HARNESS_H
#define TKM_TESTS_ZIP_HARNESS_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/* ---- a growable byte buffer -------------------------------------------- */

typedef struct {
    unsigned char *b;
    size_t len, cap;
} bytes;

static void put(bytes *o, const void *p, size_t n)
{
    if (!n)
        return; /* (an empty body may come as NULL) */
    if (o->len + n > o->cap) {
        o->cap = 2 * (o->len + n) + 64;
        o->b = realloc(o->b, o->cap);
        assert_non_null(o->b);
    }
    memcpy(o->b + o->len, p, n);
    o->len += n;
}

/* v as width little-endian bytes. */
static void put_le(bytes *o, uint64_t v, size_t width)
{
    for (size_t i = 0; i < width; i++) {
        unsigned char c = i < 8 ? (unsigned char)(v >> (8 * i)) : 0;
        put(o, &c, 1);
    }
}

/* ---- an .npy writer ---------------------------------------------------- */

/* A version 1.0 .npy file of shape (n,) (or () when n is SIZE_MAX) and
 * the given descr, holding the raw element bytes body. */
static void npy_file(bytes *o, const char *descr, size_t n,
                     const void *body, size_t len)
{
    char h[256];
    int hl = n == SIZE_MAX
                 ? snprintf(h, sizeof h, "{'descr': '%s', 'fortran_order': "
                            "False, 'shape': (), }", descr)
                 : snprintf(h, sizeof h, "{'descr': '%s', 'fortran_order': "
                            "False, 'shape': (%zu,), }", descr, n);
    while ((10 + hl + 1) % 64)
        h[hl++] = ' ';
    h[hl++] = '\n';
    put(o, "\x93NUMPY\x01\x00", 8);
    put_le(o, (uint64_t)hl, 2);
    put(o, h, (size_t)hl);
    put(o, body, len);
}

/* n integers as little-endian width-byte elements into a .npy file. */
static void npy_ints(bytes *o, const int64_t *v, size_t n, size_t width)
{
    bytes body = {0};
    for (size_t i = 0; i < n; i++)
        put_le(&body, (uint64_t)v[i], width);
    npy_file(o, width == 8 ? "<i8" : "<i4", n, body.b, body.len);
    free(body.b);
}

/* n values as float64 or float32 into a .npy file. */
static void npy_values(bytes *o, const double *v, size_t n, int f32)
{
    bytes body = {0};
    for (size_t i = 0; i < n; i++) {
        uint64_t u = 0;
        if (f32) {
            float f = (float)v[i];
            uint32_t w;
            memcpy(&w, &f, 4);
            u = w;
        } else {
            memcpy(&u, &v[i], 8);
        }
        put_le(&body, u, f32 ? 4 : 8);
    }
    npy_file(o, f32 ? "<f4" : "<f8", n, body.b, body.len);
    free(body.b);
}

/* ---- a zip writer ------------------------------------------------------ */

typedef struct {
    const char *name;
    bytes data;
} zmember;

/* Raw deflate of src into out. */
static void deflate_raw(const bytes *src, bytes *out)
{
    z_stream z;
    memset(&z, 0, sizeof z);
    assert_int_equal(deflateInit2(&z, 6, Z_DEFLATED, -MAX_WBITS, 8,
                                  Z_DEFAULT_STRATEGY), Z_OK);
    out->cap = deflateBound(&z, (uLong)src->len) + 16;
    out->b = malloc(out->cap);
    assert_non_null(out->b);
    z.next_in = src->b;
    z.avail_in = (uInt)src->len;
    z.next_out = out->b;
    z.avail_out = (uInt)out->cap;
    assert_int_equal(deflate(&z, Z_FINISH), Z_STREAM_END);
    out->len = z.total_out;
    deflateEnd(&z);
}

/* A zip archive of the m members at path: deflated or stored; zip64
 * gives every entry zip64 sizes and the archive a zip64 end record, as
 * writers do for large members. */
static void zip_file(const char *path, zmember *m, int count, int deflated,
                     int zip64)
{
    bytes z = {0}, cd = {0};
    for (int i = 0; i < count; i++) {
        bytes packed = {0};
        if (deflated)
            deflate_raw(&m[i].data, &packed);
        const bytes *body = deflated ? &packed : &m[i].data;
        uint32_t crc = (uint32_t)crc32(0L, m[i].data.b, (uInt)m[i].data.len);
        size_t off = z.len, nl = strlen(m[i].name);
        put_le(&z, 0x04034b50, 4);
        put_le(&z, 20, 2);
        put_le(&z, 0, 2);
        put_le(&z, deflated ? 8 : 0, 2);
        put_le(&z, 0, 4); /* time, date */
        put_le(&z, crc, 4);
        put_le(&z, body->len, 4);
        put_le(&z, m[i].data.len, 4);
        put_le(&z, nl, 2);
        put_le(&z, 0, 2);
        put(&z, m[i].name, nl);
        put(&z, body->b, body->len);
        put_le(&cd, 0x02014b50, 4);
        put_le(&cd, 45, 2);
        put_le(&cd, 45, 2);
        put_le(&cd, 0, 2);
        put_le(&cd, deflated ? 8 : 0, 2);
        put_le(&cd, 0, 4);
        put_le(&cd, crc, 4);
        put_le(&cd, zip64 ? 0xffffffffu : body->len, 4);
        put_le(&cd, zip64 ? 0xffffffffu : m[i].data.len, 4);
        put_le(&cd, nl, 2);
        put_le(&cd, zip64 ? 28 : 0, 2);
        put_le(&cd, 0, 2 + 2 + 2 + 4); /* comment, disk, attributes */
        put_le(&cd, zip64 ? 0xffffffffu : off, 4);
        put(&cd, m[i].name, nl);
        if (zip64) {
            put_le(&cd, 1, 2);
            put_le(&cd, 24, 2);
            put_le(&cd, m[i].data.len, 8);
            put_le(&cd, body->len, 8);
            put_le(&cd, off, 8);
        }
        free(packed.b);
    }
    size_t cd_off = z.len;
    put(&z, cd.b, cd.len);
    if (zip64) {
        size_t at = z.len;
        put_le(&z, 0x06064b50, 4);
        put_le(&z, 44, 8);
        put_le(&z, 45, 2);
        put_le(&z, 45, 2);
        put_le(&z, 0, 8); /* disks */
        put_le(&z, (uint64_t)count, 8);
        put_le(&z, (uint64_t)count, 8);
        put_le(&z, cd.len, 8);
        put_le(&z, cd_off, 8);
        put_le(&z, 0x07064b50, 4);
        put_le(&z, 0, 4);
        put_le(&z, at, 8);
        put_le(&z, 1, 4);
    }
    put_le(&z, 0x06054b50, 4);
    put_le(&z, 0, 4);
    put_le(&z, zip64 ? 0xffff : (uint64_t)count, 2);
    put_le(&z, zip64 ? 0xffff : (uint64_t)count, 2);
    put_le(&z, zip64 ? 0xffffffffu : cd.len, 4);
    put_le(&z, zip64 ? 0xffffffffu : cd_off, 4);
    put_le(&z, 0, 2);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(z.b, 1, z.len, f), z.len);
    assert_int_equal(fclose(f), 0);
    free(z.b);
    free(cd.b);
}

#endif /* TKM_TESTS_ZIP_HARNESS_H */
