import { paymentDueStatement } from '@studio/shared/studio-settings';
import { getStudioSettings, saveStudioSettings } from '../data/settings.ts';
import { settingsRoutes } from '@studio/shared/routes/settings';
import { createGroupHandler } from '../lib/http.ts';

/**
 * The studio's settings (#16): legal details, bank details, VAT, release of files, SUPER_ADMIN
 * only; when payment is due (#40), for every signed-in client and manager; and the studio's time
 * zone (#40), for everyone signed in.
 */
export const handler = createGroupHandler(settingsRoutes, {
  getSettings: async () => ({ settings: await getStudioSettings() }),
  updateSettings: async ({ body, caller }) => ({ settings: await saveStudioSettings(body, caller!.userId) }),
  getPaymentTerms: async () => {
    const { releaseFilesBeforePayment } = await getStudioSettings();
    return { releaseFilesBeforePayment, statement: paymentDueStatement({ releaseFilesBeforePayment }) };
  },
  getStudioTimeZone: async () => ({ timeZone: (await getStudioSettings()).timeZone }),
});
