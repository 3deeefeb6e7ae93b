// The cuda-shared distance kernels, shared by Lloyd, Hamerly and Elkan
// (kernels/<alg>_shared.cu): nearest (and second nearest) centroid of every
// point of a list, with the centroids staged in shared memory in chunks
// over k, and for high d the points too, in chunks over d.  Include after
// real.h, arith.h, cuda_engine.h and common.cuh.
//
// Two kernels, one contract:
//  - reg_kernel (d <= 8): each thread keeps TP points in registers, padded
//    with zeros to DP = 1, 2, 4 or 8 coordinates, and walks every centroid
//    of a shared-memory chunk (read as a broadcast); no cross-thread work.
//  - tile_kernel (any d): a block takes BP = 32*TP points and a chunk of
//    BC = (block/32)*TC centroids; each thread accumulates a TP x TC
//    register tile of squared distances, d in chunks of DC staged in
//    shared memory (points [DC][BP], centroids [DC][BC]); when the whole
//    point tile fits (DC >= d) it stays in shared memory for every centroid
//    chunk, else both tiles stream through two buffers: asynchronous
//    copies (cp.async from sm_80 on) fill one while the other is computed.
//    The 32 lanes of a warp hold different points and the same centroids,
//    so point reads are conflict-free 16-byte loads and centroid reads are
//    broadcasts.  Threads holding the same points then merge their
//    candidates through shared memory.
//
// Exactness: every squared distance is sum_j (x_j - c_j)^2 for j = 0..d-1
// in order, one accumulator per (point, centroid) pair, the very operations
// of tkmi_dist2 (the zero padding adds (0 - 0)^2 = +0, which changes no
// sum), so each distance has the bits the cuda-global kernels compute.
// Candidates are merged by (squared distance, index), lowest index on ties,
// and the second nearest is the smallest squared distance of the other
// centroids: both are order-free, so the result is tkmi_nearest's and
// tkmi_hamerly_full's whatever the chunking, the block size or the order of
// a compacted list.
#ifndef TKM_KERNELS_ASSIGN_SHARED_CUH
#define TKM_KERNELS_ASSIGN_SHARED_CUH

#include <limits.h>
#include <math.h>
#include <stdint.h>

#include <cuda_pipeline.h>

// What the assign kernels produce.
enum {
    TKM_SH_LLOYD = 0, // label
    TKM_SH_HAM,       // label, u, l (second nearest); Hamerly's full pass
    TKM_SH_ELK_FIRST  // label, u, and the k lower bounds l[i*k + c]
};

#define TKM_SH_NONE SIZE_MAX // an empty slot of a point tile

// The tile kernel's vector loads: 16 bytes of reals.  Its register tiles
// and launch bounds are in tune.h.
#if TKM_PREC == 32
typedef float4 tkm_sh_vec;
#define TKM_SH_VW 4
#else
typedef double2 tkm_sh_vec;
#define TKM_SH_VW 2
#endif
// (#pragma unroll takes a constant, not a macro)
constexpr int tkm_sh_unroll = TKM_SH_UNROLL;
#define TKM_SH_MINB_ST(MODE, MAXT)                                            \
    ((MAXT) > 256 ? 1                                                        \
     : (MODE) == TKM_SH_HAM ? TKM_SH_MINB_ST_HAM                            \
                            : TKM_SH_MINB_ST_FULL)

// Arguments of both kernels (passed by value).
struct tkm_sh_args {
    const tkm_real *x;          // n*d, column-major
    size_t n, d;
    const tkm_real *c, *ct;     // centroids row-major, column-major
    size_t k;
    const size_t *list;         // points to assign; NULL: all n
    const unsigned long long *m; // length of list (device memory)
    const tkm_real *known2;     // HAM over a list: squared distance to the
                                // current centroid by list position; NULL:
                                // none known (the first pass)
    tkm_real upf, dnf, ab;
    int32_t *labels;
    tkm_real *u, *l;
    size_t l0;                  // ELK_FIRST: point i's bounds are row
                                // i - l0 of l (a slice of the points)
    unsigned long long *ctr;
    int chunk;                  // tile: dims per chunk; reg: centroids
    int cbufs;                  // tile, resident: centroid tiles (1 or 2)
};

// A point's best candidates: nearest b at b2, second-smallest distance s2
// among the others; b < 0 when none seen yet.
struct tkm_sh_cand {
    tkm_real b2, s2;
    int b;
};

static __device__ __forceinline__ void tkm_sh_init(tkm_sh_cand &q)
{
    q.b2 = (tkm_real)INFINITY;
    q.s2 = (tkm_real)INFINITY;
    q.b = -1;
}

// One more centroid c at squared distance s; a thread visits its centroids
// in increasing index order, so a tie never replaces the best.
template <bool SECOND>
static __device__ __forceinline__ void tkm_sh_push(tkm_sh_cand &q, tkm_real s,
                                                   int c)
{
    if (s < q.b2 || q.b < 0) {
        if (SECOND)
            q.s2 = q.b2;
        q.b2 = s;
        q.b = c;
    } else if (SECOND && s < q.s2) {
        q.s2 = s;
    }
}

// Merge the candidates of another set of centroids (any order): the best
// by (distance, index); the second is the smallest of the loser's best and
// both seconds.
template <bool SECOND>
static __device__ __forceinline__ void tkm_sh_merge(tkm_sh_cand &q,
                                                    const tkm_sh_cand &o)
{
    if (o.b < 0)
        return;
    if (q.b < 0) {
        q = o;
        return;
    }
    const bool win = o.b2 < q.b2 || (o.b2 == q.b2 && o.b < q.b);
    if (SECOND) {
        const tkm_real lose = win ? q.b2 : o.b2;
        const tkm_real s = q.s2 < o.s2 ? q.s2 : o.s2;
        q.s2 = lose < s ? lose : s;
    }
    if (win) {
        q.b2 = o.b2;
        q.b = o.b;
    }
}

