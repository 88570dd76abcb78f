#!/usr/bin/env python3
"""Score `tiptoi-sim taps-from-video` against the truth written by gen.py.

usage: score.py DIR [DIR...] [--json OUT]
A tap is RIGHT for a dwell if its id equals the dwell's tap and start <= t <= end + 0.7;
WRONG if it falls in that window with another id.  A dwell counts once: right if any right
tap, else wrong if any tap in its window, else MISSED.  Taps outside every window are FALSE.
Clips with pointer "none" are run with --pointer finger AND --pointer stylus; every tap is FALSE.
"""
import argparse
import glob
import json
import os
import statistics
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

SIM = [sys.executable, '-m', 'tiptoi_sim']
SLACK = 0.7


def run_detector(clip, pointer):
    t0 = time.time()
    p = subprocess.run(SIM + ['taps-from-video', clip, '--pointer', pointer], capture_output=True, text=True)
    taps, junk = [], []
    for line in p.stdout.splitlines():
        line = line.strip()
        if not line:
            continue
        try:
            d = json.loads(line)
        except ValueError:
            junk.append(line)
            continue
        if isinstance(d, dict) and 't' in d and 'tap' in d:
            taps.append(d)
        else:
            junk.append(line)
    base = clip[:-4]
    with open('%s.%s.taps.jsonl' % (base, pointer), 'w') as f:
        f.write(p.stdout)
    if p.stderr.strip():
        with open('%s.%s.stderr.txt' % (base, pointer), 'w') as f:
            f.write(p.stderr)
    return dict(clip=clip, pointer=pointer, rc=p.returncode, taps=taps, junk=len(junk),
                stderr_tail=p.stderr.strip().splitlines()[-3:] if p.returncode else [], secs=round(time.time() - t0, 1))


