import { useEffect, useRef, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { wrapIndex } from './carousel-logic.ts';
import { ResponsiveImage } from './responsive-image.tsx';
import './lightbox.css';

export interface LightboxImage {
  src: string;
  alt: string;
  caption?: string;
}

/**
 * Full-screen image viewer (modal dialog): close button, backdrop click and Escape close it; with
 * several images, previous/next buttons and the arrow keys move, wrapping at both ends. While open,
 * page scroll is locked and Tab stays inside; focus returns to where it was on close.
 */
export function Lightbox({
  images,
  index,
  onIndexChange,
  onClose,
  label,
}: {
  images: readonly LightboxImage[];
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  label: string;
}) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const image = images[index];
  const several = images.length > 1;

  useEffect(() => {
    const previousFocus = document.activeElement as HTMLElement | null;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    closeRef.current?.focus();
    return () => {
      document.body.style.overflow = overflow;
      previousFocus?.focus?.();
    };
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    } else if (several && event.key === 'ArrowRight') {
      onIndexChange(wrapIndex(index, 1, images.length));
    } else if (several && event.key === 'ArrowLeft') {
      onIndexChange(wrapIndex(index, -1, images.length));
    } else if (event.key === 'Tab') {
      // Focus trap: cycle through the dialog's own buttons.
      const focusable = [...(dialogRef.current?.querySelectorAll<HTMLElement>('button') ?? [])];
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    }
  }

  if (!image) return null;
  return createPortal(
    <div
      ref={dialogRef}
      className="lightbox"
      role="dialog"
      aria-modal="true"
      aria-label={label}
      onKeyDown={onKeyDown}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <button ref={closeRef} type="button" className="lightbox__close" aria-label="Close" onClick={onClose}>
        ×
      </button>
      {several && (
        <button
          type="button"
          className="lightbox__nav lightbox__nav--prev"
          aria-label="Previous image"
          onClick={() => onIndexChange(wrapIndex(index, -1, images.length))}
        >
          ‹
        </button>
      )}
      <figure className="lightbox__figure">
        {/* The screen's width of the image's variants, not the staff's original (up to 20 MB). */}
        <ResponsiveImage src={image.src} alt={image.alt} sizes="100vw" />
        <figcaption>
          {image.caption ?? image.alt}
          {several && <span className="lightbox__count">{` (${index + 1} / ${images.length})`}</span>}
        </figcaption>
      </figure>
      {several && (
        <button
          type="button"
          className="lightbox__nav lightbox__nav--next"
          aria-label="Next image"
          onClick={() => onIndexChange(wrapIndex(index, 1, images.length))}
        >
          ›
        </button>
      )}
    </div>,
    document.body,
  );
}
