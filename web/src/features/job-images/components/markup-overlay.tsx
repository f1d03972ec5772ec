import { useRef, useState, type PointerEvent } from 'react';
import type { AnnotationKind, AnnotationPoint } from '@studio/shared/image-review';
import { isRectKept, labelPoint, normalisePoint, rectFromCorners, thinStroke } from './review-markup.ts';

/** A shape as the overlay draws it (a saved annotation, or one being written: its comment may be empty). */
export interface Shape {
  kind: AnnotationKind;
  points: AnnotationPoint[];
}

/** What the pointer does on the picture: pan it (`move`, the overlay lets it through) or draw a shape. */
export type MarkupTool = 'move' | AnnotationKind;

const svgPoints = (points: readonly AnnotationPoint[]) => points.map(([x, y]) => `${x},${y}`).join(' ');

/** One shape in the 0..1 viewBox; strokes keep their width in screen pixels at any size and zoom. */
function ShapeMark({ shape, index, selected }: { shape: Shape; index: number; selected: boolean }) {
  const common = {
    className: 'markup__shape',
    'data-shape': index + 1,
    'data-kind': shape.kind,
    'data-selected': selected || undefined,
    vectorEffect: 'non-scaling-stroke',
  } as const;
  const [a, b] = shape.points;
  if (shape.kind === 'pin' && a) {
    // A line of no length with a round cap: a dot of the stroke's width, round whatever the viewBox's scale.
    return <line {...common} className="markup__shape markup__pin" x1={a[0]} y1={a[1]} x2={a[0]} y2={a[1]} />;
  }
  if (shape.kind === 'rect' && a && b) {
    const [from, to] = rectFromCorners(a, b);
    return <rect {...common} x={from[0]} y={from[1]} width={to[0] - from[0]} height={to[1] - from[1]} />;
  }
  return <polyline {...common} points={svgPoints(shape.points)} />;
}

/**
 * The shapes of a review over the picture it is about (issue 34): an SVG whose viewBox is 0..1 on
 * both axes, stretched over the box the picture is drawn in, so a shape stays on its spot at any
 * size, zoom and pan; each shape's number beside it. With a drawing `tool`, the pointer adds a
 * shape (`onDraw`): a pin by a click, a rectangle by a drag, a freehand line by drawing (thinned).
 * A click on a shape selects it (`onSelect`); the shapes' comments are the accessible list beside
 * the picture, this drawing is its picture.
 */
export function MarkupOverlay({
  shapes,
  selected = null,
  onSelect,
  tool = 'move',
  onDraw,
  label,
}: {
  shapes: readonly Shape[];
  selected?: number | null;
  onSelect?: (index: number) => void;
  tool?: MarkupTool;
  onDraw?: (shape: Shape) => void;
  /** Names the drawing for screen readers, e.g. "2 marks on mug.jpg". */
  label: string;
}) {
  const svg = useRef<SVGSVGElement>(null);
  const [drawing, setDrawing] = useState<Shape | null>(null);
  const pointer = useRef<number | null>(null);
  const drawingTool = onDraw && tool !== 'move' ? tool : null;

  const pointAt = (event: PointerEvent) =>
    normalisePoint(event.clientX, event.clientY, svg.current!.getBoundingClientRect());

  function onPointerDown(event: PointerEvent<SVGSVGElement>) {
    if (!drawingTool || (event.pointerType === 'mouse' && event.button !== 0)) return;
    event.preventDefault();
    event.stopPropagation();
    const point = pointAt(event);
    if (drawingTool === 'pin') {
      onDraw!({ kind: 'pin', points: [point] });
      return;
    }
    pointer.current = event.pointerId;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    setDrawing({ kind: drawingTool, points: drawingTool === 'rect' ? [point, point] : [point] });
  }

  function onPointerMove(event: PointerEvent<SVGSVGElement>) {
    if (pointer.current !== event.pointerId || !drawing) return;
    const point = pointAt(event);
    setDrawing(
      drawing.kind === 'rect'
        ? { kind: 'rect', points: [drawing.points[0]!, point] }
        : { kind: 'path', points: [...drawing.points, point] },
    );
  }

  function onPointerUp(event: PointerEvent<SVGSVGElement>) {
    if (pointer.current !== event.pointerId || !drawing) return;
    pointer.current = null;
    const done = drawing;
    setDrawing(null);
    if (done.kind === 'rect') {
      const [a, b] = done.points;
      if (a && b && isRectKept(done.points)) onDraw!({ kind: 'rect', points: rectFromCorners(a, b) });
      return;
    }
    const points = thinStroke(done.points);
    if (points.length >= 2) onDraw!({ kind: 'path', points });
  }

  return (
    <div className="markup" data-tool={drawingTool ?? 'move'}>
      <svg
        ref={svg}
        className="markup__svg"
        viewBox="0 0 1 1"
        preserveAspectRatio="none"
        role="img"
        aria-label={label}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          pointer.current = null;
          setDrawing(null);
        }}
      >
        {shapes.map((shape, index) => (
          // A click on a shape selects it; the list beside the picture does the same by keyboard.
          <g
            key={index}
            onPointerDown={(event) => {
              if (drawingTool || !onSelect) return;
              event.stopPropagation();
              onSelect(index);
            }}
          >
            <ShapeMark shape={shape} index={index} selected={selected === index} />
          </g>
        ))}
        {drawing && <ShapeMark shape={drawing} index={shapes.length} selected={false} />}
      </svg>
      {shapes.map((shape, index) => {
        const [x, y] = labelPoint(shape);
        return (
          <span
            key={index}
            className="markup__number"
            data-selected={selected === index || undefined}
            data-kind={shape.kind}
            style={{ left: `${x * 100}%`, top: `${y * 100}%` }}
            aria-hidden="true"
          >
            {index + 1}
          </span>
        );
      })}
    </div>
  );
}