// 16 aligned bytes (shared or global memory) into v[0 .. TKM_SH_VW-1].
static __device__ __forceinline__ void tkm_sh_ld16(tkm_real *v,
                                                   const tkm_real *p)
{
    const tkm_sh_vec q = *reinterpret_cast<const tkm_sh_vec *>(p);
#if TKM_PREC == 32
    v[0] = q.x;
    v[1] = q.y;
    v[2] = q.z;
    v[3] = q.w;
#else
    v[0] = q.x;
    v[1] = q.y;
#endif
}

// v[0 .. TKM_SH_VW-1] into 16 aligned bytes at p.
static __device__ __forceinline__ void tkm_sh_st16(tkm_real *p,
                                                   const tkm_real *v)
{
#if TKM_PREC == 32
    *reinterpret_cast<tkm_sh_vec *>(p) = make_float4(v[0], v[1], v[2], v[3]);
#else
    *reinterpret_cast<tkm_sh_vec *>(p) = make_double2(v[0], v[1]);
#endif
}

// A register tile of zeros.
template <int TP, int TC>
static __device__ __forceinline__ void tkm_sh_zero(tkm_real (&acc)[TP][TC])
{
#pragma unroll
    for (int p = 0; p < TP; p++)
#pragma unroll
        for (int r = 0; r < TC; r++)
            acc[p][r] = 0;
}

// N consecutive reals of shared memory, aligned to min(16, N*R) bytes.
template <int N>
static __device__ __forceinline__ void tkm_sh_ldn(tkm_real (&v)[N],
                                                  const tkm_real *p)
{
    if constexpr (N % TKM_SH_VW == 0) {
#pragma unroll
        for (int o = 0; o < N; o += TKM_SH_VW)
            tkm_sh_ld16(v + o, p + o);
    } else {
#pragma unroll
        for (int o = 0; o < N; o++)
            v[o] = p[o];
    }
}

// The point's outputs once its candidates over all k centroids are known.
// pos: its position in the list (for known2); v: changed, distances.
template <int MODE>
static __device__ __forceinline__ void tkm_sh_finish(const tkm_sh_args &a,
                                                     size_t i, size_t pos,
                                                     tkm_sh_cand q,
                                                     unsigned long long *v)
{
    const int32_t old = a.labels[i];
    unsigned long long nd = a.k;
    if (MODE == TKM_SH_HAM && a.known2) {
        // the current centroid's distance came from the tightening step
        const tkm_sh_cand kc = {a.known2[pos], (tkm_real)INFINITY, old};
        tkm_sh_merge<true>(q, kc);
        nd = a.k - 1;
    }
    if (q.b != old) {
        a.labels[i] = q.b;
        v[0]++;
    }
    v[1] += nd;
    if (MODE != TKM_SH_LLOYD)
        a.u[i] = TKM_FN(tkmi_bnd_up)(TKM_SQRT(q.b2), a.upf, a.ab);
    if (MODE == TKM_SH_HAM)
        a.l[i] = TKM_FN(tkmi_bnd_down)(TKM_SQRT(q.s2), a.dnf, a.ab);
}

// ---- low d: points in registers -------------------------------------------

// Each thread takes TP points of a block tile of blockDim.x*TP (thread t
// holds points t, t + B, ...: coalesced loads) with DP coordinates, d of
// them real and the rest zero; centroids come in chunks of a.chunk, DP
// reals each, into shared memory.
template <int DP, int TP, int MODE>
static __global__ __launch_bounds__(1024) void tkm_sh_reg_kernel(
    tkm_sh_args a)
{
    extern __shared__ __align__(16) unsigned char tkm_sh_raw[];
    tkm_real *cs = reinterpret_cast<tkm_real *>(tkm_sh_raw);
    const int B = blockDim.x, tid = threadIdx.x, KC = a.chunk;
    const size_t m = a.list ? (size_t)*a.m : a.n;
    const size_t span = (size_t)B * TP;
    unsigned long long v[2] = {0ull, 0ull};
    for (size_t t0 = (size_t)blockIdx.x * span; t0 < m;
         t0 += (size_t)gridDim.x * span) {
        size_t ip[TP];
        int known[TP];
        tkm_real xr[TP][DP];
        tkm_sh_cand q[TP];
#pragma unroll
        for (int p = 0; p < TP; p++) {
            const size_t pos = t0 + (size_t)p * B + tid;
            ip[p] = pos < m ? (a.list ? a.list[pos] : pos) : TKM_SH_NONE;
            const bool ok = ip[p] != TKM_SH_NONE;
            known[p] = MODE == TKM_SH_HAM && a.known2 && ok ? a.labels[ip[p]]
                                                            : -1;
#pragma unroll
            for (int j = 0; j < DP; j++)
                xr[p][j] = ok && (size_t)j < a.d ? a.x[(size_t)j * a.n + ip[p]]
                                                 : (tkm_real)0;
            tkm_sh_init(q[p]);
        }
        for (size_t c0 = 0; c0 < a.k; c0 += (size_t)KC) {
            const int kc = a.k - c0 < (size_t)KC ? (int)(a.k - c0) : KC;
            __syncthreads(); // the previous chunk is read
            for (int e = tid; e < kc * DP; e += B) {
                const int r = e / DP, j = e - r * DP;
                cs[e] = (size_t)j < a.d ? a.c[(c0 + r) * a.d + j]
                                        : (tkm_real)0;
            }
            __syncthreads();
#pragma unroll 2
            for (int r = 0; r < kc; r++) {
                tkm_real cv[DP];
                tkm_sh_ldn<DP>(cv, cs + r * DP);
                const int c = (int)(c0 + r);
#pragma unroll
                for (int p = 0; p < TP; p++) {
                    tkm_real s = 0;
#pragma unroll
                    for (int j = 0; j < DP; j++) {
                        const tkm_real t = xr[p][j] - cv[j];
                        s += t * t;
                    }
                    if (MODE == TKM_SH_HAM) {
                        if (c != known[p])
                            tkm_sh_push<true>(q[p], s, c);
                    } else {
                        tkm_sh_push<false>(q[p], s, c);
                    }
                }
            }
        }
#pragma unroll
        for (int p = 0; p < TP; p++)
            if (ip[p] != TKM_SH_NONE)
                tkm_sh_finish<MODE>(a, ip[p], t0 + (size_t)p * B + tid, q[p],
                                    v);
    }
    tkm_block_count<2>(v, a.ctr + TKMI_CTR_CHANGED);
}

