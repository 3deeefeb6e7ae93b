# The counted checks of the shell tests (install.sh, deb.sh), sourced:
#   check DESCRIPTION COMMAND...   runs COMMAND; ok, or FAIL with the last
#                                  lines of its output (kept in CHECK_OUT)
#   pass / fail / skip DESCRIPTION  count one outcome by hand
#   example_so, example_a          build pkg/example/fit.c (below)
# The caller sets CHECK_OUT (a scratch file) and reads checks, fails, skips.
checks=0
fails=0
skips=0
pass() { checks=$((checks + 1)); echo "ok   $1"; }
fail() { checks=$((checks + 1)); fails=$((fails + 1)); echo "FAIL $1"; }
skip() { skips=$((skips + 1)); echo "skip $1"; }
check() {
    local what=$1
    shift
    if "$@" >"$CHECK_OUT" 2>&1; then pass "$what"; else
        fail "$what"
        tail -20 "$CHECK_OUT" | sed 's/^/     /'
    fi
}

# pkg/example/fit.c under SRC, built as a user builds against trikmeans,
# through the pkg-config tree the caller exported: with the shared library,
#   example_so SRC OUT [CFLAGS...]
# or with the static one named by its path, pkg-config's --static
# libraries beside it,
#   example_a SRC LIBTRIKMEANS_A OUT [CFLAGS...]
example_so() {
    local src=$1 out=$2
    shift 2
    # shellcheck disable=SC2046 # pkg-config's answer is several flags
    ${CC:-cc} -std=c11 -Wall -Wextra -Werror "$@" "$src/pkg/example/fit.c" \
        $(pkg-config --cflags --libs trikmeans) -lm -o "$out"
}
example_a() {
    local src=$1 lib=$2 out=$3
    shift 3
    # shellcheck disable=SC2046
    ${CC:-cc} -std=c11 -Wall -Wextra -Werror "$@" "$src/pkg/example/fit.c" \
        $(pkg-config --cflags trikmeans) "$lib" \
        $(pkg-config --static --libs-only-l trikmeans | sed 's/-ltrikmeans//') \
        -lm -o "$out"
}
