import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BeforeAfterSlider } from './before-after-slider.tsx';

function renderSlider() {
  render(<BeforeAfterSlider beforeSrc="/media/b.svg" afterSrc="/media/a.svg" subject="Jewelry" />);
  return screen.getByRole('slider', { name: 'Jewelry: before and after comparison' });
}

const value = (slider: HTMLElement) => Number(slider.getAttribute('aria-valuenow'));
const press = (slider: HTMLElement, key: string, times = 1) => {
  for (let i = 0; i < times; i += 1) fireEvent.keyDown(slider, { key });
};

describe('BeforeAfterSlider', () => {
  it('starts at 50 % with both labels and the 0–100 range', () => {
    const slider = renderSlider();
    expect(value(slider)).toBe(50);
    expect(slider.getAttribute('aria-valuemin')).toBe('0');
    expect(slider.getAttribute('aria-valuemax')).toBe('100');
    expect(slider.tabIndex).toBe(0);
    expect(screen.getByText('Before')).toBeTruthy();
    expect(screen.getByText('After')).toBeTruthy();
  });

  it('shows the real before image in the before layer and the after image as the base', () => {
    renderSlider();
    const before = screen.getByAltText('Jewelry: before retouching');
    const after = screen.getByAltText('Jewelry: after retouching');
    expect(before.getAttribute('src')).toBe('/media/b.svg');
    expect(after.getAttribute('src')).toBe('/media/a.svg');
    for (const image of [before, after]) {
      expect(image.getAttribute('width')).toBe('800');
      expect(image.getAttribute('height')).toBe('600');
      expect(image.getAttribute('loading')).toBe('lazy');
      expect(image.getAttribute('decoding')).toBe('async');
    }
  });

  it('moves 5 with the arrow keys and 10 with Page Up/Down', () => {
    const slider = renderSlider();
    press(slider, 'ArrowRight');
    expect(value(slider)).toBe(55);
    press(slider, 'ArrowLeft', 2);
    expect(value(slider)).toBe(45);
    press(slider, 'ArrowUp');
    expect(value(slider)).toBe(50);
    press(slider, 'ArrowDown');
    expect(value(slider)).toBe(45);
    press(slider, 'PageUp');
    expect(value(slider)).toBe(55);
    press(slider, 'PageDown', 2);
    expect(value(slider)).toBe(35);
  });

  it('jumps to the ends with Home and End', () => {
    const slider = renderSlider();
    press(slider, 'Home');
    expect(value(slider)).toBe(0);
    press(slider, 'End');
    expect(value(slider)).toBe(100);
  });

  it('clamps at 0 and 100', () => {
    const slider = renderSlider();
    press(slider, 'ArrowLeft', 15);
    expect(value(slider)).toBe(0);
    press(slider, 'PageDown');
    expect(value(slider)).toBe(0);
    press(slider, 'ArrowRight', 25);
    expect(value(slider)).toBe(100);
    press(slider, 'PageUp');
    expect(value(slider)).toBe(100);
  });

  it('hides the Before label at 10 % and below, and shows it at 15 %', () => {
    const slider = renderSlider();
    press(slider, 'ArrowLeft', 7);
    expect(value(slider)).toBe(15);
    expect(screen.queryByText('Before')).not.toBeNull();
    press(slider, 'ArrowLeft');
    expect(value(slider)).toBe(10);
    expect(screen.queryByText('Before')).toBeNull();
    expect(screen.queryByText('After')).not.toBeNull();
  });

  it('hides the After label at 90 % and above, and shows it at 85 %', () => {
    const slider = renderSlider();
    press(slider, 'ArrowRight', 7);
    expect(value(slider)).toBe(85);
    expect(screen.queryByText('After')).not.toBeNull();
    press(slider, 'ArrowRight');
    expect(value(slider)).toBe(90);
    expect(screen.queryByText('After')).toBeNull();
    expect(screen.queryByText('Before')).not.toBeNull();
  });

  it('follows the pointer while pressed and stops after release', () => {
    const slider = renderSlider();
    const frame = slider.closest('.ba-slider') as HTMLElement;
    vi.spyOn(frame, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 100, y: 0, width: 400, height: 300 }),
    );

    fireEvent.pointerDown(frame, { pointerId: 1, clientX: 200, button: 0, pointerType: 'mouse' });
    expect(value(slider)).toBe(25);
    fireEvent.pointerMove(frame, { pointerId: 1, clientX: 400 });
    expect(value(slider)).toBe(75);
    fireEvent.pointerMove(frame, { pointerId: 1, clientX: 900 });
    expect(value(slider)).toBe(100);
    fireEvent.pointerUp(frame, { pointerId: 1, clientX: 900 });
    fireEvent.pointerMove(frame, { pointerId: 1, clientX: 150 });
    expect(value(slider)).toBe(100);
  });
});
