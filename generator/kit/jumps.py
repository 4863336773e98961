"""A track's jumps: a link between two spaces that do not touch (a Goose-style 4 -> 9), drawn as
a curved arrow that crosses no word.

The way is found on a fine grid over the board (an eighth of a space a step): from the free
points of the first space to those of the second, through points clear of every word and of
the links already drawn, shortest first with a small cost for each turn (so the way runs
straight where it can). It is then pulled tight (a corner is dropped wherever the straight
line past it is clear) and rounded: a straight way bows into a gentle arc, a bent one has its
corners cut (Chaikin's corner cutting), each time only if the curve stays clear. The arrow's
tip ends just inside the second space. Nothing here knows about tracks: it routes between two
boxes round a list of boxes.
"""
from __future__ import annotations

import heapq
import math
from typing import Optional

from generator.draw.preflight import crosses

Box = tuple[float, float, float, float]  # x, y, w, h
Point = tuple[float, float]

PAD = 1.8  # mm from a word to the way's grid points (room for the arrow's head)
CLEAR = 0.5  # mm from a word to any stretch of the drawn curve
START = 1.5  # mm from a word to where the curve starts
TURN = 0.6  # the cost of a turn, in steps
WALL_NEAR, ALONG_WALL = 1.0, 3.0  # mm from a wall, and the cost of a step there: cross walls, never follow one
STEP = 2.4  # mm at most between grid points: a diagonal step between two points PAD from a word
#            never comes within CLEAR of it (it would need 2 * (PAD - CLEAR) * sqrt(2) = 3.7 mm)
BOWS = (0.18, -0.18, 0.12, -0.12, 0.28, -0.28, 0.07, -0.07, 0.04, -0.04, 0.38, -0.38, 0.5, -0.5)  # an arc's bow, as a share of its chord
MAX_TRIES = 9000  # arcs tried, shortest first, before the way round on the grid
MOVES = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))


def jump_way(start: Box, end: Box, obstacles: list[Box], area: Box, step: float,
             lines: tuple[Box, ...] = ()) -> Optional[list[Point]]:
    """The curve (a list of points) from inside `start` to inside `end`, inside `area` and clear
    of every box in `obstacles`, crossing the boxes of `lines` (walls) rather than running along
    them; None when there is no such way."""
    arc = arc_way(start, end, obstacles, area)
    if arc is not None:
        return arc
    way = grid_way(start, end, obstacles, area, step, lines)
    if way is None:
        return None
    tight = pulled_tight(way, obstacles)
    return rounded(tight, obstacles, area)


def arc_way(start: Box, end: Box, obstacles: list[Box], area: Box) -> Optional[list[Point]]:
    """The shortest clear arc (a quadratic curve, bowed by a share of its chord) from a free point
    of `start` to one of `end`: the way a jump is drawn when one will do."""
    heads = [grow(box, PAD) for box in obstacles]
    begins = [p for p in anchors(start) if not any(inside_box(p, box) for box in grow_all(obstacles, START))]
    ends = [p for p in anchors(end) if not any(inside_box(p, box) for box in heads)]
    tries = []
    for a in begins:
        for b in ends:
            chord = math.dist(a, b)
            for bow in BOWS:
                tries.append((chord * (1 + 2.7 * bow * bow) * (1.15 if abs(bow) < 0.1 else 1.0), abs(bow), a, b, bow))
            # ~ the arc's length, a near-straight one taken as longer: a jump should read as a curve
    tries.sort()
    for _length, _size, a, b, bow in tries[:MAX_TRIES]:
        (x1, y1), (x2, y2) = a, b
        chord = math.dist(a, b)
        nx, ny = -(y2 - y1) / chord, (x2 - x1) / chord
        control = ((x1 + x2) / 2 + nx * bow * chord, (y1 + y2) / 2 + ny * bow * chord)
        curve = [quadratic(a, control, b, t / 16) for t in range(17)]
        near = [box for box in obstacles if overlaps_box(box, curve)]
        if clear(curve, near, area):
            return curve
    return None


def anchors(box: Box) -> list[Point]:
    """Points spread over a box (a space, inset): where a jump may start or end."""
    x, y, w, h = box
    return [(x + w * i / 4, y + h * j / 4) for j in range(5) for i in range(5)]


def grow_all(boxes: list[Box], by: float) -> list[Box]:
    return [grow(box, by) for box in boxes]


def overlaps_box(box: Box, curve: list[Point]) -> bool:
    xs, ys = [p[0] for p in curve], [p[1] for p in curve]
    return not (box[0] > max(xs) + PAD or box[0] + box[2] < min(xs) - PAD or
                box[1] > max(ys) + PAD or box[1] + box[3] < min(ys) - PAD)


