"""The rules of Der Millionen-Coup, checked through scenario files (1 unit = 1 s here)."""

from mc_helpers import HIDDEN, of


def scen(players, taps, until="end", plans="[master_key, distraction]", difficulty="normal", hidden=HIDDEN):
    return f"""
setup:
  seed: 1
  difficulty: {difficulty}
  unit_seconds: 1
  players: {players}
  plans: {plans}
{hidden}
taps:
{taps}
until: {until}
"""


def test_learn_then_upgrade_only_one_upgrade_piece(run):
    ev = run(scen("{red: max, blue: kim}", """
  - {at: 0, tap: [player:red, learn, skill:run]}
  - {at: 0, tap: [player:blue, learn, skill:run]}
  - {at: 2, tap: [player:blue, learn, skill:run]}
  - {at: 3, tap: [player:red, learn, skill:run]}
""", until=10))
    started = of(ev, "action_started")
    # red (Max) already runs: learning run is the upgrade (3 units); blue learns basic (2)
    assert started[0] == {"t": 0, "type": "action_started", "player": "red", "action": "learn",
                          "target": "skill:run", "units": 3}
    assert started[1]["units"] == 2
    # blue, now basic, wants the upgrade too: the one upgraded piece is taken
    refused = of(ev, "action_refused")
    assert refused[0] == {"t": 2, "type": "action_refused", "player": "blue", "reason": "no_upgrade_piece"}
    assert refused[1] == {"t": 3, "type": "action_refused", "player": "red", "reason": "already_upgraded"}


def test_basic_pieces_run_out(run):
    ev = run(scen("{red: max, blue: kim, yellow: ben, green: lucy}", """
  - {at: 0, tap: [player:blue, learn, skill:explore]}
  - {at: 0, tap: [player:green, learn, skill:explore]}
  - {at: 0, tap: [player:red, learn, skill:explore]}
""", until=1))
    # explore has 2 basic pieces; Ben's own explore needs none
    assert [e["player"] for e in of(ev, "action_started")] == ["blue", "green"]
    assert of(ev, "action_refused") == [{"t": 0, "type": "action_refused", "player": "red", "reason": "no_piece"}]


def test_busy_player_is_refused_and_refusal_costs_nothing(run):
    ev = run(scen("{red: ben}", """
  - {at: 0, tap: [player:red, action:explore, explore:locks]}
  - {at: 1, tap: [player:red, learn, skill:run]}
""", until=3))
    assert of(ev, "action_refused") == [{"t": 1, "type": "action_refused", "player": "red", "reason": "busy"}]
    assert of(ev, "action_finished")[0]["t"] == 2


def test_explore_reveals_items_in_order_and_exhausts(run):
    ev = run(scen("{red: ben}", """
  - {at: 0, tap: [player:red, action:explore, explore:locks]}
  - {at: 2, tap: [player:red, action:explore, explore:locks]}
  - {at: 4, tap: [player:red, action:explore, explore:locks]}
  - {at: 6, tap: [player:red, action:explore, explore:locks]}
""", until=9))
    rev = of(ev, "revealed")
    assert [(e["t"], e["item"]) for e in rev] == [(2, 2), (2, 3), (4, 4), (4, 5), (6, 6)]
    assert rev[0]["where"] == ["corridor_4", "corridor_5"]
    assert rev[0]["player"] == "red" and rev[0]["field"] == "locks"
    # the fourth explore finds nothing new but still runs and finishes
    assert len(of(ev, "action_finished")) == 4


def test_alarm_item_tells_corridor_and_console(run):
    ev = run(scen("{red: ben}", "  - {at: 0, tap: [player:red, action:explore, explore:alarms]}", until=2))
    assert of(ev, "revealed")[0]["where"] == {"corridor": "corridor_1", "console": "security_office"}


def test_general_explore_three_items_three_units(run):
    ev = run(scen("{red: ben}", "  - {at: 0, tap: [player:red, action:explore, explore:general]}", until=3))
    assert of(ev, "action_started")[0]["units"] == 3
    assert len(of(ev, "revealed")) == 3 and all(e["t"] == 3 for e in of(ev, "revealed"))


