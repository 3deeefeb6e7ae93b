// fk_driver: one fast-kmeans algorithm, single-threaded, from a start read
// from a file; for samples/fastkm_bench.py.
//
// Usage: fk_driver ALG DATA START N D K [REF_LABELS|- [ASSIGN_CACHE]]
//
//   ALG         naive | elkan | hamerly | annulus | drake | drake:B |
//               compare | sort | heap   (drake alone takes B = k/4, the
//               choice of the "adaptive" command of fast-kmeans's
//               driver-experiment; drake:B takes B lower bounds)
//   DATA        N*D float64, row-major, native byte order, no header
//   START       K*D float64, the initial centres, the same layout
//   REF_LABELS  optional: N int32 labels to count differences against
//               (- for none)
//   ASSIGN_CACHE optional: the points' assignment to the start (N uint16):
//               read when the file exists, else computed and written there,
//               so that a bench pays fast-kmeans's untimed assign() (a
//               plain loop: 15 s at 100000x128x1000 on a slow core) once
//               a shape, not once a run; assign_seconds is -1 when read
//
// Prints one line of key=value fields:
//
//   fk alg=ALG seconds=S assign_seconds=A iterations=I checksum=H differ=C
//
// seconds is what fast-kmeans's own driver-experiment times: the
// algorithm's initialize() (the centres of the start's assignment) and
// run() to convergence.  assign_seconds is the step driver-experiment does
// before its timer: each point assigned to its nearest start centre, with
// fast-kmeans's assign().  trikmeans's loop time holds that step (its first
// iteration), so seconds + assign_seconds is the like-for-like time from
// the start centres; both are printed and the bench reports both.
// iterations is run()'s count; the first update (in initialize()) is not
// in it.  checksum is FNV-1a 64 over the final labels as little-endian
// int32, the same hash fastkm_bench.py takes of trikmeans's labels.
// differ is -1 without REF_LABELS.
//
// This file is ours; it links fast-kmeans's algorithm sources unchanged
// (github.com/ghamerly/fast-kmeans), built without USE_THREADS so every
// algorithm runs on one thread.  Exit status 0, 1 on a failure to read, 2
// on a usage error.

#include "dataset.h"
#include "general_functions.h"
#include "naive_kmeans.h"
#include "elkan_kmeans.h"
#include "hamerly_kmeans.h"
#include "annulus_kmeans.h"
#include "drake_kmeans.h"
#include "compare_kmeans.h"
#include "sort_kmeans.h"
#include "heap_kmeans.h"

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

namespace {

int usage(const char *msg) {
    std::fprintf(stderr, "fk_driver: %s\nusage: fk_driver ALG DATA START N D K"
                 " [REF_LABELS|- [ASSIGN_CACHE]]\n", msg);
    return 2;
}

// Writes count items of size bytes to path; false on failure.
bool write_all(const char *path, const void *src, size_t size, size_t count) {
    FILE *f = std::fopen(path, "wb");
    bool ok = f && std::fwrite(src, size, count, f) == count;
    if (f && std::fclose(f) != 0) ok = false;
    if (!ok) std::fprintf(stderr, "fk_driver: cannot write %s\n", path);
    return ok;
}

// Reads exactly count items of size bytes from path; false on any shortfall
// or on bytes left over (a size mismatch is a caller's error worth seeing).
bool read_exact(const char *path, void *dst, size_t size, size_t count) {
    FILE *f = std::fopen(path, "rb");
    if (!f) {
        std::fprintf(stderr, "fk_driver: cannot open %s\n", path);
        return false;
    }
    bool ok = std::fread(dst, size, count, f) == count && std::fgetc(f) == EOF;
    std::fclose(f);
    if (!ok)
        std::fprintf(stderr, "fk_driver: %s does not hold %zu items of %zu "
                     "bytes\n", path, count, size);
    return ok;
}

// Parses a positive integer no larger than max; 0 on anything else.
long parse_pos(const char *s, long max) {
    char *end = NULL;
    long v = std::strtol(s, &end, 10);
    return (end && *end == '\0' && v > 0 && v <= max) ? v : 0;
}

// A new fast-kmeans object for name, or NULL for an unknown name.
Kmeans *make_algorithm(const std::string &name, int k) {
    if (name == "naive" || name == "lloyd") return new NaiveKmeans();
    if (name == "elkan") return new ElkanKmeans();
    if (name == "hamerly") return new HamerlyKmeans();
    if (name == "annulus") return new AnnulusKmeans();
    if (name == "compare") return new CompareKmeans();
    if (name == "sort") return new SortKmeans();
    if (name == "heap") return new HeapKmeans();
    if (name == "drake" || name.compare(0, 6, "drake:") == 0) {
        // driver-experiment's "adaptive": k/4 bounds, kept within [2, k)
        long b = k / 4;
        if (name.size() > 6 && !(b = parse_pos(name.c_str() + 6, k - 1)))
            return NULL;
        if (b < 2) b = 2;
        if (b >= k) b = k - 1;
        return b >= 2 ? new DrakeKmeans((int)b) : NULL;
    }
    return NULL;
}

uint64_t fnv1a_labels(const std::vector<int32_t> &labels) {
    uint64_t h = 1469598103934665603ULL;
    for (int32_t v : labels) {
        uint32_t u = (uint32_t)v;
        for (int b = 0; b < 4; ++b) {
            h ^= (u >> (8 * b)) & 0xffu;
            h *= 1099511628211ULL;
        }
    }
    return h;
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                         t0).count();
}

}  // namespace

