# The counted checks of the shell tests (install.sh, deb.sh), sourced:
#   check DESCRIPTION COMMAND...   runs COMMAND; ok, or FAIL with the last
#                                  lines of its output (kept in CHECK_OUT)
#   pass / fail / skip DESCRIPTION  count one outcome by hand
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
