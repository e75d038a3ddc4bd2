"""The club's register through the data service, two real Unix users (issue 36 item 1):
lena, one of the club's list managers, edits the register; omar, a member of the club's group,
reads it without contact data and is refused every change; the chain names who changed what.

Needs root (``useradd`` and ``setpriv``); skipped with the reason otherwise.  Users and group:
``hk-register-*`` (created once, as the other user tests do).
"""

from __future__ import annotations

import grp
import json
import os
import sys
from pathlib import Path

import pytest

from tests.unix_club import RUN, ensure_users, missing, run_as, service_layout, start_service, stop_service

GROUP = "hk-register-club"
SERVICE, LENA, OMAR = "hk-register-hakem", "hk-register-lena", "hk-register-omar"


@pytest.fixture(scope="module")
def club():
    reason = missing()
    if reason:
        pytest.skip(reason)
    users = ensure_users((SERVICE, LENA, OMAR), GROUP)
    gid = grp.getgrnam(GROUP).gr_gid
    state = service_layout("hakem-register-", users, SERVICE, gid)
    state["homes"] = {name: state["base"] / "homes" / name for name in users}
    pw = users[SERVICE]
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(state["homes"][SERVICE]), "LANG": "C.UTF-8",
           "LANGUAGE": "en", "HAKEM_CONFIG_DIR": str(state["homes"][SERVICE] / "cfg")}
    cmd = ["setpriv", f"--reuid={pw.pw_uid}", f"--regid={pw.pw_gid}", f"--groups={pw.pw_gid},{gid}", "--inh-caps=-all",
           sys.executable, "-c", RUN, "--data", str(state["data"]), "serve", "--socket", str(state["socket"]),
           "--socket-group", GROUP, "--list-managers", f"user:{LENA}"]
    state["service"] = start_service(cmd, env, state["socket"])
    yield state
    stop_service(state)


def hakem(club, user: str, *args: str, code: int = 0) -> str:
    proc = run_as(club, user, "--socket", str(club["socket"]), *args)
    assert proc.returncode == code, (user, args, proc.stdout, proc.stderr)
    return proc.stdout if code == 0 else proc.stderr


def test_a_list_manager_edits_a_group_member_reads_without_contact_data(club) -> None:
    members = club["homes"][LENA] / "members.csv"
    members.write_text("Name;FIDE ID;Verein;E-Mail\nÖztürk, Ayşe;34600002;Kadıköy SK;ayse@example.org\n", encoding="utf-8")
    os.chown(members, club["users"][LENA].pw_uid, club["users"][LENA].pw_gid)
    assert hakem(club, LENA, "members", "add", "--name", "Kaya, Can", "--fide-id", "34600001",
                 "--email", "can@example.org", "--phone", "+90 555 0101") == "Member 1: Kaya, Can\n"
    assert hakem(club, LENA, "members", "import", str(members)).startswith("1 member(s) added")
    assert "E-mail:          can@example.org" in hakem(club, LENA, "members", "show", "1")

    seen = json.loads(hakem(club, OMAR, "members", "list", "--format", "json"))["members"]
    assert [(m["name"], m["email"], m["phone"], m["contact_hidden"]) for m in seen] == [
        ("Kaya, Can", "", "", True), ("Öztürk, Ayşe", "", "", True)]
    shown = hakem(club, OMAR, "members", "show", "1")
    assert "can@example.org" not in shown and "+90" not in shown
    assert "Contact:         (shown only to those who may edit the register)" in shown
    refusal = "hakem: only the club's list managers may change the register of members (everyone in the club reads it)\n"
    assert hakem(club, OMAR, "members", "add", "--name", "Ak, Ali", code=3) == refusal
    assert hakem(club, OMAR, "members", "edit", "1", "--club", "Moda SK", code=3) == refusal
    assert hakem(club, OMAR, "members", "remove", "2", code=3) == refusal

    # omar's own event: he registers a member (reading the register is everyone's)
    tid = hakem(club, OMAR, "new", "Omar's Blitz", "--rounds", "5").strip().splitlines()[-1]
    assert hakem(club, OMAR, "players", "add", tid, "--member", "2").splitlines()[-1] == "1"
    event = json.loads((club["data"] / f"{tid}.hakem.json").read_text(encoding="utf-8"))
    [player] = event["tournament"]["1"]["players"]
    assert (player["name"], player["fide_id"], player["member"]) == ("Öztürk, Ayşe", "34600002", 2)

    # the chain says who changed the register, from the service's SO_PEERCRED, not the client
    chain = [json.loads(line) for line in (club["data"] / "club.chain.jsonl").read_text(encoding="utf-8").splitlines()]
    assert [(e["user"], e["action"]) for e in chain] == [
        (LENA, "add member Kaya, Can"), (LENA, f"import 1 members from {members}")]
    assert Path(club["data"] / "club.json").stat().st_uid == club["users"][SERVICE].pw_uid
