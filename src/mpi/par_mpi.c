/*
 * The command over MPI ranks: the MPI build's side of src/cli/par.h, and
 * the library's collective hooks (tkm_comm) on MPI_COMM_WORLD.  Built only
 * into build/trikmeans-mpi, with mpicc; the library and the plain command
 * link no MPI.
 *
 * The library calls the hooks from the thread that called tkm_fit (never
 * inside an OpenMP region), so MPI_THREAD_FUNNELED is enough.  MPI's
 * default error handler (errors are fatal) stays: a transport failure
 * ends every rank.
 *
 * Each rank's OpenMP team is sized at start from the CPUs the launcher
 * left it (its affinity mask), shared with the ranks of its node whose
 * masks meet it: OpenMP's own default, the whole mask, would start P
 * teams of every core on ranks that share them.  Where Open MPI's default
 * (not the user) bound the ranks to one core each while CPUs would idle,
 * each rank first takes its run of the node's CPUs (rebind_default).
 */
#include <errno.h>
#include <limits.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include <mpi.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "internal.h"
#include "par.h"

#define CHUNK (1 << 30) /* bytes or elements per MPI call (an int count) */

static int rank_, size_ = 1, local_rank_, local_size_ = 1, nodes_ = 1;
static char held_[1024]; /* a rank's first message since the last agree */
static MPI_Op op_sum_i128 = MPI_OP_NULL;
static MPI_Datatype t_i128 = MPI_DATATYPE_NULL;
static tkm_comm comm_;

/* Where a rank runs (plain bytes: rank 0 gathers them at start). */
typedef struct {
    cpu_set_t mask; /* its affinity mask; empty when unknown           */
    int local_rank; /* its rank on its node                             */
    int one_core;   /* the mask holds one core (its hardware threads)   */
    int shared;     /* its node's ranks whose masks meet it, itself too */
    int idle;       /* its node's online CPUs in no rank's mask         */
    int online;     /* its node's online CPUs                           */
} place;

static place me_;
static place *places_; /* rank 0: every rank's, by rank */
static int *counts_;    /* gather's counts and offsets (2 x size)        */
static const char *team_from_ = "OpenMP's default"; /* who sized the team */
static int widened_; /* Open MPI's default one-core binding widened */

/* ---- the library's hooks ------------------------------------------------ */

static void sum_u64(void *ctx, uint64_t *v, size_t count)
{
    (void)ctx;
    for (size_t i = 0; i < count; i += CHUNK) {
        int m = count - i < CHUNK ? (int)(count - i) : CHUNK;
        MPI_Allreduce(MPI_IN_PLACE, v + i, m, MPI_UINT64_T, MPI_SUM,
                      MPI_COMM_WORLD);
    }
}

static void add_i128(void *in, void *inout, int *len, MPI_Datatype *t)
{
    (void)t;
    for (int i = 0; i < *len; i++) {
        __extension__ __int128 a, b;
        memcpy(&a, (char *)in + 16 * (size_t)i, 16);
        memcpy(&b, (char *)inout + 16 * (size_t)i, 16);
        /* two's complement wraps as the fixed-point sums expect */
        b = (__int128)((unsigned __int128)a + (unsigned __int128)b);
        memcpy((char *)inout + 16 * (size_t)i, &b, 16);
    }
}

static void sum_i128(void *ctx, void *v, size_t count)
{
    (void)ctx;
    for (size_t i = 0; i < count; i += CHUNK / 16) {
        int m = count - i < CHUNK / 16 ? (int)(count - i) : CHUNK / 16;
        MPI_Allreduce(MPI_IN_PLACE, (char *)v + 16 * i, m, t_i128,
                      op_sum_i128, MPI_COMM_WORLD);
    }
}

static void max_f64(void *ctx, double *v, size_t count)
{
    (void)ctx;
    for (size_t i = 0; i < count; i += CHUNK) {
        int m = count - i < CHUNK ? (int)(count - i) : CHUNK;
        MPI_Allreduce(MPI_IN_PLACE, v + i, m, MPI_DOUBLE, MPI_MAX,
                      MPI_COMM_WORLD);
    }
}

static void min_u64(void *ctx, uint64_t *v, size_t count)
{
    (void)ctx;
    for (size_t i = 0; i < count; i += CHUNK) {
        int m = count - i < CHUNK ? (int)(count - i) : CHUNK;
        MPI_Allreduce(MPI_IN_PLACE, v + i, m, MPI_UINT64_T, MPI_MIN,
                      MPI_COMM_WORLD);
    }
}