def score_clip(truth, runs):
    dwells = truth['dwells']
    res = dict(dwells=[], false=[])
    for run in runs:
        for tp in run['taps']:
            tp['pointer'] = run['pointer']
    all_taps = [tp for run in runs for tp in run['taps']]
    for d in dwells:
        win = [tp for tp in all_taps if d['start'] <= tp['t'] <= d['end'] + SLACK]
        right = [tp for tp in win if tp['tap'] == d['tap']]
        near = [tp for tp in all_taps if d['start'] - 1.0 <= tp['t'] <= d['end'] + SLACK + 1.5]
        if right:
            st = 'right'
        elif win:
            st = 'wrong'
        else:
            st = 'missed'
        res['dwells'].append(dict(start=d['start'], end=d['end'], tap=d['tap'], x=d['x'], y=d['y'], status=st,
                                  delays=[round(tp['t'] - d['start'], 3) for tp in right],
                                  nearby=[dict(t=tp['t'], tap=tp['tap'], x=tp.get('x'), y=tp.get('y')) for tp in near]))
    for tp in all_taps:
        if not any(d['start'] <= tp['t'] <= d['end'] + SLACK for d in dwells):
            res['false'].append(dict(t=tp['t'], tap=tp['tap'], x=tp.get('x'), y=tp.get('y'), pointer=tp['pointer']))
    return res


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('dirs', nargs='+')
    ap.add_argument('--json', default=None, help='results file (default: results.json next to the first DIR)')
    a = ap.parse_args()
    clips = []
    for d in a.dirs:
        for js in sorted(glob.glob(os.path.join(d, '*.json'))):
            mp4 = js[:-5] + '.mp4'
            if os.path.exists(mp4):
                clips.append((mp4, json.load(open(js))))
    jobs = []
    for mp4, tr in clips:
        ptrs = ['finger', 'stylus'] if tr['pointer'] == 'none' else [tr['pointer']]
        jobs += [(mp4, p) for p in ptrs]
    with ThreadPoolExecutor(max_workers=2) as ex:
        runs = list(ex.map(lambda j: run_detector(*j), jobs))
    byclip = {}
    for r in runs:
        byclip.setdefault(r['clip'], []).append(r)
    scenes = {}
    clip_results = []
    errors = []
    for mp4, tr in clips:
        rs = byclip[mp4]
        for r in rs:
            if r['rc'] != 0:
                errors.append(dict(clip=mp4, pointer=r['pointer'], rc=r['rc'], stderr=r['stderr_tail']))
        sc = score_clip(tr, rs)
        name = os.path.basename(mp4)[:-4]
        scene = tr.get('meta', {}).get('scene') or name.rsplit('_', 1)[0]
        size = 'x'.join(map(str, tr.get('meta', {}).get('size', [])))
        key = '%s@%s' % (scene, size)
        S = scenes.setdefault(key, dict(clips=0, dwells=0, right=0, wrong=0, missed=0, false=0, delays=[], bad=[],
                                        false_list=[]))
        S['clips'] += 1
        S['dwells'] += len(sc['dwells'])
        for d in sc['dwells']:
            S[d['status']] += 1
            S['delays'] += d['delays']
            if d['status'] != 'right':
                S['bad'].append(dict(clip=mp4, **d))
        S['false'] += len(sc['false'])
        S['false_list'] += [dict(clip=mp4, **f) for f in sc['false']]
        clip_results.append(dict(clip=mp4, scene=scene, size=size, pointer=tr['pointer'], notes=tr.get('notes', ''),
                                 runs=[{k: r[k] for k in ('pointer', 'rc', 'junk', 'secs')} for r in rs], **sc))
    # report
    hdr = '%-26s %5s %6s %5s %5s %6s %5s %9s' % ('scene', 'clips', 'dwells', 'right', 'wrong', 'missed', 'false', 'med.delay')
    print(hdr)
    print('-' * len(hdr))
    tot = dict(clips=0, dwells=0, right=0, wrong=0, missed=0, false=0, delays=[])
    for key in sorted(scenes):
        S = scenes[key]
        md = statistics.median(S['delays']) if S['delays'] else None
        S['median_delay'] = None if md is None else round(md, 3)
        print('%-26s %5d %6d %5d %5d %6d %5d %9s' % (key, S['clips'], S['dwells'], S['right'], S['wrong'], S['missed'],
                                                    S['false'], '-' if md is None else '%.2f' % md))
        for k in ('clips', 'dwells', 'right', 'wrong', 'missed', 'false'):
            tot[k] += S[k]
        tot['delays'] += S['delays']
    md = statistics.median(tot['delays']) if tot['delays'] else None
    print('-' * len(hdr))
    print('%-26s %5d %6d %5d %5d %6d %5d %9s' % ('TOTAL', tot['clips'], tot['dwells'], tot['right'], tot['wrong'],
                                                tot['missed'], tot['false'], '-' if md is None else '%.2f' % md))
    print('\nnon-right dwells:')
    for key in sorted(scenes):
        for b in scenes[key]['bad']:
            near = ', '.join('%.2f %s' % (n['t'], n['tap']) for n in b['nearby']) or 'none'
            print('  %-6s %s start=%.2f end=%.2f true=%s  seen: %s' % (b['status'].upper(), os.path.basename(b['clip']),
                                                                     b['start'], b['end'], b['tap'], near))
    print('\nfalse taps:')
    for key in sorted(scenes):
        for f in scenes[key]['false_list']:
            print('  %s t=%.2f %s (%s)' % (os.path.basename(f['clip']), f['t'], f['tap'], f['pointer']))
    if errors:
        print('\ndetector errors:')
        for e in errors:
            print('  ', e)
    out = a.json or os.path.join(os.path.dirname(os.path.abspath(a.dirs[0])), 'results.json')
    for S in scenes.values():
        S.pop('delays', None)
    with open(out, 'w') as f:
        json.dump(dict(summary=scenes, total={k: v for k, v in tot.items() if k != 'delays'} | dict(
            median_delay=None if md is None else round(md, 3)), errors=errors, clips=clip_results), f, indent=1)
    print('\nwrote', out)


if __name__ == '__main__':
    main()
