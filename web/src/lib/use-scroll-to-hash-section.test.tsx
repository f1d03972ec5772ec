import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../testing/render.tsx';
import { hashSectionWaitMs, useScrollToHashSection } from './use-scroll-to-hash-section.ts';

function Page() {
  useScrollToHashSection();
  return <div id="page" />;
}

/** The section arriving late, as a home page section whose code is still loading. */
function addSection(id: string) {
  const section = document.createElement('section');
  section.id = id;
  document.getElementById('page')!.append(section);
}

describe('useScrollToHashSection', () => {
  let scrollTo: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'Date', 'requestAnimationFrame', 'cancelAnimationFrame'],
    });
    scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    scrollTo.mockRestore();
  });

  it('scrolls to a section that appears seconds after the page, however many frames go by', async () => {
    renderWithProviders(<Page />, { path: '/#clients' });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(hashSectionWaitMs - 1_000);
    });
    expect(scrollTo).not.toHaveBeenCalled();
    await act(async () => addSection('clients'));
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });

  it('stops waiting after the wait is over', async () => {
    renderWithProviders(<Page />, { path: '/#clients' });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(hashSectionWaitMs + 1);
    });
    await act(async () => addSection('clients'));
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('leaves the scroll alone once the visitor presses a key or scrolls', async () => {
    for (const event of [new KeyboardEvent('keydown', { key: 'End' }), new WheelEvent('wheel')]) {
      const { unmount } = renderWithProviders(<Page />, { path: '/#clients' });
      await act(async () => {
        window.dispatchEvent(event);
      });
      await act(async () => addSection('clients'));
      expect(scrollTo).not.toHaveBeenCalled();
      unmount();
    }
  });

  it('does nothing without a hash', async () => {
    renderWithProviders(<Page />, { path: '/' });
    await act(async () => addSection('clients'));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