def test_moves_refused_in_preparation_and_explore_in_execution(run):
    ev = run(scen("{red: ben}", """
  - {at: 0, tap: [player:red, action:walk, room:lobby]}
  - {at: 1, tap: go}
  - {at: 1, tap: [player:red, action:explore, explore:locks]}
  - {at: 1, tap: go}
""", until=1))
    assert [e["reason"] for e in of(ev, "action_refused")] == ["wrong_phase", "wrong_phase", "already_go"]


def test_go_aborts_running_preparation_actions_without_result(run):
    ev = run(scen("{red: ben, blue: max}", """
  - {at: 0, tap: [player:blue, learn, skill:locks]}
  - {at: 0, tap: [player:red, action:explore, explore:locks]}
  - {at: 1, tap: go}
  - {at: 1, tap: [player:blue, action:locks, lock:1]}
""", until=5))
    assert of(ev, "action_aborted") == [
        {"t": 1, "type": "action_aborted", "player": "red", "action": "explore", "target": "explore:locks"},
        {"t": 1, "type": "action_aborted", "player": "blue", "action": "learn", "target": "skill:locks"}]
    assert not of(ev, "revealed")
    assert of(ev, "phase", name="execution")[0]["t"] == 1
    # the ability was never learned, and its piece is not given back
    assert of(ev, "action_refused") == [{"t": 1, "type": "action_refused", "player": "blue", "reason": "missing_ability"}]


def test_entrance_lock_then_walk(run):
    ev = run(scen("{red: oliver_crow}", """
  - {at: 0, tap: go}
  - {at: 0, tap: [player:red, action:walk, room:lobby]}
  - {at: 0, tap: [player:red, action:locks, lock:1]}
  - {at: 3, tap: [player:red, action:walk, room:lobby]}
""", until=4))
    assert of(ev, "action_refused")[0]["reason"] == "locked"
    assert of(ev, "lock_opened") == [{"t": 3, "type": "lock_opened", "player": "red", "lock": 1}]
    assert of(ev, "action_finished", action="walk")[0]["t"] == 4
    # a blank note lies in the lobby: told when the walk ends there (lobby holds note 4: digit 5)
    assert of(ev, "blank") == [{"t": 4, "type": "blank", "player": "red", "digit": 5, "room": "lobby"}]


PATH_TO_CORRIDOR_5 = """
  - {at: 0, tap: go}
  - {at: 0, tap: [player:red, action:locks, lock:1]}
  - {at: 3, tap: [player:red, action:walk, room:lobby]}
  - {at: 4, tap: [player:red, action:walk, room:corridor_3]}
  - {at: 5, tap: [player:red, action:walk, room:stairs_ground]}
  - {at: 6, tap: [player:red, action:walk, room:stairs_basement]}
"""


C_IN_CORRIDOR_4 = HIDDEN.replace("C: {corridor: corridor_5, console: cloakroom}", "C: {corridor: corridor_4, console: cloakroom}")


def test_lock_can_be_opened_from_either_side(run):
    # from the corridor_4 side (start in the garage by the delivery van)
    ev = run(scen("{red: oliver_crow}", """
  - {at: 0, tap: [player:red, learn, plan:delivery_van]}
  - {at: 3, tap: go}
  - {at: 3, tap: [player:red, action:walk, room:corridor_4]}
  - {at: 4, tap: [player:red, action:walk, room:corridor_5]}
  - {at: 4, tap: [player:red, action:locks, lock:2]}
  - {at: 7, tap: [player:red, action:walk, room:corridor_5]}
""", plans="[delivery_van, distraction]", until=8))
    assert of(ev, "action_refused") == [{"t": 4, "type": "action_refused", "player": "red", "reason": "locked"}]
    assert of(ev, "lock_opened") == [{"t": 7, "type": "lock_opened", "player": "red", "lock": 2}]
    # the door is open now (corridor_5 holds alarm C, so the walk through it loses at once)
    assert of(ev, "action_started", action="walk")[-1]["target"] == "room:corridor_5"
    assert of(ev, "game_over")[0]["reason"] == "alarm"
    # from the corridor_5 side
    ev = run(scen("{red: oliver_crow}", PATH_TO_CORRIDOR_5 + """
  - {at: 7, tap: [player:red, action:walk, room:corridor_5]}
  - {at: 8, tap: [player:red, action:locks, lock:2]}
  - {at: 11, tap: [player:red, action:walk, room:corridor_4]}
""", until=12, hidden=C_IN_CORRIDOR_4))
    assert of(ev, "lock_opened") == [{"t": 3, "type": "lock_opened", "player": "red", "lock": 1},
                                     {"t": 11, "type": "lock_opened", "player": "red", "lock": 2}]
    # corridor_4 holds alarm C: through the opened door, straight into the alarm
    assert of(ev, "game_over") == [{"t": 11, "type": "game_over", "result": "lost", "reason": "alarm", "player": "red"}]


