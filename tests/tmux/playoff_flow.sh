#!/usr/bin/env bash
# The playoff flow of issue 20 with the real `hakem` in a real terminal (tmux, 80×24, Turkish):
# a tie on points that the tie-breaks separate is offered on F7 → `n` schedules "mini-match,
# then straight to Armageddon" with game 1 at 20:15 → `= =` draws both games (the cursor moves
# on by itself) → `0` gives the Armageddon to Black → F4 says the playoff decided places 1–2.
# Keys go in bursts (one send-keys per step); every step waits for the screen to show what it
# expects (polling capture-pane with a deadline), never for a fixed time.
#
# Usage: tests/tmux/playoff_flow.sh WORKDIR DATA_DIR   (DATA_DIR holds the demo event after
# round 3: Ivanov, Sergei (1) and Kaya, Can (8) on 2½ points, Buchholz puts Ivanov first).
# Needs `hakem` (HAKEM_CMD overrides) and tmux.  Exit 0 and "OK: playoff flow" when every
# expectation held; otherwise what was expected and the screen are printed.
set -euo pipefail

WORK="${1:?workdir}"
DATA="${2:?data directory}"
CMD="${HAKEM_CMD:-hakem}"
LIMIT="${HAKEM_TMUX_WAIT:-60}"     # seconds per step: generous, the machine may be loaded
SOCKET="hakem-playoff-$$"
S=playoff
tmux() { command tmux -L "$SOCKET" -f /dev/null "$@"; }
cleanup() { tmux kill-server 2>/dev/null || true; }
trap cleanup EXIT
mkdir -p "$WORK/config"

screen() { tmux capture-pane -p -t "$S"; }
fail() {
    echo "FAIL ($STEP): $*" >&2
    screen >&2 || true
    exit 1
}
# poll WHAT TEST...: poll the screen until the shell test (given the screen on stdin) holds
poll() {
    local what="$1" i
    shift
    for ((i = 0; i < LIMIT * 5; i++)); do
        screen | "$@" && return 0
        sleep 0.2
    done
    fail "$what not shown after ${LIMIT}s"
}
has() { grep -qF -- "$1"; }
has_both() { grep -F -- "$1" | grep -qF -- "$2"; }
lines_with() { [ "$(grep -cF -- "$1")" -eq "$2" ]; }
wait_for() { poll "'$1'" has "$1"; }                           # a line shows TEXT
wait_line() { poll "a line with '$1' and '$2'" has_both "$1" "$2"; }
wait_count() { poll "'$1' on $2 lines" lines_with "$1" "$2"; }
burst() { tmux send-keys -t "$S" "$@"; }

STEP="start"
tmux new-session -d -s "$S" -x 80 -y 24 \
    "env HAKEM_CONFIG_DIR=$WORK/config HAKEM_USER=arbiter TERM=xterm-256color $CMD --data $DATA --lang tr; echo EXITED \$?; sleep 600"
tmux set-option -t "$S" remain-on-exit on >/dev/null
wait_for "Demo Club Rapid"
burst Enter
wait_for "Ek maç F7"

STEP="F7: the tie on points is offered although the tie-breaks separate it"
burst F7
wait_for "Puanı eşit oyuncular"
wait_line "1–2" "ayrıldı (eşitli"   # the state first: cut at 80 columns by a 6-player group
wait_line "1–2" "1 Ivanov, 8 Kaya"

STEP="n: the dialog, game 1 at the typed time 20:15"
burst n
wait_for "Eşitlik bozma maçı planla"
wait_for "Mini maç, ardından doğrudan Altın Puan maçı"
burst Tab Tab C-u "20:15"              # from the format list past the clock to "1. oyun başlar"
wait_line "20:15" "Oyun 1 (3 dk + 3 sn)"
screen | grep -qF "20:45" && fail "game 1 is not at the typed time (a break was added)"
burst BTab BTab Down Enter             # back past the clock to the formats: the second one, scheduled
wait_line "1–2" "sürüyor"
wait_line "20:15" "Kaya, Can"         # names are whole at 80 columns
wait_line "20:32" "Oyun 2"              # two games (no extension: straight to Armageddon), named by their number
wait_for "Oyun 1 (3 dk + 3 sn) · Maç (iki oyun)"   # the line under the table names the game, its clock and stage

STEP="= =: both games drawn, the cursor moves on, the Armageddon appears"
burst = =
wait_count "½-½" 2
wait_line "Altın Puan ma" "…"           # its row (the game column gives way to the names)
wait_for "Sıradaki: Altın Puan maçı:"    # the cursor is on the Armageddon now

STEP="0: Black wins the Armageddon; the playoff is decided"
burst 0
wait_line "1–2" "belirlendi"
wait_line "Altın Puan ma" "0-1"
arm="$(screen | grep -F "Altın Puan ma" | grep -F "0-1" | head -1)"
black="$(printf '%s\n' "$arm" | sed -n 's/.*0-1 *\([^ ,][^,]*, [^ ]*\).*/\1/p')"
[ -n "$black" ] || fail "no Black player on the Armageddon line: $arm"

STEP="F4: the winner first, 'decided by playoff' in the standings"
burst F4
wait_for "* Ek maçla belirlenen dereceler: 1–2."   # the note under the table explains the mark
wait_line " 1* " "$black"
first="$(screen | grep -E '^ *1\* +[0-9]+ ' | head -1)"   # place 1, marked: the playoff decided it
printf '%s\n' "$first" | grep -qF -- "$black" || fail "standings row 1 is not $black: $first"
screen | grep -qF "Traceback" && fail "a traceback is shown"
screen > "$WORK/standings.txt"
echo "OK: playoff flow (80x24, tr): tie 1–2 separated by tie-breaks, game 1 at 20:15, ½-½ ½-½, Armageddon to $black, decided by playoff"
