import type { ReactElement } from 'react';
import { ConfirmProvider } from '../components/confirm-dialog.tsx';
import { startStaffSession } from '../lib/staff-session.ts';
import { renderWithProviders } from './render.tsx';

/** The token the staff screens under test send (`Authorization: Bearer staff-tok`). */
export const staffTestToken = 'staff-tok';

/**
 * Renders a staff screen as its page would: a SUPER_ADMIN signed in, and the page's confirm
 * dialog (`useConfirm`) above it.
 */
export function renderStaffScreen(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  startStaffSession(
    staffTestToken,
    { id: 'a-1', email: 'admin@example.com', username: 'Admin', role: 'SUPER_ADMIN' },
    new Date(Date.now() + 3_600_000).toISOString(),
  );
  return renderWithProviders(<ConfirmProvider>{ui}</ConfirmProvider>, { path });
}
