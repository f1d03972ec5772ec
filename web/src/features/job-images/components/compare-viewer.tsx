import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import type { GetJobImageResponse, ImageVersion, JobImage } from '@studio/shared/image-api';
import { maxAnnotationsPerImage, type ImageReview } from '@studio/shared/image-review';
import { Dialog } from '../../../components/dialog.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import type { Caller } from '../api/call-api.ts';
import { useJobImage } from '../api/get-job-image.ts';
import type { ImageFile } from './image-types.ts';
import { MarkupOverlay, type MarkupTool, type Shape } from './markup-overlay.tsx';
import { ReviewComments, type CommentsHandle } from './review-comments.tsx';
import { ReviewDecision } from './review-decision.tsx';
import {
  fitView,
  needsFullFile,
  nextZoomStep,
  panBy,
  panStep,
  screenVariantSide,
  thumbnailSide,
  zoomPercent,
  zoomTo,
  type Size,
  type View,
} from './review-zoom.ts';

/** Types a browser draws: the full file is loaded for these only (TIFF, HEIC and PSD show their variant). */
const drawableTypes = new Set(['image/jpeg', 'image/png', 'image/webp']);

/**
 * The stage's size as drawn, kept current (none in a test DOM without layout). Follows the element
 * itself: switching between the slider and side by side puts the stage in another element.
 */