def test_lock_not_on_a_door_of_the_room_is_refused(run):
    ev = run(scen("{red: oliver_crow}", """
  - {at: 0, tap: go}
  - {at: 0, tap: [player:red, action:locks, lock:2]}
""", until=1))
    assert of(ev, "action_refused")[0]["reason"] == "lock_not_here"


def test_lock_being_opened_by_another_is_refused(run):
    ev = run(scen("{red: oliver_crow, blue: lucy}", """
  - {at: 0, tap: [player:blue, learn, skill:locks]}
  - {at: 2, tap: go}
  - {at: 2, tap: [player:red, action:locks, lock:1]}
  - {at: 2, tap: [player:blue, action:locks, lock:1]}
""", until=3))
    assert of(ev, "action_refused") == [{"t": 2, "type": "action_refused", "player": "blue", "reason": "lock_busy"}]


def test_entering_an_alarm_corridor_loses(run):
    ev = run(scen("{red: oliver_crow}", PATH_TO_CORRIDOR_5 + """
  - {at: 7, tap: [player:red, action:walk, room:corridor_5]}
"""))
    assert of(ev, "game_over") == [{"t": 7, "type": "game_over", "result": "lost", "reason": "alarm", "player": "red"}]


def test_run_twice_in_a_row_is_refused_and_run_reaches_two_rooms(run):
    ev = run(scen("{red: max, blue: oliver_crow}", """
  - {at: 0, tap: go}
  - {at: 0, tap: [player:blue, action:locks, lock:1]}
  - {at: 3, tap: [player:red, action:run, room:corridor_3]}
  - {at: 5, tap: [player:red, action:run, room:stairs_basement]}
  - {at: 5, tap: [player:red, action:walk, room:stairs_ground]}
  - {at: 6, tap: [player:red, action:run, room:corridor_5]}
""", until=6))
    assert of(ev, "action_started", player="red")[0] == {"t": 3, "type": "action_started", "player": "red",
                                                          "action": "run", "target": "room:corridor_3", "units": 2}
    assert of(ev, "action_refused") == [{"t": 5, "type": "action_refused", "player": "red", "reason": "run_twice"}]
    assert of(ev, "action_started", player="red", action="walk")[0]["t"] == 5
    # after a walk, running again is allowed; its end room holds alarm C: lost at once
    assert of(ev, "game_over")[0] == {"t": 6, "type": "game_over", "result": "lost", "reason": "alarm", "player": "red"}


def test_run_whose_middle_room_has_an_alarm_loses(run):
    hidden = HIDDEN.replace("corridor: corridor_5, console: cloakroom", "corridor: corridor_4, console: cloakroom")
    ev = run(scen("{red: max}", """
  - {at: 0, tap: [player:red, learn, plan:delivery_van]}
  - {at: 3, tap: go}
  - {at: 3, tap: [player:red, action:run, room:boiler_room]}
""", plans="[delivery_van, distraction]", hidden=hidden))
    assert of(ev, "action_started")[-1]["action"] == "run"
    assert of(ev, "game_over") == [{"t": 3, "type": "game_over", "result": "lost", "reason": "alarm", "player": "red"}]


def test_run_too_far_is_refused(run):
    ev = run(scen("{red: max}", """
  - {at: 0, tap: [player:red, learn, plan:delivery_van]}
  - {at: 3, tap: go}
  - {at: 3, tap: [player:red, action:run, room:safe_deposit]}
""", plans="[delivery_van, distraction]", until=4))
    # garage -> corridor_4 -> boiler_room -> safe_deposit is three steps
    assert of(ev, "action_refused")[0]["reason"] == "too_far"


