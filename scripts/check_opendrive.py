"""Arcline's OpenDRIVE files read back by third-party tools.

For every `<name>.xodr` in a folder (written by `examples/opendrive.rs`
beside `<name>.json`, the exact lines and arcs Arcline built):

1. The ASAM Quality Checker OpenDRIVE bundle (`asam-qc-opendrive`) runs
   on the file, exactly as `qc_opendrive -c config.xml` does (a config
   naming the file and the `.xqar` report), and the report must have no
   `Issue` element, every checker `completed` (one applies only to
   OpenDRIVE 1.7 and below: `skipped` for version reasons is allowed).
2. pyxodr reads the file: every road's reference line and every lane
   border it samples (about 0.1 apart) must lie within TOL of Arcline's
   own path, and Arcline's path (sampled every 0.25) within TOL of
   pyxodr's polyline; connecting roads must number as the junctions'
   connections, and each connecting lane must lead, in pyxodr's lane
   graph, from a lane ending where it starts to a lane starting where it
   ends.

Before that, two altered copies of a file check that the checks can fail:
an arc's curvature off by 1% must fail the comparison, and a connecting
road linked to the wrong road must give the checker issues.

Usage: python check_opendrive.py <folder>
"""

import math
import sys
import tempfile
from pathlib import Path
import json
import xml.etree.ElementTree as ET

import numpy as np

TOL = 0.05
# A file of roads with transition curves (`transitions*.xodr`) is held to
# tighter numbers. Its plan view, read from the XML and integrated here
# record by record (every <spiral> by the midpoint rule on 20,000 steps,
# independently of Arcline and of pyxodr), must end each record within
# 1e-6 of where the next one starts (SPIRAL_JOIN). pyxodr's reference
# points must lie within STRICT_REFERENCE of Arcline's centre line, and its
# lane borders within STRICT_BORDER. pyxodr resamples its reference line
# into a polyline `resolution` apart, so its points lie on chords: a chord
# h long on a curve of radius r is h²/8r off it (2.5e-6 at h = 0.04 on a
# radius of 80, 1.3e-5 on the radius of 15 the transitions reach). The
# strict check reads the reference line again at STRICT_RESOLUTION, where
# that sag is below 1e-6 (5.3e-7 at r = 15); lane borders stay at
# RESOLUTION, as pyxodr offsets them along normals of its own polyline.
SPIRAL_JOIN = 1e-6
STRICT_REFERENCE = 1e-6
STRICT_RESOLUTION = 0.008
STRICT_BORDER = 1e-3


def spiral_joins(xodr):
    """The largest gap between the end of a <spiral> record, integrated
    here, and the start of the record after it (position and heading)."""
    worst = 0.0
    for pv in ET.parse(xodr).getroot().iter("planView"):
        geos = pv.findall("geometry")
        for g, nxt in zip(geos, geos[1:]):
            sp = g.find("spiral")
            if sp is None:
                continue
            f = {k: float(g.get(k)) for k in ("x", "y", "hdg", "length")}
            k0, k1 = float(sp.get("curvStart")), float(sp.get("curvEnd"))
            n = 20000
            s = (np.arange(n) + 0.5) * (f["length"] / n)
            th = f["hdg"] + k0 * s + 0.5 * (k1 - k0) / f["length"] * s * s
            x = f["x"] + np.cos(th).sum() * f["length"] / n
            y = f["y"] + np.sin(th).sum() * f["length"] / n
            h = f["hdg"] + 0.5 * (k0 + k1) * f["length"]
            dh = (h - float(nxt.get("hdg")) + math.pi) % (2 * math.pi) - math.pi
            worst = max(worst, math.hypot(x - float(nxt.get("x")), y - float(nxt.get("y"))), abs(dh))
    return worst
# pyxodr's sampling step: lane borders are offset along normals it takes
# from its own polyline, off by about half a step's turn, so a border 15
# from the reference line on an arc of radius 20 sampled 0.1 apart is
# 0.035 off; 0.04 apart, 0.014.
RESOLUTION = 0.04


