/*
 * Every tuned constant of the CUDA forms, in one place, each with its
 * line of why (H100 measurements; docs/results/gpu-bench.md has the
 * benchmark).  A constant here changes speed only, never a result:
 * every path gives the same labels, bounds, counters and centroid bits.
 * Precision dependent where TKM_PREC appears (include real.h first).
 * C and CUDA C++ alike: the engine's host code reads some of these.
 */
#ifndef TKM_KERNELS_TUNE_H
#define TKM_KERNELS_TUNE_H

/* ---- the engine (src/cuda/cuda_engine.c) -------------------------------- */

/* Threads per block of the per-point kernels when the user gives none:
 * 8 warps, enough to hide memory latency without starving registers. */
#define TKM_CUDA_BLOCK 256

/* The centroid sums are moved by the points that changed cluster (instead
 * of summed from scratch) when at most 1 in this many labels changed: past
 * that the scattered atomics of the moves cost more than one ordered pass
 * (also read by the tests, which check both paths). */
#define TKMI_SUMS_DELTA_FRAC 8

/* ---- the centroid update (kernels/sums*.cu) ----------------------------- */

/* Points a lane moves per step in the delta sums: loads in flight. */
#define TKM_DELTA_U 4
/* Sums by dimension from this d on; below, its few latency-bound threads
 * lose to the chunked sums (H200, 494,080 x 34, k = 100: 0.32 vs 0.17 ms). */
#define TKM_BYDIM_MIN_D 64
/* ... in at most this many slices of the clusters: each reads all labels. */
#define TKM_BYDIM_ZMAX 8
/* Sorted sums: points a warp takes per segment, and coordinates a lane
 * keeps in registers per point (one cache line of loads in flight). */
#define TKM_SORTED_SEG 256
#define TKM_SORTED_U 8
/* Shared-memory bytes per block above which the sums go straight to
 * global memory (fewer blocks per multiprocessor cost more than atomics). */
#define TKM_SUMS_SHARED_MAX (32u << 10)

/* ---- sparse points (kernels/sparse.cu) ---------------------------------- */

/* Threads per block of the screened scan (a warp a row). */
#define TKM_SP_BLOCK 256
/* Its scratch (each warp's products and candidates of a row, k of each)
 * at most this many bytes: fewer warps where k is large. */
#define TKM_SP_SCRATCH ((size_t)256 << 20)

/* ---- distances of a few rows (kernels/common.cuh) ----------------------- */

/* Rows of more coordinates than this are summed by a warp where only a
 * bound needs their distance and the rows are fewer than a wave. */
#define TKM_WARP_DIST_MIN_D 8

// cuda-shared Yinyang's assign step compacts the failing points and walks
// them a warp each from this many dimensions on, else it is cuda-global's
// one pass, a thread a point (kernels/yinyang_shared.cu).  On an H100
// (k = 10 t, groups of about ten centroids): at d = 32, k = 1000 the warp
// walk took 4-9 ms an iteration, the lists walked a thread a point 2-4,
// cuda-global's pass about 2; at d = 784, k = 100 the warp walk 0.7 ms,
// cuda-global's pass 1.6.
#define TKM_YY_WARP_MIN_D 64

/* ---- cuda-shared assign tiles (kernels/assign_shared.cuh) --------------- */

/* Register tiles, points x centroids per thread, of the tile kernel: BIG
 * for blocks <= 256 with a resident point tile, ST when it streams (high
 * d), HAM for Hamerly's passes, SMALL for blocks of up to 1024 (no
 * registers to spare).  f64 Hamerly takes 16 centroids a thread so that
 * at k <= 128 the point tile streams once (H100, 100,000 x 784, k = 100:
 * 14.7 -> 10.6 ms to convergence); f64 streamed 4 x 8 halves the centroid
 * chunks at k = 100 (Lloyd's assign 1.93 -> 1.70 ms); f64 resident 4 x 8
 * spills, so it keeps 4 x 4. */
#if TKM_PREC == 32
#define TKM_SH_TP_BIG 8
#define TKM_SH_TC_BIG 8
#define TKM_SH_TP_ST 8
#define TKM_SH_TC_ST 8
#define TKM_SH_TP_HAM 8
#define TKM_SH_TC_HAM 8
#define TKM_SH_TP_SMALL 4
#define TKM_SH_TC_SMALL 4
#else
#define TKM_SH_TP_BIG 4
#define TKM_SH_TC_BIG 4
#define TKM_SH_TP_ST 4
#define TKM_SH_TC_ST 8
#define TKM_SH_TP_HAM 2
#define TKM_SH_TC_HAM 16
#define TKM_SH_TP_SMALL 2
#define TKM_SH_TC_SMALL 4
#endif

/* Points per thread of the register kernel (d <= 8) for DP padded
 * coordinates: as many as a 1024-thread block's registers allow. */
