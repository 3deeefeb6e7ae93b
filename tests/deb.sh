#!/bin/bash
# The Debian packages as a Debian user meets them (debian/; run as root,
# as this machine and CI do):
#  - build libtrikmeans0, libtrikmeans-dev, trikmeans-tools and
#    python3-trikmeans with dpkg-buildpackage -us -uc -b from a clean
#    copy of the committed tree (git archive HEAD: no build folder,
#    untracked file or uncommitted change gets in), the build
#    dependencies installed first where they are missing;
#  - install the four with apt-get, which brings what they depend on;
#  - the commands print the header's version; pkg-config finds the
#    packaged .pc; pkg/example/fit.c builds with pkg-config against the
#    shared library (and loads the packaged one) and against the static
#    one (libtrikmeans-dev's Depends are enough for that), and with
#    CMake's find_package where cmake is installed; each fits;
#  - Python's trikmeans is the packaged one, on the packaged library;
#  - man finds the pages where the source has them (skipped otherwise);
#  - lintian: its tags are printed, an E: fails the run;
#  - apt-get purge removes the four and leaves none of their files.
#
#   tests/deb.sh          DEB_KEEP=1 keeps the work folder (kept anyway
#                         when a check fails)
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
PKGS="libtrikmeans0 libtrikmeans-dev trikmeans-tools python3-trikmeans"
START=$SECONDS
. "$ROOT/tests/checks.sh"
phase() { echo "-- $1 (at $((SECONDS - START)) s)"; }
finish() {
    echo "deb.sh: $checks checks, $fails failed, $skips skipped," \
         "$((SECONDS - START)) s"
    if [ "$fails" = 0 ] && [ "${DEB_KEEP:-0}" != 1 ]; then rm -rf "$W"
    else echo "deb.sh: work folder kept: $W"; fi
    [ "$fails" = 0 ]
    exit
}

if [ "$(id -u)" != 0 ]; then
    echo "deb.sh: run as root (it installs and purges packages)"
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
# a system build: an interpreter on PATH from pyenv or a virtualenv would
# give pybuild a Python without the system's NumPy (the Makefile finds
# /usr/local/cuda/bin/nvcc by itself)
export PATH=/usr/sbin:/usr/bin:/sbin:/bin
unset PYTHONPATH PKG_CONFIG_PATH PKG_CONFIG_LIBDIR PKG_CONFIG_SYSROOT_DIR \
      LD_LIBRARY_PATH CFLAGS LDFLAGS CPPFLAGS
W=$(mktemp -d /tmp/trikmeans-deb.XXXXXX)
CHECK_OUT=$W/out
# readable by apt's _apt user, which fetches the local .deb files
chmod 755 "$W"
for p in $PKGS; do
    if dpkg-query -W -f='${db:Status-Abbrev}' "$p" 2>/dev/null | grep -q '^ii'; then
        echo "deb.sh: note: $p is installed already; it is replaced, then purged"
    fi
done

phase "source and build dependencies"
VER=$(sed -n 's/^#define TKM_VERSION_\(MAJOR\|MINOR\|PATCH\) *\([0-9]*\)$/\2/p' \
      "$ROOT/include/trikmeans.h" | paste -sd.)
SRC=$W/trikmeans-$VER
mkdir -p "$SRC"
if ! git -C "$ROOT" archive HEAD | tar -x -C "$SRC"; then
    fail "git archive HEAD"
    finish
fi
need=""
for t in dpkg-buildpackage:dpkg-dev lintian:lintian cc:gcc man:man-db; do
    command -v "${t%%:*}" >/dev/null || need="$need ${t#*:}"
done
if [ -n "$need" ]; then
    check "apt-get install$need" apt-get install -y --no-install-recommends $need
fi
if ! (cd "$SRC" && dpkg-checkbuilddeps) >/dev/null 2>&1; then
    check "apt-get build-dep (debian/control's Build-Depends)" \
        apt-get build-dep -y "$SRC"
fi
DEBVER=$(cd "$SRC" && dpkg-parsechangelog -S Version)
ARCH=$(dpkg --print-architecture)
MA=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
LIBDIR=/usr/lib/$MA
SONAME=libtrikmeans.so.${VER%%.*}
# packaged_so PATH: PATH names libtrikmeans0's library.  On a merged-/usr
# system (bookworm's) the loader's cache lists /lib/<triplet> first, so a
# program may name it /lib/$MA/$SONAME: the same file.
packaged_so() {
    case $1 in "$LIBDIR/$SONAME" | "/lib/$MA/$SONAME") ;; *) return 1 ;; esac
    [ "$(readlink -f "$1")" = "$(readlink -f "$LIBDIR/$SONAME")" ] &&
        { dpkg -S "$LIBDIR/$SONAME" || dpkg -S "/lib/$MA/$SONAME"; } 2>/dev/null |
        grep -q '^libtrikmeans0:'
}
check "debian/changelog's version $DEBVER is the header's $VER" \
    test "${DEBVER%-*}" = "$VER"

phase "dpkg-buildpackage -us -uc -b"
t0=$SECONDS
if (cd "$SRC" && dpkg-buildpackage -us -uc -b -j"$(nproc)") >"$W/build.log" 2>&1
then pass "dpkg-buildpackage ($((SECONDS - t0)) s; log $W/build.log)"
else
    fail "dpkg-buildpackage (log $W/build.log)"
    tail -30 "$W/build.log" | sed 's/^/     /'
    finish
