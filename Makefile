# trikmeans build.
#
#   make              libraries (build/libtrikmeans.so, build/libtrikmeans.a) and
#                     command (build/trikmeans)
#   make install      PREFIX (default /usr/local), DESTDIR, LIBDIR: the command,
#                     both libraries, the header, pkg-config and CMake files,
#                     man pages and docs; make uninstall removes them
#   make install-test install into a scratch DESTDIR and use that tree alone
#                     (pkg-config, CMake, nm, man -l, the installed command)
#   make deb-test     build, install, use and purge the Debian packages
#   make test         build and run every test program, both precisions
#   make sanitize     CPU build and tests under AddressSanitizer + UBSan
#   make deps         install the Debian packages the build and tests need
#   make FMA=0        build CUDA kernels without fused multiply-add contraction
#   make NVCC=        build without CUDA even where nvcc exists
#   make CMOCKA_DIR=D use a libcmocka-dev unpacked under D (dpkg -x)
#   make V=1          show every compiler command
#   make gpu-proof    on a machine with a GPU: tests, FMA=0 tests, sanitizers,
#                     checker and benchmark of the CUDA forms (tools/README.md)
#   make devdeps      download the .deb files the GPU machine lacks (.devdeps)
#   make fuzz         every reader under libFuzzer (clang, ASan + UBSan),
#                     FUZZ_SEC seconds each (default 600; fuzz/README.md)
#
# Every source that includes "real.h" is precision dependent and compiled
# twice, with -DTKM_PREC=32 into build/f32 and -DTKM_PREC=64 into build/f64.

BUILD    ?= build
V        ?= 0
Q        := $(if $(filter 1,$(V)),,@)
CC       ?= gcc
NVCC     ?= $(shell command -v nvcc 2>/dev/null || \
                    { test -x /usr/local/cuda/bin/nvcc && echo /usr/local/cuda/bin/nvcc; })
CUDA_HOME ?= $(patsubst %/bin/nvcc,%,$(NVCC))
FMA      ?= 1
SAN      ?=
OPT      ?= -O2
# position-independent objects (PIC=1, the default), so that the Python
# extension links the same library as the command
PIC      ?= 1

comma    := ,
WARN     := -Wall -Wextra -Werror
# every folder of the library is on the include path: a file names the
# header it uses, not where it lives
LIB_DIRS := src/common src/solve src/lloyd src/elkan src/hamerly \
            src/yinyang src/annulus src/exponion src/cuda src/io src/quality
INC      := -Iinclude $(addprefix -I,$(LIB_DIRS)) -Ikernels
CFLAGS   ?= $(OPT) -g
# a packager's (dpkg-buildflags): CPPFLAGS on every C compile, LDFLAGS on
# every link
CPPFLAGS ?=
LDFLAGS  ?=
# glibc's checked buffer calls, on in every build: Ubuntu's compilers turn
# them on by default and Debian's do not, so that a call that overruns its
# buffer (realpath into less than PATH_MAX) fails here as it fails there.
# A packager whose CPPFLAGS sets its own level: FORTIFY= (empty).
FORTIFY  ?= -U_FORTIFY_SOURCE -D_FORTIFY_SOURCE=2
CFLAGS   += -std=c11 -D_GNU_SOURCE -ffp-contract=off -fno-math-errno $(WARN) -fopenmp $(INC) $(SAN) $(FORTIFY)
ifeq ($(PIC),1)
CFLAGS   += -fPIC
endif
# CMOCKA_DIR: a root where libcmocka-dev was unpacked (dpkg -x), for machines
# where it cannot be installed (the GPU machine); empty = the system's.
CMOCKA_DIR ?=
CMOCKA_LIBDIR := $(CMOCKA_DIR)/usr/lib/x86_64-linux-gnu
LDLIBS   := $(if $(CMOCKA_DIR),-I$(CMOCKA_DIR)/usr/include -L$(CMOCKA_LIBDIR) \
              -Wl$(comma)-rpath$(comma)$(CMOCKA_LIBDIR)) -lcmocka
