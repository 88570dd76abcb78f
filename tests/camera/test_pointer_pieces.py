"""An arm seen in pieces (a sleeve of the board's grey, a pale finger over pale print): which
pieces belong to which arm, and when the ragged end of a sleeve is no finger (pointer.find_hand)."""

from pathlib import Path

import cv2
import numpy as np

from tiptoi_sim.camera.pointer import bridge_edge, find_hand

H, W, M = 200, 296, 20
RECT = (M, M, W - M, H - M)


def _mask():
    return np.zeros((H, W), np.uint8)


def _saved(name):
    """(fg, weak) masks saved from a benchmark frame: its G and B channels."""
    img = cv2.imread(str(Path(__file__).parent / "data" / name))
    return img[..., 1].copy(), img[..., 0].copy()


def _assert_tip_at(fg, weak, x, y, tol_x, tol_y):
    """The hand found in (fg, weak) points, its tip within (tol_x, tol_y) pixels of (x, y)."""
    hand = find_hand(fg, weak, board_rect=RECT, thin_px=2)
    assert hand is not None and hand.pointing, hand
    assert abs(hand.tip[0] - x) <= tol_x and abs(hand.tip[1] - y) <= tol_y, hand.tip


def _assert_no_finger(fg, weak):
    """No hand found in (fg, weak) points; the hand found, if any, is returned."""
    hand = find_hand(fg, weak, board_rect=RECT, thin_px=2)
    assert hand is None or not hand.pointing, hand.tip
    return hand


def _with_finger(fg, weak, p0, p1):
    """(fg, weak) with a finger drawn into both: the rectangle from p0 to p1."""
    for m in (fg, weak):
        cv2.rectangle(m, p0, p1, 255, -1)
    return fg, weak


def _assert_points_at(name, bx, by):
    """The hand in the saved masks ``name`` points at board point (bx, by), within 2.5 px."""
    x0, y0, x1, y1 = RECT
    _assert_tip_at(*_saved(name), x0 + bx * (x1 - x0), y0 + by * (y1 - y0), 2.5, 2.5)


def test_the_ragged_end_of_a_sleeve_before_a_resting_fist_does_not_point():
    # a grey sleeve over grey print from the right, seen as three pieces (the last one's end
    # is as narrow as a finger), and ahead of it the flat fist resting on the board
    fg = _mask()
    for x0, x1 in ((262, W), (226, 258), (196, 222)):
        cv2.rectangle(fg, (x0, 146), (x1, 154), 255, -1)
    cv2.rectangle(fg, (188, 148), (196, 152), 255, -1)   # the piece's end narrows
    cv2.circle(fg, (160, 150), 18, 255, -1)              # the fist, 10 px beyond the sleeve's end
    hand = find_hand(fg, fg, board_rect=RECT, thin_px=2)
    assert hand is None or not hand.pointing, hand and hand.tip


def test_a_pointing_finger_beyond_its_sleeve_in_pieces_still_points():
    # the same sleeve, and ahead of it a hand with its index finger stretched out to the left
    fg = _mask()
    for x0, x1 in ((262, W), (226, 258), (196, 222)):
        cv2.rectangle(fg, (x0, 146), (x1, 154), 255, -1)
    cv2.circle(fg, (172, 150), 14, 255, -1)
    cv2.rectangle(fg, (130, 147), (160, 153), 255, -1)   # the finger, its end at x = 130
    _assert_tip_at(fg, fg, 130, 150, 2, 2)


def test_a_piece_of_one_arm_is_not_joined_to_another_players_hand():
    # a child's hand rests with its fingers over the top edge; another child points up from
    # the bottom, the pale finger seen apart from the hand (a gap over pale print)
    fg = _mask()
    cv2.rectangle(fg, (153, 0), (181, 24), 255, -1)      # the resting hand from the top
    cv2.ellipse(fg, (167, 24), (14, 6), 0, 0, 180, 255, -1)
    cv2.rectangle(fg, (236, 164), (250, H), 255, -1)     # the pointing child's hand, its arm unseen
    cv2.rectangle(fg, (240, 116), (246, 150), 255, -1)   # its finger, apart; the end at y = 116
    _assert_tip_at(fg, fg, 243, 116, 2, 3)


