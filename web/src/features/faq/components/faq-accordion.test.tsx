import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FaqAccordion } from './faq-accordion.tsx';
import { faqGroups } from './faq-data.ts';

describe('FaqAccordion', () => {
  it('has four groups of 4, 4, 3 and 3 questions', () => {
    render(<FaqAccordion />);
    expect(faqGroups.map((group) => [group.title, group.items.length])).toEqual([
      ['General', 4],
      ['Our Services', 4],
      ['Quality', 3],
      ['Editing', 3],
    ]);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'General',
      'Our Services',
      'Quality',
      'Editing',
    ]);
    expect(screen.getAllByRole('button')).toHaveLength(14);
  });

  it("opens 'How is my image retouched?' first, one at a time, and closes an open one on click", () => {
    render(<FaqAccordion />);
    const first = screen.getByRole('button', { name: /How is my image retouched\?/ });
    expect(first.getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(first.getAttribute('aria-controls')!)!;
    expect(panel.hidden).toBe(false);
    expect(screen.getAllByRole('button').filter((b) => b.getAttribute('aria-expanded') === 'true')).toHaveLength(1);

    const other = screen.getByRole('button', { name: /Do you handle bulk orders\?/ });
    fireEvent.click(other);
    expect(other.getAttribute('aria-expanded')).toBe('true');
    expect(first.getAttribute('aria-expanded')).toBe('false');
    expect(panel.hidden).toBe(true);

    fireEvent.click(other);
    expect(other.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getAllByRole('button').every((b) => b.getAttribute('aria-expanded') === 'false')).toBe(true);
  });
});