int main(int argc, char **argv) {
    if (argc < 7 || argc > 9)
        return usage("wrong number of arguments");
    const std::string alg = argv[1];
    // fast-kmeans keeps labels in unsigned short and sizes in int
    long n = parse_pos(argv[4], std::numeric_limits<int>::max());
    long d = parse_pos(argv[5], 1L << 20);
    long k = parse_pos(argv[6], std::numeric_limits<unsigned short>::max());
    if (!n || !d || !k || k > n || n > std::numeric_limits<int>::max() / d)
        return usage("N, D, K must be positive, K <= N, N*D within int");
    Kmeans *km = make_algorithm(alg, (int)k);
    if (!km)
        return usage(("unknown algorithm " + alg).c_str());

    Dataset x((int)n, (int)d), c((int)k, (int)d);
    std::vector<unsigned short> assignment(n);
    std::vector<int32_t> labels(n), ref;
    if (!read_exact(argv[2], x.data, sizeof(double), (size_t)(n * d)) ||
        !read_exact(argv[3], c.data, sizeof(double), (size_t)(k * d))) {
        delete km;
        return 1;
    }
    if (argc >= 8 && std::strcmp(argv[7], "-") != 0) {
        ref.resize(n);
        if (!read_exact(argv[7], ref.data(), sizeof(int32_t), (size_t)n)) {
            delete km;
            return 1;
        }
    }

    // What driver-experiment does at "initialize", before its timer
    double assign_s = -1;
    const char *cache = argc == 9 ? argv[8] : NULL;
    FILE *probe = cache ? std::fopen(cache, "rb") : NULL;
    if (probe) {
        std::fclose(probe);
        bool ok = read_exact(cache, assignment.data(), sizeof(unsigned short),
                             (size_t)n);
        for (long i = 0; ok && i < n; ++i)
            ok = assignment[i] < k;
        if (!ok) {
            std::fprintf(stderr, "fk_driver: bad assignment in %s\n", cache);
            delete km;
            return 1;
        }
    } else {
        auto t0 = std::chrono::steady_clock::now();
        assign(x, c, assignment.data());
        assign_s = seconds_since(t0);
        if (cache && !write_all(cache, assignment.data(),
                                sizeof(unsigned short), (size_t)n)) {
            delete km;
            return 1;
        }
    }

    // What driver-experiment's execute() times
    auto t0 = std::chrono::steady_clock::now();
    km->initialize(&x, (unsigned short)k, assignment.data(), 1);
    int iterations = km->run(std::numeric_limits<int>::max());
    double run_s = seconds_since(t0);

    long differ = -1;
    for (long i = 0; i < n; ++i)
        labels[i] = km->getAssignment((int)i);
    if (!ref.empty()) {
        differ = 0;
        for (long i = 0; i < n; ++i)
            differ += labels[i] != ref[i];
    }
    std::printf("fk alg=%s seconds=%.6f assign_seconds=%.6f iterations=%d "
                "checksum=%016llx differ=%ld\n", alg.c_str(), run_s, assign_s,
                iterations, (unsigned long long)fnv1a_labels(labels), differ);
    delete km;
    return 0;
}
