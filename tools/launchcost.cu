// Fixed costs of one iteration's shape on this GPU
// (docs/results/gpu-iteration.md): N empty kernel launches, a 64-byte
// copy to pinned host memory and a stream sync, per round; with events
// recorded among the launches; and the same N launches as one CUDA graph.
//
//   nvcc -O2 -arch=sm_90 -o /tmp/launchcost tools/launchcost.cu
//   /tmp/launchcost
#include <cstdio>
#include <chrono>
#include <cuda_runtime.h>
__global__ void empty_kernel(int *p) { if (p && threadIdx.x == 1024) *p = 1; }
static double now() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }
int main()
{
    cudaStream_t st; cudaStreamCreate(&st);
    int *dv; cudaMalloc(&dv, 64); void *hp; cudaMallocHost(&hp, 64);
    cudaEvent_t ev[5]; for (int i = 0; i < 5; i++) cudaEventCreate(&ev[i]);
    const int R = 2000;
    int Ns[] = {1, 5, 10, 15};
    for (int ni = 0; ni < 4; ni++) {
        int N = Ns[ni];
        for (int mode = 0; mode < 3; mode++) {
            cudaGraphExec_t ge = nullptr;
            if (mode == 2) {
                cudaGraph_t g;
                cudaStreamBeginCapture(st, cudaStreamCaptureModeThreadLocal);
                for (int q = 0; q < N; q++) empty_kernel<<<132, 256, 0, st>>>(dv);
                cudaStreamEndCapture(st, &g);
                cudaGraphInstantiate(&ge, g, 0);
            }
            double best = 1e9;
            for (int rep = 0; rep < 3; rep++) {
                double t0 = now();
                for (int r = 0; r < R; r++) {
                    if (mode == 1) cudaEventRecord(ev[0], st);
                    if (mode == 2) cudaGraphLaunch(ge, st);
                    else for (int q = 0; q < N; q++) {
                        empty_kernel<<<132, 256, 0, st>>>(dv);
                        if (mode == 1 && q % 3 == 0) cudaEventRecord(ev[1 + q % 4], st);
                    }
                    cudaMemcpyAsync(hp, dv, 64, cudaMemcpyDeviceToHost, st);
                    cudaStreamSynchronize(st);
                }
                double t = (now() - t0) / R;
                best = t < best ? t : best;
            }
            printf("launches %2d %-14s %.1f us per round\n", N,
                   mode == 0 ? "plain" : mode == 1 ? "with events" : "as a graph", best * 1e6);
        }
    }
    return 0;
}