def test_a_hand_crossing_the_boards_edge_with_its_arm_unseen_points_at_its_narrow_end():
    # the masks of a real frame (benchmark clip "finger dark table", seed 8888, t = 2.3 s): a
    # hand at the board's right edge points up at plan slot 2 (board 0.94, 0.33); its sleeve,
    # coming from below, is unseen over the dark table. The hand crosses the board's right
    # edge, so that is where its arm seemed to enter, and from there its far end was the
    # wrist: no finger was seen.
    _assert_points_at("hand_at_right_edge_8888.png", 0.94, 0.33)



def _resting_hand_6563():
    # the masks of a real frame (benchmark clip "finger beige desk, warm dim", seed 6563,
    # t = 9.8 s): a flat hand rests on the board, its grey-brown sleeve unseen over the
    # board's print; only the palm and the wrist (cut off by the sleeve's cuff) are seen
    return _saved("resting_hand_unseen_sleeve_6563.png")


def test_a_corner_of_a_resting_hands_cut_off_wrist_does_not_point():
    # the corner of the wrist sticks out from the palm as far as a finger would, and is as
    # narrow at its very end; it made a false tap
    _assert_no_finger(*_resting_hand_6563())


def test_a_finger_stretched_out_of_the_same_hand_points():
    # an index finger, its end at x = 196
    _assert_tip_at(*_with_finger(*_resting_hand_6563(), (158, 116), (196, 122)), 196, 119, 2.5, 2)


def test_a_hand_ahead_of_its_unseen_sleeve_points_away_from_the_arm_beside_the_board():
    # the masks of a real frame (benchmark clip "finger beige desk, warm dim", seed 3442,
    # t = 8.67 s): a grey sleeve from the left is seen beside the board and, over the board's
    # print, only as a broken line along its lower edge; the hand floats ahead of it and points
    # right at digit 5 (board 0.48, 0.75). Seen as a hand without its arm, its wrist's corner
    # was taken for the finger, in every other frame.
    _assert_points_at("hand_ahead_of_unseen_sleeve_3442.png", 0.48, 0.752)


def test_the_arm_beside_the_board_is_not_joined_to_a_hand_off_its_line():
    # an arm lies on the table beside the board's left edge, pointing nowhere; a resting fist
    # lies on the board far above its line: the fist is no finger of that arm
    fg = _mask()
    cv2.rectangle(fg, (0, 140), (M - 3, 156), 255, -1)     # the sleeve beside the board
    cv2.circle(fg, (150, 60), 18, 255, -1)                 # a fist, its arm unseen
    hand = find_hand(fg, fg, board_rect=RECT, thin_px=2)
    assert hand is None or not hand.pointing or abs(hand.tip[1] - 148) > 20, hand.tip


def test_a_finger_cut_at_the_boards_edge_is_joined_to_its_hand_beside_the_board():
    # a fist on the dark table above the board, its finger pointing down across the board's
    # top edge; right at the edge the finger is lost (the empty-board model allows anything
    # between the dark table and the pale board there), so its end on the board floats apart
    fg = _mask()
    cv2.circle(fg, (148, 6), 12, 255, -1)                  # the fist in the margin
    cv2.rectangle(fg, (145, 0), (151, 15), 255, -1)        # the finger's root, still in the margin
    cv2.rectangle(fg, (145, 23), (151, 34), 255, -1)       # its end on the board (edge at y = 20)
    bridged = bridge_edge(fg, RECT)
    n, _ = cv2.connectedComponents(bridged)
    assert n == 2  # one region (and the background)
    hand = find_hand(bridged, bridged, board_rect=RECT, thin_px=2)
    assert hand is not None and hand.pointing and abs(hand.tip[1] - 34) <= 2, hand and hand.tip
    # a line along the edge is not made from specks on either side of it
    specks = _mask()
    for x in range(40, 260, 9):
        specks[M - 4, x] = specks[M + 4, x + 4] = 255
    assert cv2.countNonZero(bridge_edge(specks, RECT)) == cv2.countNonZero(specks)


