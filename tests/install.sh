#!/bin/bash
# The installed tree as a user meets it (make install-test; CI runs it):
# make install into a scratch DESTDIR, then, against that tree alone,
#  - every file where it belongs, the shared library's links and soname;
#  - the shared library exports the header's tkm_ functions and nothing
#    else, and the static library defines no other global name;
#  - pkg-config and CMake's find_package build pkg/example/fit.c with the
#    shared and the static library; each program checks its fit apart
#    from the library (nearest labels, centroids the means), and one
#    defines a function named as one of the library's internals, which
#    links only if the library keeps its names to itself;
#  - find_package refuses a version it cannot give;
#  - the Python extension builds against the installed library, loads it
#    from the tree and fits;
#  - every man page renders without a warning;
#  - the installed command prints the version and fits the bundled sample;
#  - the docs' calls name only options the command has, and docs/fit.md's
#    first example runs as written;
#  - make uninstall leaves no file behind.
#
#   tests/install.sh BUILD_DIR
set -u
B=${1:-build}
cd "$(dirname "$0")/.."
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
D=$T/dest
P=/usr/local
L=$D$P/lib
CHECK_OUT=$T/out
. tests/checks.sh

VERSION=$(make -s BUILD="$B" print-version)
MAJOR=${VERSION%%.*}
if ! make -s BUILD="$B" install DESTDIR="$D" PREFIX="$P" >"$T/log" 2>&1; then
    cat "$T/log"
    echo "install.sh: make install failed"
    exit 1
fi

for f in bin/trikmeans lib/libtrikmeans.a "lib/libtrikmeans.so.$VERSION" \
         include/trikmeans.h lib/pkgconfig/trikmeans.pc \
         lib/cmake/trikmeans/trikmeansConfig.cmake \
         lib/cmake/trikmeans/trikmeansConfigVersion.cmake \
         share/man/man1/trikmeans.1 share/man/man3/trikmeans.3 \
         share/doc/trikmeans/README.md share/doc/trikmeans/CHANGELOG.md \
         share/doc/trikmeans/fit.md; do
    check "installed $f" test -f "$D$P/$f"
done
check "libtrikmeans.so -> .so.$MAJOR -> .so.$VERSION" test \
    "$(readlink "$L/libtrikmeans.so")" = "libtrikmeans.so.$MAJOR" -a \
    "$(readlink "$L/libtrikmeans.so.$MAJOR")" = "libtrikmeans.so.$VERSION"
check "soname libtrikmeans.so.$MAJOR" \
    grep -q "SONAME.*\[libtrikmeans.so.$MAJOR\]" \
    <(readelf -d "$L/libtrikmeans.so.$VERSION")

# the header's functions: every tkm_ name followed by '('
grep -o '\btkm_[a-z0-9_]*(' include/trikmeans.h | tr -d '(' | sort -u >"$T/api"
nm -D --defined-only "$L/libtrikmeans.so.$VERSION" |
    awk '$2 != "A" { sub(/@.*/, "", $3); print $3 }' | sort -u >"$T/dyn"
check "the shared library exports tkm_ names alone ($(wc -l <"$T/dyn"))" \
    test -z "$(grep -v '^tkm_' "$T/dyn")"
check "it exports every function of the header ($(wc -l <"$T/api"))" \
    test -z "$(comm -23 "$T/api" "$T/dyn")"
# beside them only the C++ runtime's hidden DW.ref.* (weak, never exported)
nm -g --defined-only "$L/libtrikmeans.a" | awk 'NF == 3 { print $3 }' \
    | sort -u >"$T/sta"
check "the static library defines tkm_ names alone" \
    test -z "$(grep -v '^tkm_' "$T/sta" | grep -v '^DW\.ref\.')"
check "... every function of the header" test -z "$(comm -23 "$T/api" "$T/sta")"
# a name the library defines and uses inside
CLASH=$(nm -g --defined-only "$B/internal/libtrikmeans.a" |
        awk '$2 == "T" && $3 ~ /^tkmi_/ { print $3; exit }')
check "an internal name to clash with ($CLASH)" test -n "$CLASH"

export PKG_CONFIG_PATH=$L/pkgconfig PKG_CONFIG_SYSROOT_DIR=$D
export LD_LIBRARY_PATH=$L
check "pkg-config --modversion trikmeans = $VERSION" \
    test "$(pkg-config --modversion trikmeans)" = "$VERSION"
check "pkg-config: build against the shared library" \
    example_so . "$T/fit_so" -DCLASH="$CLASH"
check "... it loads the installed libtrikmeans.so.$MAJOR" \
    grep -q "$L/libtrikmeans.so.$MAJOR" <(ldd "$T/fit_so")
