import { describe, expect, it } from 'vitest';
import type { AnnotationPoint } from '@studio/shared/image-review';
import { annotationSchema } from '@studio/shared/image-review';
import { isRectKept, normalisePoint, rectFromCorners, roundCoordinate, thinStroke } from './review-markup.ts';

describe('normalisePoint', () => {
  it('answers the same 0..1 point of the picture at any displayed size, zoom and offset', () => {
    // The same spot of a 3000 x 2000 picture (x 1234, y 567) drawn at three sizes and places.
    const spot = { x: 1234 / 3000, y: 567 / 2000 };
    const boxes = [
      { left: 0, top: 0, width: 300, height: 200 },
      { left: 120, top: 48, width: 1280, height: 853.3333 },
      // Zoomed to 400 % and panned: the box starts left of and above the stage.
      { left: -2500.5, top: -1700.25, width: 12_000, height: 8000 },
    ];
    const points = boxes.map((box) =>
      normalisePoint(box.left + spot.x * box.width, box.top + spot.y * box.height, box),
    );
    expect(points).toEqual([
      [0.4113, 0.2835],
      [0.4113, 0.2835],
      [0.4113, 0.2835],
    ]);
  });

  it('keeps a point dragged past the picture on its edge, and rounds to 4 decimals', () => {
    const box = { left: 10, top: 10, width: 100, height: 50 };
    expect(normalisePoint(0, 200, box)).toEqual([0, 1]);
    expect(normalisePoint(500, -3, box)).toEqual([1, 0]);
    expect(roundCoordinate(0.123456)).toBe(0.1235);
    expect(normalisePoint(5, 5, { left: 0, top: 0, width: 0, height: 0 })).toEqual([0, 0]);
  });

  it('orders a rectangle dragged from any corner and drops one too small to mean anything', () => {
    expect(rectFromCorners([0.6, 0.2], [0.1, 0.7])).toEqual([
      [0.1, 0.2],
      [0.6, 0.7],
    ]);
    expect(
      isRectKept([
        [0.1, 0.1],
        [0.102, 0.3],
      ]),
    ).toBe(false);
    expect(
      isRectKept([
        [0.1, 0.1],
        [0.2, 0.3],
      ]),
    ).toBe(true);
  });
});

describe('thinStroke', () => {
  /** A wavy stroke of `n` points, as a pointer reports it (with repeats), in 0..1. */
  const wave = (n: number): AnnotationPoint[] =>
    Array.from({ length: n }, (_, i) => {
      const t = i / (n - 1);
      return [roundCoordinate(0.1 + 0.8 * t), roundCoordinate(0.5 + 0.3 * Math.sin(t * Math.PI * 6))];
    });

  it('makes a long stroke at most 500 points, keeping its ends, within what the server accepts', () => {
    const stroke = wave(5000);
    const thinned = thinStroke(stroke);
    expect(thinned.length).toBeLessThanOrEqual(500);
    expect(thinned.length).toBeGreaterThan(10);
    expect(thinned[0]).toEqual(stroke[0]);
    expect(thinned.at(-1)).toEqual(stroke.at(-1));
    expect(annotationSchema.safeParse({ kind: 'path', points: thinned, comment: 'Here' }).success).toBe(true);
  });

  it('stays close to the drawn line: every drawn point within 1 % of the picture of the thinned one', () => {
    const stroke = wave(3000);
    const thinned = thinStroke(stroke, 60);
    expect(thinned.length).toBeLessThanOrEqual(60);
    const distanceToLine = ([x, y]: AnnotationPoint) =>
      Math.min(
        ...thinned.slice(1).map((b, i) => {
          const a = thinned[i]!;
          const dx = b[0] - a[0];
          const dy = b[1] - a[1];
          const t = Math.max(0, Math.min(1, ((x - a[0]) * dx + (y - a[1]) * dy) / (dx * dx + dy * dy || 1)));
          return Math.hypot(x - (a[0] + t * dx), y - (a[1] + t * dy));
        }),
      );
    expect(Math.max(...stroke.map(distanceToLine))).toBeLessThan(0.01);
  });

  it('drops repeated points and keeps a straight line as its two ends', () => {
    const line: AnnotationPoint[] = [
      [0.1, 0.1],
      [0.1, 0.1],
      [0.2, 0.2],
      [0.3, 0.3],
      [0.3, 0.3],
      [0.4, 0.4],
    ];
    expect(thinStroke(line)).toEqual([
      [0.1, 0.1],
      [0.4, 0.4],
    ]);
  });
});
