import { listGalleryItems } from '../data/gallery.ts';
import type { RouteImpl } from '../lib/http.ts';

/** Only services that have items: the gallery's filter buttons must never lead to an empty grid. */
export const listGalleryServicesRoute: RouteImpl<'listGalleryServices'> = async () => {
  const items = await listGalleryItems();
  const seen = new Map(items.map((item) => [item.service.id, item.service]));
  return { services: [...seen.values()] };
};
