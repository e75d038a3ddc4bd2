#!/usr/bin/env bash
# A whole small event through the real `hakem` command in a real terminal (tmux, 80x24):
# create a tournament, register 6 players by fast entry, pair 3 rounds entering results with
# single keys, look at the standings — and, in round 3, a second hakem process on the same
# data directory sees a result entered in the first one.
#
# Usage: tests/tmux/run_event.sh [WORKDIR]     (HAKEM_CMD overrides the command, default hakem)
# Exit 0 when every expectation held; otherwise the failing step and the screen are printed.
set -euo pipefail

WORK="${1:-$(mktemp -d)}"
DATA="$WORK/data"
mkdir -p "$DATA" "$WORK/config"
CMD="${HAKEM_CMD:-hakem}"
A="hakem-a-$$"
B="hakem-b-$$"
ENVS="HAKEM_CONFIG_DIR=$WORK/config HAKEM_USER=arbiter TERM=xterm-256color"
# A private tmux server: another tmux user on the machine (or a stale server started with
# another environment) can neither kill our sessions nor hand them its environment.
SOCKET="hakem-test-$$"
tmux() { command tmux -L "$SOCKET" -f /dev/null "$@"; }

cleanup() {
    tmux kill-server 2>/dev/null || true
}
trap cleanup EXIT

screen() { tmux capture-pane -p -t "$1"; }

# wait_for SESSION TEXT [SECONDS]: until the screen shows TEXT
wait_for() {
    local session="$1" text="$2" limit="${3:-20}" i
    for ((i = 0; i < limit * 10; i++)); do
        if screen "$session" | grep -qF -- "$text"; then
            return 0
        fi
        sleep 0.1
    done
    echo "FAIL: '$text' not shown in $session after ${limit}s. Screen:" >&2
    screen "$session" >&2
    exit 1
}

# wait_for_re SESSION REGEX: until a line of the screen matches REGEX (grep -E)
wait_for_re() {
    local session="$1" pattern="$2" i
    for ((i = 0; i < 200; i++)); do
        if screen "$session" | grep -qE -- "$pattern"; then
            return 0
        fi
        sleep 0.1
    done
    echo "FAIL: nothing matches '$pattern' in $session after 20s. Screen:" >&2
    screen "$session" >&2
    exit 1
}

# one key at a time with a short gap, as a person types (a burst can outrun a screen switch)
keys() {
    local session="$1" key
    shift
    for key in "$@"; do
        tmux send-keys -t "$session" "$key"
        sleep 0.15
    done
}
type_text() { tmux send-keys -t "$1" -l -- "$2"; sleep 0.15; }
# A key that moves the focus.  hakem delivers keys in arrival order (tui/keys.py), so no pause
# is needed; HAKEM_TMUX_SETTLE adds one to compare (tests/tmux/replay_issue19.sh sends bursts).
focus_key() { keys "$@"; sleep "${HAKEM_TMUX_SETTLE:-0}"; }

tmux new-session -d -s "$A" -x 80 -y 24 "env $ENVS $CMD --data $DATA --lang en"
wait_for "$A" "No tournaments yet" 30

# -- create -------------------------------------------------------------------------------
keys "$A" n
wait_for "$A" "New tournament"
type_text "$A" "Tmux Open"
focus_key "$A" Tab         # name -> system
focus_key "$A" Tab         # system -> rounds (its text is selected on focus)
type_text "$A" "3"
wait_for_re "$A" "Rounds +3 "   # the label column is as wide as the longest label
keys "$A" C-s
wait_for "$A" "Tmux Open"
wait_for "$A" "before round 1 of 3"
wait_for "$A" "Players list"   # the footer is filled once the name field has the focus

# -- register 6 players by fast entry --------------------------------------------------------
n=0
for p in "Aydın, Ali:2210" "Becker, Bernd:2150" "Çelik, Cem:2100" "Dorn, Dana:2050" \
         "Erdem, Ece:2000" "Fuchs, Falk:1950"; do
    type_text "$A" "${p%%:*}"
    focus_key "$A" Tab
    type_text "$A" "${p##*:}"
    keys "$A" Enter
    n=$((n + 1))
    wait_for "$A" "· $n player"
done
wait_for "$A" "6 players"

# -- rounds: pair with p, results with single keys ---------------------------------------------
keys "$A" F3
wait_for "$A" "Press p to pair round 1"
keys "$A" k    # single keys are off until the organiser turns them on (remembered per user)
wait_for "$A" "Single keys on"
for r in 1 2; do
    keys "$A" p
    wait_for "$A" "Round $r of 3 · 0 of 3 results in"
    keys "$A" 1
    wait_for "$A" "1 of 3 results in"
    keys "$A" =
    wait_for "$A" "2 of 3 results in"
    keys "$A" 0
    wait_for "$A" "3 of 3 results in"
done
keys "$A" p
wait_for "$A" "Round 3 of 3 · 0 of 3 results in"

# -- a second organiser opens the same tournament ---------------------------------------------
tmux new-session -d -s "$B" -x 80 -y 24 "env $ENVS $CMD --data $DATA --lang en"
wait_for "$B" "Tmux Open" 30
keys "$B" Enter
wait_for "$B" "Round 3 of 3 · 0 of 3 results in" 30

# a result entered in A appears in B
keys "$A" 1
wait_for "$A" "1 of 3 results in"
wait_for "$B" "1 of 3 results in" 10
screen "$B" | grep -qF -- "1-0" || { echo "FAIL: B does not show 1-0" >&2; screen "$B" >&2; exit 1; }
# and one entered in B (typed as 'board result') appears in A
focus_key "$B" r
type_text "$B" "3 0-1"
keys "$B" Enter
wait_for "$B" "2 of 3 results in"
wait_for "$A" "2 of 3 results in" 10

keys "$A" =
wait_for "$A" "This was the last round"

# -- standings ------------------------------------------------------------------------------
keys "$A" F4
wait_for "$A" "Standings after round 3"
for name in "Aydın, Ali" "Becker, Bernd" "Çelik, Cem" "Dorn, Dana" "Erdem, Ece" "Fuchs, Falk"; do
    wait_for "$A" "$name" 10
done
screen "$A" > "$WORK/standings.txt"

keys "$B" C-q
keys "$A" C-q
sleep 0.5
echo "OK: event of 6 players, 3 rounds, two processes; standings in $WORK/standings.txt"
