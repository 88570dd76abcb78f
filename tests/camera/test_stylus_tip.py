"""Where a vivid stylus tip touches the board, and which blurred tips count as vivid."""

import cv2
import numpy as np

from tiptoi_sim.camera.stylus import peak_needed, touch_point


def _cone(apex, direction, length=9.0, base=6.0, colour=(190, 40, 205), blur=1.5):
    """A grey board with a pen's cone tip (magenta) whose point is at ``apex``, the pen
    reaching back along ``direction``; blurred like a camera does. Returns the picture."""
    img = np.full((80, 80, 3), 200, np.float32)
    u = np.array(direction, np.float64) / np.hypot(*direction)
    n = np.array([-u[1], u[0]])
    a = np.array(apex, np.float64)
    b = a + u * length
    poly = np.array([a + n * 0.1, b + n * base / 2, b - n * base / 2, a - n * 0.1]) * 8
    m = np.zeros((80, 80), np.uint8)
    cv2.fillConvexPoly(m, np.round(poly).astype(np.int32), 255, cv2.LINE_AA, shift=3)
    al = m.astype(np.float32)[..., None] / 255.0
    img = img * (1 - al) + np.float32(colour) * al
    return cv2.GaussianBlur(img, (0, 0), blur).clip(0, 255).astype(np.uint8)


def _differs(img):
    """The weak mask of a picture drawn on a plain board: what differs from its corner pixel."""
    weak = np.zeros(img.shape[:2], np.uint8)
    weak[np.any(img != img[0, 0], axis=2)] = 255
    return weak


def _vivid(img):
    hsv = cv2.cvtColor(img, cv2.COLOR_BGR2HSV)
    ys, xs = np.nonzero(hsv[..., 1] >= 110)
    return xs.astype(np.float64), ys.astype(np.float64)


def test_the_tap_lands_at_the_cones_point_not_where_its_vivid_part_ends():
    for apex, direction in (((40.0, 30.0), (0, 1)), ((30.0, 40.0), (1, 0.3)), ((45.0, 45.0), (-1, -1))):
        xs, ys = _vivid(_cone(apex, direction))
        entry = (apex[0] + 60 * direction[0], apex[1] + 60 * direction[1])
        # the farthest vivid pixel stops short of the point...
        d2 = (xs - entry[0]) ** 2 + (ys - entry[1]) ** 2
        i = int(np.argmax(d2))
        assert np.hypot(xs[i] - apex[0], ys[i] - apex[1]) > 1.3
        # ...and the touch point makes up for it
        tx, ty = touch_point(xs, ys, entry)
        assert np.hypot(tx - apex[0], ty - apex[1]) < 0.8, (apex, (tx, ty))


def test_a_blurred_magenta_or_pink_tip_counts_but_skin_coloured_saturation_does_not():
    assert peak_needed(np.full(10, 160), 170) == 130   # magenta, white balance shifted
    assert peak_needed(np.full(10, 166), 170) == 130   # pink
    assert peak_needed(np.full(10, 110), 170) == 130   # blue
    assert peak_needed(np.full(10, 12), 170) == 170    # skin, orange: only a truly vivid one
    assert peak_needed(np.full(10, 176), 170) == 170   # red (a red sleeve)


def test_a_dark_hands_noisy_saturation_is_no_tip_but_a_dim_red_tip_is():
    from tiptoi_sim.camera.stylus import is_vivid

    dark_fist = np.array([[10, 180, 62], [12, 150, 66], [11, 175, 60]], np.uint8)  # H, S, V
    dim_red_tip = np.array([[178, 213, 100], [179, 190, 95]], np.uint8)
    bright_orange_tip = np.array([[15, 229, 245]], np.uint8)
    assert not is_vivid(dark_fist, 170)
    assert is_vivid(dim_red_tip, 170)
    assert is_vivid(bright_orange_tip, 170)