static void bcast(void *ctx, void *buf, size_t bytes, int root)
{
    (void)ctx;
    for (size_t i = 0; i < bytes; i += CHUNK) {
        int m = bytes - i < CHUNK ? (int)(bytes - i) : CHUNK;
        MPI_Bcast((char *)buf + i, m, MPI_BYTE, root, MPI_COMM_WORLD);
    }
}

/* Block sums: a few doubles per 4096 rows, far below an int's bytes; a
 * larger gather would be a misuse, stopped with a message. */
static void gather(void *ctx, void *buf, const size_t *bytes,
                   const size_t *off)
{
    (void)ctx;
    int *cnt = counts_;
    for (int r = 0; r < size_; r++) {
        if (bytes[r] > INT_MAX || off[r] > INT_MAX) {
            fprintf(stderr, "trikmeans: rank %d: a gather of %zu bytes at "
                    "%zu exceeds MPI's int counts\n", rank_, bytes[r],
                    off[r]);
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
        cnt[r] = (int)bytes[r];
        cnt[size_ + r] = (int)off[r];
    }
    MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_BYTE, buf, cnt, cnt + size_,
                   MPI_BYTE, MPI_COMM_WORLD);
}

/* ---- where each rank runs --------------------------------------------- */

/* A Linux CPU list ("0-3,8\n") into s; 0, or -1 when malformed. */
static int parse_cpu_list(const char *t, cpu_set_t *s)
{
    CPU_ZERO(s);
    while (*t && *t != '\n') {
        char *end;
        long a = strtol(t, &end, 10), b = a;
        if (end == t || a < 0)
            return -1;
        if (*end == '-') {
            t = end + 1;
            b = strtol(t, &end, 10);
            if (end == t)
                return -1;
        }
        for (long c = a; c <= b && c < CPU_SETSIZE; c++)
            CPU_SET((int)c, s);
        t = *end == ',' ? end + 1 : end;
        if (*end != ',' && *end && *end != '\n')
            return -1;
    }
    return 0;
}

/* The core of CPU c into core: c and its hardware-thread siblings (the
 * kernel's topology; c alone where it cannot be read). */
static void core_of(int c, cpu_set_t *core)
{
    cpu_set_t sib;
    char path[128], text[512];
    CPU_ZERO(core);
    CPU_SET(c, core);
    snprintf(path, sizeof path,
             "/sys/devices/system/cpu/cpu%d/topology/thread_siblings_list",
             c);
    FILE *f = fopen(path, "r");
    if (f && fgets(text, sizeof text, f) && parse_cpu_list(text, &sib) == 0)
        CPU_OR(core, core, &sib);
    if (f)
        fclose(f);
}

/* Whether a non-empty mask holds one core at most: its first CPU's. */
static int one_core(const cpu_set_t *mask)
{
    int first = 0;
    while (first < CPU_SETSIZE && !CPU_ISSET(first, mask))
        first++;
    if (first == CPU_SETSIZE)
        return 0;
    cpu_set_t core, both;
    core_of(first, &core);
    CPU_AND(&both, mask, &core);
    return CPU_EQUAL(&both, mask);
}

/* Whether Open MPI bound this rank by its own default rather than at the
 * user's request.  Open MPI 4 marks a rank it bound at launch
 * (OMPI_MCA_orte_bound_at_launch=1) and hands the placement options the
 * user gave to the ranks as MCA variables: a binding is asked for by
 * --bind-to (hwloc_base_binding_policy), --cpu-set (hwloc_base_cpu_set),
 * --rankfile (orte_rankfile, or rmaps_rank_file_path), --cpus-per-rank
 * (rmaps_base_cpus_per_rank) or --map-by ...:PE=N (a mapping policy with
 * "pe="), on the command line or in the environment; a mapping alone
 * (--map-by core, --npernode) leaves the binding to the default.  A binding
 * set in an MCA parameter file leaves no such mark and counts as the
 * default; other launchers' bindings count as asked for. */
static int default_binding(void)
{
    static const char *asked[] = {
        "OMPI_MCA_hwloc_base_binding_policy", "OMPI_MCA_hwloc_base_cpu_set",
        "OMPI_MCA_orte_rankfile", "OMPI_MCA_rmaps_rank_file_path",
        "OMPI_MCA_rmaps_base_cpus_per_rank"};
    const char *b = getenv("OMPI_MCA_orte_bound_at_launch");
    if (!b || strcmp(b, "1") != 0)
        return 0;
    for (size_t i = 0; i < sizeof asked / sizeof *asked; i++)
        if (getenv(asked[i]))
            return 0;
    const char *map = getenv("OMPI_MCA_rmaps_base_mapping_policy");
    for (; map && *map; map++)
        if (strncasecmp(map, "pe=", 3) == 0)
            return 0;
    return 1;
}