# --- Arcline's exact geometry ----------------------------------------------


def clothoid_points(seg, step=0.005):
    """Points of a clothoid `step` apart at most: its heading integrated by
    the midpoint rule on a grid 16 times finer (error ~1e-9 of the length
    for the curvatures of a road), independently of Arcline's Fresnel
    integrals."""
    length = seg["length"]
    k0, k1 = seg["curvatureStart"], seg["curvatureEnd"]
    h0 = seg["start"]["heading"]
    n = max(2, int(math.ceil(length / step)) + 1)
    fine = 16 * (n - 1)
    s = (np.arange(fine) + 0.5) * (length / fine)
    theta = h0 + k0 * s + 0.5 * (k1 - k0) / length * s * s if length > 0 else np.full(fine, h0)
    dx = np.concatenate([[0.0], np.cumsum(np.cos(theta))]) * (length / fine)
    dy = np.concatenate([[0.0], np.cumsum(np.sin(theta))]) * (length / fine)
    pts = np.stack([seg["start"]["x"] + dx, seg["start"]["y"] + dy], axis=1)
    return pts[::16]


def segment_distance(pts, seg):
    """Distance from each point (N x 2) to one line, arc or clothoid of a path."""
    if seg["kind"] == "clothoid":
        return polyline_distance(pts, clothoid_points(seg))
    if seg["kind"] == "line":
        a = np.array([seg["start"]["x"], seg["start"]["y"]])
        b = np.array([seg["end"]["x"], seg["end"]["y"]])
        ab = b - a
        l2 = float(ab @ ab)
        t = np.zeros(len(pts)) if l2 == 0 else np.clip((pts - a) @ ab / l2, 0.0, 1.0)
        return np.linalg.norm(pts - (a + np.outer(t, ab)), axis=1)
    c = np.array([seg["center"]["x"], seg["center"]["y"]])
    r, a0, sweep = seg["radius"], seg["startAngle"], seg["sweep"]
    d = pts - c
    rho = np.linalg.norm(d, axis=1)
    # Angle past the start, in the arc's own direction, in [0, 2π).
    ang = np.arctan2(d[:, 1], d[:, 0])
    rel = np.mod((ang - a0) * (1.0 if sweep >= 0 else -1.0), 2 * math.pi)
    inside = rel <= abs(sweep)
    ends = [c + r * np.array([math.cos(t), math.sin(t)]) for t in (a0, a0 + sweep)]
    to_end = np.minimum(*(np.linalg.norm(pts - e, axis=1) for e in ends))
    return np.where(inside, np.abs(rho - r), to_end)


def path_distance(pts, path):
    """Distance from each point to a path. Lines and arcs first; a clothoid
    is then measured only from the points whose distance to its bounding
    box is below the best so far (the others cannot come nearer to it)."""
    segs = path["segments"]
    best = np.full(len(pts), np.inf)
    for s in segs:
        if s["kind"] != "clothoid":
            best = np.minimum(best, segment_distance(pts, s))
    for s in segs:
        if s["kind"] == "clothoid":
            line = clothoid_points(s, step=0.001)
            below = np.maximum(line.min(axis=0) - pts, 0.0)
            above = np.maximum(pts - line.max(axis=0), 0.0)
            near = np.linalg.norm(below + above, axis=1) < best
            if near.any():
                best[near] = np.minimum(best[near], polyline_distance(pts[near], line))
    return best


