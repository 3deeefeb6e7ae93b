#!/usr/bin/env python3
"""The command lines the docs show, held to the command they show
(tests/install.sh runs this against the installed trikmeans).

Every `trikmeans ...` (or `build/trikmeans`, `trikmeans-mpi`) call in a
code block of the given Markdown files must name a subcommand that exists
and only options that subcommand's --help lists.  Lines the docs quote
as output ("trikmeans fit: warning: ...") are not calls.  Placeholders in
capitals and [optional] brackets are allowed; the options inside them are
checked all the same.

With --outputs-under DIR, every file or folder a call writes must lie
under DIR (the README's calls write under build/, which git ignores).

    tests/doc_examples.py --bin BIN [--outputs-under DIR] FILE.md ...
"""
import argparse
import re
import shlex
import subprocess
import sys


# the options that name a file or folder a subcommand writes
OUTPUTS = {"fit": ("--labels", "--centroids", "--stats"),
           "predict": ("--labels", "--transform"), "gen": ("--out", "--labels"),
           "init": ("--out",), "check": ("--out",), "bench": ("--out",)}


def code_lines(path):
    """(line number, text) of each logical line in a code block (indented
    blocks and ``` fences, continuation lines joined) and of each inline
    code span that starts with the command."""
    out, fence, prev_blank, prev_code, joined, start = [], False, True, \
        False, "", 0
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    for no, line in enumerate(lines, 1):
        if line.lstrip().startswith("```"):
            fence = not fence
            continue
        in_code = fence or (line.startswith("    ") and
                            (prev_blank or prev_code))
        prev_blank, prev_code = not line.strip(), in_code
        if not in_code:
            joined = ""
            # inline code that is a call: `trikmeans bench thesis-bounds`
            for span in re.findall(r"`((?:build/)?trikmeans[^`]*)`", line):
                out.append((no, span))
            continue
        text = line[4:] if not fence else line
        if not joined:
            start = no
        if text.rstrip().endswith("\\"):
            joined += text.rstrip()[:-1] + " "
            continue
        out.append((start, joined + text))
        joined = ""
    return out


def calls(text):
    """The trikmeans calls of one shell line: lists of words from the
    command word on."""
    try:
        words = shlex.split(text, comments=True)
    except ValueError:
        words = text.split()
    found, cur = [], None
    for w in words:
        if w in (";", "&&", "||", "|", "do", "done", "then") or \
                w.endswith(";"):
            if cur:
                found.append(cur)
            cur = None
            w = w.rstrip(";")
            if not w or w in (";", "&&", "||", "|", "do", "done", "then"):
                continue
        base = w.rsplit("/", 1)[-1]
        if cur is None and base in ("trikmeans", "trikmeans-mpi"):
            cur = [base]
        elif cur is not None:
            cur.append(w)
    if cur:
        found.append(cur)
    return found


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--outputs-under", metavar="DIR",
                    help="every output a call names (OUTPUTS) lies under "
                    "DIR: the README's commands, run in a clone, leave "
                    "nothing untracked outside build/")
    ap.add_argument("files", nargs="+")
    a = ap.parse_args()
    helps, bad, n = {}, 0, 0

    def help_of(sub):
        if sub not in helps:
            r = subprocess.run([a.bin, sub, "--help"], capture_output=True,
                               text=True)
            helps[sub] = r.stdout if r.returncode == 0 else None
        return helps[sub]

    for path in a.files:
        for no, text in code_lines(path):
            for words in calls(text):
                if len(words) < 2 or words[1].endswith(":") or \
                        words[1].startswith("-"):
                    continue  # output quoted, or --version / --help
                sub = words[1]
                if not re.fullmatch(r"[a-z]+", sub):
                    continue  # a placeholder such as COMMAND
                n += 1
                h = help_of(sub)
                if h is None:
                    print("%s:%d: no subcommand '%s'" % (path, no, sub))
                    bad += 1
                    continue
                for w, nxt in zip(words[2:], words[3:] + [""]):
                    if a.outputs_under and w in OUTPUTS.get(sub, ()) \
                            and not nxt.startswith(a.outputs_under):
                        print("%s:%d: %s %s writes outside %s"
                              % (path, no, w, nxt, a.outputs_under))
                        bad += 1
                for w in words[2:]:
                    opt = w.strip("[]").split("=", 1)[0]
                    if not re.fullmatch(r"--?[a-zA-Z][-a-zA-Z0-9]*", opt):
                        continue
                    if not re.search(r"(^|[\s,\[])%s([\s,=\]]|$)" %
                                     re.escape(opt), h, re.M):
                        print("%s:%d: trikmeans %s has no option %s"
                              % (path, no, sub, opt))
                        bad += 1
    print("doc_examples: %d calls in %d files, %d problems"
          % (n, len(a.files), bad))
    return 1 if bad or n == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