GUARD_DOWN = HIDDEN.replace(
    "waypoints: [director_office, archive, server_room, accounting, conference_room, stairs_upper]",
    "waypoints: [corridor_4, garage, boiler_room, accounting, conference_room, stairs_upper]")


def test_guard_walks_shortest_paths_with_the_tie_rule(run):
    ev = run(scen("{red: ben}", "  - {at: 0, tap: go}", until=12, hidden=GUARD_DOWN))
    rooms = [e["room"] for e in of(ev, "guard")]
    # break_room -> corridor_3 -> lift_ground -> lift_basement -> corridor_4 (A) -> garage (B)
    # -> corridor_4 -> boiler_room (C) -> ... accounting (D): the tie between lift and stairs
    # is decided by the first-listed connection of corridor_3 on a shortest path
    assert rooms[:8] == ["corridor_3", "lift_ground", "lift_basement", "corridor_4", "garage", "corridor_4",
                         "boiler_room", "corridor_4"]
    assert [e["t"] for e in of(ev, "guard")][:3] == [1, 2, 3]  # first step one unit after Go


def test_sneak_into_the_guards_room_then_move_is_discovered(run):
    ev = run(scen("{red: lucy}", """
  - {at: 0, tap: [player:red, learn, plan:delivery_van]}
  - {at: 3, tap: go}
  - {at: 7, tap: [player:red, action:sneak, room:corridor_4]}
  - {at: 9, tap: [player:red, action:walk, room:garage]}
""", plans="[delivery_van, distraction]", hidden=GUARD_DOWN))
    guard = [(e["t"], e["room"]) for e in of(ev, "guard")]
    assert (7, "corridor_4") in guard and (9, "corridor_4") in guard
    # sneaking into the guard's room is allowed, the guard coming back finds nothing,
    # but moving while he is there is discovered
    assert of(ev, "action_finished", action="sneak")[0]["t"] == 9
    assert of(ev, "game_over") == [{"t": 9, "type": "game_over", "result": "lost", "reason": "discovered", "player": "red"}]


def test_walking_into_the_guards_room_loses(run):
    ev = run(scen("{red: lucy}", """
  - {at: 0, tap: [player:red, learn, plan:delivery_van]}
  - {at: 3, tap: go}
  - {at: 7, tap: [player:red, action:walk, room:corridor_4]}
""", plans="[delivery_van, distraction]", hidden=GUARD_DOWN))
    assert of(ev, "game_over") == [{"t": 7, "type": "game_over", "result": "lost", "reason": "guard", "player": "red"}]


def test_guard_entering_a_players_room_loses(run):
    ev = run(scen("{red: lucy}", """
  - {at: 0, tap: [player:red, learn, plan:delivery_van]}
  - {at: 3, tap: go}
""", plans="[delivery_van, distraction]", hidden=GUARD_DOWN))
    # the guard reaches waypoint B, the garage, where the player starts
    assert of(ev, "game_over") == [{"t": 8, "type": "game_over", "result": "lost", "reason": "guard", "player": "red"}]


def test_refused_tap_keeps_a_hidden_player_hidden(run):
    ev = run(scen("{red: lucy}", """
  - {at: 0, tap: [player:red, learn, plan:delivery_van]}
  - {at: 3, tap: go}
  - {at: 3, tap: [player:red, action:sneak, room:corridor_4]}
  - {at: 6, tap: [player:red, action:run, room:garage]}
""", plans="[delivery_van, distraction]", until=12, hidden=GUARD_DOWN))
    assert of(ev, "action_refused")[0]["reason"] == "missing_ability"
    # the guard enters corridor_4 at 7 and 9 and finds the hidden player both times
    assert not of(ev, "game_over")


def test_start_plan_and_climb_plan_needs(run):
    ev = run(scen("{red: max, blue: kim}", """
  - {at: 0, tap: [player:red, learn, plan:sewer_tunnel]}
  - {at: 0, tap: [player:blue, learn, plan:cleaning_crew]}
  - {at: 3, tap: go}
""", plans="[sewer_tunnel, cleaning_crew]", until=3, hidden=GUARD_DOWN), with_say=True)
    # Max cannot climb: the sewer tunnel plan starts him in the street; Kim starts in the cloakroom
    starts = [e for e in ev if e["type"] == "say" and e["key"].startswith("go.start_")]
    assert [s["player"] for s in starts] == ["red", "blue"]
    # the pen says why Max starts in the street, and where each figure goes
    assert starts[0]["key"] == "go.start_fallback" and starts[1]["key"] == "go.start_plan"
    assert "Klettern" in starts[0]["text"] and "auf die Straße vor der Bank" in starts[0]["text"]
    assert "in die Garderobe" in starts[1]["text"]


