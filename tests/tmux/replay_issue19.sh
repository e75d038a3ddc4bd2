#!/usr/bin/env bash
# The real `hakem` in a real terminal (tmux), typed the way an organiser at a rapid evening
# types: keys in bursts (one `send-keys` per burst, nothing in between — what a paste or a
# laggy SSH link delivers), F-keys by reflex, pasted player lines, three terminal sizes and a
# language switch.  Each case of issue 19 is replayed and the captured screen (or the stored
# tournament, read back with the CLI) is checked.
#
# Usage: tests/tmux/replay_issue19.sh WORKDIR [CASE...]   (cases: 1 2 3 4 5 6 7 8 9 10 11 12)
# Needs `hakem` (HAKEM_CMD overrides) and tmux.  Exit 0 when every expectation held;
# otherwise the failing case, what was expected and the screen are printed.
set -euo pipefail

WORK="${1:?workdir}"
shift
CASES=("$@")
mkdir -p "$WORK"
CMD="${HAKEM_CMD:-hakem}"
SOCKET="hakem-i19-$$"
tmux() { command tmux -L "$SOCKET" -f /dev/null "$@"; }
cleanup() { tmux kill-server 2>/dev/null || true; }
trap cleanup EXIT

S=organiser            # the tmux session
DATA=""                # data directory of the current case
FAILS=0

screen() { tmux capture-pane -p -t "$S"; }
fail() {
    echo "FAIL (case $CASE): $*" >&2
    screen >&2 || true
    exit 1
}
# wait_for TEXT [SECONDS]: until the screen shows TEXT
wait_for() {
    local text="$1" limit="${2:-20}" i
    for ((i = 0; i < limit * 10; i++)); do
        screen | grep -qF -- "$text" && return 0
        sleep 0.1
    done
    fail "'$text' not shown after ${limit}s"
}
# wait_gone TEXT [SECONDS]: until the screen no longer shows TEXT
wait_gone() {
    local text="$1" limit="${2:-20}" i
    for ((i = 0; i < limit * 10; i++)); do
        screen | grep -qF -- "$text" || return 0
        sleep 0.1
    done
    fail "'$text' still shown after ${limit}s"
}
# burst KEY...: every key in ONE send-keys call (0 ms apart)
burst() { tmux send-keys -t "$S" "$@"; }
# paste TEXT: text with Tabs and newlines as one bracketed paste
paste() {
    tmux set-buffer -b p -- "$1"
    tmux paste-buffer -p -d -b p -t "$S"
}
alive() { tmux list-panes -t "$S" -F '#{pane_dead} #{pane_dead_status}' 2>/dev/null | head -1; }
assert_alive() {
    local state
    state="$(alive)"
    [ "${state%% *}" = "0" ] || fail "hakem is no longer running (pane: $state)"
}
# start W H [ARGS...]: a fresh data directory, hakem in a new tmux session
start() {
    local w="$1" h="$2"
    shift 2
    cleanup
    DATA="$WORK/case$CASE/data"
    rm -rf "$WORK/case$CASE"
    mkdir -p "$DATA" "$WORK/case$CASE/config"
    ENVS="HAKEM_DATA=$DATA HAKEM_CONFIG_DIR=$WORK/case$CASE/config HAKEM_USER=arbiter TERM=xterm-256color"
    tmux new-session -d -s "$S" -x "$w" -y "$h" "env $ENVS $CMD $*; echo EXITED \$?; sleep 600"
    tmux set-option -t "$S" remain-on-exit on >/dev/null
}
cli() { env HAKEM_DATA="$DATA" HAKEM_USER=arbiter "$CMD" "$@"; }
# json ID EXPR: a python expression over the stored tournament `t` (hakem export --json)
json() {
    cli export "$1" --json -o "$WORK/case$CASE/t.json" >/dev/null
    python3 - "$WORK/case$CASE/t.json" "$2" <<'EOF'
import json, sys
t = json.load(open(sys.argv[1], encoding="utf-8"))
t = t.get("tournament", t)
print(eval(sys.argv[2]))
EOF
}
# stored ID EXPR EXPECTED: until the stored tournament gives EXPECTED (a save may be under way)
stored() {
    local i got
    for ((i = 0; i < 50; i++)); do
        got="$(json "$1" "$2")"
        [ "$got" = "$3" ] && return 0
        sleep 0.2
    done
    fail "stored: $2 = $got, expected $3"
}
only_id() { cli list | awk 'NR==1 {print $1}'; }

