import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UndeliveredEmail } from '@studio/shared/notifications';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { emailKeys } from './query-keys.ts';

/** `GET /api/notifications/undelivered`: e-mails given up on after every retry, newest first. */
export async function listUndeliveredEmails({ signal }: { signal?: AbortSignal } = {}): Promise<UndeliveredEmail[]> {
  const { emails } = await staffApiRequest('listUndeliveredEmails', { signal });
  return emails;
}

export const undeliveredEmailsOptions = () =>
  queryOptions({ queryKey: emailKeys.undelivered(), queryFn: ({ signal }) => listUndeliveredEmails({ signal }) });

export function useUndeliveredEmails() {
  return useQuery(undeliveredEmailsOptions());
}