def _orange_blob_at(x, y, sat=150):
    """A grey board picture with a small blurred-looking orange blob (hue 15, saturation
    ``sat``: below 170, which skin reaches) at (x, y), and the mask of what differs."""
    hsv = np.zeros((80, 80, 3), np.uint8)
    hsv[..., 2] = 200
    hsv[y - 2:y + 3, x - 2:x + 3] = (15, sat, 230)
    img = cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR)
    weak = np.zeros((80, 80), np.uint8)
    weak[y - 2:y + 3, x - 2:x + 3] = 255
    return img, weak


def test_a_tip_of_skins_hue_counts_ahead_of_the_fist_but_not_at_it():
    from tiptoi_sim.camera.stylus import refine_tip

    far, entry = (40.0, 20.0), (40.0, 0.0)  # the hand comes from the top, its end at y = 20
    img, weak = _orange_blob_at(40, 45)     # beyond the fist, at the end of a grey pen
    (x, y), hue = refine_tip(img, weak, far, entry, radius=10)
    assert hue is not None and abs(x - 40) < 1 and 47 <= y <= 50
    img, weak = _orange_blob_at(40, 23)     # at the fist itself: skin's saturation, no tip
    assert refine_tip(img, weak, far, entry, radius=10) == (far, None)
    img, weak = _orange_blob_at(40, 23, sat=200)  # a truly vivid tip at the pen's end counts
    assert refine_tip(img, weak, far, entry, radius=10)[1] is not None


def _pen_with_tip(body_hsv, tip_sat=150):
    """A grey board with a pen from below: its body (``body_hsv``) up to y = 51 and a red tip of
    peak saturation ``tip_sat`` (below 170, which skin reaches) from y = 44 to 50; the picture
    and the mask of what differs."""
    hsv = np.zeros((120, 80, 3), np.uint8)
    hsv[...] = (20, 20, 170)
    hsv[51:, 38:43] = body_hsv
    hsv[44:51, 38:43] = (179, tip_sat - 25, 200)
    hsv[44:47, 39:42] = (179, tip_sat, 200)
    img = cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR)
    return img, _differs(img)


def test_a_red_tip_below_vivid_counts_at_a_grey_pens_end_but_not_at_a_fingers():
    # (seed 8124's clip 9025, stylus on a light desk) a red tip under a cold light peaks at
    # saturation 149 at the end of a grey pen: as saturated as warm-lit skin, but what lies
    # behind it is the grey body, not more skin
    from tiptoi_sim.camera.stylus import refine_tip

    far, entry = (40.0, 44.0), (40.0, 119.0)
    img, weak = _pen_with_tip((0, 10, 120))             # a grey pen's body behind the tip
    (x, y), hue = refine_tip(img, weak, far, entry, radius=10)
    assert hue is not None and (hue <= 8 or hue >= 172) and abs(x - 40) < 1 and 41 <= y <= 44.5, ((x, y), hue)
    img, weak = _pen_with_tip((12, 100, 170))           # skin behind it: a knuckle, a finger
    assert refine_tip(img, weak, far, entry, radius=10) == (far, None)
    img, weak = _pen_with_tip((0, 10, 120), tip_sat=125)  # fainter than a blue tip must be
    assert refine_tip(img, weak, far, entry, radius=10) == (far, None)
    img, weak = _pen_with_tip((0, 10, 120))
    weak[51:, :] = 0                                    # no body seen behind it at all
    assert refine_tip(img, weak, far, entry, radius=10) == (far, None)


def test_a_lone_tip_without_a_hand_taps_at_its_point_by_the_pens_faint_body():
    from tiptoi_sim.camera.stylus import find_vivid_blob

    apex = (40.0, 50.0)
    img = _cone(apex, (0, -1), colour=(35, 215, 235))  # a yellow tip; the pen goes up
    hsv = cv2.cvtColor(img, cv2.COLOR_BGR2HSV)
    fg = ((hsv[..., 1] >= 60).astype(np.uint8)) * 255
    fg[5:36, 39:41] = 255  # the pale pen's body, seen only faintly, up to the picture's edge
    (cx, cy), _ = find_vivid_blob(img, fg, max_area=200)
    (x, y), hue = find_vivid_blob(img, fg, max_area=200, ring=30)
    assert 20 <= hue <= 40
    assert np.hypot(x - apex[0], y - apex[1]) < 1.0 < np.hypot(cx - apex[0], cy - apex[1]) - 1.5