def sample_path(path, step=0.25):
    """Points along a path, `step` apart, both ends included."""
    out = []
    for s in path["segments"]:
        n = max(2, int(math.ceil(s["length"] / step)) + 1)
        t = np.linspace(0.0, 1.0, n)
        if s["kind"] == "clothoid":
            out.append(clothoid_points(s, step))
        elif s["kind"] == "line":
            a = np.array([s["start"]["x"], s["start"]["y"]])
            b = np.array([s["end"]["x"], s["end"]["y"]])
            out.append(a + np.outer(t, b - a))
        else:
            c = np.array([s["center"]["x"], s["center"]["y"]])
            th = s["startAngle"] + t * s["sweep"]
            out.append(c + s["radius"] * np.stack([np.cos(th), np.sin(th)], axis=1))
    return np.vstack(out)


def polyline_distance(pts, line):
    """Distance from each point to a polyline (M x 2), blockwise."""
    a, b = line[:-1], line[1:]
    ab = b - a
    l2 = np.maximum((ab * ab).sum(axis=1), 1e-300)
    best = np.full(len(pts), np.inf)
    for i in range(0, len(pts), 256):
        p = pts[i : i + 256, None, :]
        t = np.clip(((p - a) * ab).sum(axis=2) / l2, 0.0, 1.0)
        proj = a + t[..., None] * ab
        best[i : i + 256] = np.linalg.norm(p - proj, axis=2).min(axis=1)
    return best


def deviation(ours, theirs):
    """The larger of: pyxodr's points from our path, our path from pyxodr's line."""
    theirs = np.asarray(theirs, dtype=float)[:, :2]
    there = path_distance(theirs, ours).max()
    back = polyline_distance(sample_path(ours), theirs).max() if len(theirs) > 1 else math.inf
    return max(there, back)


# --- pyxodr ----------------------------------------------------------------


def compare_with_pyxodr(xodr, expected, strict=False):
    """Problems found comparing pyxodr's reading of `xodr` with `expected`;
    also the largest deviation seen. `strict`: the transition files'
    tolerances (STRICT_REFERENCE, STRICT_BORDER) as well."""
    from pyxodr.road_objects.network import RoadNetwork

    problems = []
    worst = 0.0
    net = RoadNetwork(str(xodr), resolution=RESOLUTION)
    roads = {r.id: r for r in net.get_roads()}
    fine = {r.id: r for r in RoadNetwork(str(xodr), resolution=STRICT_RESOLUTION).get_roads()} if strict else {}
    if len(roads) != len(expected["roads"]):
        problems.append(f"{len(roads)} roads read, {len(expected['roads'])} written")
    for want in expected["roads"]:
        rid = str(want["id"])
        road = roads.get(rid)
        if road is None:
            problems.append(f"road {rid} missing")
            continue
        d = deviation(want["reference"], road.reference_line)
        worst = max(worst, d)
        if d > TOL:
            problems.append(f"road {rid}: reference line {d:.4g} from Arcline's centreline")
        if strict:
            on = path_distance(np.asarray(fine[rid].reference_line, dtype=float)[:, :2], want["reference"]).max()
            print(f"{Path(xodr).name}: road {rid}: pyxodr's reference points (resolution {STRICT_RESOLUTION}) within {on:.2e} of Arcline's centre line")
            if on > STRICT_REFERENCE:
                problems.append(f"road {rid}: pyxodr's reference points {on:.3g} from Arcline's centreline")
        if want["borders"] is None:
            continue
        section = road.lane_sections[0]
        borders = [lane.boundary_line for lane in reversed(section.left_lanes)]
        borders.append(section.lane_section_offset_line)
        borders += [lane.boundary_line for lane in section.right_lanes]
        if len(borders) != len(want["borders"]):
            problems.append(f"road {rid}: {len(borders)} lane borders read, {len(want['borders'])} written")
            continue
        for k, (ours, theirs) in enumerate(zip(want["borders"], borders)):
            d = deviation(ours, theirs)
            worst = max(worst, d)
            if d > (STRICT_BORDER if strict else TOL):
                problems.append(f"road {rid}: lane border {k} (from the left) {d:.4g} from Arcline's lane edge")
    junctions = {j.id: j for j in net.get_junctions()}
    for jid, count in expected["junctions"]:
        j = junctions.get(str(jid))
        if j is None:
            problems.append(f"junction {jid} missing")
            continue
        connecting = j.get_connecting_road_ids()
        if len(connecting) != count:
            problems.append(f"junction {jid}: {len(connecting)} connecting roads, {count} connections")
        # The lane graph through each connecting road meets end to end.
        lanes = [l for r in roads.values() for s in r.lane_sections for l in s.lanes]
        into = {}
        for lane in lanes:
            for nxt in lane.traffic_flow_successors:
                into.setdefault(id(nxt), []).append(lane)
        for cid in connecting:
            (lane,) = roads[cid].lane_sections[0].lanes
            flow = lane.traffic_flow_line[:, :2]
            before, after = into.get(id(lane), []), lane.traffic_flow_successors
            if len(before) != 1 or len(after) != 1:
                problems.append(f"connecting road {cid}: {len(before)} lanes lead in, {len(after)} lead on")
                continue
            gap_in = np.linalg.norm(before[0].traffic_flow_line[-1, :2] - flow[0])
            gap_out = np.linalg.norm(next(iter(after)).traffic_flow_line[0, :2] - flow[-1])
            if max(gap_in, gap_out) > TOL:
                problems.append(f"connecting road {cid}: lanes meet {max(gap_in, gap_out):.4g} apart")
    return problems, worst


