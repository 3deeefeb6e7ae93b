#!/usr/bin/env bash
# tests/man.sh BUILD_DIR [MANDIR]: hold the man pages to the program and
# the header they describe.  MANDIR defaults to the repository's man/.
#
#  render   each page formats with no roff warning (groff -ww, and man
#           --warnings where man is installed), and writes as \- every
#           hyphen that begins a word and every hyphen of code (.EX): what
#           a reader types from the page must be a hyphen-minus, which a
#           plain - need not render as;
#  options  for each command that 'trikmeans --help' lists, every long
#           option of 'trikmeans CMD --help' (and each short one it
#           defines) appears in trikmeans.1 under that command: its
#           subsection '.SS "trikmeans CMD"', plus the subsections it
#           names on a line '.\" takes: TITLE'; every long option named
#           there is one CMD takes.  The global options likewise under
#           OPTIONS.  Each command line in the page's examples uses only
#           its command's options;
#  api      every function, type and TKM_ constant of include/trikmeans.h
#           is named in trikmeans.3, and every one trikmeans.3 names is in
#           the header (tkm_version and TKM_VERSION_{MAJOR,MINOR,PATCH}
#           may come before the header declares them; they are required
#           once it does);
#  examples trikmeans.1's EXAMPLES run as written in an empty folder with
#           BUILD_DIR first on PATH; trikmeans.3's EXAMPLES program
#           compiles with -Wall -Wextra -Werror against the header and
#           BUILD_DIR/libtrikmeans.a and runs (link flags: TKM_LIBS, else
#           'make print-libs').
#
# Prints a line per check and a summary; exit status 0 when every check
# holds, 1 otherwise, 2 on a usage error.
set -u

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
    echo "usage: tests/man.sh BUILD_DIR [MANDIR]" >&2
    exit 2
fi
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "$1" 2>/dev/null && pwd) || { echo "man.sh: no folder $1" >&2; exit 2; }
mandir=${2:-$root/man}
bin=$build/trikmeans
page1=$mandir/trikmeans.1
page3=$mandir/trikmeans.3
header=$root/include/trikmeans.h
for f in "$bin" "$page1" "$page3" "$header"; do
    [ -e "$f" ] || { echo "man.sh: $f is missing" >&2; exit 2; }
done

scratch=$(mktemp -d) || exit 2
trap 'rm -rf "$scratch"' EXIT

checks=0
failed=0
ok() { checks=$((checks + 1)); echo "ok    $*"; }
bad() { checks=$((checks + 1)); failed=$((failed + 1)); echo "FAIL  $*"; }

