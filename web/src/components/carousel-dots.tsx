import './carousel-dots.css';

/**
 * A carousel's dots on a dark picture, one a slide: each a 24 px target that shows its slide,
 * the current one filled and marked `aria-current`; `small` draws them 10 px wide instead of 12.
 */
export function CarouselDots({
  keys,
  current,
  label,
  onGo,
  small = false,
}: {
  /** One key a slide, in order. */
  keys: readonly string[];
  current: number;
  /** The button's words before the slide's number, e.g. 'Go to slide'. */
  label: string;
  onGo: (index: number) => void;
  small?: boolean;
}) {
  return keys.map((key, index) => (
    <button
      key={key}
      type="button"
      className={small ? 'carousel-dot carousel-dot--small' : 'carousel-dot'}
      aria-label={`${label} ${index + 1}`}
      aria-current={index === current}
      onClick={() => onGo(index)}
    />
  ));
}