/* The CPUs of set in core order (a CPU, then its hardware-thread siblings
 * in set, then the next CPU not yet listed) into list; their count. */
static int core_order(const cpu_set_t *set, int *list)
{
    cpu_set_t seen;
    int m = 0;
    CPU_ZERO(&seen);
    for (int c = 0; c < CPU_SETSIZE; c++) {
        if (!CPU_ISSET(c, set) || CPU_ISSET(c, &seen))
            continue;
        cpu_set_t sib;
        core_of(c, &sib);
        for (int s = c; s < CPU_SETSIZE; s++)
            if (CPU_ISSET(s, &sib) && CPU_ISSET(s, set) &&
                !CPU_ISSET(s, &seen)) {
                CPU_SET(s, &seen);
                list[m++] = s;
            }
    }
    return m;
}

/* A non-negative int from the environment; -1 when unset or not one. */
/* Open MPI binds each rank to one core by default when a job has two
 * ranks or fewer, and a rank so bound runs its whole team on that core
 * while the node's other CPUs idle.  Where that default (not a user's
 * placement) bound this rank to one core and the launcher's own mask
 * (the node's CPUs the job may use: mpirun's or orted's, this process's
 * parent) holds more CPUs than one core per rank of the node, the rank
 * takes instead its share of the launcher's CPUs: those CPUs in core
 * order cut into as many runs as the node has ranks (Open MPI's
 * OMPI_COMM_WORLD_LOCAL_SIZE), whole cores where the counts allow, run r
 * for node-local rank r.  Then the program starts again in place (the
 * same process, before MPI_Init), because the OpenMP runtime counts the
 * CPUs it may use once, as the program loads: a team larger than that
 * count would sleep at each barrier rather than spin (libgomp's throttled
 * wait).  TKM_MPI_REBOUND marks the second start; where the program
 * cannot start again it goes on with the wider mask. */
static void rebind_default(char **argv)
{
    cpu_set_t mine, launcher;
    if (getenv("TKM_MPI_REBOUND")) {
        widened_ = 1;
        return;
    }
    int local = tkmi_env_count("OMPI_COMM_WORLD_LOCAL_RANK", INT_MAX),
        count = tkmi_env_count("OMPI_COMM_WORLD_LOCAL_SIZE", INT_MAX);
    if (!default_binding() || local < 0 || count <= local ||
        sched_getaffinity(0, sizeof mine, &mine) != 0 || !one_core(&mine) ||
        sched_getaffinity(getppid(), sizeof launcher, &launcher) != 0)
        return;
    int *list = malloc(CPU_SETSIZE * sizeof *list);
    int m = list ? core_order(&launcher, list) : 0;
    if (m <= (long)count * CPU_COUNT(&mine)) {
        free(list);
        return; /* one core per rank leaves no CPU idle */
    }
    cpu_set_t run;
    CPU_ZERO(&run);
    for (long i = (long)m * local / count; i < (long)m * (local + 1) / count;
         i++)
        CPU_SET(list[i], &run);
    free(list);
    if (CPU_EQUAL(&run, &mine) || sched_setaffinity(0, sizeof run, &run))
        return;
    widened_ = 1;
    if (setenv("TKM_MPI_REBOUND", "1", 1) == 0)
        execv("/proc/self/exe", argv);
}

/* This rank's place on its node (the ranks of node): its node-local rank
 * and affinity mask (empty when unknown: a node of more CPUs than a
 * cpu_set_t holds), and from every mask of the node (gathered) how many
 * meet it and how many online CPUs none covers (0 when a mask is
 * unknown).  Collective over node. */
