/**
 * Helpers of the image tests (issues 33, 34): a client's photos become a job's images through the
 * browser's calls; the studio posts finished files, delivers them matched by name and passes QC.
 */
import { expect } from 'vitest';
import {
  confirmPhotoBatchResponseSchema,
  createUploadLinksResponseSchema,
  createVersionUploadLinksResponseSchema,
  listJobImagesResponseSchema,
  type JobImage,
} from '@studio/shared/image-api';
import { jobResponseSchema, type Job } from '@studio/shared/job';
import { listServicesResponseSchema, type Service } from '@studio/shared/service';
import { jpegPhoto, postFile } from './job-files-support.ts';
import { api } from './support.ts';
import { jsonInit, type freshClient } from './test-clients.ts';

export type Client = Awaited<ReturnType<typeof freshClient>>;

let service: Promise<Service> | undefined;

/** The first service of the catalogue, with a USD price. */
export function imageService(): Promise<Service> {
  service ??= api('/api/services').then((answer) => listServicesResponseSchema.parse(answer.json).services[0]!);
  return service;
}

/** What the browser does: links for the files, a POST each, one confirmation; then the job. */
export async function jobWithPhotos(client: Client, photos: { name: string; body: Buffer }[]): Promise<Job> {
  const linked = await api(
    '/api/upload-links',
    jsonInit(
      'POST',
      { files: photos.map((p) => ({ fileName: p.name, contentType: 'image/jpeg', size: p.body.length })) },
      client.token,
    ),
  );
  const { uploadId, links } = createUploadLinksResponseSchema.parse(linked.json);
  for (const [index, link] of links.entries()) await postFile(link.post!, photos[index]!.body, 'image/jpeg');
  const confirmed = confirmPhotoBatchResponseSchema.parse(
    (
      await api(
        `/api/uploads/${uploadId}/photos/batch`,
        jsonInit(
          'POST',
          { photos: links.map((link, i) => ({ key: link.key, fileName: photos[i]!.name })) },
          client.token,
        ),
      )
    ).json,
  );
  expect(confirmed.refused).toEqual([]);
  const chosen = await imageService();
  const sub = chosen.subServices.find((s) => s.prices.some((p) => p.currency === 'USD'))!;
  const created = await api(
    '/api/jobs',
    jsonInit(
      'POST',
      { serviceId: chosen.id, selectedSubServices: [sub.id], linkType: 'generate', uploadId },
      client.token,
    ),
  );
  expect(created.status, created.text).toBe(201);
  return jobResponseSchema.parse(created.json).job;
}

export async function images(jobId: string, token: string | undefined, query = '') {
  const answer = await api(`/api/jobs/${jobId}/images${query}`, { token });
  expect(answer.status, answer.text).toBe(200);
  return listJobImagesResponseSchema.parse(answer.json);
}

export async function readJob(jobId: string, token: string | undefined) {
  return jobResponseSchema.parse((await api(`/api/jobs/${jobId}`, { token })).json).job;
}

/** The editor's browser: links for finished files, then a POST each; answers the links. */
export async function postFinished(
  token: string | undefined,
  jobId: string,
  files: { name: string; body: Buffer; type?: string }[],
) {
  const answer = await api(
    `/api/jobs/${jobId}/images/upload-links`,
    jsonInit(
      'POST',
      { files: files.map((f) => ({ fileName: f.name, contentType: f.type ?? 'image/jpeg', size: f.body.length })) },
      token,
    ),
  );
  expect(answer.status, answer.text).toBe(200);
  const { links } = createVersionUploadLinksResponseSchema.parse(answer.json);
  for (const [index, link] of links.entries()) {
    expect(link.key).toMatch(new RegExp(`^deliverables/${jobId}/`));
    await postFile(link.post!, files[index]!.body, files[index]!.type ?? 'image/jpeg');
  }
  return links;
}

export const deliver = (
  token: string | undefined,
  jobId: string,
  files: { key: string; fileName: string; imageId?: string }[],
) => api(`/api/jobs/${jobId}/images/deliveries`, jsonInit('POST', { files }, token));

export const qc = (token: string | undefined, jobId: string, imageId: string, body: unknown) =>
  api(`/api/jobs/${jobId}/images/${imageId}/qc`, jsonInit('PUT', body, token));

/**
 * The studio's round on some images of a job: a finished file for each (matched by name), then QC
 * passes each, so they are DELIVERED to the client.
 */
export async function deliverAndPass(staffToken: string | undefined, jobId: string, some: readonly JobImage[]) {
  const links = await postFinished(
    staffToken,
    jobId,
    await Promise.all(some.map(async (image, i) => ({ name: image.fileName, body: await jpegPhoto(200 + i) }))),
  );
  const delivered = await deliver(
    staffToken,
    jobId,
    links.map((link) => ({ key: link.key, fileName: link.fileName })),
  );
  expect(delivered.status, delivered.text).toBe(200);
  for (const image of some) {
    const passed = await qc(staffToken, jobId, image.id, { decision: 'PASS' });
    expect(passed.status, passed.text).toBe(200);
  }
}