check "... and fits (omp)" "$T/fit_so" omp
check "... a CUDA form runs or says why not" "$T/fit_so" cuda-shared
check "pkg-config --static: build against the static library" \
    example_a . "$L/libtrikmeans.a" "$T/fit_a" -DCLASH="$CLASH"
check "... it needs no libtrikmeans.so" \
    test -z "$(ldd "$T/fit_a" | grep libtrikmeans)"
check "... and fits (seq)" "$T/fit_a" seq

if command -v cmake >/dev/null; then
    check "CMake find_package: configure" cmake -S pkg/example -B "$T/cm" \
        -DCMAKE_PREFIX_PATH="$D$P" -DCMAKE_BUILD_TYPE=Release
    check "... build" cmake --build "$T/cm"
    check "... trikmeans::trikmeans fits" "$T/cm/fit_shared" omp
    check "... trikmeans::trikmeans_static fits" "$T/cm/fit_static" seq
    mkdir -p "$T/cmv"
    sed "s/find_package(trikmeans [0-9.]*/find_package(trikmeans $((MAJOR + 1)).0/" \
        pkg/example/CMakeLists.txt >"$T/cmv/CMakeLists.txt"
    cp pkg/example/fit.c "$T/cmv/"
    check "... find_package(trikmeans $((MAJOR + 1)).0) is refused" \
        bash -c "! cmake -S '$T/cmv' -B '$T/cmv/b' -DCMAKE_PREFIX_PATH='$D$P'"
else
    fail "cmake is not installed (make deps)"
fi

# from the man tree's root, where a page's .so request (trikmeans-mpi.1)
# finds the page it names
for m in "$D$P"/share/man/man*/*; do
    m=${m#"$D$P/share/man/"}
    check "man -l share/man/$m renders without a warning" bash -c \
        "cd '$D$P/share/man' && export MANWIDTH=80 &&
         man --warnings -l '$m' 2>&1 >/dev/null | (! grep .) &&
         lines=\$(man -l '$m' 2>/dev/null | wc -l) &&
         { [ \"\$lines\" -gt 20 ] ||
           { echo \"man -l gave \$lines lines (groff missing?)\"; false; }; }"
done

PY=${PY:-/usr/bin/python3}
check "Python: the extension built against the installed library" bash -c \
    "cd python && TRIKMEANS_LINK=installed '$PY' setup.py -q build_ext --force \
     --build-lib '$T/py' --build-temp '$T/pytmp' && cp -r trikmeans/*.py '$T/py/trikmeans/'"
check "... loads libtrikmeans.so.$MAJOR from the tree and fits" env PYTHONPATH="$T/py" \
    "$PY" -c "import numpy as np, trikmeans
i = trikmeans.info()
assert i['library'] == '$L/libtrikmeans.so.$MAJOR', i['library']
assert trikmeans.__version__ == '$VERSION'
X = np.random.default_rng(3).normal(size=(500, 2))
km = trikmeans.KMeans(3, n_init=1, random_state=0).fit(X)
assert len(set(km.labels_)) == 3 and km.n_iter_ >= 1"

check "trikmeans --version" \
    test "$("$D$P/bin/trikmeans" --version)" = "trikmeans $VERSION"
check "the installed command fits the bundled sample" \
    "$D$P/bin/trikmeans" fit samples/blobs2d.csv -k 8 -q \
    --labels "$T/labels.csv" --centroids "$T/centroids.csv"
check "... a label for each of its $(grep -c . samples/blobs2d.csv) rows" test \
    "$(grep -c . "$T/labels.csv")" = "$(grep -c . samples/blobs2d.csv)"

check "every call the docs show names options the command has" \
    "$PY" tests/doc_examples.py --bin "$D$P/bin/trikmeans" README.md docs/*.md
check "the README's calls write under build/ alone" \
    "$PY" tests/doc_examples.py --bin "$D$P/bin/trikmeans" \
    --outputs-under build/ README.md
# docs/fit.md's first example, as written, in a scratch folder
sed -n '/^    trikmeans/,/^$/p' docs/fit.md | sed '/^$/q' >"$T/fit-example.sh"
check "docs/fit.md's first example runs as written ($(grep -c '^    trikmeans' "$T/fit-example.sh") commands)" \
    bash -c "mkdir -p '$T/ex' && cd '$T/ex' && PATH='$D$P/bin':\$PATH &&
             set -e && . '$T/fit-example.sh' && test -s labels.npy"

check "make uninstall" make -s BUILD="$B" uninstall DESTDIR="$D" PREFIX="$P"
check "... leaves no file" test -z "$(find "$D" ! -type d)"

echo "install.sh: $checks checks, $fails failed"
[ "$fails" = 0 ]
