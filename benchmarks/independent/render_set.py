#!/usr/bin/env python3
"""render scenes x seeds sequentially in ONE process"""
import sys, os, time, argparse
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cv2
import gen
ap = argparse.ArgumentParser()
ap.add_argument('--out', required=True)
ap.add_argument('--seeds', default='1-4')
ap.add_argument('--size', default='640x480')
ap.add_argument('--scenes', default=','.join(gen.SCENES))
a = ap.parse_args()
cv2.setNumThreads(1)
lo, hi = map(int, a.seeds.split('-'))
W, H = map(int, a.size.split('x'))
for sc in a.scenes.split(','):
    for seed in range(lo, hi + 1):
        if os.path.exists(os.path.join(a.out, '%s_%d.json' % (sc, seed))):
            continue
        t0 = time.time()
        s = gen.Scene(sc, seed, W, H)
        s.render(a.out)
        print('%s_%d %.1fs dur=%.1f' % (sc, seed, time.time() - t0, s.duration), flush=True)