// ---- any d: register tiles of points x centroids ---------------------------

// Slot in the point tile of a thread's p-th point: groups of TKM_SH_VW
// consecutive slots, so that a warp reads 32 consecutive 16-byte vectors.
template <int TP>
static __device__ __forceinline__ int tkm_sh_slot(int tx, int p)
{
    return (p / TKM_SH_VW) * (32 * TKM_SH_VW) + tx * TKM_SH_VW +
           p % TKM_SH_VW;
}

// The squared distances of a thread's TP x NR first pairs of its TP x TC
// over dc staged dims.
template <int TP, int TC, int NR>
static __device__ __forceinline__ void tkm_sh_dot(tkm_real (&acc)[TP][TC],
                                                  const tkm_real *xs,
                                                  const tkm_real *cs, int dc,
                                                  int BC, int tx, int ty)
{
    constexpr int BP = 32 * TP;
#pragma unroll tkm_sh_unroll
    for (int jj = 0; jj < dc; jj++) {
        tkm_real xv[TP], cv[NR];
#pragma unroll
        for (int g = 0; g < TP / TKM_SH_VW; g++)
            tkm_sh_ld16(xv + g * TKM_SH_VW,
                        xs + jj * BP + g * 32 * TKM_SH_VW + tx * TKM_SH_VW);
        tkm_sh_ldn<NR>(cv, cs + jj * BC + ty * TC);
#pragma unroll
        for (int p = 0; p < TP; p++)
#pragma unroll
            for (int r = 0; r < NR; r++) {
                const tkm_real t = xv[p] - cv[r];
                acc[p][r] += t * t;
            }
    }
}

// tkm_sh_dot over the first nr columns of the register tile (none when nr
// is 0), nr rounded up to a quarter of TC (SP) or to TC.
template <int TP, int TC, bool SP>
static __device__ __forceinline__ void tkm_sh_dot_n(tkm_real (&acc)[TP][TC],
                                                    const tkm_real *xs,
                                                    const tkm_real *cs, int dc,
                                                    int BC, int tx, int ty,
                                                    int nr)
{
    static_assert(TC % 4 == 0, "register tiles of 4, 8, 12, ... centroids");
    constexpr int Q = TC / 4;
    if (!SP) {
        if (nr > 0)
            tkm_sh_dot<TP, TC, TC>(acc, xs, cs, dc, BC, tx, ty);
    } else if (nr > 3 * Q)
        tkm_sh_dot<TP, TC, TC>(acc, xs, cs, dc, BC, tx, ty);
    else if (nr > 2 * Q)
        tkm_sh_dot<TP, TC, 3 * Q>(acc, xs, cs, dc, BC, tx, ty);
    else if (nr > Q)
        tkm_sh_dot<TP, TC, 2 * Q>(acc, xs, cs, dc, BC, tx, ty);
    else if (nr > 0)
        tkm_sh_dot<TP, TC, Q>(acc, xs, cs, dc, BC, tx, ty);
}

// A chunk of centroids from c0 of a tile kernel with TY warps: the real
// centroids of warp ty (nr), the first (cb) and the stride between them
// (step), and the offset in the chunk of the centroid that staging column
// cr holds.  SP: the last chunk, if it holds fewer than TY TC, is spread.
struct tkm_sh_chunk {
    int nr, step, col;
    size_t cb;
};

template <int TC, bool SP>
static __device__ __forceinline__ tkm_sh_chunk tkm_sh_chunk_at(
    const tkm_sh_args &a, size_t c0, int TY, int ty, int cr)
{
    const size_t BC = (size_t)TY * TC;
    const size_t kc = a.k - c0 < BC ? a.k - c0 : BC;
    tkm_sh_chunk h;
    if (SP && kc < BC) {
        h.nr = kc > (size_t)ty ? (int)((kc - ty + TY - 1) / TY) : 0;
        h.step = TY;
        h.cb = c0 + ty;
        h.col = cr % TC * TY + cr / TC;
    } else {
        const size_t left = kc > (size_t)ty * TC ? kc - (size_t)ty * TC : 0;
        h.nr = left < (size_t)TC ? (int)left : TC;
        h.step = 1;
        h.cb = c0 + (size_t)ty * TC;
        h.col = cr;
    }
    return h;
}

