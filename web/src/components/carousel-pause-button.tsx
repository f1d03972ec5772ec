import './carousel-pause-button.css';

/** Pause/play control every auto-advancing carousel carries (WCAG 2.2.2). */
export function CarouselPauseButton({
  paused,
  onToggle,
  label,
  className,
}: {
  paused: boolean;
  onToggle: () => void;
  /** What is paused, e.g. 'slideshow'. */
  label: string;
  className?: string;
}) {
  return (
    <button
      type="button"
      className={className ?? 'carousel-pause'}
      onClick={onToggle}
      aria-label={paused ? `Play ${label}` : `Pause ${label}`}
    >
      <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
        {paused ? (
          <path d="M4 2l10 6-10 6z" fill="currentColor" />
        ) : (
          <path d="M3 2h4v12H3zM9 2h4v12H9z" fill="currentColor" />
        )}
      </svg>
    </button>
  );
}