static void find_place(MPI_Comm node)
{
    cpu_set_t *all = malloc((size_t)local_size_ * sizeof *all);
    if (!all) {
        fprintf(stderr, "trikmeans: out of memory for %d ranks' CPUs\n",
                local_size_);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    me_.local_rank = local_rank_;
    if (sched_getaffinity(0, sizeof me_.mask, &me_.mask) != 0)
        CPU_ZERO(&me_.mask);
    me_.one_core = one_core(&me_.mask);
    MPI_Allgather(&me_.mask, (int)sizeof me_.mask, MPI_BYTE, all,
                  (int)sizeof me_.mask, MPI_BYTE, node);
    cpu_set_t any;
    int unknown = 0;
    CPU_ZERO(&any);
    for (int r = 0; r < local_size_; r++) {
        cpu_set_t both;
        CPU_AND(&both, &me_.mask, &all[r]);
        me_.shared += CPU_COUNT(&both) > 0;
        CPU_OR(&any, &any, &all[r]);
        unknown |= CPU_COUNT(&all[r]) == 0;
    }
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    me_.online = online > 0 && online < INT_MAX ? (int)online : 0;
    if (!unknown && me_.online > CPU_COUNT(&any))
        me_.idle = me_.online - CPU_COUNT(&any);
    free(all);
}

/* The OpenMP team by default (the library's --threads 0): this rank's
 * CPUs over the ranks that share them, at least 1, unless
 * OMP_NUM_THREADS says otherwise or the mask is unknown (then OpenMP's
 * default stays).  --threads N still overrides it: the library asks
 * OpenMP only for the default. */
static void size_team(void)
{
    const char *env = getenv("OMP_NUM_THREADS");
    int cpus = CPU_COUNT(&me_.mask);
    /* ranks of one node would take each other's threads for other work */
    if (local_size_ > 1)
        tkmi_threads_steady(1);
    if (env && env[0]) {
        team_from_ = "OMP_NUM_THREADS";
        return;
    }
    if (cpus == 0 || me_.shared == 0)
        return;
#ifdef _OPENMP
    omp_set_num_threads(cpus / me_.shared > 1 ? cpus / me_.shared : 1);
    team_from_ = widened_ ? "its share of the node's CPUs, in place of Open "
                            "MPI's default binding to one core"
                          : "its share of its CPUs";
#endif
}

/* Every rank's place to rank 0 (collective). */
static void gather_places(void)
{
    if (rank_ == 0 && !(places_ = malloc((size_t)size_ * sizeof *places_))) {
        fprintf(stderr, "trikmeans: out of memory for %d ranks' places\n",
                size_);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    MPI_Gather(&me_, (int)sizeof me_, MPI_BYTE, places_, (int)sizeof me_,
               MPI_BYTE, 0, MPI_COMM_WORLD);
}

/* A CPU set as a Linux CPU list ("0-3,8"; "" for none) in buf, cut after
 * the last whole range that fits (CLI_PAR_CPUS bytes hold any). */
static void cpu_list(const cpu_set_t *s, char *buf, size_t len)
{
    size_t at = 0;
    if (len)
        buf[0] = 0;
    for (int c = 0; c < CPU_SETSIZE; c++) {
        if (!CPU_ISSET(c, s))
            continue;
        int e = c;
        while (e + 1 < CPU_SETSIZE && CPU_ISSET(e + 1, s))
            e++;
        char one[32];
        int m = e > c ? snprintf(one, sizeof one, "%s%d-%d", at ? "," : "",
                                 c, e)
                      : snprintf(one, sizeof one, "%s%d", at ? "," : "", c);
        if (m < 0 || at + (size_t)m >= len)
            return;
        memcpy(buf + at, one, (size_t)m + 1);
        at += (size_t)m;
        c = e;
    }
}

int cli_par_place(int rank, char *cpus, size_t len)
{
    const place *p = rank == rank_ ? &me_
                     : rank_ == 0 && rank >= 0 && rank < size_ ? &places_[rank]
                                                               : NULL;
    if (len)
        cpus[0] = 0;
    if (!p)
        return -1;
    cpu_list(&p->mask, cpus, len);
    return p->local_rank;
}

int cli_par_confined(char *buf, size_t len)
{
    char who[128] = "";
    int n = 0, first = 0;
    for (int r = 0; rank_ == 0 && r < size_; r++) {
        if (!places_[r].one_core || places_[r].idle == 0)
            continue;
        size_t at = strlen(who);
        if (n == 0)
            first = r;
        if (n < 8)
            snprintf(who + at, sizeof who - at, "%s%d", n ? ", " : "", r);
        n++;
    }
    if (n > 8)
        snprintf(who + strlen(who), sizeof who - strlen(who), " and %d more",
                 n - 8);
    if (len)
        buf[0] = 0;
    if (n == 0)
        return 0;
    const place *p = &places_[first];
    const char *fix = "mpirun --bind-to none, or --map-by slot:PE=N for N "
                      "cores per rank,";
    if (n == 1)
        snprintf(buf, len, "rank %s is bound to one core while %d of the %d "
                 "online CPUs of its node %s in no rank's affinity mask: its "
                 "OpenMP threads share that core; %s lets it use the idle "
                 "ones", who, p->idle, p->online, p->idle == 1 ? "is" : "are",
                 fix);
    else
        snprintf(buf, len, "ranks %s are each bound to one core while %d of "
                 "the %d online CPUs of rank %d's node %s in no rank's "
                 "affinity mask: the OpenMP threads of each share its core; %s "
                 "lets them use the idle ones", who, p->idle, p->online, first,
                 p->idle == 1 ? "is" : "are", fix);
    return n;
}

/* ---- start and end -------------------------------------------------------- */

/* Open MPI 4 on a node with no fabric spends 0.2 s of MPI_Init probing
 * for one (the cm and ucx message layers: PSM, PSM2, UCX) before it
 * settles on ob1, its shared-memory and TCP layer; 0.03 s with ob1 named.
 * A job whose ranks all run on one node (OMPI_MCA_orte_num_nodes=1) has
 * no use for a fabric, so there ob1 is named, unless the user chose a
 * message layer (OMPI_MCA_pml or OMPI_MCA_mtl set, on the command line or
 * in the environment; a choice in an MCA parameter file yields to it). */
static void quick_start(void)
{
    const char *nodes = getenv("OMPI_MCA_orte_num_nodes");
    if (nodes && strcmp(nodes, "1") == 0 && !getenv("OMPI_MCA_pml") &&
        !getenv("OMPI_MCA_mtl"))
        setenv("OMPI_MCA_pml", "ob1", 0);
}

void cli_par_start(int *argc, char ***argv)
{
    int got = 0;
    rebind_default(*argv);
    quick_start();
    MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &got);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &size_);
    MPI_Comm node;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank_,
                        MPI_INFO_NULL, &node);
    MPI_Comm_rank(node, &local_rank_);
    MPI_Comm_size(node, &local_size_);
    find_place(node);
    MPI_Comm_free(&node);
    int first = local_rank_ == 0;
    MPI_Allreduce(&first, &nodes_, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    size_team();
    gather_places();
    /* made at start, so that no gather of a run can fail on one rank */
    if (!(counts_ = malloc(2 * (size_t)size_ * sizeof *counts_))) {
        fprintf(stderr, "trikmeans: out of memory for %d ranks' counts\n",
                size_);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    MPI_Type_contiguous(16, MPI_BYTE, &t_i128);
    MPI_Type_commit(&t_i128);
    MPI_Op_create(add_i128, 1, &op_sum_i128);
    comm_ = (tkm_comm){.rank = rank_, .size = size_, .ctx = NULL,
                       .sum_u64 = sum_u64, .sum_i128 = sum_i128,
                       .max_f64 = max_f64, .min_u64 = min_u64,
                       .gather = gather, .bcast = bcast};
    /* one summary: rank 0's; the others' standard output is dropped */
    if (rank_ != 0 && !freopen("/dev/null", "w", stdout))
        MPI_Abort(MPI_COMM_WORLD, 1);
}

int cli_par_end(int rc)
{
    /* every rank ends with the agreed status; a rank whose status
     * differs (it cannot, after cli_par_agree) would still not hang */
    MPI_Op_free(&op_sum_i128);
    MPI_Type_free(&t_i128);
    free(places_);
    free(counts_);
    MPI_Finalize();
    return rc;
}

int cli_par_rank(void) { return rank_; }
int cli_par_size(void) { return size_; }
int cli_par_built(void) { return 1; }
const tkm_comm *cli_par_comm(void) { return &comm_; }

int cli_par_hold(const char *text)
{
    if (rank_ == 0)
        return 0;
    if (!held_[0])
        snprintf(held_, sizeof held_, "%s", text);
    return 1;
}

int cli_par_agree(int rc)
{
    int first = rc != 0 ? rank_ : size_, code = rc;
    MPI_Allreduce(MPI_IN_PLACE, &first, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (first == size_) {
        held_[0] = 0;
        return 0;
    }
    MPI_Bcast(&code, 1, MPI_INT, first, MPI_COMM_WORLD);
    if (first != 0) {
        char text[sizeof held_];
        memcpy(text, held_, sizeof text);
        MPI_Bcast(text, (int)sizeof text, MPI_CHAR, first, MPI_COMM_WORLD);
        text[sizeof text - 1] = 0;
        if (rank_ == 0)
            fprintf(stderr, "trikmeans: rank %d of %d failed: %s", first,
                    size_, text[0] ? text : "(no message)\n");
    }
    held_[0] = 0;
    return code;
}

uint64_t cli_par_sum(uint64_t v)
{
    sum_u64(NULL, &v, 1);
    return v;
}

void cli_par_max(double *v, size_t count) { max_f64(NULL, v, count); }

void cli_par_gather(const double *mine, size_t count, double *all)
{
    if (count > INT_MAX)
        MPI_Abort(MPI_COMM_WORLD, 1);
    MPI_Gather(mine, (int)count, MPI_DOUBLE, all, (int)count, MPI_DOUBLE, 0,
               MPI_COMM_WORLD);
}

/* ---- one file from every rank ---------------------------------------------- */

/* Every rank's error (0 or an errno), the first non-zero by rank. */
static int agree_errno(int err)
{
    int first = err ? rank_ : size_;
    MPI_Allreduce(MPI_IN_PLACE, &first, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (first == size_)
        return 0;
    MPI_Bcast(&err, 1, MPI_INT, first, MPI_COMM_WORLD);
    return err;
}

int cli_par_write(const char *path, const void *bytes, size_t len, char *msg,
                  size_t msglen)
{
    char tmp[4096];
    long pid = (long)getpid();
    MPI_Bcast(&pid, 1, MPI_LONG, 0, MPI_COMM_WORLD);
    snprintf(tmp, sizeof tmp, "%s.tmp.%ld", path, pid);
    if (rank_ == 0)
        remove(tmp);
    MPI_Barrier(MPI_COMM_WORLD);
    unsigned long long mine = len, off = 0;
    MPI_Exscan(&mine, &off, 1, MPI_UNSIGNED_LONG_LONG, MPI_SUM,
               MPI_COMM_WORLD);
    if (rank_ == 0)
        off = 0; /* MPI_Exscan leaves rank 0's undefined */
    MPI_File fh;
    int err = MPI_File_open(MPI_COMM_WORLD, tmp,
                            MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL,
                            &fh) == MPI_SUCCESS ? 0 : EIO;
    if (err) {
        snprintf(msg, msglen, "%s: cannot create it (MPI-IO)", path);
        return err;
    }
    MPI_File_set_errhandler(fh, MPI_ERRORS_RETURN);
    for (size_t i = 0; !err && i < len; i += CHUNK) {
        int m = len - i < CHUNK ? (int)(len - i) : CHUNK;
        if (MPI_File_write_at(fh, (MPI_Offset)(off + i),
                              (const char *)bytes + i, m, MPI_BYTE,
                              MPI_STATUS_IGNORE) != MPI_SUCCESS)
            err = EIO;
    }
    if (MPI_File_sync(fh) != MPI_SUCCESS && !err)
        err = EIO;
    MPI_File_close(&fh);
    err = agree_errno(err);
    if (!err && rank_ == 0 && rename(tmp, path) != 0)
        err = errno ? errno : EIO;
    err = agree_errno(err);
    if (err) {
        if (rank_ == 0)
            remove(tmp);
        snprintf(msg, msglen, "%s: cannot write it: %s", path,
                 strerror(err));
    }
    return err;
}

void cli_par_describe(char *buf, size_t len)
{
    char lib[MPI_MAX_LIBRARY_VERSION_STRING], cpus[CLI_PAR_CPUS];
    int n = 0, threads = 1;
    MPI_Get_library_version(lib, &n);
    char *nl = strchr(lib, '\n');
    if (nl)
        *nl = 0;
    char *comma = strchr(lib, ',');
    if (comma)
        *comma = 0;
    cpu_list(&me_.mask, cpus, sizeof cpus);
#ifdef _OPENMP
    threads = omp_get_max_threads();
#endif
    snprintf(buf, len, "%s; %d rank%s on %d node%s (%d on this node, this "
             "is rank %d, node-local rank %d, CPUs %s shared by %d rank%s: "
             "%d OpenMP thread%s by default, from %s)", lib, size_,
             size_ == 1 ? "" : "s", nodes_, nodes_ == 1 ? "" : "s",
             local_size_, rank_, local_rank_, cpus[0] ? cpus : "unknown",
             me_.shared, me_.shared == 1 ? "" : "s", threads,
             threads == 1 ? "" : "s", team_from_);
}