def test_a_thin_finger_beyond_a_hand_ahead_of_its_arm_is_found_to_its_end():
    # the masks of a real frame (benchmark clip "finger wood grain", seed 5533, t = 2.3 s): a
    # pale blue sleeve from the top, seen only on the table above the board; the hand floats
    # ahead and points down at "level: easy" (board 0.78, 0.70) with a thin finger. From the
    # arm, the hand's far end is its thick part's (5 px short of the tip, off the hotspot);
    # seen on its own, the finger's end is found: the end farther from the arm counts.
    _assert_points_at("thin_finger_ahead_of_unseen_sleeve_5533.png", 0.782, 0.701)


def test_a_hand_grazing_the_boards_edge_ahead_of_its_sleeve_is_joined_to_it():
    # the masks of a real frame (benchmark clip "finger wood grain", seed 2818, t = 2.4 s): a
    # grey sleeve from the top over the grey print at the left, seen as its outline only; the
    # hand ahead points down at Tom (board 0.044, 0.635) and grazes the board's left edge by a
    # pixel. That made it an arm of its own, never joined: the sleeve's end was the tip.
    _assert_points_at("hand_grazing_left_edge_2818.png", 0.044, 0.635)


def test_a_second_players_fist_in_the_margin_is_not_joined_to_an_arm_pointing_at_it():
    # a child's arm from the left points at a spot near the right edge; the other child's fist
    # rests beyond it, mostly beside the board (not at the picture's border): not this arm's
    fg = _mask()
    cv2.rectangle(fg, (0, 134), (220, 146), 255, -1)       # the arm and its finger, end at x = 224
    cv2.circle(fg, (222, 140), 6, 255, -1)
    cv2.circle(fg, (280, 88), 9, 255, -1)                  # the fist, across the right edge
    _assert_tip_at(fg, fg, 227, 140, 3, 3)


def _sleeve_across_board_7106():
    # the masks of a real frame (benchmark clip "idle hands only", seed 7106, t = 16.5 s): a
    # grey sleeve from the left lies across the board, seen beside the board and over the
    # board in pieces; its fist rests at the far end, at board (0.83, 0.44)
    return _saved("sleeve_across_board_fist_at_end_7106.png")


def test_a_sleeve_across_the_board_does_not_point_with_its_end_next_to_the_arm():
    # seen without its arm, the sleeve's piece on the board has a wide end (the fist) and a
    # narrow one (where the sleeve is lost over the board's print): that end next to the arm
    # beside the board was taken for a finger, and made two false taps
    hand = _assert_no_finger(*_sleeve_across_board_7106())
    assert hand is None or hand.tip[0] > 200, hand.tip  # (the fist's end, if anything)


def test_a_finger_out_of_the_fist_at_the_end_of_a_sleeve_across_the_board_points():
    # an index finger, its end at x = 258
    _assert_tip_at(*_with_finger(*_sleeve_across_board_7106(), (232, 88), (258, 93)), 258, 90.5, 2.5, 2.5)


def test_a_bare_pale_arm_lost_in_pieces_over_pale_print_points_to_its_fingers_end():
    # the masks of a real frame (benchmark clip "finger dark table", seed 5050, t = 7.1 s): a
    # bare pale arm from the left over the board's cream and pale-blue print, its finger on
    # board (0.818, 0.170). The shake-tolerant mask loses it in stretches (three pieces,
    # the gaps wider than any dilation should bridge), the strict one sees it whole: without
    # the strict mask to tell the pieces are one arm, the tip was the middle piece's end,
    # 18 px short, and the tap was lost
    _assert_points_at("bare_pale_arm_in_pieces_5050.png", 0.818, 0.170)


