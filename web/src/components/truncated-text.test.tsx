import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TruncatedText } from './truncated-text.tsx';

const words = (count: number) => Array.from({ length: count }, (_, i) => `word${i + 1}`).join(' ');

describe('TruncatedText', () => {
  it('shows a text of 20 words in full, without a button', () => {
    render(<TruncatedText text={words(20)} />);
    expect(screen.getByText(words(20))).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('cuts a text of 21 words after the 20th and expands and collapses it', () => {
    render(<TruncatedText text={words(21)} />);
    expect(screen.getByText(`${words(20)}…`)).toBeTruthy();
    expect(screen.queryByText(/word21/)).toBeNull();

    const more = screen.getByRole('button', { name: 'Read more' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(screen.getByText(words(21))).toBeTruthy();

    const less = screen.getByRole('button', { name: 'Read less' });
    expect(less.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(less);
    expect(screen.getByText(`${words(20)}…`)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Read more' })).toBeTruthy();
  });

  it('counts words, not spaces', () => {
    render(<TruncatedText text={`  ${words(20).replaceAll(' ', '   \n ')}  `} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