fi
DEBS=""
for p in $PKGS; do
    f=$W/${p}_${DEBVER}_$ARCH.deb
    check "built $(basename "$f")" test -f "$f"
    DEBS="$DEBS $f"
done

phase "install"
check "apt-get install the four packages" apt-get install -y $DEBS
# the checks run in the work folder, away from the source tree
cd "$W"

V=$(/usr/bin/trikmeans --version 2>&1)
check "trikmeans --version prints 'trikmeans $VER' (it printed '$V')" \
    test "$V" = "trikmeans $VER"
# Open MPI refuses root unless told
V=$(OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
    /usr/bin/trikmeans-mpi --version 2>&1)
check "trikmeans-mpi --version prints 'trikmeans $VER' (it printed '$V')" \
    test "$V" = "trikmeans $VER"
check "trikmeans fits the bundled sample" \
    /usr/bin/trikmeans fit "$SRC/samples/blobs2d.csv" -k 8 -q \
    --labels "$W/labels.csv" --centroids "$W/centroids.csv"

# the packaged .pc alone: one under /usr/local must not answer instead
export PKG_CONFIG_LIBDIR=$LIBDIR/pkgconfig:/usr/share/pkgconfig
V=$(pkg-config --modversion trikmeans 2>&1)
check "pkg-config --modversion trikmeans is $VER (it said '$V')" \
    test "$V" = "$VER"
check "pkg-config: fit.c builds against the shared library" \
    example_so "$SRC" "$W/fit_so"
SO=$(ldd "$W/fit_so" | awk '$1 == "'"$SONAME"'" { print $3 }')
check "... and loads the packaged $SONAME (ldd: '$SO')" packaged_so "$SO"
check "... and fits (omp)" "$W/fit_so" omp
check "... a CUDA form runs or says why not" "$W/fit_so" cuda-shared
check "pkg-config --static: fit.c builds against libtrikmeans.a" \
    example_a "$SRC" "$LIBDIR/libtrikmeans.a" "$W/fit_a"
check "... and fits (seq)" "$W/fit_a" seq
if command -v cmake >/dev/null; then
    check "CMake find_package(trikmeans): configure and build" bash -c \
        "cmake -S '$SRC/pkg/example' -B '$W/cm' && cmake --build '$W/cm'"
    check "... trikmeans::trikmeans fits" "$W/cm/fit_shared" omp
    check "... trikmeans::trikmeans_static fits" "$W/cm/fit_static" seq
else
    skip "CMake find_package: cmake is not installed"
fi
unset PKG_CONFIG_LIBDIR

# -I: no PYTHONPATH, user site or current folder in the way
PYLIB=$(/usr/bin/python3 -I -c "import trikmeans; print(trikmeans.info()['library'])" 2>&1)
check "Python: trikmeans.info()['library'] is the packaged $SONAME (it said '$PYLIB')" \
    packaged_so "$PYLIB"
check "... the module is the packaged one, version $VER, and fits" \
    /usr/bin/python3 -I -c "import numpy as np, trikmeans
assert trikmeans.__file__.startswith('/usr/lib/python3/dist-packages/'), trikmeans.__file__
assert trikmeans.__version__ == '$VER', trikmeans.__version__
X = np.random.default_rng(3).normal(size=(500, 2))
km = trikmeans.KMeans(3, n_init=1, random_state=0).fit(X)
assert len(set(km.labels_)) == 3 and km.n_iter_ >= 1"

for m in 1:trikmeans 1:trikmeans-mpi 3:trikmeans; do
    s=${m%%:*}
    n=${m#*:}
    src=$SRC/man/$n.$s
    [ "$n" = trikmeans-mpi ] && src=$SRC/man/trikmeans.1
    if [ -f "$src" ]; then
        # trikmeans-mpi's page is a link to trikmeans's, which man names
        check "man -w $s $n finds a packaged page" bash -c \
            "man -w $s $n | grep -qx '/usr/share/man/man$s/[a-z-]*\.$s\.gz'"
    else
        skip "man -w $s $n: the source has no man/${src##*/}"
    fi
done

phase "lintian"
# as nobody where it can: lintian warns against running as root
LINTIAN="lintian --display-info $W/trikmeans_${DEBVER}_$ARCH.changes"
if runuser -u nobody -- true 2>/dev/null; then LINTIAN="runuser -u nobody -- $LINTIAN"; fi
echo "     $LINTIAN"
$LINTIAN >"$W/lintian.txt" 2>&1
sed 's/^/     /' "$W/lintian.txt"
echo "     ($(grep -c '^E:' "$W/lintian.txt") E, $(grep -c '^W:' "$W/lintian.txt") W," \
     "$(grep -c '^I:' "$W/lintian.txt") I)"
check "lintian reports no error" bash -c "! grep -q '^E:' '$W/lintian.txt'"

phase "purge"
check "apt-get purge the four packages" apt-get purge -y $PKGS
for p in $PKGS; do
    st=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null)
    check "... $p is gone (status '${st:-unknown}')" \
        test -z "${st%%*not-installed}"
done
check "... none of their files is left" bash -c \
    "! ls -d /usr/bin/trikmeans /usr/bin/trikmeans-mpi $LIBDIR/libtrikmeans.* \
       /usr/include/trikmeans.h $LIBDIR/pkgconfig/trikmeans.pc $LIBDIR/cmake/trikmeans \
       /usr/lib/python3/dist-packages/trikmeans 2>/dev/null | grep ."
finish
