import { describe, expect, it } from 'vitest';
import { cardCommand, drawnColumns, gridMove } from './review-grid-keys.ts';

describe('the review grid keys', () => {
  it('moves one card across, a row of cards up and down, and to the ends; stays at an edge', () => {
    // 10 cards in 4 columns: rows 0-3, 4-7, 8-9.
    expect(gridMove('ArrowRight', 0, 10, 4)).toBe(1);
    expect(gridMove('ArrowRight', 9, 10, 4)).toBe(9);
    expect(gridMove('ArrowLeft', 4, 10, 4)).toBe(3);
    expect(gridMove('ArrowLeft', 0, 10, 4)).toBe(0);
    expect(gridMove('ArrowDown', 1, 10, 4)).toBe(5);
    expect(gridMove('ArrowDown', 6, 10, 4)).toBe(6);
    expect(gridMove('ArrowDown', 5, 10, 4)).toBe(9);
    expect(gridMove('ArrowUp', 9, 10, 4)).toBe(5);
    expect(gridMove('ArrowUp', 2, 10, 4)).toBe(2);
    expect(gridMove('Home', 7, 10, 4)).toBe(0);
    expect(gridMove('End', 2, 10, 4)).toBe(9);
    expect(gridMove('a', 2, 10, 4)).toBeNull();
    expect(gridMove('ArrowRight', 0, 0, 4)).toBeNull();
  });

  it('on a phone of one or two columns, down goes to the next row', () => {
    expect(gridMove('ArrowDown', 0, 5, 1)).toBe(1);
    expect(gridMove('ArrowDown', 1, 5, 2)).toBe(3);
  });

  it('reads the columns as drawn, and the card commands without modifiers', () => {
    expect(drawnColumns([{ top: 10 }, { top: 10 }, { top: 10.5 }, { top: 200 }])).toBe(3);
    expect(drawnColumns([])).toBe(1);
    const none = { ctrl: false, meta: false, alt: false };
    expect(cardCommand('Enter', none)).toBe('open');
    expect(cardCommand('a', none)).toBe('approve');
    expect(cardCommand('R', none)).toBe('reject');
    expect(cardCommand('u', none)).toBe('undo');
    expect(cardCommand('a', { ...none, ctrl: true })).toBeNull();
    expect(cardCommand('x', none)).toBeNull();
  });
});