# --- the ASAM checker --------------------------------------------------------


def asam_issues(xodr, report):
    """Runs the checker bundle on `xodr`, writing `report`; returns the
    number of Issue elements and the checkers that did not complete."""
    from qc_baselib import Configuration, Result
    from qc_opendrive import constants, main as qc

    config_path = Path(report).with_suffix(".config.xml")
    config_path.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<Config>\n'
        f'  <Param name="InputFile" value="{xodr}"/>\n'
        '  <CheckerBundle application="xodrBundle">\n'
        f'    <Param name="resultFile" value="{report}"/>\n'
        "  </CheckerBundle>\n</Config>\n"
    )
    config = Configuration()
    config.load_from_file(xml_file_path=str(config_path))
    result = Result()
    result.register_checker_bundle(
        name=constants.BUNDLE_NAME, description="OpenDrive checker bundle",
        version=constants.BUNDLE_VERSION, summary="",
    )
    result.set_result_version(version=constants.BUNDLE_VERSION)
    qc.run_checks(config, result)
    result.copy_param_from_config(config)
    result.write_to_file(str(report), generate_summary=True)
    root = ET.parse(report).getroot()
    issues = len(root.findall(".//Issue"))
    unfinished = []
    for checker in root.iter("Checker"):
        status = checker.get("status")
        summary = checker.get("summary", "")
        if status == "completed" or (status == "skipped" and "applicable version" in summary):
            continue
        unfinished.append(f"{checker.get('checkerId')}: {status} ({summary})")
    return issues, unfinished


# --- the checks can fail -----------------------------------------------------


def altered(xodr, change, folder):
    tree = ET.parse(xodr)
    change(tree.getroot())
    out = Path(folder) / f"altered-{xodr.stem}.xodr"
    tree.write(out, encoding="UTF-8", xml_declaration=True)
    return out


def bend_first_arc(root):
    arc = root.find(".//planView/geometry/arc")
    arc.set("curvature", repr(float(arc.get("curvature")) * 1.01))


def bend_first_spiral(root, factor=1.01):
    spiral = root.find(".//planView/geometry/spiral")
    spiral.set("curvEnd", repr(float(spiral.get("curvEnd")) * factor))


def relink_a_connecting_road(root):
    road = next(r for r in root.findall("road") if r.get("junction") != "-1")
    pred = road.find("link/predecessor")
    others = [r.get("id") for r in root.findall("road") if r.get("junction") == "-1" and r.get("id") != pred.get("elementId")]
    pred.set("elementId", others[0])