# zlib: the deflated members of .npz archives (src/io/io_npz.c)
LIBS     := -fopenmp -lm -lz

# OpenBLAS (libopenblas-dev) for the exact screening of Lloyd's and
# Hamerly's scans (src/common/screen.c); BLAS=0 builds without it
BLAS     ?= $(shell printf '\043include <cblas.h>\nint main(void){openblas_set_num_threads(1);return 0;}\n' | \
              $(CC) -x c - -lopenblas -o /dev/null 2>/dev/null && echo 1 || echo 0)
CFLAGS   += -DTKM_HAVE_BLAS=$(BLAS)
ifeq ($(BLAS),1)
LIBS     += -lopenblas
endif

ifneq ($(strip $(NVCC)),)
HAVE_CUDA := 1
CFLAGS   += -DTKM_HAVE_CUDA=1 -DTKM_CUDA_FMA=$(FMA) -I$(CUDA_HOME)/include
NVFLAGS  := -O3 -std=c++17 $(INC) -DTKM_HAVE_CUDA=1 \
            -gencode arch=compute_90,code=sm_90 \
            -gencode arch=compute_75,code=compute_75 \
            -Xcompiler -Wall,-Wextra,-Werror -Werror all-warnings \
            -DTKM_CUDA_FMA=$(FMA)
ifeq ($(FMA),0)
NVFLAGS  += --fmad=false
endif
ifeq ($(PIC),1)
NVFLAGS  += -Xcompiler -fPIC
endif
LIBS     += -L$(CUDA_HOME)/lib64 -lcudart_static -ldl -lrt -lpthread -lstdc++
else
HAVE_CUDA := 0
CFLAGS   += -DTKM_HAVE_CUDA=0 -DTKM_CUDA_FMA=-1
endif

