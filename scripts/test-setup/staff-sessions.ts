/**
 * The seeded staff accounts' sessions for the stack suite. Staff tokens the API takes come from
 * its own sign-in only, with the authenticator's code where the account has one (#32), and each
 * code is good once: so the suite's global setup signs each seeded staff account in once
 * (`signInSeededStaff`) and the tests use that session (`seededStaffSession`), which is signed in
 * again only when it is about to expire. Tests of the sign-in itself sign in on their own, with
 * codes from ./authenticator-codes.ts.
 */
import { staffRoles, type StaffRole } from '@studio/shared/platform';
import { staffSignInResponseSchema, type StaffSignInResponse } from '@studio/shared/staff';
import { freshCode } from './authenticator-codes.ts';
import { provided } from './suite-context.ts';

export interface SeededAccount {
  role: string;
  email: string;
  password: string;
  totpSecret?: string;
}

/** Signs one seeded staff account in through `POST api/admin/signin`, with a fresh code if it has a key. */
export async function signInStaffAccount(
  gatewayUrl: string,
  account: SeededAccount,
  totpStateFile: string,
): Promise<StaffSignInResponse> {
  const mfa = account.totpSecret ? { mfaCode: await freshCode(account.totpSecret, { stateFile: totpStateFile }) } : {};
  const response = await fetch(`${gatewayUrl}/api/admin/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password, ...mfa }),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`sign-in of the seeded ${account.role} failed: ${text}`);
  return staffSignInResponseSchema.parse(JSON.parse(text));
}

/** Every seeded staff account signed in once (the global setup). */
export async function signInSeededStaff(
  gatewayUrl: string,
  accounts: SeededAccount[],
  totpStateFile: string,
): Promise<Record<StaffRole, StaffSignInResponse>> {
  const sessions = {} as Record<StaffRole, StaffSignInResponse>;
  for (const role of staffRoles) {
    const account = accounts.find((a) => a.role === role);
    if (!account) throw new Error(`no seeded ${role} account`);
    sessions[role] = await signInStaffAccount(gatewayUrl, account, totpStateFile);
  }
  return sessions;
}

/** Sessions signed in again in this test file, when the setup's was about to expire. */
const renewed = new Map<StaffRole, StaffSignInResponse>();

/** A session of the seeded staff account of `role`, valid for at least five more minutes. */
export async function seededStaffSession(role: StaffRole): Promise<StaffSignInResponse> {
  const fresh = (session: StaffSignInResponse | undefined) =>
    session && Date.parse(session.expiresAt) - Date.now() > 5 * 60_000 ? session : undefined;
  const session = fresh(renewed.get(role)) ?? fresh(provided('staffSessions')[role]);
  if (session) return session;
  const account = provided('accounts').find((a) => a.role === role)!;
  const signedIn = await signInStaffAccount(provided('gatewayUrl'), account, provided('totpStateFile'));
  renewed.set(role, signedIn);
  return signedIn;
}