// The TC centroids cb, cb + step, ... of a finished register tile (those
// before k) into the candidates of the thread's TP points (and, Elkan's
// first pass, the lower bounds).
template <int TP, int TC, int MODE>
static __device__ __forceinline__ void tkm_sh_tile_epi(
    const tkm_sh_args &a, const tkm_real (&acc)[TP][TC], tkm_sh_cand (&q)[TP],
    const size_t (&ip)[TP], const int (&known)[TP], size_t cb, int step)
{
    constexpr bool SECOND = MODE == TKM_SH_HAM;
    if (MODE == TKM_SH_LLOYD &&
        cb + (size_t)(TC - 1) * step < a.k) {
        // Lloyd, TC real centroids: the nearest of the TC first (strict <,
        // so the lowest index on ties), then one push
#pragma unroll
        for (int p = 0; p < TP; p++) {
            tkm_real bv = acc[p][0];
            int br = 0;
#pragma unroll
            for (int r = 1; r < TC; r++)
                if (acc[p][r] < bv) {
                    bv = acc[p][r];
                    br = r;
                }
            tkm_sh_push<false>(q[p], bv, (int)cb + br * step);
        }
        return;
    }
    if (MODE == TKM_SH_ELK_FIRST && TC % TKM_SH_VW == 0 && step == 1 &&
        cb + TC <= a.k && a.k % TKM_SH_VW == 0) {
        // Elkan's first pass, TC real centroids: a point's TC bounds are
        // consecutive in its row and 16-byte aligned (cb and k multiples
        // of the vector width): vector stores, 1/TKM_SH_VW the requests
#pragma unroll
        for (int p = 0; p < TP; p++) {
            if (ip[p] != TKM_SH_NONE) {
                tkm_real lv[TC];
#pragma unroll
                for (int r = 0; r < TC; r++)
                    lv[r] =
                        TKM_FN(tkmi_bnd_down)(TKM_SQRT(acc[p][r]), a.dnf, a.ab);
#pragma unroll
                for (int r = 0; r < TC; r += TKM_SH_VW)
                    tkm_sh_st16(a.l + (ip[p] - a.l0) * a.k + cb + r,
                                lv + r);
            }
#pragma unroll
            for (int r = 0; r < TC; r++)
                tkm_sh_push<false>(q[p], acc[p][r], (int)(cb + r));
        }
        return;
    }
#pragma unroll
    for (int r = 0; r < TC; r++) {
        const size_t c = cb + (size_t)r * step;
        if (c >= a.k)
            break;
#pragma unroll
        for (int p = 0; p < TP; p++) {
            if (MODE == TKM_SH_ELK_FIRST && ip[p] != TKM_SH_NONE)
                a.l[(ip[p] - a.l0) * a.k + c] =
                    TKM_FN(tkmi_bnd_down)(TKM_SQRT(acc[p][r]), a.dnf, a.ab);
            if (MODE != TKM_SH_HAM || (int)c != known[p])
                tkm_sh_push<SECOND>(q[p], acc[p][r], (int)c);
        }
    }
}

// The dc <= DC dims from j0 of the centroid tile from c0, copied
// asynchronously into cb [DC][BC] (zeros for centroids past k): this
// thread's staging column cr (centroid c0 + col), rows cj, cj + JS, ...
// The caller commits.
static __device__ __forceinline__ void tkm_sh_issue_c(
    const tkm_sh_args &a, tkm_real *cb, size_t c0, size_t j0, int dc,
    int BC, int cr, int col, int cj, int JS)
{
    const size_t c = c0 + col;
    for (int jj = cj; jj < dc; jj += JS) {
        if (c < a.k)
            __pipeline_memcpy_async(cb + jj * BC + cr,
                                    a.ct + (j0 + jj) * a.k + c,
                                    sizeof(tkm_real));
        else
            cb[jj * BC + cr] = (tkm_real)0;
    }
}

// One step of the tile kernel's pipeline when the point tile is not
// resident: the dc <= DC dims from j0 of the point tile (slots sidx) and of
// the centroids from c0, copied asynchronously into xb [DC][BP] and cb
// [DC][BC] (zeros for empty slots and centroids past k); this thread's
// staging column cr holds centroid c0 + col.
template <int TP>
static __device__ __forceinline__ void tkm_sh_issue(
    const tkm_sh_args &a, const size_t *sidx, tkm_real *xb, tkm_real *cb,
    size_t c0, size_t j0, int dc, int BC, int cr, int col, int cj, int JS)
{
    constexpr int BP = 32 * TP;
    const int B = blockDim.x, tid = threadIdx.x;
    for (int e = tid; e < dc * BP; e += B) {
        const int jj = e / BP, s = e - jj * BP;
        const size_t i = sidx[s];
        if (i != TKM_SH_NONE)
            __pipeline_memcpy_async(xb + e, a.x + (j0 + jj) * a.n + i,
                                    sizeof(tkm_real));
        else
            xb[e] = (tkm_real)0;
    }
    tkm_sh_issue_c(a, cb, c0, j0, dc, BC, cr, col, cj, JS);
    __pipeline_commit();
}

