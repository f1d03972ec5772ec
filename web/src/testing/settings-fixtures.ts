import type { StudioSettings } from '@studio/shared/studio-settings';

/** The studio's settings as `GET api/settings` answers them, with the changes a test needs. */
export function studioSettingsFixture(overrides: Partial<StudioSettings> = {}): StudioSettings {
  return {
    legalName: 'Retouch Studio Ltd',
    address: '',
    taxId: '',
    bankDetails: '',
    vatRatePercent: 0,
    releaseFilesBeforePayment: false,
    freeRevisionRounds: 2,
    autoApprovalDays: 7,
    qcRequired: true,
    timeZone: 'UTC',
    country: '',
    updatedAt: null,
    ...overrides,
  };
}
