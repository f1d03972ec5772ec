/** Every query key of the studio settings feature (docs/web-console.md). */
export const settingsKeys = {
  all: ['staff-settings'] as const,
  studio: () => [...settingsKeys.all, 'studio'] as const,
  /** The owner's checklist (#40), which the settings change. */
  setup: () => [...settingsKeys.all, 'setup'] as const,
};