# -- case 1: F-key bursts right after opening never crash ---------------------------------------
case_1() {
    start 80 24 --lang en --demo
    wait_for "Demo Club Rapid"
    burst F5 F6                         # within 0 ms of the screen being there
    burst F2 F3 F4 F5 F6 F7 F5 F2 F3 F4 F5 F6 F7
    sleep 2
    assert_alive
    wait_for "New playoff"              # F7's pane, the last key of the burst
    screen | grep -q "Traceback\|NoMatches" && fail "a traceback is shown"
    burst F5
    wait_for "Preview"
    echo "case 1: F-key bursts: no crash, the last F-key's pane is shown"
}

# -- case 2: typing a name on F2 registers a player, never edits one ------------------------------
case_2() {
    start 80 24 --lang en --demo
    wait_for "Demo Club Rapid"
    burst F2 "Late, Comer" Enter
    wait_for "Late, Comer"
    local id names
    id="$(only_id)"
    stored "$id" '"Late, Comer" in [p["name"] for p in t["players"]]' True
    stored "$id" 'len(t["players"])' 13
    json "$id" '[p["name"] for p in t["players"] if p["pno"] == 1][0]' | grep -q "Ivanov, Sergei" \
        || fail "player 1 was edited"
    burst F2 t                          # 't' is a letter of a name here, not the Teams dialog
    sleep 1
    screen | grep -q "Teams of" && fail "t opened the Teams dialog in the name field"
    echo "case 2: F2 + typing adds 'Late, Comer' (13 players, nobody edited, no Teams dialog)"
}

# -- case 3: a burst or a paste fills the fields in order ------------------------------------------
case_3() {
    start 80 24 --lang en --demo
    wait_for "Demo Club Rapid"
    burst F3 F2 Down a "Fast, Typist" Tab 1999 Tab FM Enter
    wait_for "Fast, Typist"
    local id
    id="$(only_id)"
    stored "$id" '[(p["rating"], p["title"]) for p in t["players"] if p["name"] == "Fast, Typist"]' "[(1999, 'FM')]"
    paste $'Paste, Player\t2001\tIM\n'
    wait_for "Paste, Player"
    stored "$id" '[(p["rating"], p["title"]) for p in t["players"] if p["name"] == "Paste, Player"]' "[(2001, 'IM')]"
    burst Escape Escape
    wait_for "Tournaments"
    burst n "Burst Test" Tab Tab 9 Tab "10'+5\"" C-s
    wait_for "Burst Test"
    wait_for "round 0 of 9"
    id="$(cli list | awk '$2 == "Burst" {print $1}')"
    stored "$id" '(t["name"], t["total_rounds"], t["time_control"])' "('Burst Test', 9, '10\\'+5\"')"
    echo "case 3: burst a⇥…⏎ → Fast, Typist 1999 FM; pasted line → Paste, Player 2001 IM; form burst → Burst Test, 9 rounds, 10'+5\""
}

# -- case 4: keys typed right after an F-key reach the new pane ---------------------------------------
case_4() {
    start 80 24 --lang en --demo
    wait_for "Demo Club Rapid"
    burst F3 F2 "Quick, After" Enter F3 F2 "Second, After" Enter
    wait_for "Second, After"
    local id
    id="$(only_id)"
    stored "$id" 'sorted(p["name"] for p in t["players"] if "After" in p["name"])' "['Quick, After', 'Second, After']"
    echo "case 4: F3 F2 name⏎ in one burst, twice: both players registered"
}

