// kmcuda_driver: kmcuda's kmeans_cuda (src-d/kmcuda) from a start read from
// a file, for docs/results/kmcuda-yinyang.md.  Built against a kmcuda
// checkout (not part of trikmeans), with kmcuda's own flags:
//
//   nvcc -O3 -std=c++14 -arch=sm_90 -DCUDA_ARCH=90 -Xcompiler -fopenmp \
//       -D_MWAITXINTRIN_H_INCLUDED -D_FORCE_INLINES -I KMCUDA/src \
//       KMCUDA/src/{kmcuda.cc,kmeans.cu,transpose.cu,knn.cu} \
//       tools/kmcuda/kmcuda_driver.cc -o kmcuda_driver
//
// Usage: kmcuda_driver DATA START N D K YINYANG_T TOL LABELS
//
//   DATA, START  N*D and K*D float32, row-major, no header
//   YINYANG_T    kmcuda's relative number of groups (0.1: Yinyang; 0:
//                Lloyd)
//   TOL          stop when at most TOL*N labels changed (0: none)
//   LABELS       where the N uint32 labels go
//
// Prints "kmcuda rc=R seconds=S ...": S is the whole kmeans_cuda call
// (its upload included), after a first CUDA call has made the context.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <cuda_runtime_api.h>

#include "kmcuda.h"

static bool read_all(const char *path, float *p, size_t count)
{
    FILE *f = fopen(path, "rb");
    bool ok = f && fread(p, sizeof *p, count, f) == count;
    if (f)
        fclose(f);
    return ok;
}

int main(int argc, char **argv)
{
    if (argc != 9) {
        fprintf(stderr, "usage: kmcuda_driver DATA START N D K YINYANG_T "
                        "TOL LABELS\n");
        return 2;
    }
    const uint32_t n = (uint32_t)strtoul(argv[3], NULL, 10);
    const uint16_t d = (uint16_t)strtoul(argv[4], NULL, 10);
    const uint32_t k = (uint32_t)strtoul(argv[5], NULL, 10);
    const float yy = strtof(argv[6], NULL), tol = strtof(argv[7], NULL);
    std::vector<float> x((size_t)n * d), c((size_t)k * d);
    std::vector<uint32_t> a(n);
    if (!read_all(argv[1], x.data(), x.size()) ||
        !read_all(argv[2], c.data(), c.size())) {
        fprintf(stderr, "kmcuda_driver: cannot read %s or %s\n", argv[1],
                argv[2]);
        return 2;
    }
    cudaFree(0); // the context, outside the timed call
    float avg = 0;
    const auto t0 = std::chrono::steady_clock::now();
    const KMCUDAResult r = kmeans_cuda(
        kmcudaInitMethodImport, NULL, tol, yy, kmcudaDistanceMetricL2, n, d,
        k, 1, 1, -1, 0, 1, x.data(), c.data(), a.data(), &avg);
    const auto t1 = std::chrono::steady_clock::now();
    printf("kmcuda rc=%d seconds=%.4f yinyang_t=%.2f tol=%g avg_dist=%.6f\n",
           (int)r, std::chrono::duration<double>(t1 - t0).count(), yy, tol,
           avg);
    FILE *f = fopen(argv[8], "wb");
    if (!f || fwrite(a.data(), sizeof a[0], n, f) != n) {
        fprintf(stderr, "kmcuda_driver: cannot write %s\n", argv[8]);
        return 2;
    }
    fclose(f);
    return r == kmcudaSuccess ? 0 : 1;
}