#if TKM_PREC == 32
#define TKM_SH_REG_TP(DP) ((DP) <= 4 ? 4 : 2)
#else
#define TKM_SH_REG_TP(DP) ((DP) <= 4 ? 2 : 1)
#endif

/* Blocks of up to 256 threads per multiprocessor the tile kernel is built
 * for (__launch_bounds__; 2 caps a thread at 128 registers).  Resident
 * point tile: 2 for Lloyd (two blocks per SM), 1 for the others.
 * Streamed: 2 made the f64 full passes faster (H100, 100,000 x 784,
 * k = 100: Lloyd's assign 2.50 -> 1.89 ms) and the rest slower (f32 Lloyd
 * 1.26 -> 1.38 ms, f64 Hamerly 1.08 -> 1.61 ms). */
#define TKM_SH_MINB_LLOYD 2
#define TKM_SH_MINB_OTHER 1
#define TKM_SH_MINB_ST_FULL (TKM_PREC == 64 ? 2 : 1)
#define TKM_SH_MINB_ST_HAM 1

/* The shared memory a tile kernel plans with: its share of a
 * multiprocessor when TKM_SH_TILE_THREADS threads (and at least two
 * blocks) run on it, so that two blocks of 256 overlap one's barriers
 * with the other's arithmetic. */
#define TKM_SH_TILE_THREADS 512
/* The register kernel's centroid chunk: at most this many bytes of shared
 * memory a block, so that several blocks share a multiprocessor. */
#define TKM_SH_REG_SMEM (40 << 10)

/* Unrolling of the tile kernel's loop over staged dimensions: 2 beat the
 * compiler's choice (H100, 1,000,000 x 32, k = 1000, f32: 2.92 -> 2.90
 * ms). */
#define TKM_SH_UNROLL 2

/* ---- Elkan cuda-shared (kernels/elkan_shared.cu, src/elkan/) ------------ */

/* Coordinates whose loads a lane issues before adding them: as many as
 * 64 registers a thread leave room for. */
#if TKM_PREC == 32
#define TKM_ELK_BATCH 16
#else
#define TKM_ELK_BATCH 8
#endif
/* Surviving pairs of a chunk at or below one per this many coordinates go
 * a row at a time through shared memory (one latency plus d additions,
 * against d/4 latencies reading the column-major copy). */
#define TKM_ELK_ROW_D 24
/* From TKM_ELK_SLAB_J * 32 coordinates on, more than TKM_ELK_SLAB_ROWS
 * survivors go through slabs of all 32 centroids (about 32 latencies). */
#define TKM_ELK_SLAB_J 8
#define TKM_ELK_SLAB_ROWS 6
/* The first assignment goes through candidates on the first
 * TKM_ELK_CAND_D coordinates from TKM_ELK_CAND_MIN_D coordinates on: there
 * the full pass costs a Lloyd iteration (H100, 100,000 x 784, f64: 1.8 ms)
 * for distances mostly far above the nearest. */
#define TKM_ELK_CAND_D 32
#define TKM_ELK_CAND_MIN_D 256
/* Blocks per multiprocessor the pair kernel plans its staging for: two,
 * so that one block's latency hides behind the other's. */
#define TKM_ELK_PAIR_BLOCKS 2
/* The pair kernel stages a point's row in one coalesced read from this d
 * on, where the row-major points are kept (n*d reals more). */
#define TKMI_ELK_ROWS_MIN_D 32
/* Listed points a warp takes from the pair kernel's counter at once (one
 * atomic for them all) where k d < TKM_ELK_CLAIM_MAX_KD, a point's walk
 * short; else one at a time, so that no warp holds points that others
 * could take while it walks a long one.  H200, the loop against one at a
 * time: 0.81x at 1,000,000 x 2, k = 100 (f32), 0.93x at 494,080 x 34,
 * k = 100, 0.99x at 2,000,000 x 8, k = 400; 1.02x-1.04x at 1,000,000 x
 * 32, k = 1000, left out. */
#define TKM_ELK_CLAIM 8
#define TKM_ELK_CLAIM_MAX_KD 16384
/* Up to this many coordinates and centroids the listed points go a
 * thread each through tkmi_elkan_point's loop (src/elkan/elkan_arith.h)
 * instead of a warp each through the pair kernel: there nearly every
 * pair falls to the bounds (1,000,000 x 2, k = 100: 40 % of the points
 * listed, some 500 distances among them once settled), and a warp's 32
 * lanes on one point's 100 bounds mostly wait (H200: the loop 0.64x in
 * f32, 0.68x in f64); at 2,000,000 x 8, k = 400 the thread's walk over
 * 400 bounds took 1.13x-1.40x the warp's.  Lanes in groups of 4 or 8 a
 * point came within 5 % of the warp at best, and far behind the thread
 * at k = 100 (docs/results/elkan-gpu.md). */
#define TKM_ELK_THREAD_MAX_D 8
#define TKM_ELK_THREAD_MAX_K 128

#endif /* TKM_KERNELS_TUNE_H */