def test_plan_taken_while_being_forged(run):
    ev = run(scen("{red: max, blue: kim}", """
  - {at: 0, tap: [player:red, learn, plan:master_key]}
  - {at: 1, tap: [player:blue, learn, plan:master_key]}
  - {at: 1, tap: [player:blue, learn, plan:roof_hatch]}
""", until=3))
    assert [e["reason"] for e in of(ev, "action_refused")] == ["plan_taken", "plan_not_in_game"]


def test_distraction_stops_the_guard(run):
    ev = run(scen("{red: max}", """
  - {at: 0, tap: [player:red, learn, plan:distraction]}
  - {at: 3, tap: go}
  - {at: 3, tap: [player:red, plan:distraction, plan:distraction]}
""", until=14, hidden=GUARD_DOWN))
    assert of(ev, "action_started")[-1] == {"t": 3, "type": "action_started", "player": "red", "action": "plan",
                                            "target": "plan:distraction", "units": 2}
    # steps at 4 and 5; the plan completes at 5 (before the guard's step at 5), so the guard
    # stands still until 5 + 4 = 9, then walks on every unit
    assert [e["t"] for e in of(ev, "guard")] == [4, 9, 10, 11, 12, 13, 14]


def test_plan_used_only_once_and_only_by_its_forger(run):
    ev = run(scen("{red: oliver_crow, blue: max}", """
  - {at: 0, tap: [player:red, learn, plan:master_key]}
  - {at: 3, tap: go}
  - {at: 3, tap: [player:blue, plan:master_key, lock:1]}
  - {at: 3, tap: [player:red, plan:master_key, lock:1]}
  - {at: 4, tap: [player:red, plan:master_key, lock:1]}
""", until=5))
    assert of(ev, "action_refused")[0] == {"t": 3, "type": "action_refused", "player": "blue", "reason": "plan_not_forged"}
    assert of(ev, "lock_opened") == [{"t": 4, "type": "lock_opened", "player": "red", "lock": 1}]
    assert of(ev, "action_refused")[1]["reason"] == "plan_used"


def test_electronics_needs_the_ability_and_the_console_room(run):
    ev = run(scen("{red: tom, blue: mary}", """
  - {at: 0, tap: go}
  - {at: 0, tap: [player:red, action:electronics, console:A]}
  - {at: 0, tap: [player:blue, action:electronics, console:A]}
  - {at: 0, tap: [player:blue, plan:power_cut, alarm:A]}
""", until=1))
    assert [e["reason"] for e in of(ev, "action_refused")] == ["missing_ability", "not_at_console", "plan_not_forged"]


def test_power_cut_from_anywhere_and_electronics_at_the_console(run):
    ev = run(scen("{red: mary, blue: oliver_crow}", """
  - {at: 0, tap: [player:red, learn, plan:power_cut]}
  - {at: 3, tap: go}
  - {at: 3, tap: [player:red, plan:power_cut, room:corridor_5]}
  - {at: 3, tap: [player:blue, action:locks, lock:1]}
  - {at: 6, tap: [player:red, action:walk, room:lobby]}
  - {at: 7, tap: [player:red, action:electronics, console:B]}
  - {at: 10, tap: [player:red, action:electronics, console:B]}
""", plans="[power_cut, distraction]", until=11))
    assert of(ev, "alarm_off") == [{"t": 5, "type": "alarm_off", "player": "red", "alarm": "C"},
                                   {"t": 10, "type": "alarm_off", "player": "red", "alarm": "B"}]
    assert of(ev, "action_refused")[-1]["reason"] == "alarm_already_off"


