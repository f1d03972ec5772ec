/**
 * Staff writes of the gallery, service images, home content, job openings and the staff lead
 * reads (issue 5, part B). Gallery and service-image positions stay 1..n with no gap or duplicate,
 * also when admins write at the same time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '@studio/shared/errors';
import { listGalleryItemsResponseSchema } from '@studio/shared/gallery';
import { listJobOpeningsResponseSchema } from '@studio/shared/job-opening';
import { listServiceImagesResponseSchema } from '@studio/shared/carousel';
import { listSliderImagesResponseSchema } from '@studio/shared/slider-image';
import { listTestimonialsResponseSchema } from '@studio/shared/testimonial';
import type { Service } from '@studio/shared/service';
import { adminToken, createServiceWithSub, uploadImage } from './catalog-admin-support.ts';
import { api } from './support.ts';
import { jsonInit } from './test-clients.ts';

const unknownId = '01J0000000000000000000ZZZZ';
let token: string;
let service: Service;
let otherService: Service;
let image: string;

function issuePaths(json: unknown): string[] {
  return (errorEnvelopeSchema.parse(json).details?.issues ?? []).map((issue) => issue.path).sort();
}

beforeAll(async () => {
  token = await adminToken();
  service = (await createServiceWithSub(token, 'Showcase A')).service;
  otherService = (await createServiceWithSub(token, 'Showcase B')).service;
  image = await uploadImage(token);
});

afterAll(async () => {
  for (const s of [service, otherService]) await api(`/api/services/${s.id}`, { method: 'DELETE', token });
});

async function galleryOf(serviceId: string) {
  const { items } = listGalleryItemsResponseSchema.parse((await api('/api/gallary/all-items')).json);
  return items.filter((item) => item.service.id === serviceId);
}

async function addItem(serviceId: string, title: string, displayOrder?: number) {
  return api(
    '/api/gallary/new-item',
    jsonInit('POST', { serviceId, title, beforeImage: image, afterImage: image, displayOrder }, token),
  );
}

describe('gallery items', () => {
  it('appends, inserts at a taken position shifting the others, moves, and closes gaps on delete', async () => {
    for (const title of ['one', 'two', 'three']) expect((await addItem(service.id, title)).status).toBe(201);
    const inserted = await addItem(service.id, 'first', 1);
    expect(inserted.status).toBe(201);
    expect((inserted.json as { message: string }).message).toBe(
      'Gallery item added successfully! Orders have been adjusted.',
    );
    let items = await galleryOf(service.id);
    expect(items.map((i) => [i.title, i.displayOrder])).toEqual([
      ['first', 1],
      ['one', 2],
      ['two', 3],
      ['three', 4],
    ]);

    // Move 'three' to position 2.
    const three = items.find((i) => i.title === 'three')!;
    const moved = await api(
      `/api/gallary/${three.id}`,
      jsonInit('PUT', { serviceId: service.id, title: 'three', description: 'moved', displayOrder: 2 }, token),
    );
    expect(moved.status, moved.text).toBe(200);
    items = await galleryOf(service.id);
    expect(items.map((i) => [i.title, i.displayOrder])).toEqual([
      ['first', 1],
      ['three', 2],
      ['one', 3],
      ['two', 4],
    ]);

    // Move 'first' to the other service: both lists stay contiguous.
    const first = items[0]!;
    const across = await api(
      `/api/gallary/${first.id}`,
      jsonInit('PUT', { serviceId: otherService.id, title: 'first', displayOrder: 1 }, token),
    );
    expect(across.status, across.text).toBe(200);
    expect((await galleryOf(service.id)).map((i) => i.displayOrder)).toEqual([1, 2, 3]);
    expect((await galleryOf(otherService.id)).map((i) => [i.title, i.displayOrder])).toEqual([['first', 1]]);

    const removed = await api(`/api/gallary/${items[1]!.id}`, { method: 'DELETE', token });
    expect(removed.status).toBe(200);
    expect((await galleryOf(service.id)).map((i) => [i.title, i.displayOrder])).toEqual([
      ['one', 1],
      ['two', 2],
    ]);
    expect((await api(`/api/gallary/${items[1]!.id}`, { method: 'DELETE', token })).status).toBe(404);
  });

  it('keeps positions 1..n when several admins insert at the same position at once', async () => {
    const before = (await galleryOf(service.id)).length;
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => addItem(service.id, `concurrent ${i}`, 1)));
    for (const result of results) expect(result.status, result.text).toBe(201);
    const items = await galleryOf(service.id);
    expect(items).toHaveLength(before + 6);
    expect(items.map((i) => i.displayOrder)).toEqual(Array.from({ length: before + 6 }, (_, i) => i + 1));
    expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
  });

  it('names missing fields and unknown services, and stores nothing on refusal', async () => {
    const count = (await galleryOf(service.id)).length;
    const missing = await api('/api/gallary/new-item', jsonInit('POST', { serviceId: service.id }, token));
    expect(issuePaths(missing.json)).toEqual(['body.afterImage', 'body.beforeImage', 'body.title']);
    const zero = await addItem(service.id, 'x', 0);
    expect(issuePaths(zero.json)).toEqual(['body.displayOrder']);
    const unknown = await addItem(unknownId, 'x');
    expect(issuePaths(unknown.json)).toEqual(['body.serviceId']);
    const long = await addItem(service.id, 't'.repeat(151));
    expect(issuePaths(long.json)).toEqual(['body.title']);
    expect((await galleryOf(service.id)).length).toBe(count);
    const update = await api(
      `/api/gallary/${unknownId}`,
      jsonInit('PUT', { serviceId: service.id, title: 'x', displayOrder: 1 }, token),
    );
    expect(update.status).toBe(404);
  });
});

async function imagesOf(serviceId: string) {
  return listServiceImagesResponseSchema.parse((await api(`/api/carousal/service/${serviceId}?limit=100`)).json).images;
}

describe('service images', () => {
  it('inserts in order, reorders from 1, deletes and closes the gaps', async () => {
    const inserted = await api(
      '/api/carousal/bulk-insert',
      jsonInit(
        'POST',
        {
          serviceId: service.id,
          images: ['a', 'b', 'c', 'd'].map((n) => ({ imageUrl: image, imageName: `${n}.png` })),
        },
        token,
      ),
    );
    expect(inserted.status, inserted.text).toBe(201);
    let images = await imagesOf(service.id);
    expect(images.map((i) => [i.imageName, i.order])).toEqual([
      ['a.png', 1],
      ['b.png', 2],
      ['c.png', 3],
      ['d.png', 4],
    ]);
    const reversed = images.map((img, i) => ({ id: img.id, order: images.length - i }));
    const reordered = await api(
      '/api/carousal/reorder',
      jsonInit('PUT', { serviceId: service.id, imageOrders: reversed }, token),
    );
    expect(reordered.status, reordered.text).toBe(200);
    images = await imagesOf(service.id);
    expect(images.map((i) => i.imageName)).toEqual(['d.png', 'c.png', 'b.png', 'a.png']);

    const removed = await api(
      '/api/carousal/bulk-delete',
      jsonInit('DELETE', { serviceId: service.id, imageIds: [images[0]!.id, images[2]!.id] }, token),
    );
    expect(removed.status, removed.text).toBe(200);
    expect((await imagesOf(service.id)).map((i) => [i.imageName, i.order])).toEqual([
      ['c.png', 1],
      ['a.png', 2],
    ]);
  });

  it('refuses foreign or unknown ids and incomplete orders, changing nothing', async () => {
    const before = await imagesOf(service.id);
    await api(
      '/api/carousal/bulk-insert',
      jsonInit('POST', { serviceId: otherService.id, images: [{ imageUrl: image, imageName: 'other.png' }] }, token),
    );
    const foreign = (await imagesOf(otherService.id))[0]!;
    const del = await api(
      '/api/carousal/bulk-delete',
      jsonInit('DELETE', { serviceId: service.id, imageIds: [before[0]!.id, foreign.id] }, token),
    );
    expect(issuePaths(del.json)).toEqual(['body.imageIds.1']);
    const partial = await api(
      '/api/carousal/reorder',
      jsonInit('PUT', { serviceId: service.id, imageOrders: [{ id: before[0]!.id, order: 1 }] }, token),
    );
    expect(issuePaths(partial.json)).toEqual(['body.imageOrders']);
    const dup = await api(
      '/api/carousal/reorder',
      jsonInit(
        'PUT',
        {
          serviceId: service.id,
          imageOrders: before.map((img) => ({ id: img.id, order: 1 })),
        },
        token,
      ),
    );
    expect(issuePaths(dup.json)).toEqual(['body.imageOrders.1']);
    const noService = await api(
      '/api/carousal/bulk-insert',
      jsonInit('POST', { serviceId: unknownId, images: [{ imageUrl: image, imageName: 'x.png' }] }, token),
    );
    expect(issuePaths(noService.json)).toEqual(['body.serviceId']);
    const empty = await api(
      '/api/carousal/bulk-insert',
      jsonInit('POST', { serviceId: service.id, images: [] }, token),
    );
    expect(issuePaths(empty.json)).toEqual(['body.images']);
    expect(await imagesOf(service.id)).toEqual(before);
  });
});

describe('home content', () => {
  it('adds, edits, reorders and deletes testimonials', async () => {
    const before = listTestimonialsResponseSchema.parse((await api('/api/testimonials')).json);
    const created = await api(
      '/api/testimonials',
      jsonInit('POST', { text: 'Great work.', author: 'Test Author', position: 'Shop owner' }, token),
    );
    expect(created.status, created.text).toBe(201);
    const id = (created.json as { testimonial: { id: string } }).testimonial.id;
    let list = listTestimonialsResponseSchema.parse((await api('/api/testimonials')).json);
    expect(list.at(-1)).toMatchObject({ id, author: 'Test Author' });

    expect(
      (await api(`/api/testimonials/${id}`, jsonInit('PUT', { text: 'Edited.', author: 'Test Author' }, token))).status,
    ).toBe(200);
    const order = [id, ...before.map((t) => t.id)];
    const reordered = await api('/api/testimonials/order', jsonInit('PUT', { ids: order }, token));
    expect(reordered.status, reordered.text).toBe(200);
    list = listTestimonialsResponseSchema.parse((await api('/api/testimonials')).json);
    expect(list.map((t) => t.id)).toEqual(order);
    expect(list[0]).toMatchObject({ text: 'Edited.', position: '' });

    const partial = await api('/api/testimonials/order', jsonInit('PUT', { ids: [id] }, token));
    expect(partial.status).toBe(before.length > 0 ? 400 : 200);
    const blank = await api('/api/testimonials', jsonInit('POST', { text: ' ', author: '' }, token));
    expect(issuePaths(blank.json)).toEqual(['body.author', 'body.text']);

    expect((await api(`/api/testimonials/${id}`, { method: 'DELETE', token })).status).toBe(200);
    expect((await api(`/api/testimonials/${id}`, { method: 'DELETE', token })).status).toBe(404);
    // Back to the seeded order for the tests that follow.
    await api('/api/testimonials/order', jsonInit('PUT', { ids: before.map((t) => t.id) }, token));
    list = listTestimonialsResponseSchema.parse((await api('/api/testimonials')).json);
    expect(list.map((t) => t.id)).toEqual(before.map((t) => t.id));
  });

  it('adds, reorders and deletes slider images', async () => {
    const slides = async () => listSliderImagesResponseSchema.parse((await api('/api/slider-images')).json).images;
    const before = await slides();
    const created = await api('/api/slider-images', jsonInit('POST', { imagePath: image }, token));
    expect(created.status, created.text).toBe(201);
    const id = (created.json as { image: { id: string } }).image.id;
    expect((await slides()).at(-1)).toEqual({ id, imagePath: image });
    const order = [id, ...before.map((s) => s.id)];
    expect((await api('/api/slider-images/order', jsonInit('PUT', { ids: order }, token))).status).toBe(200);
    expect((await slides()).map((s) => s.id)).toEqual(order);
    const notUploaded = await api(
      '/api/slider-images',
      jsonInit('POST', { imagePath: `/media/images/${unknownId}.png` }, token),
    );
    expect(issuePaths(notUploaded.json)).toEqual(['body.imagePath']);
    expect((await api(`/api/slider-images/${id}`, { method: 'DELETE', token })).status).toBe(200);

    // A slide with its copy for the hero; blank copy is none.
    const withCopy = await api(
      '/api/slider-images',
      jsonInit('POST', { imagePath: image, title: '  Ghost Mannequin ', text: 'Mannequins removed.' }, token),
    );
    expect(withCopy.status, withCopy.text).toBe(201);
    const copyId = (withCopy.json as { image: { id: string } }).image.id;
    expect((await slides()).at(-1)).toEqual({
      id: copyId,
      imagePath: image,
      title: 'Ghost Mannequin',
      text: 'Mannequins removed.',
    });
    const blank = await api('/api/slider-images', jsonInit('POST', { imagePath: image, title: ' ', text: '' }, token));
    const blankId = (blank.json as { image: { id: string } }).image.id;
    expect((await slides()).at(-1)).toEqual({ id: blankId, imagePath: image });
    const tooLong = await api(
      '/api/slider-images',
      jsonInit('POST', { imagePath: image, text: 'x'.repeat(301) }, token),
    );
    expect(issuePaths(tooLong.json)).toEqual(['body.text']);
    for (const extra of [copyId, blankId]) {
      expect((await api(`/api/slider-images/${extra}`, { method: 'DELETE', token })).status).toBe(200);
    }
    await api('/api/slider-images/order', jsonInit('PUT', { ids: before.map((s) => s.id) }, token));
    expect(await slides()).toEqual(before);
  });
});

describe('job openings', () => {
  it('creates, toggles active, edits and deletes; the public list shows active openings only', async () => {
    const publicIds = async () =>
      listJobOpeningsResponseSchema.parse((await api('/api/job-openings')).json).map((o) => o.id);
    const created = await api(
      '/api/job-openings',
      jsonInit('POST', { title: 'Retoucher', description: 'Edit photos.', isActive: false }, token),
    );
    expect(created.status, created.text).toBe(201);
    const opening = (created.json as { opening: { id: string; postedDate: string } }).opening;
    expect(await publicIds()).not.toContain(opening.id);
    const all = await api('/api/job-openings/all', { token });
    expect((all.json as { openings: { id: string }[] }).openings.map((o) => o.id)).toContain(opening.id);

    const activated = await api(
      `/api/job-openings/${opening.id}`,
      jsonInit(
        'PUT',
        { title: 'Senior Retoucher', description: 'Edit.', isActive: true, imageUrl: 'https://example.test/a.png' },
        token,
      ),
    );
    expect(activated.status, activated.text).toBe(200);
    expect((activated.json as { opening: unknown }).opening).toMatchObject({
      title: 'Senior Retoucher',
      isActive: true,
      postedDate: opening.postedDate,
      imageUrl: 'https://example.test/a.png',
    });
    expect(await publicIds()).toContain(opening.id);

    const bad = await api(
      `/api/job-openings/${opening.id}`,
      jsonInit('PUT', { title: '', description: 'x', imageUrl: 'javascript:alert(1)' }, token),
    );
    expect(issuePaths(bad.json)).toEqual(['body.imageUrl', 'body.title']);
    expect((await api(`/api/job-openings/${opening.id}`, { method: 'DELETE', token })).status).toBe(200);
    expect(await publicIds()).not.toContain(opening.id);
    expect((await api(`/api/job-openings/${opening.id}`, { method: 'DELETE', token })).status).toBe(404);
    expect(
      (await api(`/api/job-openings/${unknownId}`, jsonInit('PUT', { title: 'x', description: 'x' }, token))).status,
    ).toBe(404);
  });
});

describe('leads for staff', () => {
  it('searches contact leads by name, e-mail or service, case-insensitively', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const lead = (name: string, email: string, service?: string) =>
      api(
        '/api/contact/addnew',
        jsonInit('POST', { name, email, phone: '+1 555 0100', description: 'Hello', service }),
      );
    expect((await lead(`Ann ${tag}`, 'ann@example.test')).status).toBe(201);
    expect((await lead('Bob', `bob.${tag}@example.test`)).status).toBe(201);
    expect((await lead('Cy', 'cy@example.test', `Jewelry ${tag.toUpperCase()}`)).status).toBe(201);
    const found = await api(`/api/contact/all-leads?search=${tag.toUpperCase()}`, { token });
    expect(found.status, found.text).toBe(200);
    expect((found.json as { leads: { name: string }[] }).leads.map((l) => l.name).sort()).toEqual([
      `Ann ${tag}`,
      'Bob',
      'Cy',
    ]);
    const none = await api(`/api/contact/all-leads?search=${tag}nothing`, { token });
    expect((none.json as { leads: unknown[] }).leads).toEqual([]);
    const cursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const foreignList = cursor({ PK: 'JOB#x', SK: 'JOB', GSI1PK: 'CLIENT#x', GSI1SK: 'JOB#x' });
    for (const next of ['abc', cursor('x'), cursor([1]), cursor({ PK: 1 }), foreignList]) {
      const badCursor = await api(`/api/contact/all-leads?next=${next}`, { token });
      expect(badCursor.status, next).toBe(400);
      expect(issuePaths(badCursor.json)).toEqual(['query.next']);
    }
    // A position the API answered is accepted.
    const first = await api('/api/contact/all-leads', { token });
    const next = (first.json as { next: string | null }).next;
    if (next) expect((await api(`/api/contact/all-leads?next=${next}`, { token })).status).toBe(200);
  });

  it('lists free-trial leads for staff, searchable the same way', async () => {
    const tag = `fq${Date.now().toString(36)}`;
    const sent = await api(
      '/api/free-trial-leads',
      jsonInit('POST', {
        serviceId: service.id,
        service: 'Showcase A',
        name: `Trial ${tag}`,
        email: 'trial@example.test',
        imageLink: 'https://example.test/p.jpg',
      }),
    );
    expect(sent.status, sent.text).toBe(201);
    const found = await api(`/api/free-trial-leads/all?search=${tag}`, { token });
    expect((found.json as { leads: { name: string; format: string }[] }).leads).toEqual([
      expect.objectContaining({ name: `Trial ${tag}`, format: 'JPG' }),
    ]);
  });
});