LIB_SRC   := $(sort $(foreach d,$(LIB_DIRS),$(wildcard $(d)/*.c)))
PREC_SRC  := $(sort $(shell grep -l '^\#include "real.h"' $(LIB_SRC) 2>/dev/null))
PLAIN_SRC := $(filter-out $(PREC_SRC),$(LIB_SRC))
CU_SRC    := $(if $(filter 1,$(HAVE_CUDA)),$(sort $(wildcard kernels/*.cu)))
CLI_SRC   := $(sort $(wildcard src/cli/*.c src/bench/*.c))
TEST_SRC  := $(sort $(wildcard tests/test_*.c))
HEADERS   := $(wildcard include/*.h src/*/*.h kernels/*.h kernels/*.cuh tests/*.h)

PLAIN_OBJ := $(PLAIN_SRC:%.c=$(BUILD)/plain/%.o)
PREC_OBJ  := $(foreach p,f32 f64,$(PREC_SRC:%.c=$(BUILD)/$(p)/%.o))
CU_OBJ    := $(foreach p,f32 f64,$(CU_SRC:%.cu=$(BUILD)/$(p)/%.o))
LIB_OBJ   := $(PLAIN_OBJ) $(PREC_OBJ) $(CU_OBJ)
CLI_OBJ   := $(CLI_SRC:%.c=$(BUILD)/plain/%.o)
TESTS     := $(foreach p,f32 f64,$(TEST_SRC:tests/%.c=$(BUILD)/$(p)/tests/%))

# The version, read from include/trikmeans.h alone (TKM_VERSION_MAJOR ...)
tkm_ver   = $(shell sed -n 's/^\#define TKM_VERSION_$(1) *\([0-9][0-9]*\)$$/\1/p' include/trikmeans.h)
VER_MAJOR := $(call tkm_ver,MAJOR)
VER_MINOR := $(call tkm_ver,MINOR)
VER_PATCH := $(call tkm_ver,PATCH)
VERSION   := $(VER_MAJOR).$(VER_MINOR).$(VER_PATCH)

# LIB: every object with every symbol, for the command, the tests and the
# tools, which see the library's insides (tkmi_ names).  What a user links
# exports the public tkm_ names alone: the shared library through a version
# script (pkg/trikmeans.map), the static one as a single relocatable object
# whose other names (the CUDA runtime's included) objcopy has made local,
# so none of them can clash with a name of the program it is linked into.
LIB     := $(BUILD)/internal/libtrikmeans.a
BIN     := $(BUILD)/trikmeans
PUB_A   := $(BUILD)/libtrikmeans.a
SONAME  := libtrikmeans.so.$(VER_MAJOR)
SO_REAL := $(BUILD)/libtrikmeans.so.$(VERSION)
SO_LINKS := $(BUILD)/$(SONAME) $(BUILD)/libtrikmeans.so
PUB_OBJ := $(BUILD)/public/trikmeans.o
EXPORTS := $(BUILD)/public/exports.txt
# the CUDA runtime goes into both public libraries, so that a program links
# them without the CUDA toolkit and runs on machines with and without a GPU
CUDART_A := $(if $(filter 1,$(HAVE_CUDA)),$(CUDA_HOME)/lib64/libcudart_static.a)
# what a program that links the static library adds (pkg-config --static)
PUB_LIBS := $(filter-out -L% -lcudart_static -fopenmp,$(LIBS)) -lgomp
# the public libraries need position-independent objects and no sanitizer
DIST    := $(if $(filter 1,$(PIC)),$(if $(strip $(SAN)),,$(PUB_A) $(SO_REAL) $(SO_LINKS)))

# The fuzz harnesses (fuzz/NAME.c): each reader the command has.  Every
# build makes them as replay programs over the seed corpus and the inputs
# of past findings (run by make test); make fuzz makes them with libFuzzer.
FUZZ_NAMES := text npy raw npz mtx labels centroids preset
FUZZ_SEC   ?= 600
CLI_KIT    := $(filter-out $(BUILD)/plain/src/cli/main.o,$(CLI_OBJ))
REPLAYS    := $(FUZZ_NAMES:%=$(BUILD)/fuzz/replay-%)
FUZZERS    := $(FUZZ_NAMES:%=$(BUILD)/fuzz/fuzz-%)
# the GPU benchmark (tools/gpu-bench.c), in builds with CUDA
TOOLS := $(if $(filter 1,$(HAVE_CUDA)),$(BUILD)/gpu-bench)
# The MPI build (docs/mpi.md): the same command objects and library, with
# src/mpi/par_mpi.c in place of src/cli/par_none.c, linked by mpicc.  Made
# whenever mpicc is found (MPICC= leaves it out); the plain build links no
# MPI.
MPICC   ?= $(shell command -v mpicc 2>/dev/null)
MPI_BIN := $(if $(strip $(MPICC)),$(BUILD)/trikmeans-mpi)
MPI_KIT := $(filter-out $(BUILD)/plain/src/cli/par_none.o,$(CLI_OBJ))

# Test hooks, as SQLite's test builds have them: the fault injection of
# src/common/mem.c (TKM_FAULT, tkmi_fault_set) is compiled only with
# -DTKM_TESTHOOKS=1, into $(BUILD)/hooks/.  The test programs link that
# mem.o ahead of the library (its symbols are a superset of the
# library's mem.o, which the archive then never gives), and
# tests/mpi.sh's fault loop runs $(BUILD)/hooks/trikmeans-mpi; the
# shipped library and commands never read TKM_FAULT.  One file compiled
# twice (main.c too for the MPI command): no measurable cost.
HOOK_OBJ := $(BUILD)/hooks/src/common/mem.o
HOOK_MPI := $(if $(strip $(MPICC)),$(BUILD)/hooks/trikmeans-mpi)
# link options of single test programs, TEST_LD_<name> (GNU ld's
# --wrap): test_mem sees every block the library makes and frees
# (tests/alloc_track.h)
TEST_LD_test_mem := -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc \
                    -Wl,--wrap=aligned_alloc,--wrap=strdup,--wrap=free
# ... and so does test_sparse_io, of the sparse readers' failure paths
TEST_LD_test_sparse_io := $(TEST_LD_test_mem)
# test_core sees the team each of the library's parallel regions was
# granted (test_smaller_team), test_load the team of each iteration
TEST_LD_test_core := -Wl,--wrap=omp_get_num_threads
TEST_LD_test_load := -Wl,--wrap=omp_get_num_threads

.PHONY: all test sanitize deps clean info-build demo gpu-proof fuzz fuzzers \
        python python-test print-libs print-version devdeps install uninstall \
        install-test deb-test
.DELETE_ON_ERROR:

all: info-build $(LIB) $(BIN) $(DIST) $(TOOLS) $(MPI_BIN)

info-build:
ifeq ($(HAVE_CUDA),1)
	@echo "trikmeans: building with CUDA ($(NVCC)), FMA=$(FMA)"
else
	@echo "trikmeans: nvcc not found: building the CPU forms only (seq, omp);" \
	      "cuda-global and cuda-shared will report themselves absent"
endif

$(BUILD)/plain/%.o: %.c $(HEADERS)
	@mkdir -p $(dir $@)
	@echo "  CC      $@"
	$(Q)$(CC) $(CPPFLAGS) $(CFLAGS) -c $< -o $@

$(BUILD)/hooks/%.o: %.c $(HEADERS)
	@mkdir -p $(dir $@)
	@echo "  CC      $@"
	$(Q)$(CC) $(CPPFLAGS) $(CFLAGS) -DTKM_TESTHOOKS=1 -c $< -o $@

$(BUILD)/f32/%.o: %.c $(HEADERS)
	@mkdir -p $(dir $@)
	@echo "  CC      $@"
	$(Q)$(CC) $(CPPFLAGS) $(CFLAGS) -DTKM_PREC=32 -c $< -o $@

$(BUILD)/f64/%.o: %.c $(HEADERS)
	@mkdir -p $(dir $@)
	@echo "  CC      $@"
	$(Q)$(CC) $(CPPFLAGS) $(CFLAGS) -DTKM_PREC=64 -c $< -o $@

$(BUILD)/f32/%.o: %.cu $(HEADERS)
	@mkdir -p $(dir $@)
	@echo "  NVCC    $@"
	$(Q)$(NVCC) $(NVFLAGS) -DTKM_PREC=32 -c $< -o $@

$(BUILD)/f64/%.o: %.cu $(HEADERS)
	@mkdir -p $(dir $@)
	@echo "  NVCC    $@"
	$(Q)$(NVCC) $(NVFLAGS) -DTKM_PREC=64 -c $< -o $@

$(LIB): $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(Q)rm -f $@
	@echo "  AR      $@"
	$(Q)ar rcs $@ $^

# the names the static library keeps global: the public tkm_ ones, and
# the C++ runtime's hidden DW.ref.__gxx_personality_v0, which a static
# libstdc++ linked into a shared object (a Python extension) must find
$(EXPORTS): $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(Q)nm -g --defined-only $^ | \
	  awk 'NF == 3 && $$3 ~ /^(tkm_|DW\.ref\.)/ { print $$3 }' | sort -u > $@

$(PUB_OBJ): $(LIB_OBJ) $(EXPORTS)
	@echo "  LD -r   $@"
	$(Q)ld -r -d -o $@.all $(LIB_OBJ) $(CUDART_A)
	$(Q)objcopy --keep-global-symbols=$(EXPORTS) $@.all $@
	$(Q)rm -f $@.all

$(PUB_A): $(PUB_OBJ)
	$(Q)rm -f $@
	@echo "  AR      $@"
	$(Q)ar rcs $@ $<

$(SO_REAL): $(LIB_OBJ) pkg/trikmeans.map
	@echo "  LD      $@"
	$(Q)$(CC) $(CPPFLAGS) $(CFLAGS) $(LDFLAGS) -shared -o $@ -Wl,-soname,$(SONAME) \
	  -Wl,--version-script=pkg/trikmeans.map -Wl,--no-undefined \
	  -Wl,--exclude-libs,ALL $(LIB_OBJ) $(LIBS)

$(SO_LINKS): $(SO_REAL)
	$(Q)ln -sf $(notdir $(if $(filter %.so,$@),$(SONAME),$(SO_REAL))) $@

# the command and its evaluation harness also see each other's headers
$(CLI_OBJ) $(BUILD)/hooks/src/cli/main.o: CFLAGS += -Isrc/cli -Isrc/bench

$(BIN): $(CLI_OBJ) $(LIB)
	@echo "  LD      $@"
	$(Q)$(CC) $(CPPFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ $(CLI_OBJ) $(LIB) $(LIBS)

$(BUILD)/mpi/par_mpi.o: src/mpi/par_mpi.c $(HEADERS)
	@mkdir -p $(dir $@)
	@echo "  MPICC   $@"
	$(Q)OMPI_CC=$(CC) MPICH_CC=$(CC) $(MPICC) $(CPPFLAGS) $(CFLAGS) -Isrc/cli -c $< -o $@

$(BUILD)/trikmeans-mpi: $(MPI_KIT) $(BUILD)/mpi/par_mpi.o $(LIB)
	@echo "  LD      $@"
	$(Q)OMPI_CC=$(CC) MPICH_CC=$(CC) $(MPICC) $(CPPFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ $(MPI_KIT) \
	  $(BUILD)/mpi/par_mpi.o $(LIB) $(LIBS)

$(BUILD)/hooks/trikmeans-mpi: $(filter-out $(BUILD)/plain/src/cli/main.o,$(MPI_KIT)) \
                              $(BUILD)/hooks/src/cli/main.o $(HOOK_OBJ) \
                              $(BUILD)/mpi/par_mpi.o $(LIB)
	@echo "  LD      $@"
	$(Q)OMPI_CC=$(CC) MPICH_CC=$(CC) $(MPICC) $(CPPFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(LIBS)

$(BUILD)/gpu-bench: tools/gpu-bench.c $(LIB) $(HEADERS)
	@echo "  LD      $@"
	$(Q)$(CC) $(CPPFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ $< $(LIB) $(LIBS)

$(BUILD)/f32/tests/%: tests/%.c $(HOOK_OBJ) $(LIB) $(HEADERS)
	@mkdir -p $(dir $@)
	@echo "  LD      $@"
	$(Q)$(CC) $(CPPFLAGS) $(CFLAGS) $(LDFLAGS) -DTKM_TESTHOOKS=1 -Itests -DTKM_PREC=32 -o $@ $< \
	  $(HOOK_OBJ) $(LIB) $(TEST_LD_$*) $(LDLIBS) $(LIBS)

$(BUILD)/f64/tests/%: tests/%.c $(HOOK_OBJ) $(LIB) $(HEADERS)
	@mkdir -p $(dir $@)
	@echo "  LD      $@"
	$(Q)$(CC) $(CPPFLAGS) $(CFLAGS) $(LDFLAGS) -DTKM_TESTHOOKS=1 -Itests -DTKM_PREC=64 -o $@ $< \
	  $(HOOK_OBJ) $(LIB) $(TEST_LD_$*) $(LDLIBS) $(LIBS)

$(BUILD)/fuzz/replay-%: fuzz/%.c fuzz/fuzz.c fuzz/replay.c $(CLI_KIT) $(LIB) $(HEADERS) fuzz/fuzz.h
	@mkdir -p $(dir $@)
	@echo "  LD      $@"
	$(Q)$(CC) $(CPPFLAGS) $(CFLAGS) $(LDFLAGS) -Isrc/cli -Isrc/bench -Ifuzz -o $@ fuzz/$*.c fuzz/fuzz.c fuzz/replay.c $(CLI_KIT) $(LIB) $(LIBS)

$(BUILD)/fuzz/fuzz-%: fuzz/%.c fuzz/fuzz.c $(CLI_KIT) $(LIB) $(HEADERS) fuzz/fuzz.h
	@mkdir -p $(dir $@)
	@echo "  LD      $@"
	$(Q)$(CC) $(CPPFLAGS) $(CFLAGS) $(LDFLAGS) -fsanitize=fuzzer -Isrc/cli -Isrc/bench -Ifuzz -o $@ fuzz/$*.c fuzz/fuzz.c $(CLI_KIT) $(LIB) $(LIBS)

fuzzers: $(FUZZERS)

# libFuzzer needs clang; the build is CPU-only, ASan + UBSan, in build-fuzz.
fuzz:
	$(MAKE) BUILD=build-fuzz NVCC= CC=clang OPT=-O1 \
	  SAN="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer" \
	  fuzzers
	FUZZ_SEC=$(FUZZ_SEC) bash tools/fuzz.sh build-fuzz $(FUZZ_NAMES)

# The Python package (python/): its extension module built in place against
# this build's library, for the interpreter PY; tested with pytest.
PY       ?= /usr/bin/python3
PY_EXT    = $(shell $(PY) -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))')
PY_INC    = $(shell $(PY) -c 'import sysconfig; print(sysconfig.get_paths()["include"])')
NP_INC    = $(shell $(PY) -c 'import numpy; print(numpy.get_include())')
PY_MOD    = python/trikmeans/_core$(PY_EXT)
python: $(PUB_A) python/trikmeans/_core.c include/trikmeans.h
	@echo "  LD      $(PY_MOD)"
	$(Q)$(CC) $(CPPFLAGS) $(CFLAGS) $(LDFLAGS) -shared -I$(PY_INC) -I$(NP_INC) -o $(PY_MOD) \
	  python/trikmeans/_core.c $(PUB_A) $(PUB_LIBS)

# what a program that links build/libtrikmeans.a adds (python/setup.py asks)
print-libs:
	@echo $(PUB_LIBS)

print-version:
	@echo $(VERSION)

python-test: python
	cd python && TKM_BIN=$(abspath $(BIN)) $(PY) -m pytest -q tests

# PYTHON_TESTS=0 leaves the Python package's tests out (tools/gpu-proof.sh,
# where no interpreter has NumPy, pytest and Python's headers).
PYTHON_TESTS ?= 1
# Each test program runs from the repository root; TKM_BIN lets the command
# tests find the trikmeans binary of this build.  Then the fuzz harnesses
# replay their seeds and past findings, and (outside sanitizer builds,
# whose library Python cannot load) the Python package's tests run.
test: all $(TESTS) $(REPLAYS) $(HOOK_MPI)
	@fail=0; for t in $(TESTS); do \
	  echo "== $$t"; \
	  TKM_BIN=$(BIN) $$t || fail=1; \
	done; \
	for n in $(FUZZ_NAMES); do \
	  $(BUILD)/fuzz/replay-$$n fuzz/corpus/$$n fuzz/regress/$$n || fail=1; \
	done; \
	if [ -n "$(MPI_BIN)" ]; then \
	  echo "== mpi (tests/mpi.sh)"; \
	  ASAN_OPTIONS=detect_leaks=0 PY=$(PY) tests/mpi.sh $(BUILD) || fail=1; \
	fi; \
	if [ -z "$(SAN)" ] && [ "$(PYTHON_TESTS)" = 1 ]; then \
	  echo "== python (pytest)"; \
	  $(MAKE) --no-print-directory python-test || fail=1; \
	fi; \
	if [ $$fail -ne 0 ]; then echo "make test: FAILED"; exit 1; fi; \
	echo "make test: all test programs passed"

sanitize:
	$(MAKE) BUILD=build-san NVCC= OPT=-O1 \
	  SAN="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer" \
	  test

# libopenblas0-pthread: scikit-learn (the benchmarks' reference) on an optimised
# BLAS instead of the reference one Debian installs with it
# clang, libclang-rt-dev, libomp-dev: make fuzz (libFuzzer, OpenMP under clang)
# python3-dev, python3-numpy, python3-pytest, python3-sklearn, python3-pandas:
# the Python package and its tests (python/tests/conftest.py fails the run
# when one of them is missing, rather than skipping what needs it)
# libopenmpi-dev, openmpi-bin: the MPI build (build/trikmeans-mpi) and its tests
# libopenblas-dev: the exact screening of Lloyd's and Hamerly's scans (GEMM)
# cmake, pkg-config, man-db, python3-setuptools: make install-test (the
# installed tree as a user's build and Python meet it)
# zlib1g-dev: the .npz reader (deflated members); python3-scipy: sparse
# input in the Python package's tests (scikit-learn brings it too)
DEB_PKGS := gcc make libcmocka-dev zlib1g-dev python3-scipy python3-sklearn gnuplot-nox libopenblas0-pthread \
            clang libclang-rt-dev libomp-dev python3-dev python3-numpy python3-pytest \
            python3-pandas libopenmpi-dev openmpi-bin libopenblas-dev \
            cmake pkg-config man-db python3-setuptools
deps:
	@missing=""; for p in $(DEB_PKGS); do \
	  dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -z "$$missing" ]; then echo "deps: all present ($(DEB_PKGS))"; \
	elif [ "$$(id -u)" = 0 ]; then \
	  echo "deps: installing$$missing"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	else echo "deps: missing$$missing; run: sudo apt-get install$$missing"; exit 1; fi

clean:
	rm -rf build build-san build-nofma build-fuzz python/trikmeans/_core*.so

gpu-proof:
	CMOCKA_DIR=$(CMOCKA_DIR) bash tools/gpu-proof.sh

# make install: where each part goes (GNU's names; LIBDIR=/usr/lib/$(multiarch)
# for a Debian layout).  Nothing is built as root: make first, then install.
PREFIX   ?= /usr/local
DESTDIR  ?=
BINDIR   ?= $(PREFIX)/bin
LIBDIR   ?= $(PREFIX)/lib
INCDIR   ?= $(PREFIX)/include
MANDIR   ?= $(PREFIX)/share/man
DOCDIR   ?= $(PREFIX)/share/doc/trikmeans
PCDIR    := $(LIBDIR)/pkgconfig
CMAKEDIR := $(LIBDIR)/cmake/trikmeans
INSTALL  ?= install
DOCS     := README.md CHANGELOG.md $(wildcard docs/*.md)
MAN1     := $(wildcard man/*.1)
MAN3     := $(wildcard man/*.3)
empty    :=
space    := $(empty) $(empty)
CMAKE_LIBS = $(subst $(space),;,$(strip $(patsubst -l%,%,$(PUB_LIBS))))
LIB_TO_INC = $(shell realpath -m --relative-to=$(LIBDIR) $(INCDIR))
PKG_SED = sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@LIBDIR@|$(LIBDIR)|g' \
  -e 's|@INCDIR@|$(INCDIR)|g' -e 's|@VERSION@|$(VERSION)|g' \
  -e 's|@VER_MAJOR@|$(VER_MAJOR)|g' -e 's|@PUB_LIBS@|$(PUB_LIBS)|g' \
  -e 's|@CMAKE_LIBS@|$(CMAKE_LIBS)|g' -e 's|@LIB_TO_INC@|$(LIB_TO_INC)|g'
D := $(DESTDIR)

install:
	@for f in $(BIN) $(PUB_A) $(SO_REAL); do test -e $$f || { \
	  echo "install: $$f is not built: run make first (PIC=1, no SAN)"; \
	  exit 1; }; done
	$(INSTALL) -d $(D)$(BINDIR) $(D)$(LIBDIR) $(D)$(INCDIR) $(D)$(PCDIR) \
	  $(D)$(CMAKEDIR) $(D)$(MANDIR)/man1 $(D)$(MANDIR)/man3 $(D)$(DOCDIR)
	$(INSTALL) -m 755 $(BIN) $(MPI_BIN) $(D)$(BINDIR)/
	$(INSTALL) -m 644 $(PUB_A) $(D)$(LIBDIR)/
	$(INSTALL) -m 755 $(SO_REAL) $(D)$(LIBDIR)/
	ln -sf libtrikmeans.so.$(VERSION) $(D)$(LIBDIR)/$(SONAME)
	ln -sf $(SONAME) $(D)$(LIBDIR)/libtrikmeans.so
	$(INSTALL) -m 644 include/trikmeans.h $(D)$(INCDIR)/
	$(PKG_SED) pkg/trikmeans.pc.in > $(D)$(PCDIR)/trikmeans.pc
	$(PKG_SED) pkg/trikmeansConfig.cmake.in > $(D)$(CMAKEDIR)/trikmeansConfig.cmake
	$(PKG_SED) pkg/trikmeansConfigVersion.cmake.in \
	  > $(D)$(CMAKEDIR)/trikmeansConfigVersion.cmake
	for m in $(MAN1) $(MAN3); do \
	  $(PKG_SED) $$m > $(D)$(MANDIR)/man$${m##*.}/$${m##*/}; done
	$(if $(MPI_BIN),echo '.so man1/trikmeans.1' > $(D)$(MANDIR)/man1/trikmeans-mpi.1)
	$(INSTALL) -m 644 $(DOCS) $(D)$(DOCDIR)/
	@if [ -z "$(DESTDIR)" ] && [ "$$(id -u)" = 0 ] && command -v ldconfig >/dev/null; \
	then ldconfig; fi

uninstall:
	rm -f $(D)$(BINDIR)/trikmeans $(D)$(BINDIR)/trikmeans-mpi \
	  $(D)$(LIBDIR)/libtrikmeans.a $(D)$(LIBDIR)/libtrikmeans.so.$(VERSION) \
	  $(D)$(LIBDIR)/$(SONAME) $(D)$(LIBDIR)/libtrikmeans.so \
	  $(D)$(INCDIR)/trikmeans.h $(D)$(PCDIR)/trikmeans.pc \
	  $(D)$(CMAKEDIR)/trikmeansConfig.cmake \
	  $(D)$(CMAKEDIR)/trikmeansConfigVersion.cmake \
	  $(addprefix $(D)$(MANDIR)/man1/,$(notdir $(MAN1)) trikmeans-mpi.1) \
	  $(addprefix $(D)$(MANDIR)/man3/,$(notdir $(MAN3))) \
	  $(addprefix $(D)$(DOCDIR)/,$(notdir $(DOCS)))
	-rmdir $(D)$(CMAKEDIR) $(D)$(DOCDIR) 2>/dev/null
	@if [ -z "$(DESTDIR)" ] && [ "$$(id -u)" = 0 ] && command -v ldconfig >/dev/null; \
	then ldconfig; fi

# The man pages held to the command and the header (tests/man.sh), then
# what a user of the installed tree does, against that tree alone
# (tests/install.sh): CI runs both.
install-test: all
	bash tests/man.sh $(BUILD)
	bash tests/install.sh $(BUILD)

# The Debian packages (debian/) built from a clean copy of HEAD with
# dpkg-buildpackage, installed, used and purged (tests/deb.sh; as root,
# about 4 minutes on 2 cores): CI runs it.
deb-test:
	bash tests/deb.sh

# The Debian packages the GPU machine lacks and cannot install (it reaches
# no registry): downloaded here into .devdeps, carried there and unpacked
# by tools/gpu-proof.sh (dpkg -x).
DEVDEBS := libcmocka0 libcmocka-dev zlib1g-dev
devdeps:
	mkdir -p .devdeps && cd .devdeps && apt-get download $(DEVDEBS)

# The README's main job: the quick benchmark preset (the bundled sample and
# a generated set, every solver that can run here, f32 and f64), scikit-learn
# beside it where /usr/bin/python3 has it, and the report with its plots:
# $(DEMO_OUT)/report.md, plots in $(DEMO_OUT)/plots/.
DEMO_OUT ?= $(BUILD)/demo
demo: all
	$(BIN) bench samples/eval/quick.preset --out $(DEMO_OUT) --no-report --force
	@if /usr/bin/python3 -c 'import sklearn' >/dev/null 2>&1; then \
	  /usr/bin/python3 samples/sklearn_compare.py $(DEMO_OUT) \
	    --trikmeans $(BIN) --no-report || \
	  echo "demo: scikit-learn disagrees somewhere: see the table above"; \
	else echo "demo: no scikit-learn for /usr/bin/python3 (make deps):" \
	  "report without it"; fi
	$(BIN) report $(DEMO_OUT)
	@echo "demo: open $(DEMO_OUT)/report.md"
