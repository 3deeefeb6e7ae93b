/* How long a process that made a CUDA context and 1 GiB of allocations
 * takes to leave, through exit (the runtime's handlers) or _exit (with
 * the argument q): docs/results/gpu-e2e.md.  On the GPU machine:
 *
 *   gcc -O2 -I/usr/local/cuda/include tools/exitcost.c \
 *       -L/usr/local/cuda/lib64 -lcudart_static -ldl -lpthread -lrt \
 *       -o /tmp/exitcost
 *   time /tmp/exitcost; time /tmp/exitcost q
 */
#include <cuda_runtime_api.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
int main(int argc, char **argv)
{
    void *p[16];
    cudaFree(0);
    for (int i = 0; i < 16; i++)
        cudaMalloc(&p[i], 64 << 20);
    if (argc > 1 && argv[1][0] == 'q')
        _exit(0);
    return 0;
}