function useBoxSize(element: HTMLElement | null): Size | null {
  const [size, setSize] = useState<Size | null>(null);
  useLayoutEffect(() => {
    if (!element) return;
    const measure = () => {
      const { width, height } = element.getBoundingClientRect();
      setSize((last) => (last && last.width === width && last.height === height ? last : { width, height }));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return size && size.width > 0 && size.height > 0 ? size : null;
}

function sizeOf(file: ImageFile | null | undefined): Size | null {
  return file?.width && file.height ? { width: file.width, height: file.height } : null;
}

export function versionLabel(version: Pick<ImageVersion, 'round' | 'number'>): string {
  return `Round ${version.round}, version ${version.number}`;
}

/**
 * A file drawn at `scale`: its screen-sized variant (or its thumbnail until that is made) at once,
 * and the full file on top once the picture is drawn larger than the variant holds, for the types
 * a browser can draw.
 */
function Picture({ file, alt, scale, size }: { file: ImageFile; alt: string; scale: number; size: Size }) {
  const variant = file.screenUrl ?? file.previewUrl;
  const drawable = drawableTypes.has(file.contentType);
  const full =
    drawable && (variant === null || needsFullFile(scale, size, file.screenUrl ? screenVariantSide : thumbnailSide));
  if (!variant && !drawable) {
    return (
      <span className="review-viewer__none" role="img" aria-label={`${alt}: no preview`}>
        No preview of this file
      </span>
    );
  }
  return (
    <>
      {variant && <img className="review-viewer__img" src={variant} alt={alt} draggable={false} />}
      {full && (
        <img
          className="review-viewer__img review-viewer__img--full"
          src={file.downloadUrl}
          alt={variant ? '' : alt}
          draggable={false}
          data-full=""
        />
      )}
    </>
  );
}

/** The picture's box in the stage, placed by the shared view. */
function placed(view: View, size: Size) {
  return { left: view.x, top: view.y, width: size.width * view.scale, height: size.height * view.scale };
}

/** The review whose shapes go with `version`: the latest one about it. */
export function reviewOfVersion(reviews: readonly ImageReview[], versionId: string | null): ImageReview | null {
  return [...reviews].reverse().find((review) => review.versionId === versionId) ?? null;
}

type Mode = 'slider' | 'side';

interface ViewerProps {
  caller: Caller;
  jobId: string;
  image: JobImage;
  /** Staff (and a client after the review is sent): the shapes and comments, no decision controls. */
  readOnly: boolean;
  /** Opened by R on a card: the mark-up tools active, ready to reject. */
  startMarking?: boolean;
  onClose: () => void;
  /** "3 of 12" and the neighbours, when the viewer walks a list. */
  position?: string;
  onPrevious?: (() => void) | null;
  onNext?: (() => void) | null;
  /** A decision was saved: what to tell the person (the page's status region says it too). */
  onDecided?: (text: string) => void;
}

/**
 * The compare viewer of one image (issue 34), in a dialog (full screen on a phone): the original
 * and a delivered version with a before/after slider (a range input) or side by side, zoomed from
 * the fit to 100 % (one file pixel per CSS pixel) and beyond with both sides panned together (drag,
 * arrow keys; + and - zoom, 0 fits, 1 is 100 %; ctrl + wheel zooms at the pointer), a version
 * picker by round, and the review: for the client deciding, the mark-up tools and comments; for
 * everyone else the shapes and comments read-only.
 */
export function CompareViewer(props: ViewerProps) {
  const detail = useJobImage(props.caller, props.jobId, props.image.id);
  return (
    <Dialog title={props.image.fileName} onClose={props.onClose} closeButton className="review-viewer">
      <QueryState query={detail} loading="Loading the image..." error="Failed to load the image." isEmpty={() => false}>
        {(data) => <ViewerBody key={props.image.id} {...props} detail={data} />}
      </QueryState>
    </Dialog>
  );
}

function ViewerBody({
  caller,
  jobId,
  readOnly,
  startMarking = false,
  position,
  onPrevious,
  onNext,
  onDecided,
  detail,
}: ViewerProps & { detail: GetJobImageResponse }) {
  const { image, reviews } = detail;
  const mains = detail.versions.filter((version) => version.kind === 'main');
  const lastReview = reviews.at(-1) ?? null;
  const [versionId, setVersionId] = useState<string | null>(() => {
    const reviewed = caller === 'staff' && lastReview?.versionId;
    if (reviewed && mains.some((version) => version.id === reviewed)) return reviewed;
    return image.current?.id ?? mains.at(-1)?.id ?? null;
  });
  const version = mains.find((candidate) => candidate.id === versionId) ?? null;
  const deciding =
    caller === 'client' &&
    !readOnly &&
    image.status === 'DELIVERED' &&
    version !== null &&
    version.id === image.current?.id;
  const review = deciding ? null : reviewOfVersion(reviews, version?.id ?? null);

  const [mode, setMode] = useState<Mode>('slider');
  const [split, setSplit] = useState(50);
  const [tool, setTool] = useState<MarkupTool>(deciding && startMarking ? 'pin' : 'move');
  const [drafts, setDrafts] = useState<(Shape & { comment: string })[]>([]);
  const [selected, setSelected] = useState<number | null>(null);
  // What the last decision did, said in the viewer (the page under the dialog is inert meanwhile).
  const [said, setSaid] = useState<string | null>(null);
  const decided = (text: string) => {
    setSaid(text);
    onDecided?.(text);
  };

  const [natural, setNatural] = useState<Size | null>(null);
  const size = sizeOf(version) ?? sizeOf(image.original) ?? natural ?? { width: 1000, height: 750 };
  const [stageElement, stageRef] = useState<HTMLDivElement | null>(null);
  const stage = useBoxSize(stageElement);
  const picturesRef = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<View | null>(null);
  const fitted = useRef(true);
  // Fit the picture until the person zooms or pans; again when the stage or the picture changes size.
  useLayoutEffect(() => {
    if (!stage) return;
    setView((last) => (last === null || fitted.current ? fitView(size, stage) : zoomTo(last, last.scale, size, stage)));
  }, [stage?.width, stage?.height, size.width, size.height]);
  const shown = view ?? { scale: 1, x: 0, y: 0 };

  const change = useCallback(
    (next: (view: View) => View, fit = false) => {
      if (!stage) return;
      fitted.current = fit;
      setView((last) => next(last ?? fitView(size, stage)));
    },
    [stage, size.width, size.height],
  );
  const zoomStep = (direction: 1 | -1, focus?: { x: number; y: number }) =>
    change((last) => zoomTo(last, nextZoomStep(last.scale, direction, size, stage!), size, stage!, focus));
  const fit = () => change(() => fitView(size, stage!), true);
  const actual = () => change((last) => zoomTo(last, 1, size, stage!));

  // Ctrl + wheel (and a trackpad's pinch, which the browser sends so) zooms at the pointer, on either side.
  useEffect(() => {
    const element = picturesRef.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      const under = (event.target as Element).closest('[data-stage]');
      if (!event.ctrlKey || !under) return;
      event.preventDefault();
      const box = under.getBoundingClientRect();
      zoomStep(event.deltaY < 0 ? 1 : -1, { x: event.clientX - box.left, y: event.clientY - box.top });
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  });

  const drag = useRef<{ id: number; x: number; y: number } | null>(null);
  const onStagePointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    drag.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onStagePointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const last = drag.current;
    if (!last || last.id !== event.pointerId) return;
    drag.current = { id: last.id, x: event.clientX, y: event.clientY };
    change((current) => panBy(current, event.clientX - last.x, event.clientY - last.y, size, stage!));
  };
  const endDrag = () => {
    drag.current = null;
  };

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const target = event.target as HTMLElement;
    if (target.closest('textarea, select, input:not([type="range"]):not([type="radio"])')) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === '+' || event.key === '=') zoomStep(1);
    else if (event.key === '-' || event.key === '_') zoomStep(-1);
    else if (event.key === '0') fit();
    else if (event.key === '1') actual();
    else if (target.dataset.stage !== undefined && event.key.startsWith('Arrow')) {
      const dx = event.key === 'ArrowLeft' ? panStep : event.key === 'ArrowRight' ? -panStep : 0;
      const dy = event.key === 'ArrowUp' ? panStep : event.key === 'ArrowDown' ? -panStep : 0;
      change((current) => panBy(current, dx, dy, size, stage!));
    } else return;
    event.preventDefault();
  }

  const shapes: Shape[] = deciding ? drafts : (review?.annotations ?? []);
  const shapeLabel = `${shapes.length} ${shapes.length === 1 ? 'mark' : 'marks'} on ${image.fileName}`;
  const box = placed(shown, size);
  const markup = (drawable: boolean) => (
    <MarkupOverlay
      shapes={shapes}
      selected={selected}
      onSelect={selectShape}
      tool={drawable && deciding ? tool : 'move'}
      onDraw={drawable && deciding ? addDraft : undefined}
      label={shapeLabel}
    />
  );
  const commentsRef = useRef<CommentsHandle>(null);
  function addDraft(shape: Shape) {
    // The tools are disabled at the limit; a stroke finished as the limit was reached is dropped here.
    if (drafts.length >= maxAnnotationsPerImage) {
      setTool('move');
      return;
    }
    setDrafts((list) => [...list, { ...shape, comment: '' }]);
    setSelected(drafts.length);
  }
  const selectShape = (index: number) => {
    setSelected(index);
    commentsRef.current?.focus(index);
  };

  const original = image.original;
  const stageProps = {
    className: 'review-viewer__stage',
    tabIndex: 0,
    'data-stage': '',
    'data-tool': deciding ? tool : 'move',
    role: 'group',
    'aria-label': 'Picture: arrow keys pan, + and - zoom, 0 fits, 1 shows 100 %',
    onPointerDown: onStagePointerDown,
    onPointerMove: onStagePointerMove,
    onPointerUp: endDrag,
    onPointerCancel: endDrag,
  } as const;

  let pictures: ReactNode;
  if (!version) {
    pictures = (
      <div {...stageProps} ref={stageRef}>
        <div className="review-viewer__box" style={box}>
          <Picture file={original} alt={`Original ${image.fileName}`} scale={shown.scale} size={size} />
        </div>
      </div>
    );
  } else if (mode === 'slider') {
    pictures = (
      <>
        <div {...stageProps} ref={stageRef}>
          <div className="review-viewer__box" style={box}>
            <Picture file={version} alt={`Delivered ${image.fileName}`} scale={shown.scale} size={size} />
          </div>
          <div className="review-viewer__before" style={{ clipPath: `inset(0 ${100 - split}% 0 0)` }}>
            <div className="review-viewer__box" style={box}>
              <Picture file={original} alt={`Original ${image.fileName}`} scale={shown.scale} size={size} />
            </div>
          </div>
          <div className="review-viewer__divider" style={{ left: `${split}%` }} aria-hidden="true" />
          <div className="review-viewer__box review-viewer__box--markup" style={box}>
            {markup(true)}
          </div>
        </div>
        <label className="review-viewer__split">
          <span>Original</span>
          <input
            type="range"
            min={0}
            max={100}
            step={1}
            value={split}
            aria-label="Before and after"
            aria-valuetext={`Original shown on the left ${split} %, delivered on the right`}
            onChange={(event) => setSplit(Number(event.target.value))}
          />
          <span>Delivered</span>
        </label>
      </>
    );
  } else {
    pictures = (
      <div className="review-viewer__sides">
        <figure className="review-viewer__side">
          <SideStage stageProps={stageProps} box={box}>
            <Picture file={original} alt={`Original ${image.fileName}`} scale={shown.scale} size={size} />
            {markup(false)}
          </SideStage>
          <figcaption>Original</figcaption>
        </figure>
        <figure className="review-viewer__side">
          <SideStage stageProps={stageProps} box={box} stageRef={stageRef}>
            <Picture file={version} alt={`Delivered ${image.fileName}`} scale={shown.scale} size={size} />
            {markup(true)}
          </SideStage>
          <figcaption>{versionLabel(version)}</figcaption>
        </figure>
      </div>
    );
  }

  return (
    <div className="review-viewer__body" onKeyDown={onKeyDown}>
      <div className="review-viewer__toolbar">
        {mains.length > 0 && (
          <label className="review-viewer__version">
            Version{' '}
            <select value={versionId ?? ''} onChange={(event) => setVersionId(event.target.value)}>
              {mains.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {versionLabel(candidate)}
                  {candidate.id === image.current?.id ? ' (current)' : ''}
                </option>
              ))}
            </select>
          </label>
        )}
        {version && (
          <div className="review-viewer__modes" role="group" aria-label="Compare">
            <button type="button" aria-pressed={mode === 'slider'} onClick={() => setMode('slider')}>
              Slider
            </button>
            <button type="button" aria-pressed={mode === 'side'} onClick={() => setMode('side')}>
              Side by side
            </button>
          </div>
        )}
        <div className="review-viewer__zoom" role="group" aria-label="Zoom">
          <button type="button" onClick={() => zoomStep(-1)} aria-label="Zoom out">
            −
          </button>
          <button type="button" onClick={fit}>
            Fit
          </button>
          <button type="button" onClick={actual}>
            100 %
          </button>
          <button type="button" onClick={() => zoomStep(1)} aria-label="Zoom in">
            +
          </button>
          <output className="review-viewer__percent" aria-live="polite" aria-label="Zoom level">
            {zoomPercent(shown.scale)} %
          </output>
        </div>
        {(onPrevious !== undefined || onNext !== undefined) && (
          <div className="review-viewer__walk">
            <button type="button" disabled={!onPrevious} onClick={() => onPrevious?.()} aria-label="Previous image">
              ‹ Previous
            </button>
            {position && <span className="form__hint">{position}</span>}
            <button type="button" disabled={!onNext} onClick={() => onNext?.()} aria-label="Next image">
              Next ›
            </button>
          </div>
        )}
      </div>
      <div className="review-viewer__main">
        <div className="review-viewer__pictures" ref={picturesRef}>
          {pictures}
          {!sizeOf(version) && !sizeOf(original) && (
            // Sizes unknown to the server (an old file): read from the variant once the browser drew it.
            <img
              hidden
              alt=""
              src={(version ?? original).screenUrl ?? (version ?? original).previewUrl ?? undefined}
              onLoad={(event) =>
                setNatural({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })
              }
            />
          )}
        </div>
        <aside className="review-viewer__side-panel" aria-label="Review">
          <div className="review-page__message" role="status">
            {said && <p className="form__success">{said}</p>}
          </div>
          {deciding ? (
            <ReviewDecision
              jobId={jobId}
              image={image}
              tool={tool}
              onTool={setTool}
              drafts={drafts}
              onDrafts={setDrafts}
              selected={selected}
              onSelect={setSelected}
              commentsRef={commentsRef}
              onDecided={(text) => {
                setDrafts([]);
                setSelected(null);
                setTool('move');
                decided(text);
              }}
            />
          ) : (
            <ReviewComments
              ref={commentsRef}
              caller={caller}
              jobId={jobId}
              image={image}
              review={review}
              readOnly={readOnly}
              selected={selected}
              onSelect={selectShape}
              onDecided={decided}
            />
          )}
        </aside>
      </div>
    </div>
  );
}

/** One side of the side-by-side view: its own stage, the same view as the other. */
function SideStage({
  stageProps,
  box,
  stageRef,
  children,
}: {
  stageProps: Record<string, unknown>;
  box: ReturnType<typeof placed>;
  stageRef?: (element: HTMLDivElement | null) => void;
  children: ReactNode;
}) {
  return (
    <div {...stageProps} ref={stageRef}>
      <div className="review-viewer__box" style={box}>
        {children}
      </div>
    </div>
  );
}
