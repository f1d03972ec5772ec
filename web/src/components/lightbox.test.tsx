import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Lightbox } from './lightbox.tsx';

const images = ['a', 'b', 'c'].map((name) => ({ src: `/media/${name}.svg`, alt: `Image ${name}` }));

function Harness({ onClose }: { onClose: () => void }) {
  const [index, setIndex] = useState(0);
  return <Lightbox images={images} index={index} onIndexChange={setIndex} onClose={onClose} label="Portfolio" />;
}

describe('Lightbox', () => {
  it('wraps with the buttons and arrow keys, locks scroll and closes on Escape', () => {
    const onClose = vi.fn();
    const { unmount } = render(<Harness onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Portfolio' });
    expect(document.body.style.overflow).toBe('hidden');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('img').getAttribute('alt')).toBe('Image a');

    fireEvent.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(screen.getByRole('img').getAttribute('alt')).toBe('Image c');
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(screen.getByRole('img').getAttribute('alt')).toBe('Image a');
    fireEvent.keyDown(dialog, { key: 'ArrowLeft' });
    expect(screen.getByRole('img').getAttribute('alt')).toBe('Image c');

    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    unmount();
    expect(document.body.style.overflow).toBe('');
  });

  it("shows each image from its variants at the screen's width, not the original", () => {
    render(<Harness onClose={() => {}} />);
    const picture = screen.getByRole('img').closest('picture')!;
    const avif = picture.querySelector('source[type="image/avif"]')!;
    expect(avif.getAttribute('sizes')).toBe('100vw');
    expect(avif.getAttribute('srcset')).toBe(
      '/media/a-400w.avif 400w, /media/a-800w.avif 800w, /media/a-1600w.avif 1600w',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Next image' }));
    expect(picture.querySelector('source[type="image/webp"]')!.getAttribute('srcset')).toContain('/media/b-1600w.webp');
  });

  it('traps Tab inside the dialog and closes on a backdrop click only', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    const dialog = screen.getByRole('dialog');
    const next = screen.getByRole('button', { name: 'Next image' });
    next.focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(next);

    fireEvent.click(screen.getByRole('img'));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(dialog);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
