/**
 * The studio's time zone (#40, item 12): a setting a SUPER_ADMIN saves (an IANA name, checked),
 * kept when a save leaves it out, and answered to everyone signed in by `GET api/settings/time-zone`
 * for the boards' dates and times. The settings are put back as they were.
 */
import { describe, expect, it } from 'vitest';
import { studioSettingsResponseSchema, studioTimeZoneResponseSchema } from '@studio/shared/studio-settings';
import { useHandlerEnv } from './handler-env.ts';
import { put } from './staff-support.ts';
import { api, expectEnvelope, signedInIdentities } from './support.ts';

useHandlerEnv();

describe("the studio's time zone (#40)", () => {
  it('is saved when it is a real zone, kept when a save leaves it out, and read by every role', async () => {
    const ids = await signedInIdentities();
    const token = ids.SUPER_ADMIN.token;
    const read = async () => {
      const answer = await api('/api/settings', { token });
      expect(answer.status, answer.text).toBe(200);
      const { updatedAt: _updatedAt, ...fields } = studioSettingsResponseSchema.parse(answer.json).settings;
      return fields;
    };
    const before = await read();
    try {
      const refused = await put('/api/settings', { ...before, timeZone: 'Mars/Olympus_Mons' }, token);
      expect(refused.status, refused.text).toBe(400);
      const envelope = expectEnvelope(refused.json, 400);
      expect(envelope.details?.issues?.map((issue) => issue.path)).toEqual(['body.timeZone']);

      const saved = await put('/api/settings', { ...before, timeZone: 'Europe/Warsaw' }, token);
      expect(saved.status, saved.text).toBe(200);
      const { timeZone: _left, ...withoutZone } = before;
      const again = await put('/api/settings', { ...withoutZone, bankDetails: before.bankDetails }, token);
      expect(again.status, again.text).toBe(200);
      expect((await read()).timeZone).toBe('Europe/Warsaw');

      for (const who of [ids.CLIENT_A, ids.EDITOR, ids.MANAGER, ids.SUPER_ADMIN]) {
        const answer = await api('/api/settings/time-zone', { token: who.token });
        expect(answer.status, answer.text).toBe(200);
        expect(studioTimeZoneResponseSchema.parse(answer.json)).toEqual({ timeZone: 'Europe/Warsaw' });
        // Nothing else of the settings.
        expect(Object.keys(answer.json as object)).toEqual(['timeZone']);
      }
      expectEnvelope((await api('/api/settings/time-zone')).json, 401);
    } finally {
      const restored = await put('/api/settings', before, token);
      expect(restored.status, restored.text).toBe(200);
    }
  });
});
