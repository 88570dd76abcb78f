"""The board layout (layout.yaml): every tap id has a polygon, hit-testing, overlays, and the
DataErrors a user editing the file gets."""

from __future__ import annotations

import textwrap

import pytest

from tiptoi_sim.core.errors import DataError
from tiptoi_sim.millionen_coup.data import load_game_data
from tiptoi_sim.millionen_coup.layout import board_tap_ids, default_layout_path, load_layout
from tiptoi_sim.millionen_coup.taps import all_tap_ids


@pytest.fixture(scope="module")
def data():
    return load_game_data(with_phrases=False)


@pytest.fixture(scope="module")
def layout(data):
    return load_layout(data=data)


def test_every_tap_id_but_plans_has_a_polygon(layout, data):
    ids = all_tap_ids(data)
    assert set(layout.hotspots) == {t for t in ids if not t.startswith("plan:")}
    assert "plan_slot:1" in layout.hotspots and "plan_slot:2" in layout.hotspots
    assert len(layout.room_polygons()) == len(data.rooms)
    assert layout.aspect == pytest.approx(1.6)


def test_centre_of_every_hotspot_hits_it(layout):
    for tid in layout.hotspots:
        x, y = layout.centre(tid)
        assert 0 <= x <= 1 and 0 <= y <= 1
        assert layout.hit_test(x, y) == tid, tid


def test_smallest_polygon_wins_and_outside_is_none(layout):
    # the vault door plate lies on the wall between vault_anteroom and vault
    x, y = layout.centre("vault_door")
    assert layout.area("vault_door") < layout.area("room:vault")
    assert layout.hit_test(x, y) == "vault_door"
    assert layout.hit_test(x + 0.05, y) == "room:vault"
    assert layout.hit_test(0.001, 0.001) is None
    assert layout.hit_test(1.0, 1.0) is None


def test_rooms_by_floor_street_beside_ground(layout, data):
    rooms = layout.room_polygons()

    def cy(r):
        return sum(p[1] for p in rooms[r]) / len(rooms[r])

    def cx(r):
        return sum(p[0] for p in rooms[r]) / len(rooms[r])
    up = [r for r, room in data.rooms.items() if room.floor == "upper"]
    gr = [r for r, room in data.rooms.items() if room.floor == "ground"]
    bs = [r for r, room in data.rooms.items() if room.floor == "basement"]
    assert max(cy(r) for r in up) < min(cy(r) for r in gr)
    assert max(cy(r) for r in gr) < min(cy(r) for r in bs)
    assert min(cy(r) for r in gr) < cy("street") < max(cy(r) for r in gr)
    assert cx("street") < min(cx(r) for r in gr)


def _write(tmp_path, text, name="layout.yaml"):
    p = tmp_path / name
    p.write_text(textwrap.dedent(text), encoding="utf-8")
    return p


def _full_text(data, replace=None, drop=(), extra=""):
    lines = ["aspect: 1.6", "hotspots:"]
    for i, tid in enumerate(board_tap_ids(data)):
        if tid in drop:
            continue
        poly = (replace or {}).get(tid, f"[[0.0, 0.0], [0.01, 0.0], [0.01, 0.01]]")
        lines.append(f'  "{tid}": {poly}')
    return "\n".join(lines) + "\n" + extra


def test_error_polygon_with_two_points(tmp_path, data):
    p = _write(tmp_path, _full_text(data, replace={"room:lobby": "[[0.1, 0.1], [0.2, 0.2]]"}))
    with pytest.raises(DataError) as e:
        load_layout(p, data=data)
    lobby_line = next(i for i, l in enumerate(p.read_text().splitlines(), 1) if '"room:lobby"' in l)
    assert e.value.line == lobby_line
    assert e.value.field == "hotspots.room:lobby"
    assert "at least 3" in str(e.value)


def test_error_coordinate_outside(tmp_path, data):
    p = _write(tmp_path, _full_text(data, replace={"go": "[[0.1, 0.1], [1.2, 0.1], [0.1, 0.3]]"}))
    with pytest.raises(DataError) as e:
        load_layout(p, data=data)
    assert e.value.field == "hotspots.go[1]" and "between 0 and 1" in str(e.value)
    assert str(p) in str(e.value)


def test_error_unknown_missing_duplicate_and_plan_ids(tmp_path, data):
    p = _write(tmp_path, _full_text(data, extra='  "room:kitchen": [[0, 0], [0.1, 0], [0, 0.1]]\n'))
    with pytest.raises(DataError, match="unknown tap id") as e:
        load_layout(p, data=data)
    assert e.value.field == "hotspots.room:kitchen"
    p = _write(tmp_path, _full_text(data, drop={"digit:7"}))
    with pytest.raises(DataError, match="missing polygon for tap id digit:7"):
        load_layout(p, data=data)
    p = _write(tmp_path, _full_text(data, extra='  "go": [[0, 0], [0.1, 0], [0, 0.1]]\n'))
    with pytest.raises(DataError, match="duplicate key"):
        load_layout(p, data=data)
    p = _write(tmp_path, _full_text(data, extra='  "plan:master_key": [[0, 0], [0.1, 0], [0, 0.1]]\n'))
    with pytest.raises(DataError, match="plan_slot"):
        load_layout(p, data=data)


def test_error_degenerate_polygon_and_bad_aspect(tmp_path, data):
    p = _write(tmp_path, _full_text(data, replace={"info": "[[0.1, 0.1], [0.2, 0.2], [0.3, 0.3]]"}))
    with pytest.raises(DataError, match="area"):
        load_layout(p, data=data)
    p = _write(tmp_path, _full_text(data).replace("aspect: 1.6", "aspect: wide"))
    with pytest.raises(DataError) as e:
        load_layout(p, data=data)
    assert e.value.field == "aspect" and e.value.line == 1


def test_overlay_replaces_by_id(tmp_path, layout, data):
    ov = _write(tmp_path, """\
        # a webcam calibration overlay
        hotspots:
          "room:lobby": [[0.40, 0.90], [0.45, 0.90], [0.45, 0.95], [0.40, 0.95]]
        """, "overlay.yaml")
    merged = load_layout(overlay=ov, data=data)
    assert merged.hit_test(0.425, 0.925) == "room:lobby"
    assert merged.hotspots["go"] == layout.hotspots["go"]
    old_lobby = layout.centre("room:lobby")
    assert merged.hit_test(*old_lobby) != "room:lobby"
    bad = _write(tmp_path, 'hotspots:\n  "room:lobby": [[0.4, 0.9], [0.45, 0.9]]\n', "bad.yaml")
    with pytest.raises(DataError) as e:
        load_layout(overlay=bad, data=data)
    assert e.value.path == str(bad) and e.value.line == 2


def test_default_file_is_the_board_assets_one():
    assert default_layout_path().name == "layout.yaml"
    assert default_layout_path().parent.name == "millionen_coup"
