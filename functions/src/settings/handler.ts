import { getStudioSettings, saveStudioSettings } from '../data/settings.ts';
import { createGroupHandler } from '../lib/http.ts';

/** The studio's settings (#16): legal details, bank details, VAT, release of files. SUPER_ADMIN only. */
export const handler = createGroupHandler('settings', {
  getSettings: async () => ({ settings: await getStudioSettings() }),
  updateSettings: async ({ body, caller }) => ({ settings: await saveStudioSettings(body, caller!.userId) }),
});
