/**
 * When payment is due (#40, item 3): one statement from the studio's release setting, answered by
 * `GET api/settings/payment-terms` for the quote and payment pages, and said by the order's
 * e-mail. The settings are put back as they were after each test.
 */
import { describe, expect, it } from 'vitest';
import {
  paymentDueStatement,
  paymentTermsResponseSchema,
  studioSettingsResponseSchema,
} from '@studio/shared/studio-settings';
import { useHandlerEnv } from './handler-env.ts';
import { settledOutbox } from './notification-support.ts';
import { emailsAbout } from './payment-support.ts';
import { newJob, put } from './staff-support.ts';
import { api, expectEnvelope, signedInIdentities } from './support.ts';
import { freshClient } from './test-clients.ts';

useHandlerEnv();
const { documentClient } = await import('../../src/lib/dynamo.ts');

/** Saves the release setting, keeping every other; answers the one saved before. */
async function saveRelease(releaseFilesBeforePayment: boolean): Promise<boolean> {
  const { SUPER_ADMIN } = await signedInIdentities();
  const read = await api('/api/settings', { token: SUPER_ADMIN.token });
  const { updatedAt: _updatedAt, ...fields } = studioSettingsResponseSchema.parse(read.json).settings;
  const saved = await put('/api/settings', { ...fields, releaseFilesBeforePayment }, SUPER_ADMIN.token);
  expect(saved.status, saved.text).toBe(200);
  return fields.releaseFilesBeforePayment;
}

describe('when payment is due (#40)', () => {
  it('GET api/settings/payment-terms says it from the release setting, to clients and managers', async () => {
    const ids = await signedInIdentities();
    const before = await saveRelease(false);
    try {
      for (const release of [false, true]) {
        await saveRelease(release);
        for (const token of [ids.CLIENT_A.token, ids.MANAGER.token, ids.SUPER_ADMIN.token]) {
          const answer = await api('/api/settings/payment-terms', { token });
          expect(answer.status, answer.text).toBe(200);
          expect(paymentTermsResponseSchema.parse(answer.json)).toEqual({
            releaseFilesBeforePayment: release,
            statement: paymentDueStatement({ releaseFilesBeforePayment: release }),
          });
        }
      }
      // Only what the statement needs: no bank details, address or tax id.
      const answer = await api('/api/settings/payment-terms', { token: ids.CLIENT_B.token });
      expect(Object.keys(answer.json as object).sort()).toEqual(['releaseFilesBeforePayment', 'statement']);
      expectEnvelope((await api('/api/settings/payment-terms', { token: ids.EDITOR.token })).json, 403);
      expectEnvelope((await api('/api/settings/payment-terms')).json, 401);
    } finally {
      await saveRelease(before);
    }
  });

  it("the order's e-mail to the client says the same", async () => {
    const before = await saveRelease(true);
    try {
      const client = await freshClient();
      const job = await newJob(client.token);
      await settledOutbox(documentClient, job.id, 1);
      const received = (await emailsAbout(job)).filter(
        (email) => email.to.includes(client.email) && email.subject.endsWith('we received your job'),
      );
      expect(received).toHaveLength(1);
      expect(received[0]!.text).toContain(paymentDueStatement({ releaseFilesBeforePayment: true }));
      expect(received[0]!.text).not.toContain(paymentDueStatement({ releaseFilesBeforePayment: false }));
    } finally {
      await saveRelease(before);
    }
  });
});
