/** Service gallery paging (spec §4, §9): pages of 50 from the server, 12 shown first, 12 more per step. */
export const galleryPageSize = 50;
export const galleryInitialVisible = 12;
export const galleryStep = 12;
/** Masonry tile heights, cycled over the images (spec §9). */
export const masonryHeights = [220, 270, 320, 200, 340, 240, 300, 260, 280, 210] as const;

export function masonryHeight(index: number): number {
  return masonryHeights[index % masonryHeights.length]!;
}

export interface GalleryPagingView {
  /** Images to render. */
  shown: number;
  /** 'Show More (n more)': loaded images still hidden, or null when all loaded ones show. */
  showMore: number | null;
  /** 'Load More Images': everything loaded is visible and the server has more. */
  loadMore: boolean;
  /** 'Show Less': more than the initial 12 show. */
  showLess: boolean;
}

/** What the gallery shows and offers, given the visible count, the loaded count and `hasMore`. */
export function galleryPagingView(visible: number, loaded: number, hasMore: boolean): GalleryPagingView {
  const shown = Math.min(visible, loaded);
  return {
    shown,
    showMore: loaded > shown ? loaded - shown : null,
    loadMore: shown >= loaded && hasMore,
    showLess: shown > galleryInitialVisible,
  };
}

/** Show More: 12 more, up to what is loaded. */
export function showMoreVisible(visible: number, loaded: number): number {
  return Math.min(visible + galleryStep, loaded);
}

/** After a further page arrived: reveal the next 12 of what is now loaded. */
export function afterPageLoadedVisible(visible: number, loaded: number): number {
  return Math.min(visible + galleryStep, loaded);
}