// A warp computes only the columns of its register tile that hold real
// centroids (rounded up to a quarter of TC; none: it skips the arithmetic)
// and the last, partial chunk is spread over all warps (tkm_sh_chunk_at;
// blocks of up to 256 threads, Lloyd's and Hamerly's passes):
// at k = 100 in chunks of 32, the fourth chunk's 4 centroids go to 4
// warps, one each, instead of 4 to warp 0 and none to the 7 others.
// Shared memory: slot indices [BP], then the tiles xs [DC][BP] and
// cs [DC][BC] (twice over when the point tile is not resident; cs twice
// when it is and a.cbufs is 2); after the last chunk the same room holds
// the candidates
// of every thread for the merge: b2 [TY][BP], s2 [TY][BP], b [TY][BP].
// A thread loads the centroid tile's column cr = tid % BC, rows
// tid / BC + q * (32 / TC): no division per element.  When the point tile
// is resident, the next centroid tile is copied asynchronously into the
// second cs while the current one is computed (a.cbufs 2), so that its
// latency hides behind the arithmetic.
// ST: the streamed build (the point tile is not resident), built for
// TKM_SH_MINB_ST blocks per multiprocessor; the other build for MINB.
template <int TP, int TC, int MODE, int MAXT, int MINB, bool ST>
static __global__ __launch_bounds__(MAXT, ST ? TKM_SH_MINB_ST(MODE, MAXT) : MINB) void
tkm_sh_tile_kernel(tkm_sh_args a)
{
    extern __shared__ __align__(16) unsigned char tkm_sh_raw[];
    constexpr int BP = 32 * TP, JS = 32 / TC;
    constexpr bool SECOND = MODE == TKM_SH_HAM;
    // blocks of 1024 threads have no registers for the spread's code;
    // Elkan's first pass keeps the consecutive columns, whose bounds are
    // whole 32-byte sectors of a point's row: spread, 8 warps wrote 4
    // bytes each of the last chunk's sectors, and the pass took 2.6 times
    // as long at 1,000,000 x 32, k = 1000 (H100, f32: 17.6 against 6.6 ms)
    constexpr bool SP =
        MAXT <= 256 && MODE != TKM_SH_ELK_FIRST;
    const int B = blockDim.x, tid = threadIdx.x;
    const int tx = tid & 31, ty = tid >> 5, TY = B >> 5, BC = TY * TC;
    const int cr = tid % BC, cj = tid / BC;
    const int DC = a.chunk;
    size_t *sidx = reinterpret_cast<size_t *>(tkm_sh_raw);
    tkm_real *xs = reinterpret_cast<tkm_real *>(sidx + BP);
    tkm_real *cs = xs + (size_t)DC * BP;
    tkm_real *rb2 = xs, *rs2 = xs + (size_t)TY * BP;
    int *rb = reinterpret_cast<int *>(xs + (size_t)2 * TY * BP);
    const size_t m = a.list ? (size_t)*a.m : a.n;
    const bool resident = !ST && (size_t)DC >= a.d; // the point tile stays
    // resident, two centroid buffers (the plan's choice): asynchronous
    // copies of the next centroid chunk
    const bool db = MAXT <= 256 && resident && a.cbufs == 2;
    const int col0 = tkm_sh_chunk_at<TC, SP>(a, 0, TY, ty, cr).col;
    unsigned long long v[2] = {0ull, 0ull};
    for (size_t t0 = (size_t)blockIdx.x * BP; t0 < m;
         t0 += (size_t)gridDim.x * BP) {
        __syncthreads(); // the previous tile's merge is done
        for (int s = tid; s < BP; s += B) {
            const size_t pos = t0 + s;
            sidx[s] = pos < m ? (a.list ? a.list[pos] : pos) : TKM_SH_NONE;
        }
        __syncthreads();
        size_t ip[TP];
        int known[TP];
        tkm_sh_cand q[TP];
#pragma unroll
        for (int p = 0; p < TP; p++) {
            ip[p] = sidx[tkm_sh_slot<TP>(tx, p)];
            known[p] = MODE == TKM_SH_HAM && a.known2 && ip[p] != TKM_SH_NONE
                           ? a.labels[ip[p]]
                           : -1;
            tkm_sh_init(q[p]);
        }
        if constexpr (ST) {
            // Step st takes centroid chunk st / nj and dims chunk st % nj
            // from buffer st % 2, while step st + 1's copies fill the other.
            const size_t nj = (a.d + DC - 1) / DC;
            const size_t steps = nj * ((a.k + BC - 1) / BC);
            const size_t per = (size_t)DC * (BP + BC); // reals a buffer
            tkm_real acc[TP][TC];
            tkm_sh_issue<TP>(a, sidx, xs, xs + (size_t)DC * BP, 0, 0,
                             a.d < (size_t)DC ? (int)a.d : DC, BC, cr, col0,
                             cj, JS);
            for (size_t st = 0; st < steps; st++) {
                const size_t c0 = st / nj * BC, j0 = st % nj * DC;
                const int dc = a.d - j0 < (size_t)DC ? (int)(a.d - j0) : DC;
                const tkm_real *xb = xs + (st & 1) * per;
                if (st + 1 < steps) {
                    const size_t c1 = (st + 1) / nj * BC;
                    const size_t j1 = (st + 1) % nj * DC;
                    tkm_real *xn = xs + ((st + 1) & 1) * per;
                    tkm_sh_issue<TP>(
                        a, sidx, xn, xn + (size_t)DC * BP, c1, j1,
                        a.d - j1 < (size_t)DC ? (int)(a.d - j1) : DC, BC, cr,
                        tkm_sh_chunk_at<TC, SP>(a, c1, TY, ty, cr).col, cj, JS);
                    __pipeline_wait_prior(1);
                } else {
                    __pipeline_wait_prior(0);
                }
                __syncthreads(); // step st's tiles are in place
                if (j0 == 0)
                    tkm_sh_zero(acc);
                const tkm_sh_chunk h =
                    tkm_sh_chunk_at<TC, SP>(a, c0, TY, ty, cr);
                tkm_sh_dot_n<TP, TC, SP>(acc, xb, xb + (size_t)DC * BP, dc,
                                         BC, tx, ty, h.nr);
                __syncthreads(); // read: step st + 2 may refill the buffer
                if (j0 + (size_t)dc == a.d)
                    tkm_sh_tile_epi<TP, TC, MODE>(a, acc, q, ip, known, h.cb,
                                                  h.step);
            }
        }
        if (!ST && db) {
            // the point tile once; the centroid chunks from two buffers
            // in turn (offset cur), the next one's copies filling the
            // other while this one is computed: one barrier a chunk, and
            // the copies' latency hides behind the arithmetic
            const int d = (int)a.d;
            for (int e = tid; e < d * BP; e += B) {
                const int jj = e / BP, s = e - jj * BP;
                const size_t i = sidx[s];
                xs[e] = i != TKM_SH_NONE ? a.x[(size_t)jj * a.n + i]
                                         : (tkm_real)0;
            }
            tkm_sh_issue_c(a, cs, 0, 0, d, BC, cr, col0, cj, JS);
            __pipeline_commit();
            const int other = d * BC; // the second buffer's offset
            int cur = 0;
            for (size_t c0 = 0; c0 < a.k; c0 += (size_t)BC) {
                __pipeline_wait_prior(0);
                // this chunk is in place, and every warp is done with the
                // previous one, whose buffer the next copies fill
                __syncthreads();
                if (c0 + BC < a.k) {
                    const size_t c1 = c0 + BC;
                    tkm_sh_issue_c(
                        a, cs + (other - cur), c1, 0, d, BC, cr,
                        tkm_sh_chunk_at<TC, SP>(a, c1, TY, ty, cr).col, cj,
                        JS);
                    __pipeline_commit();
                }
                const tkm_sh_chunk h =
                    tkm_sh_chunk_at<TC, SP>(a, c0, TY, ty, cr);
                tkm_real acc[TP][TC];
                tkm_sh_zero(acc);
                tkm_sh_dot_n<TP, TC, SP>(acc, xs, cs + cur, d, BC, tx, ty,
                                         h.nr);
                tkm_sh_tile_epi<TP, TC, MODE>(a, acc, q, ip, known, h.cb,
                                              h.step);
                cur = other - cur;
            }
            __syncthreads(); // the tiles are read: their room is the merge's
        }
        for (size_t c0 = 0; !ST && !db && c0 < a.k; c0 += (size_t)BC) {
            const tkm_sh_chunk h = tkm_sh_chunk_at<TC, SP>(a, c0, TY, ty, cr);
            tkm_real acc[TP][TC];
            tkm_sh_zero(acc);
            for (size_t j0 = 0; j0 < a.d; j0 += (size_t)DC) {
                const int dc = a.d - j0 < (size_t)DC ? (int)(a.d - j0) : DC;
                if (!resident || c0 == 0)
                    for (int e = tid; e < dc * BP; e += B) {
                        const int jj = e / BP, s = e - jj * BP;
                        const size_t i = sidx[s];
                        xs[e] = i != TKM_SH_NONE ? a.x[(j0 + jj) * a.n + i]
                                                 : (tkm_real)0;
                    }
                const size_t c = c0 + h.col;
                for (int jj = cj; jj < dc; jj += JS)
                    cs[jj * BC + cr] = c < a.k ? a.ct[(j0 + jj) * a.k + c]
                                               : (tkm_real)0;
                __syncthreads();
                tkm_sh_dot_n<TP, TC, SP>(acc, xs, cs, dc, BC, tx, ty, h.nr);
                __syncthreads(); // the tiles are read
            }
            tkm_sh_tile_epi<TP, TC, MODE>(a, acc, q, ip, known, h.cb, h.step);
        }
        // the chunk loops ended with a barrier: the tiles' room is free
#pragma unroll
        for (int p = 0; p < TP; p++) {
            const int s = ty * BP + tkm_sh_slot<TP>(tx, p);
            rb2[s] = q[p].b2;
            if (SECOND)
                rs2[s] = q[p].s2;
            rb[s] = q[p].b;
        }
        __syncthreads();
        for (int s = tid; s < BP; s += B) {
            const size_t i = sidx[s];
            if (i == TKM_SH_NONE)
                continue;
            tkm_sh_cand f;
            tkm_sh_init(f);
            for (int y = 0; y < TY; y++) {
                const tkm_sh_cand o = {rb2[y * BP + s],
                                       SECOND ? rs2[y * BP + s]
                                              : (tkm_real)INFINITY,
                                       rb[y * BP + s]};
                tkm_sh_merge<SECOND>(f, o);
            }
            tkm_sh_finish<MODE>(a, i, t0 + s, f, v);
        }
    }
    tkm_block_count<2>(v, a.ctr + TKMI_CTR_CHANGED);
}

