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
WORK="$(cd "$WORK" && pwd)"
CMD="${HAKEM_CMD:-hakem}"
SOCKET="hakem-i19-$$"
tmux() { command tmux -L "$SOCKET" -f /dev/null "$@"; }
cleanup() { tmux kill-server 2>/dev/null || true; }
trap cleanup EXIT

# One tmux server for the whole run, kept alive by a placeholder session.  Why: the script
# used to `kill-server` between cases and start the next case at once; `new-session` then
# often reached the server while it was still exiting and failed with "server exited
# unexpectedly" (47 of 200 kill-server/new-session pairs on a loaded 2-core box, the CI
# failure after case 4).  Now each case only ends its own session and waits until it is gone.
tmux new-session -d -s placeholder -x 80 -y 24 "sleep 86400"

S=organiser            # the tmux session of the current case
CASE=""
DATA=""                # data directory of the current case
CASEDIR="$WORK"        # the case's folder: data, config, pane.log (everything hakem wrote
                       # to the terminal, its traceback too), exit-status (once hakem ended)
ENVS=""
LIMIT="${HAKEM_TMUX_DEADLINE:-30}"   # seconds any one screen condition may take

screen() { tmux capture-pane -p -t "$S"; }
fail() {
    echo "FAIL (case $CASE): $*" >&2
    screen >&2 || true
    if [ -s "$CASEDIR/exit-status" ]; then
        echo "hakem exited with status $(cat "$CASEDIR/exit-status")" >&2
    fi
    if [ -s "$CASEDIR/pane.log" ]; then  # the end of what hakem wrote, escapes stripped
        echo "--- last output of hakem ($CASEDIR/pane.log):" >&2
        sed 's/\x1b\[[0-9;?]*[A-Za-z]//g; s/\x1b[()][A-Z0-9]//g; s/\x1b[=>]//g' "$CASEDIR/pane.log" \
            | tr -d '\r' | grep -v '^[[:space:]]*$' | tail -25 >&2 || true
    fi
    exit 1
}
# until CONDITION...: poll a command until it succeeds, or fail after LIMIT seconds
until_true() {
    local what="$1" deadline=$((SECONDS + LIMIT))
    shift
    until "$@"; do
        ((SECONDS <= deadline)) || fail "$what (after ${LIMIT}s)"
        sleep 0.1
    done
}
shows() { screen | grep -qF -- "$1"; }
# in_dialog: the text inside a dialog's frame (│ … │) as one line without spaces: a long
# path wraps inside the dialog, and the screen behind it fills the rest of each line
in_dialog() { screen | sed -n 's/^[^│]*│\(.*\)│[^│]*$/\1/p' | tr -d '\n '; }
shows_in_dialog() { in_dialog | grep -qF -- "$(tr -d ' ' <<<"$1")"; }
wait_in_dialog() { until_true "'$1' not shown in the dialog" shows_in_dialog "$1"; }
# in_toast: the text of the notifications (lines behind a ▌) as one line without spaces
in_toast() { screen | sed -n 's/^.*▌\(.*\)$/\1/p' | sed 's/[▎▊ ]//g' | tr -d '\n'; }
shows_in_toast() { in_toast | grep -qF -- "$(tr -d ' ' <<<"$1")"; }
wait_in_toast() { until_true "'$1' not shown in a notification" shows_in_toast "$1"; }
hides() { ! screen | grep -qF -- "$1"; }
# wait_for TEXT: until the screen shows TEXT;  wait_gone TEXT: until it no longer does
wait_for() { until_true "'$1' not shown" shows "$1"; }
wait_gone() { until_true "'$1' still shown" hides "$1"; }
# wait_file PATH: until PATH exists
wait_file() { until_true "$1 not written" test -e "$1"; }
# burst KEY...: every key in ONE send-keys call (0 ms apart)
burst() { tmux send-keys -t "$S" "$@"; }
# paste TEXT: text with Tabs and newlines as one bracketed paste
paste() {
    tmux set-buffer -b p -- "$1"
    tmux paste-buffer -p -d -b p -t "$S"
}
assert_alive() {
    if [ -e "$CASEDIR/exit-status" ]; then fail "hakem is no longer running"; fi
}
# end_case: the case's session ends (hakem gets SIGHUP) and is gone before the next starts
no_session() { ! tmux has-session -t "$S" 2>/dev/null; }
end_case() {
    tmux kill-session -t "$S" 2>/dev/null || true
    until_true "the tmux session of the last case does not end" no_session
}
# fresh: a new data directory for the case (no hakem running)
fresh() {
    end_case
    CASEDIR="$WORK/case$CASE"
    DATA="$CASEDIR/data"
    rm -rf "$CASEDIR"
    mkdir -p "$DATA" "$CASEDIR/config" "$CASEDIR/cwd"
    ENVS="HAKEM_DATA=$DATA HAKEM_CONFIG_DIR=$CASEDIR/config HAKEM_EXPORTS=$CASEDIR/exports HAKEM_USER=arbiter TERM=xterm-256color"
}
# launch W H [ARGS...]: hakem in the case's session (cwd: CASEDIR/cwd, so a stray file
# written "where hakem was started" shows); its exit status lands in CASEDIR/exit-status
launch() {
    local w="$1" h="$2"
    shift 2
    end_case
    rm -f "$CASEDIR/exit-status"
    tmux new-session -d -s "$S" -x "$w" -y "$h" -c "$CASEDIR/cwd" \
        "env $ENVS $CMD $*; echo \$? > '$CASEDIR/exit-status'; echo EXITED; sleep 600"
    tmux pipe-pane -o -t "$S" "cat >> '$CASEDIR/pane.log'"
}
# start W H [ARGS...]: a fresh data directory, hakem in a new tmux session
start() {
    local w="$1" h="$2"
    shift 2
    fresh
    launch "$w" "$h" "$@"
}
cli() { env HAKEM_DATA="$DATA" HAKEM_USER=arbiter "$CMD" "$@"; }
# json ID EXPR: a python expression over the stored tournament `t` (hakem export --json)
json() {
    rm -f "$CASEDIR/t.json"  # -o never replaces a file (the previous read of this case)
    cli export "$1" --json -o "$CASEDIR/t.json" >/dev/null
    python3 - "$CASEDIR/t.json" "$2" <<'EOF'
import json, sys
t = json.load(open(sys.argv[1], encoding="utf-8"))
t = t.get("tournament", t)
print(eval(sys.argv[2]))
EOF
}
# stored ID EXPR EXPECTED: until the stored tournament gives EXPECTED (a save may be under way)
stored() {
    local got deadline=$((SECONDS + LIMIT))
    while :; do
        got="$(json "$1" "$2")"
        [ "$got" = "$3" ] && return 0
        ((SECONDS <= deadline)) || break
        sleep 0.2
    done
    fail "stored: $2 = $got, expected $3"
}
only_id() { cli list | awk 'NR==2 {print $1}'; }  # line 1: the column heads