def test_a_tip_of_an_unlearnt_colour_counts_only_in_a_cool_hue_and_with_its_pen_beside_it():
    # (another player's pen, its hue never learnt: cool_only) a green or blue tip with the
    # pen's body beside it counts; a yellow one (a hue skin and wood have) does not, nor a green
    # blob with nothing beside it (a loose speck of a sleeve's print)
    from tiptoi_sim.camera.stylus import find_vivid_blob

    apex = (40.0, 50.0)
    for colour, counts in (((60, 200, 40), True), ((220, 120, 30), True), ((35, 215, 235), False)):
        img = _cone(apex, (0, -1), colour=colour)
        hsv = cv2.cvtColor(img, cv2.COLOR_BGR2HSV)
        fg = ((hsv[..., 1] >= 60).astype(np.uint8)) * 255
        alone = find_vivid_blob(img, fg, max_area=200, ring=30, cool_only=True)
        fg[5:36, 39:41] = 255  # the pen's body
        got = find_vivid_blob(img, fg, max_area=200, ring=30, cool_only=True)
        assert alone is None, colour
        assert (got is not None) == counts, colour
        if counts:
            assert np.hypot(got[0][0] - apex[0], got[0][1] - apex[1]) < 1.5


def test_skin_at_the_fist_cut_by_the_search_box_is_no_tip_the_red_tip_ahead_is():
    # a warm-lit fist (skin saturated to 180, chroma about 80) holds a pen from the right; the
    # pen's body is unseen, so the hand's far end is the fist. A search box around the fist
    # cuts a small piece out of the large skin region; that piece must not pass for a tip.
    from tiptoi_sim.camera.stylus import refine_tip

    img = np.full((120, 200, 3), (150, 160, 165), np.uint8)
    skin = cv2.cvtColor(np.uint8([[[11, 180, 120]]]), cv2.COLOR_HSV2BGR)[0, 0]
    cv2.ellipse(img, (150, 60), (40, 16), 0, 0, 360, skin.tolist(), -1)   # the fist
    cv2.rectangle(img, (150, 50), (200, 70), skin.tolist(), -1)          # the wrist
    cv2.circle(img, (82, 60), 3, (30, 30, 235), -1)                      # the red tip, ahead
    weak = _differs(img)
    (x, y), hue = refine_tip(img, weak, far=(110.0, 60.0), entry=(199.0, 60.0), radius=12.0, reach=51.0)
    assert hue is not None and (hue <= 8 or hue >= 172), hue
    assert abs(x - 79) <= 2.5 and abs(y - 60) <= 1.5, (x, y)


def test_knuckles_behind_the_pens_end_are_no_tip_the_red_tip_ahead_is():
    # (seed 3519, stylus on wood grain) a grey pen from below, its body over the board not
    # seen: the hand's far end is the top of the fist. Two small warm-lit knuckles either side
    # of the pen, 10 px behind that end, are as saturated as a tip; the red tip 24 px ahead is
    # the tip. A tip at the pen's very end (its centroid a few px behind the end) still wins.
    from tiptoi_sim.camera.stylus import refine_tip

    img = np.full((120, 120, 3), (150, 160, 165), np.uint8)
    skin = cv2.cvtColor(np.uint8([[[12, 178, 170]]]), cv2.COLOR_HSV2BGR)[0, 0]
    for x in (55, 65):
        cv2.circle(img, (x, 86), 2, skin.tolist(), -1)                   # the knuckles
    cv2.circle(img, (60, 52), 3, (30, 30, 235), -1)                      # the red tip, ahead
    weak = _differs(img)
    (x, y), hue = refine_tip(img, weak, far=(60.0, 76.0), entry=(60.0, 119.0), radius=11.8, reach=51.0)
    assert hue is not None and (hue <= 8 or hue >= 172), hue
    assert abs(x - 60) <= 1.5 and abs(y - 49) <= 2.5, (x, y)
    # the tip at the pen's end itself, 4 px behind it, is taken before a speck farther ahead
    img2 = np.full((120, 120, 3), (150, 160, 165), np.uint8)
    cv2.circle(img2, (60, 80), 3, (30, 30, 235), -1)                     # the tip at the end
    cv2.circle(img2, (60, 40), 2, (235, 60, 30), -1)                     # a blue speck ahead
    (x, y), hue = refine_tip(img2, _differs(img2), far=(60.0, 76.0), entry=(60.0, 119.0), radius=11.8, reach=51.0)
    assert hue is not None and (hue <= 8 or hue >= 172) and abs(y - 77) <= 2.5, ((x, y), hue)