// ---- compaction ------------------------------------------------------------

// Room in a list for the flagged threads of the block: one atomicAdd per
// block, the block's flagged threads in thread order after it.  Returns
// this thread's slot (meaningful when flag).  Every thread of the block
// calls it the same number of times.
static __device__ size_t tkm_sh_slot_in(bool flag, unsigned long long *len)
{
    __shared__ unsigned before_warp[32];
    __shared__ unsigned long long base;
    const unsigned lane = threadIdx.x & 31u, warp = threadIdx.x >> 5;
    const unsigned bal = __ballot_sync(0xffffffffu, flag);
    const unsigned before = __popc(bal & ((1u << lane) - 1u));
    if (lane == 0)
        before_warp[warp] = __popc(bal);
    __syncthreads();
    if (threadIdx.x == 0) {
        unsigned run = 0;
        for (unsigned w = 0; w < (blockDim.x >> 5); w++) {
            const unsigned t = before_warp[w];
            before_warp[w] = run;
            run += t;
        }
        base = run ? atomicAdd(len, (unsigned long long)run) : 0ull;
    }
    __syncthreads();
    const size_t slot = (size_t)base + before_warp[warp] + before;
    __syncthreads(); // before_warp and base are reused by the next call
    return slot;
}

// ---- launch plans ----------------------------------------------------------

