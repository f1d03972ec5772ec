import type { NotificationPreferencesResponse } from '@studio/shared/notifications';
import { jsonResponse } from './fetch-stub.ts';

/** A client's e-mail settings as the API answers them: essential ones first, then the switches. */
export const clientPreferences: NotificationPreferencesResponse = {
  preferences: [
    { key: 'jobReceived', label: 'Your job was received', essential: true, enabled: true },
    { key: 'paymentReceived', label: 'Payment receipt', essential: true, enabled: true },
    { key: 'cancellationDecided', label: 'A cancellation was decided', essential: true, enabled: true },
    { key: 'jobDelivered', label: 'Your photos are ready', essential: false, enabled: true },
    { key: 'revisionCompleted', label: 'A revision is ready', essential: false, enabled: true },
    { key: 'dueMoved', label: 'The due time of a job moved', essential: false, enabled: true },
  ],
};

/** The stub of the dashboard's e-mail settings read. */
export const clientPreferencesStub = {
  'GET /api/notification-preferences': () => jsonResponse(clientPreferences),
};