# -- case 1: F-key bursts right after opening never crash ---------------------------------------
case_1() {
    start 80 24 --lang en --demo
    wait_for "Demo Club Rapid"
    burst F5 F6                         # within 0 ms of the screen being there
    burst F2 F3 F4 F5 F6 F7 F5 F2 F3 F4 F5 F6 F7
    wait_for "New playoff"              # F7's pane, the last key of the burst
    assert_alive
    screen | grep -q "Traceback\|NoMatches" && fail "a traceback is shown"
    burst F5
    wait_for "Preview"
    assert_alive
    echo "case 1: F-key bursts: no crash, the last F-key's pane is shown"
}

# -- case 2: typing a name on F2 registers a player, never edits one ------------------------------
case_2() {
    start 80 24 --lang en --demo
    wait_for "Demo Club Rapid"
    burst F2 "Late, Comer" Enter
    wait_for "Late, Comer"
    local id
    id="$(only_id)"
    stored "$id" '"Late, Comer" in [p["name"] for p in t["players"]]' True
    stored "$id" 'len(t["players"])' 13
    json "$id" '[p["name"] for p in t["players"] if p["pno"] == 1][0]' | grep -q "Ivanov, Sergei" \
        || fail "player 1 was edited"
    burst F2 t "ypist"                  # 't' is a letter of a name here, not the Teams dialog
    wait_for "typist"                   # ... so the whole word is in the name field
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
    burst Escape q           # out of the name field, then q leaves the tournament (Escape never does)
    wait_for "Tournaments"
    burst n "Burst Test" Tab Tab 9 Tab "10'+5\"" C-s
    wait_for "Burst Test"
    wait_for "before round 1 of 9"
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
# what each screen shows in each language (waited for before the next keys)
declare -A LIST=([en]="hakem — Tournaments" [tr]="hakem — Turnuvalar" [de]="hakem — Turniere" [ru]="hakem — Турниры")
declare -A SETTINGS=([en]="Settings" [tr]="Ayarlar" [de]="Einstellungen" [ru]="Настройки")
declare -A PRESET=([en]="Preset" [tr]="Ön ayar" [de]="Vorlage" [ru]="Набор")
declare -A ENTRY=([en]="Name (Enter adds)" [tr]="İsim (Enter ekler)" [de]="Name (Enter trägt ein)"
                  [ru]="Имя (Enter добавляет)")
ORDER=(en tr de ru)   # the order of the language list in the settings
left_over() {  # left_over LANG: true when no word of LANG is anywhere on the screen
    local word text
    text="$(screen)"
    for word in ${WORDS[$1]}; do
        if grep -qF -- "$word" <<<"$text"; then LEFT="$word"; return 1; fi
    done
}
scan_gone() {  # scan_gone LANG WHERE
    LEFT=""
    until_true "after leaving $1, '\$LEFT' is still on the $2 screen" left_over "$1"
}
switch_language() {  # switch_language FROM TO: s on the list, choose TO in the language list, Escape
    local from=-1 to=-1 i keys=()
    for i in "${!ORDER[@]}"; do
        [ "${ORDER[$i]}" = "$1" ] && from=$i
        [ "${ORDER[$i]}" = "$2" ] && to=$i
    done
    keys=(s Enter)  # s on the tournaments list (Ctrl+S is XOFF on many terminals)
    for ((i = from; i < to; i++)); do keys+=(Down); done
    for ((i = from; i > to; i--)); do keys+=(Up); done
    burst s
    wait_for "${SETTINGS[$1]}"
    burst "${keys[@]:1}" Enter
    wait_for "${SETTINGS[$2]}"
    burst Escape
    wait_gone "${SETTINGS[$2]}"   # the list's title shows beside the dialog: wait for the dialog to close
    wait_for "${LIST[$2]}"
}
case_6() {
    start 80 24 --lang tr --demo
    wait_for "Oyuncular"
    local prev=tr lang
    burst F5
    wait_for "${PRESET[tr]}"
    for lang in de ru en; do
        burst Escape q       # to the list (settings open there with s; q leaves the tournament), switch,
        wait_for "${LIST[$prev]}"
        switch_language "$prev" "$lang"
        scan_gone "$prev" "tournaments list"
        # the demo made with --lang tr is named in Turkish: a name is data, kept in any language
        screen | grep -qF "Örnek Hızlı" || fail "the tournament list lost its rows after the switch"
        burst Enter          # then back into the tournament
        wait_for "F5"
        burst F5
        wait_for "${PRESET[$lang]}"
        scan_gone "$prev" "tie-breaks (F5)"
        burst F2
        wait_for "${ENTRY[$lang]}"
        scan_gone "$prev" "players (F2)"
        prev=$lang
    done
    echo "case 6: tr→de→ru→en: no word of the previous language on the tie-breaks, players and list screens"
}

# -- case 7 (the part done): at 60x20 every tab is on screen and reachable, in every language;
#    the command palette's prompt is translated ----------------------------------------------
all_tabs() {  # the tab bar (line 2) names F2 … F7
    local key line
    line="$(screen | sed -n 2p)"
    for key in F2 F3 F4 F5 F6 F7; do grep -qF "$key" <<<"$line" || return 1; done
}
case_7() {
    local lang
    for lang in en tr de ru; do
        start 60 20 --lang "$lang" --demo
        wait_for "F2"
        until_true "$lang 60x20: a tab of F2…F7 is missing from the tab bar" all_tabs
        burst F7
        wait_for "F7"
        burst C-p
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
    fresh
    local id
    id="$(cli new "View Cup" --rounds 3)"
    for n in 1 2 3 4; do cli players add "$id" --name "Player, No$n" --rating $((2000 + n)) >/dev/null; done
    cli round pair "$id" >/dev/null
    launch 80 24 --view --lang en
    wait_for "View Cup"
    screen | grep -q " n New\| d Demo\| i Import" && fail "the list offers changes in --view"
    burst Enter
    wait_for "read-only"
    screen | grep -q "p Pair\|Type result" && fail "the rounds footer offers changes in --view"
    burst u F2                          # u first: the players tab shows only once u is handled
    wait_for "Rating"
    screen | grep -q "Unpair the last round" && fail "u opened the unpair dialog in --view"
    screen | grep -q " a Add\|Withdraw" && fail "the players footer offers changes in --view"
    screen | grep -q "Name (Enter adds)" && fail "the entry form is shown in --view"
    echo "case 8: --view: no change offered on the list, rounds and players; u does nothing"
}

# -- case 9: exports go to the user's export folder ($HAKEM_EXPORTS/ID, never the data directory),
# the round in the name, never replacing unasked ------------------------------------------------
case_9() {
    fresh
    local id folder
    id="$(cli new --demo)"
    cli round pair "$id" >/dev/null
    folder="$CASEDIR/exports/$id"
    launch 200 50 --lang en             # wide: the full path fits on one line of the toast
    wait_for "Demo Club Rapid"
    burst Enter
    wait_for "F6"
    burst F6
    wait_for "Export to file"
    burst e
    wait_for "round-1-standings.html"   # the default name carries the round
    wait_in_dialog "$folder"            # ... and the prompt says where it goes
    burst Enter
    wait_file "$folder/round-1-standings.html"
    wait_in_toast "Written to $folder/round-1-standings.html."   # the full path
    burst e
    wait_for "round-1-standings.html"
    burst Enter
    wait_for "Keep both (k)"            # the name is taken: replace / keep both / cancel
    burst k
    wait_file "$folder/round-1-standings-2.html"
    [ -z "$(ls -A "$CASEDIR/cwd")" ] || fail "a file was written where hakem was started: $(ls "$CASEDIR/cwd")"
    [ ! -e "$DATA/exports" ] || fail "an export was written inside the data directory"
    echo "case 9: e writes \$HAKEM_EXPORTS/ID/round-1-standings.html (full path shown); again: asks, keeps both"
}

# -- case 10: a refused field keeps what was typed; the bye prompt refuses '3 q' ------------------
case_10() {
    start 80 24 --lang en
    wait_for "Tournaments"
    burst n "Bad Input" Tab Tab 99999 Tab forever C-s
    wait_for "Rounds: 99999"            # named, and the dialog stays open with the text
    wait_for "forever"
    burst C-u 7 C-s                     # the rounds field has the cursor: corrected
    wait_for "Time control: 'forever'"
    # time control → rating for pairing → points → tie-break preset → language → start date
    burst C-u "90/40+30+30" Tab Tab Tab Tab Tab "2026-13-45" C-s
    wait_for "Start date: '2026-13-45'"
    burst C-u "2026-05-04" C-s
    wait_for "before round 1 of 7"
    local id
    id="$(cli list | awk '$2 == "Bad" {print $1}')"
    stored "$id" '(t["total_rounds"], t["time_control_code"], t["start_date"])' "(7, '40/5400+30:1800+30', '2026-05-04')"
    burst F2 "Bye, Asker" Enter
    wait_for "Bye, Asker"
    burst Down b
    wait_for "Requested bye for"
    burst C-u "3 q" Enter
    wait_for "'q' is neither a round number"
    wait_for "3 q"                      # the prompt is still open with the text
    burst C-u "3 z" Enter
    stored "$id" '[(b["pno"], b["round"], b["kind"]) for b in t["requested_byes"]]' "[(1, 3, 'Z')]"
    echo "case 10: rounds 99999, time control 'forever', 2026-13-45 refused in the open form; '3 q' refused, '3 z' saved"
}

# -- case 12: --help names the UI options; a late entry asks before renumbering ---------------------
case_12() {
    local help id
    help="$("$CMD" --help)"
    grep -q -- "--demo" <<<"$help" || fail "--help lacks --demo"
    grep -q -- "--view" <<<"$help" || fail "--help lacks --view"
    fresh
    id="$(cli new --demo)"
    cli round pair "$id" >/dev/null
    launch 80 24 --lang en
    wait_for "Demo Club Rapid"
    burst Enter
    wait_for "F2"
    burst F2 "Late, Comer" Tab 2000 Enter
    wait_for "8 → 9  Kaya, Can"         # who would move, before anything is saved
    burst k                             # keep everyone's number
    wait_for "number 13"
    stored "$id" '[p["pno"] for p in t["players"] if p["name"] in ("Late, Comer", "Kaya, Can")]' "[8, 13]"
    cli log "$id" | grep -q "next number, 13; nobody renumbered" || fail "the journal does not say it"
    echo "case 12: --help lists --view and --demo; a late entry shows who would move and keeps the numbers"
}

if [ ${#CASES[@]} -eq 0 ]; then  # every case this script replays
    mapfile -t CASES < <(declare -F | awk '$3 ~ /^case_/ {sub("case_", "", $3); print $3}' | sort -n)
fi
for CASE in "${CASES[@]}"; do
    declare -F "case_$CASE" >/dev/null || { echo "FAIL: no case $CASE" >&2; exit 2; }
    "case_$CASE"
    assert_alive
done
echo "OK: cases ${CASES[*]}"