def test_vault_digit_combination_and_win(run):
    # no alarm on the way down (alarm C moved to corridor_4)
    hidden = HIDDEN.replace("C: {corridor: corridor_5, console: cloakroom}", "C: {corridor: corridor_4, console: cloakroom}")
    ev = run(scen("{red: tom, blue: oliver_crow}", """
  - {at: 0, tap: go}
  - {at: 0, tap: [player:blue, action:locks, lock:1]}
  - {at: 3, tap: [player:red, action:walk, room:lobby]}
  - {at: 3, tap: [player:blue, action:walk, room:lobby]}
  - {at: 4, tap: [player:red, action:walk, room:corridor_3]}
  - {at: 4, tap: [player:blue, action:walk, room:corridor_3]}
  - {at: 5, tap: [player:red, action:walk, room:stairs_ground]}
  - {at: 5, tap: [player:blue, action:walk, room:stairs_ground]}
  - {at: 6, tap: [player:red, action:walk, room:stairs_basement]}
  - {at: 6, tap: [player:blue, action:walk, room:stairs_basement]}
  - {at: 7, tap: [player:red, action:walk, room:corridor_5]}
  - {at: 7, tap: [player:blue, action:walk, room:corridor_5]}
  - {at: 8, tap: [player:red, action:walk, room:vault_anteroom]}
  - {at: 8, tap: [player:blue, action:walk, room:vault_anteroom]}
  - {at: 9, tap: [player:red, action:vault_digit, vault_door]}
  - {at: 9, tap: [player:blue, action:walk, room:vault]}
  - {at: 13, tap: [player:red, action:vault_combination, digit:4, digit:7, digit:0]}
  - {at: 15, tap: [player:red, action:vault_combination, digit:4, digit:0, digit:7]}
  - {at: 17, tap: [player:blue, action:walk, room:vault]}
  - {at: 17, tap: [player:red, action:walk, room:vault]}
""", hidden=hidden))
    assert of(ev, "action_refused") == [{"t": 9, "type": "action_refused", "player": "blue", "reason": "vault_closed"}]
    assert of(ev, "first_digit") == [{"t": 13, "type": "first_digit", "player": "red", "digit": 4}]
    assert of(ev, "vault") == [{"t": 15, "type": "vault", "player": "red", "opened": False},
                               {"t": 17, "type": "vault", "player": "red", "opened": True}]
    assert ev[-1] == {"t": 18, "type": "game_over", "result": "won", "reason": "vault"}


def test_time_limit_and_announcements(run):
    ev = run(scen("{red: ben}", "  - {at: 0, tap: [player:red, action:explore, explore:locks]}",
                  difficulty="hard", hidden=""), with_say=False)
    tl = [(e["t"], e["seconds"]) for e in of(ev, "time_left")]
    # hard: 70 units. Every 10 units, every 2 in the last 10, the last unit counted down
    assert tl[:6] == [(10, 60), (20, 50), (30, 40), (40, 30), (50, 20), (60, 10)]
    assert [s for _, s in tl[6:11]] == [8, 6, 4, 2, 1]
    # the last unit's countdown (20, 10, 5 … 1 s at 30 s per unit) is scaled to the unit and said
    # in whole seconds only: at 1 s per unit nothing is left of it but the 1-unit mark
    assert tl[11:] == []
    assert ev[-1] == {"t": 70, "type": "game_over", "result": "lost", "reason": "time"}
    full = run(scen("{red: ben}", "  - {at: 0, tap: [player:red, action:explore, explore:locks]}",
                    difficulty="hard", hidden="").replace("unit_seconds: 1", "unit_seconds: 30"), with_say=False)
    last = [e["seconds"] for e in of(full, "time_left")][-8:]
    assert last == [30, 20, 10, 5, 4, 3, 2, 1]
    slow = run(scen("{red: ben}", "  - {at: 0, tap: [player:red, action:explore, explore:locks]}",
                    difficulty="hard", hidden="").replace("unit_seconds: 1", "unit_seconds: 6"), with_say=False)
    assert [e["seconds"] for e in of(slow, "time_left")][-5:] == [12, 6, 4, 2, 1]