def grid_way(start: Box, end: Box, obstacles: list[Box], area: Box, step: float,
             lines: tuple[Box, ...] = ()) -> Optional[list[Point]]:
    """The cheapest way over the grid's free points (Dijkstra, the state a point and the way
    it was entered, so turning costs): starting near `start`'s middle, ending near `end`'s."""
    ax, ay, aw, ah = area
    columns, rows = int(aw // step) + 1, int(ah // step) + 1
    blocked = marked(obstacles, PAD, area, step, columns, rows)
    on_wall = marked(list(lines), WALL_NEAR, area, step, columns, rows)

    def free(i: int, j: int) -> bool:
        return (i, j) not in blocked

    def point(i: int, j: int) -> Point:
        return (ax + i * step, ay + j * step)

    starts = [(i, j) for i in range(columns) for j in range(rows) if inside_box(point(i, j), start) and free(i, j)]
    ends = {(i, j) for i in range(columns) for j in range(rows) if inside_box(point(i, j), end) and free(i, j)}
    if not starts or not ends:
        return None
    middle_a, middle_b = centre(start), centre(end)
    queue = [(0.3 * math.dist(point(*at), middle_a) / step, at, -1) for at in starts]
    heapq.heapify(queue)
    best: dict = {}
    came: dict = {}
    for cost, at, heading in queue:
        best[(at, heading)] = cost
    while queue:
        cost, at, heading = heapq.heappop(queue)
        if best.get((at, heading), math.inf) < cost:
            continue
        if at in ends:
            return [point(*p) for p in walk_back(came, (at, heading))]
        for direction, (di, dj) in enumerate(MOVES):
            there = (at[0] + di, at[1] + dj)
            if not (0 <= there[0] < columns and 0 <= there[1] < rows) or not free(*there):
                continue  # (a step between free points keeps CLEAR from every word: see STEP)
            extra = math.hypot(di, dj) + (TURN if heading not in (-1, direction) else 0.0) + \
                (ALONG_WALL if there in on_wall else 0.0)
            if there in ends:
                extra += 0.3 * math.dist(point(*there), middle_b) / step
            state = (there, direction)
            if cost + extra < best.get(state, math.inf):
                best[state] = cost + extra
                came[state] = (at, heading)
                heapq.heappush(queue, (cost + extra, there, direction))
    return None


def marked(boxes: list[Box], by: float, area: Box, step: float, columns: int, rows: int) -> set:
    """The grid points inside any of the boxes grown by `by`."""
    ax, ay = area[0], area[1]
    found = set()
    for x, y, w, h in (grow(box, by) for box in boxes):
        for i in range(max(0, math.ceil((x - ax) / step)), min(columns, math.floor((x + w - ax) / step) + 1)):
            for j in range(max(0, math.ceil((y - ay) / step)), min(rows, math.floor((y + h - ay) / step) + 1)):
                found.add((i, j))
    return found


def walk_back(came: dict, state) -> list:
    way = [state[0]]
    while state in came:
        state = came[state]
        way.append(state[0])
    return way[::-1]


def pulled_tight(way: list[Point], obstacles: list[Box]) -> list[Point]:
    """The way with every corner dropped whose neighbours see each other clear of the words."""
    tight = [way[0]]
    at = 0
    while at < len(way) - 1:
        far = len(way) - 1
        while far > at + 1 and crosses_any((way[at], way[far]), obstacles, CLEAR):
            far -= 1
        tight.append(way[far])
        at = far
    return tight


def rounded(way: list[Point], obstacles: list[Box], area: Box) -> list[Point]:
    """A straight way bowed into an arc, a bent one with its corners cut: the first curve that
    stays clear, else the way as it is (it is clear already)."""
    if len(way) == 2:
        (x1, y1), (x2, y2) = way
        length = math.dist(way[0], way[1])
        nx, ny = -(y2 - y1) / length, (x2 - x1) / length
        for bow in (0.22, -0.22, 0.14, -0.14, 0.3, -0.3, 0.08, -0.08):
            control = ((x1 + x2) / 2 + nx * bow * length, (y1 + y2) / 2 + ny * bow * length)
            curve = [quadratic(way[0], control, way[1], t / 16) for t in range(17)]
            if clear(curve, obstacles, area):
                return curve
        return way
    for times in (3, 2, 1):
        curve = way
        for _ in range(times):
            curve = chaikin(curve)
        if clear(curve, obstacles, area):
            return curve
    return way


def quadratic(a: Point, control: Point, b: Point, t: float) -> Point:
    u = 1 - t
    return (u * u * a[0] + 2 * u * t * control[0] + t * t * b[0], u * u * a[1] + 2 * u * t * control[1] + t * t * b[1])


def chaikin(points: list[Point]) -> list[Point]:
    """Each corner cut at a quarter and three quarters of its two sides; the ends kept."""
    out = [points[0]]
    for (x1, y1), (x2, y2) in zip(points, points[1:]):
        out += [(0.75 * x1 + 0.25 * x2, 0.75 * y1 + 0.25 * y2), (0.25 * x1 + 0.75 * x2, 0.25 * y1 + 0.75 * y2)]
    return out[:1] + out[2:-1] + [points[-1]]


def clear(curve: list[Point], obstacles: list[Box], area: Box) -> bool:
    return all(inside_box(p, area) for p in curve) and \
        not any(crosses_any(segment, obstacles, CLEAR) for segment in zip(curve, curve[1:]))


def shortened(curve: list[Point], by: float) -> list[Point]:
    """The curve ending `by` mm (along it) before its end: an arrow's head is centred on the
    path's end, so the path stops half a head short for the tip to land on the end."""
    points = list(curve)
    while len(points) > 2 and math.dist(points[-1], points[-2]) <= by:
        by -= math.dist(points[-1], points[-2])
        points.pop()
    (x1, y1), (x2, y2) = points[-2], points[-1]
    length = math.dist(points[-2], points[-1])
    keep = max(length - by, length * 0.2) / length
    points[-1] = (x1 + (x2 - x1) * keep, y1 + (y2 - y1) * keep)
    return points


# -- boxes -------------------------------------------------------------------------------------
def grow(box: Box, by: float) -> Box:
    return (box[0] - by, box[1] - by, box[2] + 2 * by, box[3] + 2 * by)


def centre(box: Box) -> Point:
    return (box[0] + box[2] / 2, box[1] + box[3] / 2)


def inside_box(point: Point, box: Box) -> bool:
    return box[0] <= point[0] <= box[0] + box[2] and box[1] <= point[1] <= box[1] + box[3]


def crosses_any(segment: tuple[Point, Point], boxes: list[Box], by: float) -> bool:
    return any(crosses(segment, grow(box, by)) for box in boxes)

