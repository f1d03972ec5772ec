import { listGalleryItems } from '../data/gallery.ts';
import type { RouteImpl } from '../lib/http.ts';

export const listGalleryItemsRoute: RouteImpl<'listGalleryItems'> = async () => ({
  items: await listGalleryItems(),
});
