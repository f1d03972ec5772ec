import type { Annotation, AnnotationKind, AnnotationPoint } from '@studio/shared/image-review';
import { maxPathPoints } from '@studio/shared/image-review';

/*
 * The geometry of mark-up on a picture (issue 34). A shape is kept in image coordinates normalised
 * to 0..1 (x from the left edge, y from the top edge), so it lands on the same spot at any displayed
 * size, zoom and pan; the browser converts a pointer's position once, against the box the picture
 * is drawn in, and rounds to 4 decimals (a tenth of a pixel of a 1000 px picture, and what the
 * server keeps).
 */

/** Where a picture is drawn on screen: its box as `getBoundingClientRect()` answers it. */
export interface DrawnBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/** A coordinate rounded to 4 decimals, within 0..1. */
export function roundCoordinate(value: number): number {
  return Math.round(clamp01(value) * 10_000) / 10_000;
}

/** The point of the picture under a pointer at (`clientX`, `clientY`), in 0..1 (the edge when outside). */
export function normalisePoint(clientX: number, clientY: number, box: DrawnBox): AnnotationPoint {
  if (box.width <= 0 || box.height <= 0) return [0, 0];
  return [roundCoordinate((clientX - box.left) / box.width), roundCoordinate((clientY - box.top) / box.height)];
}

/** A rectangle from two corners dragged in any direction: top-left, then bottom-right. */
export function rectFromCorners(a: AnnotationPoint, b: AnnotationPoint): [AnnotationPoint, AnnotationPoint] {
  return [
    [Math.min(a[0], b[0]), Math.min(a[1], b[1])],
    [Math.max(a[0], b[0]), Math.max(a[1], b[1])],
  ];
}

/** Distance of `p` from the segment `a`-`b`. */
function segmentDistance(p: AnnotationPoint, a: AnnotationPoint, b: AnnotationPoint): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const length = dx * dx + dy * dy;
  const t = length === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length));
  return Math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy));
}

/** Ramer–Douglas–Peucker: the points that keep the line within `tolerance` of the drawn one. */
function simplify(points: readonly AnnotationPoint[], tolerance: number): AnnotationPoint[] {
  if (points.length < 3) return [...points];
  const keep = new Array<boolean>(points.length).fill(false);
  keep[0] = true;
  keep[points.length - 1] = true;
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length > 0) {
    const [first, last] = stack.pop()!;
    let farthest = -1;
    let distance = tolerance;
    for (let i = first + 1; i < last; i++) {
      const d = segmentDistance(points[i]!, points[first]!, points[last]!);
      if (d > distance) {
        distance = d;
        farthest = i;
      }
    }
    if (farthest >= 0) {
      keep[farthest] = true;
      stack.push([first, farthest], [farthest, last]);
    }
  }
  return points.filter((_, i) => keep[i]);
}

/**
 * A freehand stroke made small enough to send: repeated points dropped, then simplified within
 * 1/1000 of the picture (invisible at any zoom a person reviews at), and if still longer than
 * `max` points, the tolerance doubled until it fits. Keeps the first and last point.
 */
export function thinStroke(points: readonly AnnotationPoint[], max: number = maxPathPoints): AnnotationPoint[] {
  const distinct = points.filter(
    (point, i) => i === 0 || point[0] !== points[i - 1]![0] || point[1] !== points[i - 1]![1],
  );
  let tolerance = 0.001;
  let thinned = simplify(distinct, tolerance);
  while (thinned.length > max) {
    tolerance *= 2;
    thinned = simplify(distinct, tolerance);
  }
  return thinned;
}

/** Where a shape's number is drawn: the pin itself, a rectangle's top-left corner, a line's start. */
export function labelPoint(annotation: Pick<Annotation, 'points'>): AnnotationPoint {
  return annotation.points[0] ?? [0, 0];
}

/** How a shape is named in words (lists, screen readers). */
export const annotationKindLabels: Record<AnnotationKind, string> = {
  pin: 'Pin',
  rect: 'Rectangle',
  path: 'Freehand',
};

/** A rectangle smaller than this on a side (0.5 % of the picture) is a slip of the hand, not a mark. */
export const minRectSide = 0.005;

/** Whether a dragged rectangle is big enough to keep. */
export function isRectKept([a, b]: readonly AnnotationPoint[]): boolean {
  return !!a && !!b && Math.abs(b[0] - a[0]) >= minRectSide && Math.abs(b[1] - a[1]) >= minRectSide;
}
