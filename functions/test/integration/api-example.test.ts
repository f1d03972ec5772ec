/**
 * The public API's example program (examples/api/order.ts, #36) end to end against the local
 * stack: with an organisation's key it registers a webhook, uploads a folder of photos with the
 * batch routes, orders a job with a spec, waits for the signed `job.delivered` event and downloads
 * the finished images; the studio's side (paid by transfer, delivered and passed by QC) is played
 * by a manager through the API meanwhile.
 */
import { mkdir, mkdtemp, readdir, readFile, writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createdApiKeyResponseSchema } from '@studio/shared/api-keys';
import { organisationResponseSchema } from '@studio/shared/organisation';
import { specResponseSchema } from '@studio/shared/style-spec';
import { listWebhooksResponseSchema } from '@studio/shared/webhooks';
import { order } from '../../../examples/api/order.ts';
import { deliverAndPass, imageService, images, readJob } from './images-support.ts';
import { jpegPhoto, markPaid } from './job-files-support.ts';
import { api, gatewayUrl, signedInIdentities, type Identity, type Role } from './support.ts';
import { freshClient, jsonInit } from './test-clients.ts';

let ids: Record<Role, Identity>;
let folder: string;

beforeAll(async () => {
  ids = await signedInIdentities();
  folder = await mkdtemp(path.join(tmpdir(), 'api-example-'));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('the example program of the public API', () => {
  it('orders a folder of photos with a spec, hears job.delivered and downloads the finished images', async () => {
    const owner = await freshClient({ name: 'Ada Integrator' });
    const created = await api('/api/organisations', jsonInit('POST', { name: 'Integrated Brands' }, owner.token));
    const organisationId = organisationResponseSchema.parse(created.json).organisation.id;
    const spec = await api(
      `/api/organisations/${organisationId}/specs`,
      jsonInit('POST', { name: 'Marketplace white', background: 'white' }, owner.token),
    );
    expect(spec.status, spec.text).toBe(201);
    const specId = specResponseSchema.parse(spec.json).spec.id;
    const made = await api(
      `/api/organisations/${organisationId}/api-keys`,
      jsonInit(
        'POST',
        { name: 'Example', scopes: ['jobs:read', 'jobs:write', 'images:write', 'webhooks:manage'] },
        owner.token,
      ),
    );
    const { key } = createdApiKeyResponseSchema.parse(made.json);

    const photos = path.join(folder, 'shots');
    const out = path.join(folder, 'finished');
    await mkdir(photos, { recursive: true });
    for (let i = 1; i <= 3; i++) await writeFile(path.join(photos, `shot-${i}.jpg`), await jpegPhoto(40 + i));
    await writeFile(path.join(photos, 'notes.txt'), 'not a photo');

    const service = await imageService();
    const sub = service.subServices.find((s) => s.prices.some((p) => p.currency === 'USD'))!;
    const manager = ids.MANAGER.token;
    let studio: Promise<void> | undefined;
    const lines: string[] = [];
    const result = await order({
      apiUrl: gatewayUrl(),
      apiKey: key,
      organisationId,
      serviceId: service.id,
      subServiceIds: [sub.id],
      specId,
      photosDir: photos,
      outDir: out,
      port: 0,
      log: (line) => lines.push(line),
      // The studio's side, once the job exists: paid by transfer, each image delivered and passed.
      onJob: (jobId) => {
        studio = (async () => {
          const job = await readJob(jobId, manager);
          await markPaid(manager, job);
          await deliverAndPass(manager, jobId, (await images(jobId, manager)).images);
        })();
      },
    });
    await studio;

    expect(lines).toEqual([
      'uploaded 3 photos',
      expect.stringMatching(/^job .+ ordered; waiting for its delivery$/),
      `downloaded 3 finished images to ${out}`,
    ]);
    const job = await readJob(result.jobId, owner.token);
    expect(job).toMatchObject({ organisationId, status: 'DELIVERED', spec: { id: specId, version: 1 } });
    expect((await readdir(out)).sort()).toEqual(['shot-1.jpg', 'shot-2.jpg', 'shot-3.jpg']);
    for (const file of result.files) expect((await readFile(file)).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    // It cleaned up after itself.
    const hooks = await api(`/api/organisations/${organisationId}/webhooks`, { token: owner.token });
    expect(listWebhooksResponseSchema.parse(hooks.json).webhooks).toEqual([]);
  }, 120_000);
});