def test_print_under_a_shadow_is_the_board_but_a_vivid_tip_of_a_near_hue_on_pale_print_is_not():
    from tiptoi_sim.camera.stylus import same_as_board

    def hsv(h, s, v):
        return np.full((5, 5, 3), (h, s, v), np.uint8)

    green_button = hsv(60, 170, 180)
    assert same_as_board(hsv(62, 175, 110), green_button).all()        # under the arm's shadow
    assert same_as_board(hsv(60, 120, 230), green_button).all()        # under glare
    pale_yellow_field = hsv(25, 100, 210)
    assert not same_as_board(hsv(17, 223, 204), pale_yellow_field).any()  # an orange tip on it
    assert not same_as_board(hsv(120, 200, 200), green_button).any()     # a blue tip on green


def _faint_blob_at(hue, sat, x=40, y=45):
    """A cream board with a small blob of ``hue`` and saturation ``sat`` (a tip blurred into the
    board) at (x, y), and the mask of what differs."""
    hsv = np.full((80, 80, 3), (25, 40, 215), np.uint8)  # the cream board
    hsv[y - 2:y + 3, x - 2:x + 3] = (hue, sat, 200)
    img = cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR)
    return img, _differs(img)


def test_a_faint_blue_tip_ahead_of_the_fist_counts_a_faint_warm_one_or_one_at_the_fist_does_not():
    # (clip 9443, stylus on wood grain) a pale pen's body unseen on the cream board; its blue
    # tip, 5 px long, blurred into the board, peaks at saturation 104-127: below vivid
    from tiptoi_sim.camera.stylus import refine_tip

    far, entry = (40.0, 20.0), (40.0, 0.0)  # the fist comes from the top, its end at y = 20
    img, weak = _faint_blob_at(108, 112)
    (x, y), hue = refine_tip(img, weak, far, entry, radius=10)
    assert hue is not None and 100 <= hue <= 115 and abs(x - 40) < 1 and 46 <= y <= 50, ((x, y), hue)
    # as faint in a hue of skin or wood (a knuckle, grain): no tip
    img, weak = _faint_blob_at(14, 112)
    assert refine_tip(img, weak, far, entry, radius=10) == (far, None)
    # blue, but fainter still (a cold white balance on the board is about 40): no tip
    img, weak = _faint_blob_at(108, 85)
    assert refine_tip(img, weak, far, entry, radius=10) == (far, None)
    # as faint, but at the fist itself: no tip
    img, weak = _faint_blob_at(108, 112, y=24)
    assert refine_tip(img, weak, far, entry, radius=10) == (far, None)


