import type { ListGalleryByServiceResponse } from '@studio/shared/gallery';
import { listGalleryItems } from '../data/gallery.ts';
import type { RouteImpl } from '../lib/http.ts';

export const listGalleryByServiceRoute: RouteImpl<'listGalleryByService'> = async () => {
  const groups: ListGalleryByServiceResponse['services'] = [];
  // Items come grouped by service in display order, so a new group starts where the service changes.
  for (const item of await listGalleryItems()) {
    let group = groups.at(-1);
    if (group?.service.id !== item.service.id) {
      group = { service: item.service, items: [] };
      groups.push(group);
    }
    group.items.push(item);
  }
  return { services: groups };
};