# -- case 6: a language switch inside the app redraws everything ------------------------------------
# words of each language that must be gone from the WHOLE screen after switching away from it
declare -A WORDS=(
    [en]="Players Rounds Standings Tie-breaks Help Commands Preset Tournaments"
    [tr]="Oyuncular Turlar Sıralama Yardım Komutlar Ön ayar Turnuvalar İsim"
    [de]="Spieler Runden Rangliste Hilfe Befehle Vorlage Turniere"
    [ru]="Игроки Туры Справка Меню Набор Турниры Имя"
)
ORDER=(en tr de ru)   # the order of the language list in the settings
scan_gone() {  # scan_gone LANG WHERE: no word of LANG anywhere on the screen (within 10 s)
    local word text i left
    for ((i = 0; i < 50; i++)); do
        text="$(screen)"
        left=""
        for word in ${WORDS[$1]}; do
            grep -qF -- "$word" <<<"$text" && left="$word"
        done
        [ -z "$left" ] && return 0
        sleep 0.2
    done
    fail "after leaving $1, '$left' is still on the $2 screen"
}
switch_language() {  # switch_language FROM TO: Ctrl+S, choose TO in the language list, Escape
    local from=-1 to=-1 i keys=()
    for i in "${!ORDER[@]}"; do
        [ "${ORDER[$i]}" = "$1" ] && from=$i
        [ "${ORDER[$i]}" = "$2" ] && to=$i
    done
    keys=(s Enter)  # s on the tournaments list (Ctrl+S is XOFF on many terminals)
    for ((i = from; i < to; i++)); do keys+=(Down); done
    for ((i = from; i > to; i--)); do keys+=(Up); done
    burst "${keys[@]}" Enter
    sleep 2
    burst Escape
    sleep 2
}
case_6() {
    start 80 24 --lang tr --demo
    wait_for "Oyuncular"
    local prev=tr lang
    burst F5
    sleep 1
    for lang in de ru en; do
        burst Escape         # to the list (settings open there with s), switch,
        sleep 1              # then back into the tournament
        switch_language "$prev" "$lang"
        scan_gone "$prev" "tournaments list"
            screen | grep -q "Demo Club" || fail "the tournament list lost its rows after the switch"
        burst Enter
        sleep 2
        burst F5
        sleep 1
        scan_gone "$prev" "tie-breaks (F5)"
        burst F2
        sleep 1
        scan_gone "$prev" "players (F2)"
        prev=$lang
    done
    echo "case 6: tr→de→ru→en: no word of the previous language on the tie-breaks, players and list screens"
}

# -- case 7 (the part done): at 60x20 every tab is on screen and reachable, in every language;
#    the command palette's prompt is translated ----------------------------------------------
case_7() {
    local lang line
    for lang in en tr de ru; do
        start 60 20 --lang "$lang" --demo
        wait_for "F2"
        sleep 1
        line="$(screen | sed -n 2p)"
        for key in F2 F3 F4 F5 F6 F7; do
            grep -qF "$key" <<<"$line" || fail "$lang 60x20: tab $key not on the tab bar: $line"
        done
        burst F7
        wait_for "F7"
        burst C-p
        sleep 1
        case "$lang" in
            tr) wait_for "Komut ara" ;;
            de) wait_for "Befehle suchen" ;;
            ru) wait_for "Поиск команд" ;;
            en) wait_for "Search for commands" ;;
        esac
    done
    echo "case 7: 60x20 shows all six tabs in en/tr/de/ru; the palette prompt is translated"
}

# -- case 8: --view offers nothing that changes, and refuses before any dialog --------------------------
case_8() {
    start 80 24 --lang en
    cleanup
    local id
    id="$(cli new "View Cup" --rounds 3)"
    for n in 1 2 3 4; do cli players add "$id" --name "Player, No$n" --rating $((2000 + n)) >/dev/null; done
    cli round pair "$id" >/dev/null
    tmux new-session -d -s "$S" -x 80 -y 24 "env $ENVS $CMD --view --lang en; sleep 600"
    wait_for "View Cup"
    screen | grep -q " n New\| d Demo\| i Import" && fail "the list offers changes in --view"
    burst Enter
    wait_for "read-only"
    screen | grep -q "p Pair\|Type result" && fail "the rounds footer offers changes in --view"
    burst u
    sleep 1
    screen | grep -q "Unpair the last round" && fail "u opened the unpair dialog in --view"
    burst F2
    sleep 1
    screen | grep -q " a Add\|Withdraw" && fail "the players footer offers changes in --view"
    screen | grep -q "Name (Enter adds)" && fail "the entry form is shown in --view"
    echo "case 8: --view: no change offered on the list, rounds and players; u does nothing"
}

# -- case 12: --help names the UI options -------------------------------------------------------------
case_12() {
    local help
    help="$("$CMD" --help)"
    grep -q -- "--demo" <<<"$help" || { echo "FAIL (case 12): --help lacks --demo" >&2; exit 1; }
    grep -q -- "--view" <<<"$help" || { echo "FAIL (case 12): --help lacks --view" >&2; exit 1; }
    echo "case 12: --help lists --view and --demo"
}

if [ ${#CASES[@]} -eq 0 ]; then  # every case this script replays
    mapfile -t CASES < <(declare -F | awk '$3 ~ /^case_/ {sub("case_", "", $3); print $3}' | sort -n)
fi
for CASE in "${CASES[@]}"; do
    declare -F "case_$CASE" >/dev/null || { echo "FAIL: no case $CASE" >&2; exit 2; }
    "case_$CASE"
done
echo "OK: cases ${CASES[*]}"
