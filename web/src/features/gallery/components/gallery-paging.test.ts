import { describe, expect, it } from 'vitest';
import { afterPageLoadedVisible, galleryPagingView, masonryHeight, showMoreVisible } from './gallery-paging.ts';

describe('gallery paging', () => {
  it('shows 12 of a first page of 50 with Show More (38 more)', () => {
    expect(galleryPagingView(12, 50, true)).toEqual({ shown: 12, showMore: 38, loadMore: false, showLess: false });
  });

  it('adds 12 per Show More up to what is loaded', () => {
    expect(showMoreVisible(12, 50)).toBe(24);
    expect(showMoreVisible(48, 50)).toBe(50);
    expect(galleryPagingView(24, 50, true)).toMatchObject({ showMore: 26, showLess: true });
  });

  it('offers Load More Images once every loaded image shows and the server has more', () => {
    expect(galleryPagingView(50, 50, true)).toEqual({ shown: 50, showMore: null, loadMore: true, showLess: true });
    expect(galleryPagingView(50, 50, false).loadMore).toBe(false);
  });

  it('reveals 12 more after the next page arrives', () => {
    expect(afterPageLoadedVisible(50, 60)).toBe(60);
    expect(afterPageLoadedVisible(50, 100)).toBe(62);
  });

  it('has no buttons for a small gallery', () => {
    expect(galleryPagingView(12, 5, false)).toEqual({ shown: 5, showMore: null, loadMore: false, showLess: false });
  });

  it('cycles the masonry heights', () => {
    expect([0, 1, 9, 10, 13].map(masonryHeight)).toEqual([220, 270, 210, 220, 200]);
  });
});