def self_test(xodr, expected, folder):
    problems = []
    bent = altered(xodr, bend_first_arc, folder)
    found, dev = compare_with_pyxodr(bent, expected)
    print(f"self-test: an arc 1% off in {xodr.name} is {dev:.3g} off: {len(found)} problem(s) found")
    if not found:
        problems.append("an arc 1% off was not noticed by the comparison")
    spirals = Path(xodr).parent / "transitions.xodr"
    if spirals.exists():
        bent = altered(spirals, bend_first_spiral, folder)
        found, dev = compare_with_pyxodr(bent, json.loads(spirals.with_suffix(".json").read_text()), strict=True)
        print(f"self-test: a spiral's end curvature 1% off in {spirals.name} is {dev:.3g} off: {len(found)} problem(s) found")
        if not found:
            problems.append("a spiral 1% off was not noticed by the comparison")
        gap = spiral_joins(bent)
        print(f"self-test: that spiral ends {gap:.3g} from the next record's start")
        if gap <= SPIRAL_JOIN:
            problems.append("a spiral 1% off was not noticed by the record joins")
        # The strict reference check sees a few micrometres: the same
        # spiral's end curvature 1e-5 relative off moves its end about 5e-6.
        slight = altered(spirals, lambda root: bend_first_spiral(root, 1 + 1e-5), folder)
        found, dev = compare_with_pyxodr(slight, json.loads(spirals.with_suffix(".json").read_text()), strict=True)
        print(f"self-test: that spiral's end curvature 1e-5 relative off: {len(found)} problem(s) found")
        if not any("reference points" in f for f in found):
            problems.append("a spiral 1e-5 relative off was not noticed by the strict reference check")
    else:
        problems.append("no transitions.xodr to test the spiral comparison on")
    relinked = altered(xodr, relink_a_connecting_road, folder)
    issues, _ = asam_issues(relinked, Path(folder) / "altered.xqar")
    print(f"self-test: a connecting road linked to the wrong road gives {issues} ASAM issue(s)")
    if issues == 0:
        problems.append("a connecting road linked to the wrong road gave the checker no issue")
    return problems


def main(folder):
    import logging

    logging.disable(logging.INFO)
    folder = Path(folder)
    files = sorted(folder.glob("*.xodr"))
    files = [f for f in files if not f.name.startswith("altered-")]
    if not files:
        print(f"no .xodr files in {folder}")
        return 1
    failed = False
    with tempfile.TemporaryDirectory() as tmp:
        first = next(f for f in files if "crossroads" in f.name) if any("crossroads" in f.name for f in files) else files[0]
        for p in self_test(first, json.loads(first.with_suffix(".json").read_text()), tmp):
            print(f"SELF-TEST FAILED: {p}")
            failed = True
    total_issues, worst = 0, 0.0
    for xodr in files:
        expected = json.loads(xodr.with_suffix(".json").read_text())
        issues, unfinished = asam_issues(xodr, xodr.with_suffix(".xqar"))
        strict = xodr.name.startswith("transitions")
        problems, dev = compare_with_pyxodr(xodr, expected, strict=strict)
        if strict:
            gap = spiral_joins(xodr)
            print(f"{xodr.name}: spiral records end {gap:.2g} from the next record's start")
            if gap > SPIRAL_JOIN:
                problems.append(f"a spiral record ends {gap:.3g} from the next one's start")
        worst = max(worst, dev)
        total_issues += issues
        status = "ok" if not (issues or unfinished or problems) else "FAILED"
        print(f"{xodr.name}: {len(expected['roads'])} roads, ASAM issues {issues}, pyxodr within {dev:.2e}: {status}")
        for u in unfinished:
            print(f"  checker not completed: {u}")
        for p in problems:
            print(f"  {p}")
        failed |= bool(issues or unfinished or problems)
    print(f"{len(files)} files: {total_issues} ASAM issues, largest pyxodr deviation {worst:.2e} (tolerance {TOL})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "target/opendrive"))
