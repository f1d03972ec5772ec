import { useRef, useState, type CSSProperties, type KeyboardEvent, type PointerEvent } from 'react';
import { ResponsiveImage } from './responsive-image.tsx';
import './before-after-slider.css';

export const sliderStart = 50;
/** The 'Before' label hides at or below this position, the 'After' label at or above its mirror (spec §4, §9). */
export const labelHideThreshold = 10;
const keyStep = 5;
const pageStep = 10;

const clamp = (value: number) => Math.min(100, Math.max(0, value));

export interface BeforeAfterSliderProps {
  beforeSrc: string;
  afterSrc: string;
  /** What the images show, e.g. the service name; used in the alt texts and the slider's label. */
  subject: string;
  className?: string;
  /**
   * For slider and service images, which have AVIF/WebP variants (responsive-image.tsx): how wide
   * the slider is drawn. Without it the images are shown as they are.
   */
  sizes?: string;
  /**
   * The slider is the largest picture of a page's first screen (the first of a list that opens
   * the page): its images load at once, the after image (the bottom layer) fetched first.
   */
  priority?: boolean;
}

/** One of the two stacked images: with variants when the caller says how wide it is drawn. */
function sliderImage(
  src: string,
  className: string,
  alt: string,
  sizes: string | undefined,
  priority: 'high' | 'eager' | undefined,
) {
  const props = {
    className,
    alt,
    width: 800,
    height: 600,
    loading: priority ? 'eager' : 'lazy',
    ...(priority === 'high' ? { fetchPriority: 'high' as const } : {}),
    decoding: 'async',
    draggable: false,
  } as const;
  return sizes ? <ResponsiveImage src={src} sizes={sizes} {...props} /> : <img src={src} {...props} />;
}

/**
 * Before/after comparison: the after image is the base layer and the before image is clipped to the
 * part left of the handle. Drag anywhere on the images (mouse, pen or touch) or use the keyboard on
 * the handle.
 */
export function BeforeAfterSlider({
  beforeSrc,
  afterSrc,
  subject,
  className,
  sizes,
  priority = false,
}: BeforeAfterSliderProps) {
  const [position, setPosition] = useState(sliderStart);
  const frameRef = useRef<HTMLDivElement>(null);
  const handleRef = useRef<HTMLDivElement>(null);
  const draggingPointer = useRef<number | null>(null);

  function moveTo(clientX: number) {
    const frame = frameRef.current;
    if (!frame) return;
    const rect = frame.getBoundingClientRect();
    if (rect.width <= 0) return;
    setPosition(clamp(((clientX - rect.left) / rect.width) * 100));
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    draggingPointer.current = event.pointerId;
    // Capture keeps the drag going when the pointer leaves the frame; not every engine has it.
    event.currentTarget.setPointerCapture?.(event.pointerId);
    handleRef.current?.focus({ preventScroll: true });
    moveTo(event.clientX);
    event.preventDefault();
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    if (draggingPointer.current !== event.pointerId) return;
    moveTo(event.clientX);
  }

  function endDrag(event: PointerEvent<HTMLDivElement>) {
    if (draggingPointer.current !== event.pointerId) return;
    draggingPointer.current = null;
    if (event.currentTarget.hasPointerCapture?.(event.pointerId)) {
      event.currentTarget.releasePointerCapture(event.pointerId);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const next: Record<string, (value: number) => number> = {
      ArrowLeft: (value) => value - keyStep,
      ArrowDown: (value) => value - keyStep,
      ArrowRight: (value) => value + keyStep,
      ArrowUp: (value) => value + keyStep,
      PageDown: (value) => value - pageStep,
      PageUp: (value) => value + pageStep,
      Home: () => 0,
      End: () => 100,
    };
    const step = next[event.key];
    if (!step) return;
    event.preventDefault();
    setPosition((value) => clamp(step(value)));
  }

  const rounded = Math.round(position);
  const style = { '--ba-position': `${position}%` } as CSSProperties;

  return (
    <div
      ref={frameRef}
      className={className ? `ba-slider ${className}` : 'ba-slider'}
      style={style}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
      onLostPointerCapture={endDrag}
    >
      {sliderImage(afterSrc, 'ba-slider__image', `${subject}: after retouching`, sizes, priority ? 'high' : undefined)}
      {sliderImage(
        beforeSrc,
        'ba-slider__image ba-slider__image--before',
        `${subject}: before retouching`,
        sizes,
        priority ? 'eager' : undefined,
      )}
      {position > labelHideThreshold && (
        <span className="ba-slider__label ba-slider__label--before" aria-hidden="true">
          Before
        </span>
      )}
      {position < 100 - labelHideThreshold && (
        <span className="ba-slider__label ba-slider__label--after" aria-hidden="true">
          After
        </span>
      )}
      <div className="ba-slider__divider">
        <div
          ref={handleRef}
          className="ba-slider__handle"
          role="slider"
          tabIndex={0}
          aria-label={`${subject}: before and after comparison`}
          aria-orientation="horizontal"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={rounded}
          aria-valuetext={`${rounded}% before image shown`}
          onKeyDown={onKeyDown}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M9 6 3 12l6 6M15 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2.2" />
          </svg>
        </div>
      </div>
    </div>
  );
}