def _arm_with_fist_and_speck(bridge_px):
    """An arm from the left edge with a resting fist at its end, and 29 px ahead a small piece
    (too small to be joined as a hand, farther than a finger's length), tied to the fist in the
    strict mask only by a bridge ``bridge_px`` pixels thick."""
    fg = _mask()
    cv2.rectangle(fg, (0, 94), (115, 106), 255, -1)
    cv2.circle(fg, (130, 100), 16, 255, -1)
    cv2.rectangle(fg, (175, 98), (190, 102), 255, -1)
    weak = fg.copy()
    cv2.rectangle(weak, (140, 100 - bridge_px // 2), (178, 100 - bridge_px // 2 + bridge_px - 1), 255, -1)
    return fg, weak


def test_a_finger_seen_only_at_its_end_is_joined_through_the_strict_mask():
    # a pale finger between the fist and its end seen only by the strict mask, 5 px thick
    _assert_tip_at(*_arm_with_fist_and_speck(5), 190, 100, 2.5, 2.5)


def test_a_thin_line_of_the_strict_mask_joins_nothing():
    # a print edge moved by shake, 2 px thick, between the resting fist and a speck ahead: the
    # speck's end is no finger
    hand = _assert_no_finger(*_arm_with_fist_and_speck(2))
    assert hand is not None and hand.tip[0] < 150, hand.tip


def test_a_pale_finger_beyond_a_hand_joined_from_pieces_is_found_to_its_end():
    # the masks of a real frame (benchmark clip "finger tablecloth", seed 8320, t = 6.67 s): a
    # light bare arm from the left over pale print, seen as the arm's end and the
    # hand ahead of it, apart; the thin finger beyond points right at corridor 2 (board 0.559,
    # 0.180) and is seen only by the weak mask. The hand joined from the two pieces pointed with
    # a knuckle's corner (8 px below and 28 px short of the fingertip): a wrong tap. A hand
    # joined from pieces is now grown into the weak mask as a hand seen whole is.
    _assert_points_at("pale_finger_beyond_joined_hand_7919.png", 0.559, 0.180)


def test_a_finger_seen_only_by_the_weak_mask_beyond_a_joined_hand_is_found():
    # an arm from the left, the hand ahead of it apart (a gap over pale print) with a short
    # stub pointing where the finger leaves it; the finger itself only in the weak mask
    fg = _mask()
    cv2.rectangle(fg, (0, 90), (70, 110), 255, -1)         # the arm
    cv2.rectangle(fg, (80, 92), (120, 108), 255, -1)       # the hand, apart
    cv2.rectangle(fg, (120, 97), (128, 103), 255, -1)      # the finger's root
    weak = fg.copy()
    cv2.rectangle(weak, (128, 97), (140, 103), 255, -1)    # the finger, its end at x = 140
    _assert_tip_at(fg, weak, 140, 100, 2.5, 2)


def test_a_joined_hand_is_not_grown_round_a_gap_to_a_stray_patch_beyond_its_finger():
    # the masks of a real frame (benchmark clip "finger dark table", seed 7374, t = 2.2 s): a
    # hand in a blue sleeve from the right, the sleeve and the hand seen in pieces, points left
    # at the green player card (board 0.528, 0.907). About 2.5 finger radii beyond it, over the
    # yellow card, a stray patch differs (glare or a shift of the light), reached only round
    # the gap through specks below the cards. Grown into the weak mask, the joined hand took
    # that patch's far end for its tip.
    _assert_points_at("stray_patch_beyond_joined_finger_7374.png", 0.528, 0.907)


def test_a_fingertip_that_meets_another_players_resting_hand_still_points():
    # seed 7703's clip 8204 (cluttered desk): a finger from the right reaches lock 3 at the left
    # edge, where another player's hand rests on the table, its fist two or three pixels from
    # the fingertip. Grown to keep a pale hand whole, the two arms are one region entering
    # from both sides, and no end of it pointed.
    _assert_points_at("fingertip_meets_other_hand_8204.png", 0.038, 0.177)


def test_two_arms_joined_only_by_growth_are_judged_apart():
    # drawn: a finger from the bottom up to near the top edge, a fist resting across the top
    # edge 3 pixels beyond its tip (the masks' growth joins them)
    fg = _mask()
    cv2.rectangle(fg, (140, 40), (152, H - 1), 255, -1)
    cv2.circle(fg, (146, 40), 6, 255, -1)                         # the rounded fingertip, top at y = 34
    cv2.ellipse(fg, (146, 20), (22, 14), 0, 0, 360, 255, -1)      # the fist
    cv2.rectangle(fg, (130, 0), (162, 20), 255, -1)               # and its arm off the picture's top
    fg[31:34, :] = 0                                               # a 3-pixel gap
    _assert_tip_at(fg, fg.copy(), 146, 34, 1.5, 2.0)


def test_one_arm_across_a_corner_is_not_split():
    # an arm entering across the bottom-left corner touches two borders far apart, but its own
    # pixels are one piece: one arm, its fingertip the end farthest from both
    fg = _mask()
    cv2.line(fg, (0, 150), (110, 80), 255, 14)
    cv2.line(fg, (0, 150), (60, H - 1), 255, 30)
    cv2.line(fg, (110, 80), (140, 62), 255, 9)
    hand = find_hand(fg, fg.copy(), board_rect=RECT, thin_px=2)
    assert hand is not None and hand.pointing
    assert hand.tip[0] > 135 and hand.tip[1] < 68, hand.tip


def test_a_patch_beside_the_way_of_a_long_bare_arm_is_not_joined_to_its_resting_fist():
    # seed 4853's clip 5953: a bare arm from the right rests with its round fist on the board;
    # the blue player field, its colour shifted by the light, is a patch 5 finger radii beyond
    # and 3 aside of the fist. Joined to the arm, its end pointed: a false tap on "blue"
    hand = _assert_no_finger(*_saved("resting_fist_beside_blue_field_5953.png"))
    assert hand is not None and hand.tip[0] > 110, hand.tip  # (the fist's end, x = 126)


def _long_arm_with_fist():
    """A bare arm 150 px long from the right edge, its round fist resting at x = 120."""
    fg = _mask()
    cv2.rectangle(fg, (150, 90), (W, 106), 255, -1)
    cv2.circle(fg, (138, 98), 18, 255, -1)
    return fg


def test_a_piece_aside_of_a_long_arms_way_is_no_finger_of_it():
    fg = _long_arm_with_fist()
    cv2.rectangle(fg, (44, 128), (84, 136), 255, -1)  # a narrow patch 36 px beyond the fist, 34 px aside
    _assert_no_finger(fg, fg.copy())


def test_a_finger_in_pieces_straight_ahead_of_a_long_arm_is_still_joined():
    fg = _long_arm_with_fist()
    cv2.rectangle(fg, (84, 95), (112, 101), 255, -1)  # the finger, seen apart from the fist
    _assert_tip_at(fg, fg.copy(), 84, 98, 2.5, 2.5)


def test_a_finger_ahead_of_a_long_sleeve_whose_thumb_hangs_aside_is_joined_to_it():
    # seed 7373's clip 7374: a blue sleeve from the right, the pale palm lost over the green
    # player field, the finger a piece ahead on the sleeve's line; the thumb hangs down to the
    # board's edge and is the region's far end. Judged on the line through the far end, the
    # finger lay off the arm's way and the thumb was taken instead (the dwell was lost)
    _assert_points_at("finger_ahead_of_sleeve_thumb_aside_7374.png", 0.525, 0.906)


def test_a_speck_at_the_entry_has_a_tip_where_it_lies():
    # a region within a pixel of where it enters (a speck left of an arm): its farthest
    # pixels were sought beyond it, none found, and the tip was NaN (numpy's "mean of empty
    # slice" in the benchmark of seed 2460)
    from tiptoi_sim.camera.pointer import _hand_from
    region = np.zeros((H, W), bool)
    region[100, 20] = True
    hand = _hand_from((20.2, 100.3), region, r=8.88, max_fill=0.42)
    assert np.isfinite(hand.tip).all() and abs(hand.tip[0] - 20) <= 1 and abs(hand.tip[1] - 100) <= 1, hand.tip


def test_a_hand_grazing_the_edge_beyond_the_first_piece_of_its_sleeve_is_joined_to_it():
    # seed 4853's clip 5154: a pale blue sleeve from the top over pale print, its first piece
    # apart from the rest of the arm, whose fist grazes the board's right edge by a pixel. As
    # the biggest arm, that rest "entered" at the fist, and the sleeve's broken end near the
    # top was its tip (a third of the dwell on "level: hard" went there, and it was lost)
    _assert_points_at("sleeve_piece_above_hand_grazing_edge_5154.png", 0.935, 0.70)


def _sleeve_in_two_pieces():
    """A sleeve from the top edge at x = 250-266: a first piece down to y = 28, the rest from
    y = 44 (its broken end a narrow tongue from y = 36) with a fist at y = 104-128 that
    grazes the board's right edge (x = 276) by a pixel."""
    fg = _mask()
    cv2.rectangle(fg, (250, 0), (266, 28), 255, -1)
    cv2.rectangle(fg, (255, 36), (260, 44), 255, -1)
    cv2.rectangle(fg, (250, 44), (266, 108), 255, -1)
    cv2.rectangle(fg, (246, 104), (W - M, 128), 255, -1)
    return fg


def test_a_drawn_hand_grazing_the_edge_ahead_of_its_sleeve_points_with_its_finger():
    fg = _sleeve_in_two_pieces()
    cv2.rectangle(fg, (254, 128), (260, 150), 255, -1)  # the finger, its end at y = 150
    _assert_tip_at(fg, fg.copy(), 257, 150, 2, 2)


def test_a_drawn_fist_grazing_the_edge_ahead_of_its_sleeve_does_not_point():
    # the same arm without a finger: the sleeve's broken end is no fingertip either way
    fg = _sleeve_in_two_pieces()
    _assert_no_finger(fg, fg.copy())


def test_a_pointing_hand_grazing_the_edge_is_found_beside_another_players_arm():
    # (the order only puts grazing regions last): another player's fist rests from the left,
    # at the picture's border; a hand whose arm is unseen grazes the right edge and points left
    fg = _mask()
    cv2.rectangle(fg, (0, 140), (50, 160), 255, -1)
    cv2.circle(fg, (58, 150), 14, 255, -1)
    cv2.rectangle(fg, (240, 40), (W - M, 70), 255, -1)    # the hand, grazing x = 276
    cv2.rectangle(fg, (206, 52), (240, 58), 255, -1)      # its finger, the end at x = 206
    _assert_tip_at(fg, fg.copy(), 206, 55, 2, 2)


def test_a_small_hand_whose_sleeve_the_board_hides_points_though_another_arm_lies_beside():
    # the masks of a real frame (benchmark clip "finger cluttered desk", seed 9932, t = 2.0 s):
    # a small hand (a finger 0.7 of an adult's) from the left, its pale sleeve unseen over the
    # board, its short finger on the vault door at board (0.572, 0.690); another player's
    # arm lies on the table beside the board's right edge. That arm's pieces ahead reach this
    # hand, and its narrow end, 11.6 finger radii from that arm, was taken for the arm's own
    # end (a sleeve lying across the board): the dwell was lost as seldom pointed
    _assert_points_at("small_hand_other_arm_beside_9932.png", 0.5723, 0.6897)