// Shared memory one block may take so that `blocks` blocks fit on a
// multiprocessor (the runtime keeps 1 KiB per block), within the opt-in.
static inline int tkm_sh_budget(const TKM_FN(tkmi_gpu) *g, int blocks)
{
    int b = g->smem_sm / blocks - 2048; // also room for static arrays
    return b < g->smem_optin ? b : g->smem_optin;
}

// Blocks for a kernel: as many as are resident on the device at once with
// this block size and shared memory (the occupancy calculator), at most
// need, at least 1.  Above 48 KiB the kernel is opted in to all the
// dynamic shared memory the device allows it (the per-block opt-in less
// its static shared memory: the same value for every run).
template <typename K>
static tkm_status tkm_sh_grid(const TKM_FN(tkmi_gpu) *g, K kernel, int smem,
                              size_t need, int *grid, const char *name,
                              char *msg, size_t msglen)
{
    cudaFuncAttributes fa;
    int per = 0;
    TKM_CU_CHECK(cudaFuncGetAttributes(&fa, kernel));
    const int room = g->smem_optin - (int)fa.sharedSizeBytes;
    if (smem > room)
        return tkmi_fail(TKM_ECUDA, msg, msglen,
                         "%s needs %d bytes of shared memory "
                         "per block at block size %d; the device allows %d",
                         name, smem, g->block, room);
    if (smem > (48 << 10))
        TKM_CU_CHECK(cudaFuncSetAttribute(
            kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, room));
    TKM_CU_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
        &per, kernel, g->block, (size_t)smem));
    if (per < 1)
        return tkmi_fail(TKM_ECUDA, msg, msglen,
                         "%s cannot run %d threads per block "
                         "with %d bytes of shared memory on this device",
                         name, g->block, smem);
    const size_t wave = (size_t)per * (size_t)g->sms;
    const size_t b = need < wave ? need : wave;
    *grid = b ? (int)b : 1;
    return TKM_OK;
}

template <int DP, int TP, int MODE>
static tkm_status tkm_sh_reg_launch(TKM_FN(tkmi_gpu) *g, tkm_sh_args a,
                                    tkmi_shplan *pl, char *msg, size_t msglen)
{
    auto kernel = tkm_sh_reg_kernel<DP, TP, MODE>;
    if (!pl->grid) {
        // a chunk of centroids per block, its share of a full SM
        long long budget =
            (long long)g->smem_sm * g->block / g->thr_sm - 2048;
        budget = budget < TKM_SH_REG_SMEM ? budget : TKM_SH_REG_SMEM;
        size_t kc = (size_t)(budget > 0 ? budget : 0) /
                    (DP * sizeof(tkm_real));
        kc = kc < g->k ? kc : g->k;
        pl->chunk = kc ? (int)kc : 1;
        pl->smem = pl->chunk * DP * (int)sizeof(tkm_real);
        const size_t span = (size_t)g->block * TP;
        tkm_status rc = tkm_sh_grid(g, kernel, pl->smem,
                                    (g->n + span - 1) / span, &pl->grid,
                                    "the register assign kernel", msg,
                                    msglen);
        if (rc != TKM_OK) {
            pl->grid = 0;
            return rc;
        }
    }
    a.chunk = pl->chunk;
    kernel<<<pl->grid, g->block, pl->smem, g->st>>>(a);
    TKM_CU_LAUNCHED(tkm_sh_reg_kernel);
    return TKM_OK;
}

// Shared memory of the tile kernel with a TP x TC register tile in
// blocks of g->block threads within budget bytes: streamed (ST), two
// buffers of both tiles of dc dims; else the whole point tile if it fits
// (resident; with two centroid tiles if they fit too), or one buffer of
// both tiles reloaded chunk by chunk.
struct tkm_sh_tplan {
    size_t dc, smem;
    int cbufs;
    bool fits;
};

template <int TP, int TC, int MAXT>
static tkm_sh_tplan tkm_sh_tile_plan(const TKM_FN(tkmi_gpu) *g, size_t budget,
                                     bool ST)
{
    const size_t R = sizeof(tkm_real), BP = 32 * TP;
    const size_t TY = (size_t)g->block / 32, BC = TY * TC;
    const size_t fixed = BP * sizeof(size_t), per_dim = (BP + BC) * R;
    const size_t merge = TY * BP * (2 * R + sizeof(int));
    const size_t room = budget > fixed ? budget - fixed : 0;
    tkm_sh_tplan t;
    t.dc = room / per_dim;
    t.fits = t.dc >= g->d;
    const bool two_c = !ST && MAXT <= 256 && t.fits &&
                       room / (per_dim + BC * R) >= g->d;
    const size_t bufs = ST ? 2 : 1;
    t.dc = t.fits && !ST ? g->d : t.dc / bufs;
    t.dc = t.dc ? t.dc : 1;
    const size_t used = two_c ? t.dc * (per_dim + BC * R)
                              : bufs * t.dc * per_dim;
    t.smem = fixed + (used > merge ? used : merge);
    t.cbufs = two_c ? 2 : 1;
    return t;
}

