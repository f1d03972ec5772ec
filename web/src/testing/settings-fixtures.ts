import { defaultStudioSettings, studioSettingsSchema, type StudioSettings } from '@studio/shared/studio-settings';

/** The studio's settings as `GET api/settings` answers them: the defaults, named, with a test's changes. */
export function studioSettingsFixture(overrides: Partial<StudioSettings> = {}): StudioSettings {
  return studioSettingsSchema.parse({
    ...defaultStudioSettings,
    legalName: 'Retouch Studio Ltd',
    updatedAt: null,
    ...overrides,
  });
}
