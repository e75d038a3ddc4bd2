#!/usr/bin/env bash
# Issue 19, items 5 and 7 (what the screen shows), replayed with the real `hakem` in tmux:
#   5  a 167-character hostile name (markup brackets, an escape sequence, a bell) at 60x20,
#      80x24 and 200x60: the players, boards, standings and tie-break preview tables keep
#      every column on screen, the name is cut with "…", every number is whole;
#   7  in tr/de/ru: one word for the place in the standings, no "Round Robin", no raw tab ids
#      in the command palette, form labels never run into their values, an opened drop-down
#      stays inside its dialog.
# The numbers expected on screen come from `hakem standings --format json` (machine format),
# written the way people read them by the rule the screen must follow: a column whose values
# are all whole, half or quarter uses ½ and ¾ (2½, ¾), any other column two decimals for every value
# (0.33, 1.00).
#
# Usage: tests/tmux/replay_issue19_display.sh WORKDIR [CASE...]   (cases: 5 7)
# Needs `hakem` (HAKEM_CMD overrides), tmux and python3.  Exit 0 when every check held.
set -euo pipefail

WORK="${1:?workdir}"
shift
CASES=("$@")
[ ${#CASES[@]} -gt 0 ] || CASES=(5 7)
mkdir -p "$WORK"
WORK="$(cd "$WORK" && pwd)"
CMD="${HAKEM_CMD:-hakem}"
SOCKET="hakem-i19d-$$-$RANDOM"
tmux() { command tmux -L "$SOCKET" -f /dev/null "$@"; }
trap 'tmux kill-server 2>/dev/null || true' EXIT
tmux new-session -d -s keep -x 80 -y 24 "sleep 86400"   # one server for the whole run
LIMIT="${HAKEM_TMUX_DEADLINE:-40}"   # seconds any one screen condition may take (load 6-9)
S=display
export HAKEM_USER=arbiter HAKEM_DATA="$WORK/data" HAKEM_CONFIG_DIR="$WORK/config"

screen() { tmux capture-pane -p -t "$S"; }
fail() { echo "FAIL ($WHAT): $*" >&2; screen >&2 || true; exit 1; }
# until_shown TEXT...: until the screen shows every TEXT (deadline LIMIT seconds)
until_shown() {
    local deadline=$((SECONDS + LIMIT)) text missing
    while :; do
        missing=""
        local shot
        shot="$(screen)"
        for text in "$@"; do grep -qF -- "$text" <<<"$shot" || { missing="$text"; break; }; done
        [ -z "$missing" ] && return 0
        ((SECONDS <= deadline)) || fail "'$missing' not shown after ${LIMIT}s"
        sleep 0.1
    done
}
# until_check PY: until the python check of the screen (stdin) prints nothing; else fail with it
until_check() {
    local deadline=$((SECONDS + LIMIT)) out
    while :; do
        out="$(screen | python3 -c "$CHECKS
$1" 2>&1)" && [ -z "$out" ] && return 0
        ((SECONDS <= deadline)) || fail "$out"
        sleep 0.2
    done
}
open() {  # open W H ARGS...: hakem in a fresh session of that size
    tmux kill-session -t "$S" 2>/dev/null || true
    until ! tmux has-session -t "$S" 2>/dev/null; do sleep 0.1; done
    tmux new-session -d -s "$S" -x "$1" -y "$2" \
        "env TERM=xterm-256color HAKEM_USER=arbiter HAKEM_DATA='$HAKEM_DATA' HAKEM_CONFIG_DIR='$HAKEM_CONFIG_DIR' $CMD ${*:3}; sleep 600"
}
keys() { tmux send-keys -t "$S" "$@"; }

# Python helpers for the checks (the screen on stdin).
CHECKS='
import json, re, sys
from fractions import Fraction
shot = sys.stdin.read().split("\n")
def line_with(*words):
    return next((l for l in shot if all(w in l for w in words)), None)
def cells(line):  # DataTable pads every cell by one space: columns are two or more spaces apart
    return [c for c in re.split(r"\s{2,}", line.strip()) if c]
def human(values):  # one notation per column (issue 19 item 5)
    fr = [Fraction(v) for v in values if v not in ("", None)]
    if all((f * 4).denominator == 1 for f in fr):  # halves, or quarters (an SB of game points)
        def one(v):
            f = Fraction(v); w, h = divmod(f, 1)
            part = {Fraction(1, 4): "¼", Fraction(1, 2): "½", Fraction(3, 4): "¾"}.get(h, "")
            return str(int(w)) if not h else (f"{int(w)}{part}" if w else part)
    else:
        def one(v):
            return f"{Fraction(v).numerator / Fraction(v).denominator:.2f}"
    return {v: one(v) for v in values if v not in ("", None)}
'

setup_event() {  # the demo, the hostile name on the top seed, two rounds with draws
    rm -rf "$HAKEM_DATA" "$HAKEM_CONFIG_DIR"
    mkdir -p "$HAKEM_DATA" "$HAKEM_CONFIG_DIR"
    ID="$("$CMD" new --demo)"
    local name
    name="$(printf '[bold red]Ütterly[/bold red] \033[2J\a%s' "$(printf 'Longname-%.0s' {1..20})")"
    name="${name:0:167}"
    "$CMD" players edit "$ID" 1 --name "Plain, Name" --rating 2180 --club "$(printf 'Schachklub %.0s' {1..9})" >/dev/null
    # hakem now refuses such a name at every door; a file written by an older version (or by
    # hand) still holds it, so it is planted through the store, and the screens must stay whole
    HOSTILE="$name" python3 -c '
import dataclasses, os, sys
from core.store import Store
name = os.environ["HOSTILE"]
def rename(t):
    return t.with_changes(players=tuple(dataclasses.replace(p, name=name) if p.name == "Plain, Name" else p for p in t.players))
Store(os.environ["HAKEM_DATA"]).update(sys.argv[1], "plant a hostile name", rename)' "$ID"
    "$CMD" round pair "$ID" >/dev/null
    local b
    for b in 1 2 3 4 5 6; do "$CMD" result "$ID" 1 "$b" "$( ((b % 3)) && echo 1-0 || echo 1/2)" >/dev/null; done
    "$CMD" round pair "$ID" >/dev/null
    for b in 1 2 3; do "$CMD" result "$ID" 2 "$b" 1/2 >/dev/null; done
    "$CMD" standings "$ID" --format json >"$WORK/standings.json"
}

# the hostile player's row in a standings table: every cell whole, the numbers as expected
standings_row() {
    cat <<EOF
data = json.load(open("$WORK/standings.json"))
codes = data["tiebreaks"]
me = next(p for p in data["players"] if p["name"].startswith("[bold red]"))
row = line_with("[bold", "…")
head = line_with("$1", "$2", *codes)
if head is None: print("the header does not show every column:", codes); sys.exit()
if row is None: print("no row with the hostile name cut with …"); sys.exit()
got = cells(row)
if "±" in head: got = got[:-1]  # the rating change (Rtg ±) comes after the tie-breaks
want = [human([p["points"] for p in data["players"]])[me["points"]]] + [
    human([p["tiebreaks"][c] for p in data["players"]])[me["tiebreaks"][c]] for c in codes]
if "2180" not in got: print("rating 2180 not whole in", got)
elif got[-len(want):] != want: print("numbers on screen", got[-len(want):], "expected", want)
elif any(ord(ch) < 32 for ch in row): print("a control character reached the screen")
EOF
}

case_5() {
    setup_event
    local size w h
    for size in 60x20 80x24 200x60; do
        w="${size%x*}" h="${size#*x}"
        WHAT="5 at $size"
        open "$w" "$h" --lang en
        until_shown "Demo Cl"
        keys Enter
        until_shown "F2"
        keys F2 Down
        if [ "$w" -lt 80 ]; then  # names keep their width at 60: the rating's short head, no club
            until_check 'h = line_with("No.", "Name", "Rtg", "Title", "Fed", "Status")
r = line_with("[bold", "…")
if h is None or "Club" in h: print("players at 60 columns: not the compact columns:", h)
elif r is None or "2180" not in r: print("players: the hostile row lost its rating or its …")'
        else
            until_check 'h = line_with("No.", "Name", "Title", "Fed", "Club", "Status")
r = line_with("[bold", "…")
if h is None or not ("Rating" in h or "Rtg" in h): print("players: a column is off screen")
elif r is None or "2180" not in r: print("players: the hostile row lost its rating or its …")'
        fi
        keys F3
        if [ "$w" -lt 80 ]; then  # a narrow table leaves out the pairing numbers and says "Res."
            until_check 'h = line_with("Bd", "White", "Pts", "Res.", "Black")
r = line_with("[bold", "…")
if h is None or "No." in h: print("boards at 60 columns: not the compact columns:", h)
elif r is None or len(cells(r)) != 6 or not re.fullmatch(r"(1-0|0-1|½-½|…)", cells(r)[3]):
    print("boards: the hostile row lost a cell:", r and cells(r))'
        else
            until_check 'h = line_with("Bd", "No.", "White", "Pts", "Black")
r = line_with("[bold", "…")
if h is None or not ("Result" in h or "Res." in h): print("boards: a column is off screen")
elif r is None or len(cells(r)) != 8 or not re.fullmatch(r"(1-0|0-1|½-½|…)", cells(r)[4]):
    print("boards: the hostile row lost a cell:", r and cells(r))'
        fi
        keys F4
        until_check "$(standings_row Rk Pts)"
        keys F5
        until_check "$(standings_row Rk Pts)"
        echo "case 5 at $size: players, boards, standings and F5 show every column; numbers whole"
    done
}

case_7() {
    setup_event
    # Der.: Derece's short head when a name is cut
    declare -A PLACE=([tr]=Der [de]=Pl. [ru]=М) SYSTEM=([tr]="Döner Turnuva" [de]=Rundenturnier [ru]="Круговая система")
    local lang
    for lang in tr de ru; do
        WHAT="7 $lang"
        open 80 24 --lang "$lang"
        until_shown "Demo Cl"
        keys n                                  # the new-tournament form, its system list open
        until_shown "╰" "+S)"
        keys Tab Enter
        until_shown "${SYSTEM[$lang]}"
        until_check 'if any("Round Robin" in l or "Round robin" in l for l in shot): print("Round Robin left")'
        keys Escape
        # labels: the values form one column; every label ends two cells or more before it
        until_check 'import collections
rows = [l for l in shot if l.startswith("│ ") and l[2] != " "]
starts = [m.start(2) for m in (re.match(r"│ \S.*?( {2,})(\S)", l) for l in rows) if m]
x = collections.Counter(starts).most_common(1)[0][0] if starts else 0
bad = [l.strip() for l in rows if len(l) > x and l[x] != " " and l[x - 2:x] != "  "]
if not x: print("no form on screen")
elif bad: print("a label runs into its value:", bad)'
        for _ in 1 2 3 4; do keys Tab; done     # to the tie-break preset list, opened
        keys Enter
        until_check 'bottom = [l for l in shot if "╰" in l]
if not bottom: print("no dialog bottom border")
elif not re.fullmatch(r"\s*╰─+╯\s*", bottom[0]): print("the open list runs over the dialog border:", bottom[0])'
        keys Escape Escape Escape
        until_shown "Demo Cl"
        keys Enter
        until_shown "F4"
        keys F4
        until_shown "${PLACE[$lang]}"
        [ "$lang" != tr ] || until_check 'h = line_with("No", "İsim")
if h is None or not re.search(r"\bDer(ece|\.)", h) or re.search(r"\bSıra\b", h): print("the standings header does not say Derece")'
        keys C-p
        until_shown "F7"
        until_check 'bad = [l for l in shot if re.search(r"F\d \([a-z]+\)", l)]
if bad: print("raw tab ids in the palette:", bad)'
        keys Escape
        echo "case 7 in $lang: ${PLACE[$lang]} for the place, no Round Robin, labels apart from values, list inside its dialog, keys in the palette"
    done
}

for CASE in "${CASES[@]}"; do
    declare -F "case_$CASE" >/dev/null || { echo "FAIL: no case $CASE" >&2; exit 2; }
    "case_$CASE"
done
echo "OK: cases ${CASES[*]}"