// The tile kernel with a TP x TC register tile, or TPS x TCS when the
// point tile streams (it does not fit in shared memory).
template <int TP, int TC, int TPS, int TCS, int MODE, int MAXT, int MINB>
static tkm_status tkm_sh_tile_launch(TKM_FN(tkmi_gpu) *g, tkm_sh_args a,
                                     tkmi_shplan *pl, char *msg, size_t msglen)
{
    auto kernel = tkm_sh_tile_kernel<TP, TC, MODE, MAXT, MINB, false>;
    auto streamed = tkm_sh_tile_kernel<TPS, TCS, MODE, MAXT, MINB, true>;
    if (!pl->grid) {
        const int blocks = TKM_SH_TILE_THREADS / g->block > 2
                               ? TKM_SH_TILE_THREADS / g->block
                               : 2;
        const size_t budget = (size_t)tkm_sh_budget(g, blocks);
        tkm_sh_tplan t = tkm_sh_tile_plan<TP, TC, MAXT>(g, budget, false);
        pl->streamed = !t.fits;
        if (pl->streamed)
            t = tkm_sh_tile_plan<TPS, TCS, MAXT>(g, budget, true);
        pl->chunk = (int)t.dc;
        pl->cbufs = t.cbufs;
        pl->smem = (int)t.smem;
        const size_t BP = 32 * (size_t)(pl->streamed ? TPS : TP);
        const size_t need = (g->n + BP - 1) / BP;
        tkm_status rc =
            pl->streamed
                ? tkm_sh_grid(g, streamed, pl->smem, need, &pl->grid,
                              "the tile assign kernel", msg, msglen)
                : tkm_sh_grid(g, kernel, pl->smem, need, &pl->grid,
                              "the tile assign kernel", msg, msglen);
        if (rc != TKM_OK) {
            pl->grid = 0;
            return rc;
        }
    }
    a.chunk = pl->chunk;
    a.cbufs = pl->cbufs;
    if (pl->streamed)
        streamed<<<pl->grid, g->block, pl->smem, g->st>>>(a);
    else
        kernel<<<pl->grid, g->block, pl->smem, g->st>>>(a);
    TKM_CU_LAUNCHED(tkm_sh_tile_kernel);
    return TKM_OK;
}

#define TKM_SH_MINB(MODE)                                                     \
    ((MODE) == TKM_SH_LLOYD ? TKM_SH_MINB_LLOYD : TKM_SH_MINB_OTHER)

// The tile kernel in mode MODE with the register tile that the block size
// allows (the centroids' column-major copy g->ct already made).
template <int MODE>
static tkm_status tkm_sh_tile_assign(TKM_FN(tkmi_gpu) *g, tkm_sh_args a,
                                     tkmi_shplan *pl, char *msg,
                                     size_t msglen)
{
    if (g->block <= 256) {
        if constexpr (MODE == TKM_SH_HAM)
            return tkm_sh_tile_launch<TKM_SH_TP_HAM, TKM_SH_TC_HAM,
                                      TKM_SH_TP_HAM, TKM_SH_TC_HAM, MODE, 256,
                                      TKM_SH_MINB(MODE)>(
                g, a, pl, msg, msglen);
        else
            return tkm_sh_tile_launch<TKM_SH_TP_BIG, TKM_SH_TC_BIG,
                                      TKM_SH_TP_ST, TKM_SH_TC_ST, MODE, 256,
                                      TKM_SH_MINB(MODE)>(
                g, a, pl, msg, msglen);
    }
    return tkm_sh_tile_launch<TKM_SH_TP_SMALL, TKM_SH_TC_SMALL,
                              TKM_SH_TP_SMALL, TKM_SH_TC_SMALL, MODE, 1024,
                              1>(g, a, pl, msg, msglen);
}

// Assign the points of a.list (or all) in mode MODE, planned in slot:
// the register kernel for d <= 8 (Elkan's first pass writes k bounds per
// point, which the tile kernel writes in whole sectors: it always tiles),
// else the tile kernel with the register tile that the block size allows.
template <int MODE>
static tkm_status tkm_sh_assign(TKM_FN(tkmi_gpu) *g, tkm_sh_args a, int slot,
                                char *msg, size_t msglen)
{
    tkmi_shplan *pl = &g->plan[slot];
    if constexpr (MODE != TKM_SH_ELK_FIRST) {
        switch (g->d) {
        case 1:
            return tkm_sh_reg_launch<1, TKM_SH_REG_TP(1), MODE>(g, a, pl, msg,
                                                                msglen);
        case 2:
            return tkm_sh_reg_launch<2, TKM_SH_REG_TP(2), MODE>(g, a, pl, msg,
                                                                msglen);
        case 3:
        case 4:
            return tkm_sh_reg_launch<4, TKM_SH_REG_TP(4), MODE>(g, a, pl, msg,
                                                                msglen);
        case 5:
        case 6:
        case 7:
        case 8:
            return tkm_sh_reg_launch<8, TKM_SH_REG_TP(8), MODE>(g, a, pl, msg,
                                                                msglen);
        default:
            break;
        }
    }
    tkm_status rc = TKM_FN(tkmi_cu_sh_ctrans)(g, msg, msglen);
    if (rc != TKM_OK)
        return rc;
    return tkm_sh_tile_assign<MODE>(g, a, pl, msg, msglen);
}

// The arguments common to every launch: data, centroids, margins, counters.
static inline tkm_sh_args tkm_sh_base(const TKM_FN(tkmi_gpu) *g)
{
    tkm_sh_args a;
    a.x = g->x;
    a.n = g->n;
    a.d = g->d;
    a.c = g->c;
    a.ct = g->ct;
    a.k = g->k;
    a.list = NULL;
    a.m = NULL;
    a.known2 = NULL;
    a.upf = g->upf;
    a.dnf = g->dnf;
    a.ab = g->ab;
    a.labels = g->labels;
    a.u = NULL;
    a.l = NULL;
    a.l0 = 0;
    a.ctr = g->sc->ctr;
    a.chunk = 0;
    a.cbufs = 1;
    return a;
}

#endif // TKM_KERNELS_ASSIGN_SHARED_CUH