# The source lines of the section or subsection titled $2 in page $1
# (quotes and a leading "trikmeans " dropped from titles), up to the next
# heading of its level or above.
block() {
    awk -v want="$2" '
        function title(s) { sub(/^\.S[HS][ \t]*/, "", s); gsub(/"/, "", s)
                            sub(/^trikmeans /, "", s); return s }
        /^\.SH([ \t]|$)/ { if (on) exit
                           if (title($0) == want) { on = 1; lvl = "SH"; next } }
        /^\.SS([ \t]|$)/ { if (on && lvl == "SS") exit
                           if (!on && title($0) == want) { on = 1; lvl = "SS"; next } }
        on { print }' "$1"
}

# roff source to the text a reader sees (enough of it to find names in):
# comments gone, \- a hyphen, font changes and zero-width escapes gone.
text_of() {
    sed -e '/^\.\\"/d' -e 's/\\".*//' -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' \
        -e 's/\\f(..//g' -e 's/\\f\[[^]]*\]//g' -e 's/\\[&%]//g' \
        -e "s/\\\\(aq/'/g" -e 's/\\(dq/"/g' -e 's/\\e/\\/g'
}

longopts() { grep -oE -- '--[a-z0-9][a-z0-9-]*' | sort -u; }
indent() { sed 's/^/      /'; }
words() { tr '\n' ' ' | sed -e 's/  */ /g' -e 's/^ //' -e 's/ $//'; }

# The code of the .EX/.EE blocks of a section, as a reader copies it; a
# line a formatter would take for a request, or an escape other than
# \- \e \(aq \(dq \&, fails, saying why in $scratch/why.
examples_of() {
    local src
    src=$(block "$1" "$2" | awk '/^\.EE/ { on = 0 } on { print } /^\.EX/ { on = 1 }')
    if printf '%s\n' "$src" | grep -qE "^[.']"; then
        echo "a line of its code starts with . or ' (write \\&. or \\&')" > "$scratch/why"
        return 1
    fi
    # shellcheck disable=SC1003 # '\' is one backslash
    if printf '%s\n' "$src" | sed -e 's/\\[-e&]//g' -e 's/\\(aq//g' \
            -e 's/\\(dq//g' | grep -qF '\'; then
        printf '%s\n' 'its code has an escape other than \- \e \(aq \(dq \&' > "$scratch/why"
        return 1
    fi
    printf '%s\n' "$src" | text_of
}

# ---- render ----------------------------------------------------------
for page in "$page1" "$page3"; do
    name=${page##*/}
    warn=$(groff -man -Tutf8 -ww -z "$page" 2>&1)
    if [ -n "$warn" ]; then bad "render $name: groff warns:"; printf '%s\n' "$warn" | indent
    else ok "render $name: groff -ww, no warning"; fi
    if command -v man >/dev/null; then
        warn=$(MANROFFSEQ='' MANWIDTH=80 man --warnings -E UTF-8 -l "$page" 2>&1 >/dev/null)
        if [ -n "$warn" ]; then bad "render $name: man warns:"; printf '%s\n' "$warn" | indent
        else ok "render $name: man --warnings, no warning"; fi
    fi
    # a word-initial '-' not written \- (comments aside)
    plain=$(grep -nvE '^\.\\"' "$page" | sed 's/\\".*//' |
            grep -E '(^[0-9]+:|[[:space:]("[|]|\\f[BIRP])-[-[:alnum:]]')
    # and every '-' of code: a formatter may print a plain one as U+2010
    plain=$plain$(awk '/^\.EE/ { on = 0 } on && /(^|[^\\])-/ { print FNR ": " $0 }
                      /^\.EX/ { on = 1 }' "$page")
    if [ -n "$plain" ]; then bad "render $name: hyphens to write as \\-:"; printf '%s\n' "$plain" | indent
    else ok "render $name: every leading hyphen, and every one of code, is \\-"; fi
done

# ---- options ---------------------------------------------------------
# compare the options of help text $2 with those of page text $3 for $1
compare_opts() {
    local what=$1 help=$2 text=$3 missing extra s
    missing=$(comm -23 <(printf '%s\n' "$help" | longopts) <(printf '%s\n' "$text" | longopts))
    extra=$(comm -13 <(printf '%s\n' "$help" | longopts) <(printf '%s\n' "$text" | longopts))
    for s in $(printf '%s\n' "$help" | grep -oE '^ +-[a-zA-Z]([ ,]|$)' | tr -d ' ,' | sort -u); do
        printf '%s\n' "$text" | grep -qE -- "(^|[^-[:alnum:]])$s([^-[:alnum:]]|$)" ||
            missing="$missing $s"
    done
    missing=$(printf '%s\n' "$missing" | words)
    extra=$(printf '%s\n' "$extra" | words)
    if [ -z "$missing$extra" ]; then ok "options $what: --help and trikmeans.1 agree"; return; fi
    [ -z "$missing" ] || bad "options $what: in --help, not in trikmeans.1: $missing"
    [ -z "$extra" ] || bad "options $what: in trikmeans.1, not in --help: $extra"
}

top_help=$("$bin" --help)
cmds=$(printf '%s\n' "$top_help" |
       awk '/^Commands:/ { on = 1; next } on && !/^ / { on = 0 } on && /^  [a-z]/ { print $1 }')
[ -n "$cmds" ] || bad "options: 'trikmeans --help' lists no command"
compare_opts "(global)" "$top_help" "$(block "$page1" OPTIONS | text_of)"

for cmd in $cmds; do
    src=$(block "$page1" "$cmd")
    if [ -z "$src" ]; then bad "options $cmd: no subsection .SS \"trikmeans $cmd\" in trikmeans.1"; continue; fi
    if [ "$cmd" = help ]; then ok "options help: has its subsection (no options)"; continue; fi
    if ! help=$("$bin" "$cmd" --help 2>&1); then bad "options $cmd: 'trikmeans $cmd --help' failed"; continue; fi
    text=$(printf '%s\n' "$src" | text_of)
    while IFS= read -r t; do
        more=$(block "$page1" "$t")
        [ -n "$more" ] || bad "options $cmd: '.\\\" takes: $t' names no subsection"
        text="$text
$(printf '%s\n' "$more" | text_of)"
    done < <(printf '%s\n' "$src" | sed -n 's/^\.\\" takes: //p')
    compare_opts "$cmd" "$help" "$text"
done

# command lines of every example in trikmeans.1: trikmeans[-mpi] CMD ...
# up to the next | ; or &&, continuation lines joined
ex_all=$(awk '/^\.EE/ { on = 0 } on { print } /^\.EX/ { on = 1 }' "$page1" |
         text_of | sed -e ':a' -e '/\\$/N; s/\\\n//; ta')
nlines=0
nbad=0
while IFS= read -r s; do
    [[ $s =~ trikmeans(-mpi)?\ +([a-z]+)(.*) ]] || continue
    cmd=${BASH_REMATCH[2]}
    args=${BASH_REMATCH[3]}
    nlines=$((nlines + 1))
    for o in $(printf '%s\n' "$args" | longopts); do
        "$bin" "$cmd" --help 2>/dev/null | longopts | grep -qxF -- "$o" || {
            nbad=$((nbad + 1))
            bad "options example: '$o' is no option of trikmeans $cmd: $s"; }
    done
done < <(printf '%s\n' "$ex_all" | sed -e 's/&&/;/g' -e 's/[|;]/\n/g')
if [ "$nlines" -eq 0 ]; then bad "options example: trikmeans.1 has no example command line"
elif [ "$nbad" -eq 0 ]; then ok "options example: the $nlines command lines of trikmeans.1's examples"; fi

# ---- api -------------------------------------------------------------
hdr=$(perl -0777 -pe 's{/\*.*?\*/}{}gs; s{//[^\n]*}{}g' "$header")
names=$( { printf '%s\n' "$hdr" | grep -oE '\btkm_[a-z0-9_]+[[:space:]]*\(' | tr -d '( \t'
           printf '%s\n' "$hdr" | grep -oE '\(\*tkm_[a-z0-9_]+\)' | tr -d '(*)'
           printf '%s\n' "$hdr" | grep -oE '\}[[:space:]]*tkm_[a-z0-9_]+[[:space:]]*;' | tr -d '}; \t'
           printf '%s\n' "$hdr" | grep -oE '\bTKM_[A-Z0-9_]+\b'; } | sort -u)
text3=$(text_of < "$page3")
named=$(printf '%s\n' "$text3" | grep -oE '\b(tkm_[a-z0-9_]+|TKM_[A-Z0-9_]+)\b' | sort -u)
missing=$(comm -23 <(printf '%s\n' "$names") <(printf '%s\n' "$named"))
# names a reader may see that are not the header's: the library's
# environment variables, and the version query the header is to gain
envs=$(grep -rhoE '(getenv|tkmi_env_count)\("TKM_[A-Z0-9_]+"' "$root/src" | grep -oE 'TKM_[A-Z0-9_]+' | grep -vx TKM_FAULT)
soon=$(printf '%s\n' tkm_version TKM_VERSION_MAJOR TKM_VERSION_MINOR TKM_VERSION_PATCH)
extra=$(comm -13 <(printf '%s\n' "$names" "$envs" "$soon" | grep . | sort -u) \
               <(printf '%s\n' "$named"))
if [ -z "$names" ]; then bad "api: no name found in $header"
elif [ -z "$missing$extra" ]; then ok "api: the $(printf '%s\n' "$names" | wc -l) names of trikmeans.h are in trikmeans.3, and no other"
else
    [ -z "$missing" ] || bad "api: in trikmeans.h, not in trikmeans.3: $(printf '%s\n' "$missing" | words)"
    [ -z "$extra" ] || bad "api: in trikmeans.3, not in trikmeans.h: $(printf '%s\n' "$extra" | words)"
fi

# ---- examples --------------------------------------------------------
mkdir "$scratch/run"
echo "it has none" > "$scratch/why"
if ! script=$(examples_of "$page1" EXAMPLES) || [ -z "$script" ]; then
    bad "examples trikmeans.1: no code to run: $(cat "$scratch/why")"
elif ! (cd "$scratch/run" && PATH="$build:$PATH" bash -e -c "$script") >"$scratch/run.log" 2>&1; then
    bad "examples trikmeans.1: the EXAMPLES failed; the last lines:"
    tail -n 8 "$scratch/run.log" | indent
else
    ok "examples trikmeans.1: EXAMPLES ran ($(printf '%s\n' "$script" | grep -c '^trikmeans') commands)"
fi

# what a program linking the public archive adds (the CUDA runtime is
# inside it; a CPU-only build takes the same flags, some of them unused)
if [ -n "${TKM_LIBS+x}" ]; then libs=$TKM_LIBS
else libs=$(make -s --no-print-directory -C "$root" print-libs)
fi
echo "it has none" > "$scratch/why"
if ! prog=$(examples_of "$page3" EXAMPLES) || [ -z "$prog" ]; then
    bad "examples trikmeans.3: no program to compile: $(cat "$scratch/why")"
else
    printf '%s\n' "$prog" > "$scratch/example.c"
    # shellcheck disable=SC2086 # $libs: several flags
    if ! ${CC:-cc} -std=c11 -Wall -Wextra -Werror -I"$root/include" \
            -o "$scratch/example" "$scratch/example.c" "$build/libtrikmeans.a" \
            $libs >"$scratch/cc.log" 2>&1; then
        bad "examples trikmeans.3: the program does not compile:"
        head -n 12 "$scratch/cc.log" | indent
    elif ! (cd "$scratch/run" && "$scratch/example") >"$scratch/ex.log" 2>&1; then
        bad "examples trikmeans.3: the program compiles but fails:"
        tail -n 8 "$scratch/ex.log" | indent
    else
        ok "examples trikmeans.3: the program compiles (-Wall -Wextra -Werror) and runs"
    fi
fi

echo "man.sh: $checks checks, $failed failed"
[ "$failed" -eq 0 ]