def test_same_instant_order_completion_guard_announcement_limit_taps(run):
    # a completion, the guard's step, an announcement and the time limit all at t=70 (hard)
    ev = run(scen("{red: ben}", """
  - {at: 1, tap: go}
  - {at: 70, tap: [player:red, action:walk, room:lobby]}
  - {at: 69, tap: [player:red, action:walk, room:lobby]}
""", difficulty="hard"))
    at70 = [e["type"] for e in ev if e["t"] == 70]
    # the walk tapped at 69 fails (entrance locked); the guard steps at 70; then the limit
    assert at70 == ["guard", "game_over"]
    ev = run(scen("{red: oliver_crow}", """
  - {at: 0, tap: go}
  - {at: 67, tap: [player:red, action:locks, lock:1]}
  - {at: 70, tap: [player:red, action:walk, room:lobby]}
""", difficulty="hard"))
    at70 = [e["type"] for e in ev if e["t"] == 70]
    assert at70 == ["action_finished", "lock_opened", "guard", "game_over"]


def test_info_and_unknown_taps_outside_a_sequence(run):
    ev = run(scen("{red: ben}", """
  - {at: 0, tap: [info, player:red]}
  - {at: 0, tap: [room:lobby]}
  - {at: 0, tap: [player:red, room:lobby]}
""", until=0), with_say=True)
    keys = [e["key"] for e in ev if e["type"] == "say"]
    assert "info.player_prep" in keys and "what.thing" in keys
    assert of(ev, "action_refused") == [{"t": 0, "type": "action_refused", "player": "red", "reason": "bad_sequence"}]


def test_legal_actions_are_exactly_the_unrefused_ones(data):
    """Brute force over every action and target id: legal_actions lists exactly the pairs that
    start without a refusal (its pre-filter must never hide a legal action)."""
    import random

    from tiptoi_sim.core.scheduler import Scheduler
    from tiptoi_sim.millionen_coup.game import Game, Refusal
    from tiptoi_sim.millionen_coup.setup import draw_setup
    from tiptoi_sim.millionen_coup.taps import ACTIONS, all_tap_ids

    targets = [t for t in all_tap_ids(data) if t.split(":")[0] in ("room", "lock", "console", "alarm", "skill", "plan", "explore")]
    targets.append("vault_door")
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        sched = Scheduler()
        g = Game(data, draw_setup(data, rng), dict(zip(data.colours, rng.sample(list(data.characters), 4))),
                 rng=rng, scheduler=sched, emit=lambda *a, **k: None, unit_seconds=1)
        for step in range(60):
            if g.outcome:
                break
            for colour in g.colour_order:
                p = g.players[colour]
                if p.running or g.outcome:
                    continue
                listed = {(a.action, a.target) for a in g.legal_actions(colour) if a.action != "vault_combination"}
                brute = set()
                for action in [a for a in ACTIONS if a != "vault_combination"] + ["learn"] + [f"plan:{x}" for x in data.plans]:
                    for t in targets:
                        try:
                            g._check(p, action, t)
                        except Refusal:
                            continue
                        brute.add((action if not action.startswith("action:") else action, t))
                assert listed == brute, (seed, step, colour, listed ^ brute)
                checked += 1
                if listed and rng.random() < 0.7:
                    a, t = rng.choice(sorted(listed))
                    g.start_action(colour, a, t)
            if g.phase == "preparation" and step == 8:
                g.go()
            nd = sched.next_deadline()
            if nd is None:
                break
            g.now = nd
            sched.fire_due(nd, lambda: g.outcome is not None)
    assert checked > 50


def test_tutorial_has_fewer_locks_one_alarm_and_explains(run):
    ev = run("""
setup:
  seed: 2
  unit_seconds: 1
  tutorial: true
  players: {red: ben}
taps:
  - {at: 0, tap: [player:red, action:explore, explore:general]}
  - {at: 3, tap: [player:red, action:explore, explore:general]}
  - {at: 6, tap: [player:red, action:explore, explore:general]}
  - {at: 9, tap: [player:red, action:explore, explore:locks]}
  - {at: 11, tap: [player:red, action:explore, explore:alarms]}
until: 14
""", with_say=True)
    revealed = of(ev, "revealed")
    assert sorted(e["item"] for e in revealed if e["field"] == "locks") == [2, 3]
    assert [e["item"] for e in revealed if e["field"] == "alarms"] == ["A"]
    keys = [e["key"] for e in ev if e["type"] == "say"]
    assert "tutorial.preparation" in keys and "tutorial.after_explore" in keys