def _dark_cone(apex, direction, blur=1.5):
    """A dark blue tip on a cream board (the colours of seed 2612's wrong tap): its thin point,
    blurred with the board, is grey, below vivid, but still differs from the board. Returns the
    picture, the vivid pixels and the mask of what differs from the board by more than 12."""
    img = np.full((80, 80, 3), (170, 205, 220), np.float32)
    u = np.array(direction, np.float64) / np.hypot(*direction)
    n = np.array([-u[1], u[0]])
    a = np.array(apex, np.float64)
    b = a + u * 9.0
    poly = np.array([a + n * 0.1, b + n * 3.0, b - n * 3.0, a - n * 0.1]) * 8
    m = np.zeros((80, 80), np.uint8)
    cv2.fillConvexPoly(m, np.round(poly).astype(np.int32), 255, cv2.LINE_AA, shift=3)
    al = m.astype(np.float32)[..., None] / 255.0
    img = cv2.GaussianBlur(img * (1 - al) + np.float32((120, 55, 15)) * al, (0, 0), blur)
    img = img.clip(0, 255).astype(np.uint8)
    xs, ys = _vivid(img)
    weak = (np.abs(img.astype(int) - img[0, 0].astype(int)).max(axis=2) > 12).astype(np.uint8) * 255
    return img, xs, ys, weak


def test_a_dark_tips_grey_point_is_followed_on_what_differs_from_the_board():
    for apex, direction in (((40.0, 30.0), (0, 1)), ((30.0, 40.0), (1, 0.3)), ((45.0, 45.0), (-1, -1))):
        _, xs, ys, weak = _dark_cone(apex, direction)
        entry = (apex[0] + 60 * direction[0], apex[1] + 60 * direction[1])
        before = np.hypot(*np.subtract(touch_point(xs, ys, entry), apex))
        after = np.hypot(*np.subtract(touch_point(xs, ys, entry, weak=weak, radius=10), apex))
        assert before > 1.9 and after < before - 0.6, (apex, before, after)


def test_a_mask_that_ends_with_the_vivid_part_leaves_the_point_where_it_was():
    apex, direction = (40.0, 30.0), (0, 1)
    _, xs, ys, _ = _dark_cone(apex, direction)
    entry = (40.0, 90.0)
    weak = np.zeros((80, 80), np.uint8)
    weak[ys.astype(int), xs.astype(int)] = 255  # nothing faint beyond the vivid part
    assert touch_point(xs, ys, entry, weak=weak, radius=10) == touch_point(xs, ys, entry)


def test_the_faint_point_is_followed_no_farther_than_its_reach():
    # a shadow or a dark line of print ahead of the tip, along the pen, differs from the board
    # too: the point is moved on by at most POINT_REACH radii less the blurred edge
    from tiptoi_sim.camera.stylus import POINT_EDGE_PX, POINT_REACH

    apex, direction = (40.0, 30.0), (0, 1)
    _, xs, ys, weak = _dark_cone(apex, direction)
    weak[5:30, 39:42] = 255
    entry = (40.0, 90.0)
    end_y = ys.min()
    x, y = touch_point(xs, ys, entry, weak=weak, radius=10)
    assert abs(x - 40) < 0.6
    assert end_y - (POINT_REACH * 10 - POINT_EDGE_PX) - 0.6 <= y <= end_y - 1.0, (y, end_y)


def test_refine_tip_follows_the_faint_point_on_the_mask_it_is_given_for_a_box_around_the_tip():
    from tiptoi_sim.camera.stylus import refine_tip

    img, _, _, weak = _dark_cone((40.0, 30.0), (0, 1))
    far, entry = (40.0, 45.0), (40.0, 90.0)
    boxes = []

    def same(box):
        boxes.append(box)
        return weak[box[1]:box[3], box[0]:box[2]]

    def nothing(box):
        return np.zeros((box[3] - box[1], box[2] - box[0]), np.uint8)

    (x, y), hue = refine_tip(img, weak, far, entry, radius=10)
    assert hue is not None and abs(x - 40) < 0.6 and y < 31.8, (x, y)
    assert refine_tip(img, weak, far, entry, radius=10, point=same) == ((x, y), hue)
    x0, y0, x1, y1 = boxes[0]
    assert x0 <= 37 and x1 >= 43 and y0 <= 30 and x1 - x0 < 30  # around the tip, not the picture
    (_, y_none), _ = refine_tip(img, weak, far, entry, radius=10, point=nothing)
    assert y_none > y + 0.6  # no faint point where the mask given shows none
