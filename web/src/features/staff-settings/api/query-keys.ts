/** Every query key of the studio settings feature (docs/web-console.md). */
export const settingsKeys = {
  all: ['staff-settings'] as const,
  studio: () => [...settingsKeys.all, 'studio'] as const,
};
