import type middy from '@middy/core';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { RouteDefinition, RouteName } from '@studio/shared/routes';
import {
  beginSignInAttempt,
  clearSignInAttempts,
  subjectHash,
  takeFromWindow,
  type SignInLockPolicy,
  type WindowLimit,
} from '../data/abuse-limits.ts';
import type { Caller } from './caller.ts';
import { tuning } from './config.ts';
import { TooManyRequestsError } from './errors.ts';

/*
 * The API's abuse limits (docs/decisions/hardening.md, "Hardening for a live deployment (#19)"), kept in the
 * table (data/abuse-limits.ts) so they hold whatever container or source address a request uses.
 * Every refusal is a 429 in the error envelope with Retry-After.
 */

/**
 * Sign-in of one account: 5 attempts pass; from then on each attempt locks the account before it
 * is tried, for 15 s, then 30 s, 1 min... up to 15 min (the base is `SIGN_IN_LOCK_BASE_SECONDS`,
 * which the test stack shortens). Attempts are forgotten after an hour without one, and at a
 * successful sign-in.
 */
export function signInLockPolicy(): SignInLockPolicy {
  const baseLockMs = tuning().signInLockBaseSeconds * 1000;
  return { freeAttempts: 5, baseLockMs, maxLockMs: baseLockMs * 60, forgetAfterMs: 60 * 60 * 1000 };
}

const accountSubject = (email: string) => subjectHash(`account:${email.toLowerCase()}`);

/** Counts a sign-in attempt of the account behind `email`, or refuses it while the account is locked. */
export async function guardSignIn(email: string): Promise<void> {
  const decision = await beginSignInAttempt(accountSubject(email), signInLockPolicy());
  if (!decision.allowed) {
    const seconds = Math.ceil(decision.retryAfterMs / 1000);
    throw new TooManyRequestsError(
      `Too many sign-in attempts for this account. Please wait ${seconds} seconds and try again.`,
      seconds,
    );
  }
}

/** The account signed in: its failed attempts are forgotten. */
export async function signInSucceeded(email: string): Promise<void> {
  await clearSignInAttempts(accountSubject(email));
}

/**
 * Requests that e-mail someone or try a code: per source address and per account (e-mail), each in
 * a fixed window. Sign-up e-mails the owner of an existing address too, so it is limited like the
 * others (nobody's inbox can be flooded through it); codes are tried at most 10 times in 15
 * minutes per account, on top of Cognito's own limits.
 */
export const codeRequestLimits = {
  signUp: {
    address: { name: 'sign-up:address', limit: 20, windowSeconds: 3600 },
    account: { name: 'sign-up:account', limit: 5, windowSeconds: 3600 },
  },
  verifyEmail: {
    address: { name: 'verify-email:address', limit: 50, windowSeconds: 900 },
    account: { name: 'verify-email:account', limit: 10, windowSeconds: 900 },
  },
  resetPassword: {
    address: { name: 'reset-password:address', limit: 50, windowSeconds: 900 },
    account: { name: 'reset-password:account', limit: 10, windowSeconds: 900 },
  },
  resendCode: {
    address: { name: 'resend-code:address', limit: 20, windowSeconds: 900 },
    account: { name: 'resend-code:account', limit: 5, windowSeconds: 900 },
  },
  forgotPassword: {
    address: { name: 'forgot-password:address', limit: 20, windowSeconds: 900 },
    account: { name: 'forgot-password:account', limit: 5, windowSeconds: 900 },
  },
} as const satisfies Record<string, { address: WindowLimit; account: WindowLimit }>;

/**
 * The viewer's address: CloudFront's `CloudFront-Viewer-Address` (`ip:port`), which the
 * distribution adds and a viewer cannot set, or else the connection's source (the local gateway's
 * client; on AWS behind CloudFront that would be an edge server).
 */
export function clientAddress(headers: Record<string, string>, sourceIp: string): string {
  const viewer = headers['cloudfront-viewer-address'];
  if (viewer) return viewer.replace(/:\d+$/, '').replace(/^\[(.*)\]$/, '$1');
  return sourceIp || 'unknown';
}

/** Takes one code request of `email` from `address`; refused (429) past either limit. */
export async function limitCodeRequest(
  kind: keyof typeof codeRequestLimits,
  email: string,
  address: string,
): Promise<void> {
  const rules = codeRequestLimits[kind];
  const byAddress = { ...rules.address, limit: rules.address.limit * tuning().addressLimitScale };
  for (const [rule, subject] of [
    [byAddress, subjectHash(`address:${address}`)],
    [rules.account, accountSubject(email)],
  ] as const) {
    const decision = await takeFromWindow(rule, subject);
    if (!decision.allowed) {
      const seconds = Math.ceil(decision.retryAfterMs / 1000);
      throw new TooManyRequestsError(`Too many requests. Please wait ${seconds} seconds and try again.`, seconds);
    }
  }
}

/**
 * Writes of one signed-in user (POST, PUT, DELETE of a route that needs a token). A person clicks
 * far less often; a script that loops is held back. Job creation has its own, tighter limits: each
 * job can carry 100 000 photos of work. Files (#15) are confirmed one request each, so a client
 * uploading a few hundred photos, or an editor delivering them, writes far more often than a person
 * clicks: those requests count against a limit of their own instead of the general one.
 */
const userWriteLimits = {
  CLIENT: [{ name: 'writes:client', limit: 60, windowSeconds: 60 }],
  staff: [{ name: 'writes:staff', limit: 300, windowSeconds: 60 }],
  files: [{ name: 'writes:files', limit: 1200, windowSeconds: 60 }],
  createJob: [
    { name: 'create-job:minute', limit: 10, windowSeconds: 60 },
    { name: 'create-job:day', limit: 200, windowSeconds: 24 * 60 * 60 },
  ],
} as const satisfies Record<string, readonly WindowLimit[]>;

/** The routes each file of an upload or a delivery calls once (#15). */
const fileWriteRoutes: readonly RouteName[] = ['confirmPhoto', 'createDeliverableUploadLink', 'confirmDeliverable'];

export function writeLimitsOf(name: RouteName | undefined, caller: Caller): readonly WindowLimit[] {
  if (name && fileWriteRoutes.includes(name)) return userWriteLimits.files;
  const general = caller.principal === 'CLIENT' ? userWriteLimits.CLIENT : userWriteLimits.staff;
  return name === 'createJob' ? [...general, ...userWriteLimits.createJob] : general;
}

/** Counts each authenticated write of a user against its limits, after the input is valid. */
export function userWriteLimit(
  name: RouteName,
  definition: RouteDefinition,
): middy.MiddlewareObj<
  APIGatewayProxyEventV2WithJWTAuthorizer,
  APIGatewayProxyStructuredResultV2,
  Error,
  Context & { state?: { caller: Caller | null } }
> {
  const writes = definition.access !== 'public' && definition.method !== 'GET';
  return {
    before: async (request) => {
      const caller = request.context.state?.caller;
      if (!writes || !caller) return;
      for (const rule of writeLimitsOf(name, caller)) {
        const decision = await takeFromWindow(rule, subjectHash(`user:${caller.userId}`));
        if (!decision.allowed) {
          const seconds = Math.ceil(decision.retryAfterMs / 1000);
          throw new TooManyRequestsError(
            `Too many changes in a short time. Please wait ${seconds} seconds and try again.`,
            seconds,
          );
        }
      }
    },
  };
}
