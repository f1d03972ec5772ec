import { isIPv4, isIPv6 } from 'node:net';
import type middy from '@middy/core';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { RouteDefinition, RouteName } from '@studio/shared/routes';
import {
  beginSignInAttempt,
  clearSignInAttempts,
  isKnownAddress,
  rememberAddress,
  subjectHash,
  takeFromWindow,
  takeOneTimeCode,
  type SignInLockPolicy,
  type WindowLimit,
} from '../data/abuse-limits.ts';
import type { Caller } from './caller.ts';
import { tuning } from './config.ts';
import { TooManyRequestsError, UnauthorizedError } from './errors.ts';
import { requestTimeOf } from './request-time.ts';

/*
 * The API's abuse limits (docs/access.md, "Sign-in lockout and code requests"), kept in the table
 * (data/abuse-limits.ts) so they hold whatever container a request reaches. Every refusal is a 429
 * in the error envelope with Retry-After. Time is the request's (`RouteInput.requestTime`), so a
 * test moves the local stack's clock instead of waiting.
 *
 * Brute force is held back per account AND source address, so that nobody can keep an account's
 * owner out by failing on purpose: an attacker's failures lock the attacker's own address. Across
 * addresses an account has a cap, which holds back guesses spread over many addresses, and which
 * applies only to addresses the account has not proved itself from lately (`rememberAddress`: a
 * sign-in or a password reset from there): the owner at a known address is never held by it, and
 * the owner anywhere else gets in through the code e-mailed by "Forgot password?", which an
 * attacker without the mailbox cannot use.
 */

/** Where a request came from and when: what every limit counts by. */
export interface RequestOrigin {
  /** The viewer's address (`clientAddress`). */
  address: string;
  /** The request's time, epoch ms. */
  now: number;
}

/** The origin of a route's request: the viewer's address and the request's time. */
export function requestOrigin(input: { headers: Record<string, string>; sourceIp: string; requestTime: number }) {
  return { address: clientAddress(input.headers, input.sourceIp), now: input.requestTime };
}

/**
 * Sign-in of one account from one address: 5 attempts pass; from then on each attempt locks that
 * pair before it is tried, for 15 s, then 30 s, 1 min... up to 15 min. Attempts are forgotten
 * after an hour without one, and at a successful sign-in from the address.
 */
export const signInLockPolicy: SignInLockPolicy = {
  freeAttempts: 5,
  baseLockMs: 15_000,
  maxLockMs: 15 * 60_000,
  forgetAfterMs: 60 * 60_000,
};

/**
 * Sign-in attempts of one account from addresses it has not proved itself from, in an hour. One
 * address alone cannot reach it (its own lock lets about 15 through in an hour), so only guesses
 * spread over several addresses meet it.
 */
export const signInAccountCap: WindowLimit = { name: 'sign-in:account', limit: 20, windowSeconds: 3600 };

/** How long an address stays known after a sign-in or a password reset from it. */
export const knownAddressMs = 30 * 24 * 60 * 60 * 1000;

const accountSubject = (email: string) => subjectHash(`account:${email.trim().toLowerCase()}`);
const addressSubject = (address: string) => subjectHash(`address:${addressKey(address)}`);
const pairSubject = (email: string, address: string) =>
  subjectHash(`account:${email.trim().toLowerCase()}|address:${addressKey(address)}`);

/**
 * The part of an address the limits count by: an IPv4 address whole, an IPv6 one by its /64
 * (one subscriber's network, which hands its devices any address inside it).
 */
export function addressKey(address: string): string {
  const plain = address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');
  if (isIPv4(plain) || !isIPv6(plain)) return plain;
  const [head = '', tail = ''] = plain.toLowerCase().split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups = plain.includes('::')
    ? [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

function tooMany(message: (seconds: number) => string, retryAfterMs: number): TooManyRequestsError {
  const seconds = Math.ceil(retryAfterMs / 1000);
  return new TooManyRequestsError(message(seconds), seconds);
}

const waitText = (seconds: number) => (seconds >= 120 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`);

/**
 * Counts a sign-in attempt of the account behind `email` from the request's address, or refuses
 * it: while that address is locked out of the account, or, from an address the account has not
 * proved itself from, once the account's cap is reached.
 */
export async function guardSignIn(email: string, origin: RequestOrigin): Promise<void> {
  const account = accountSubject(email);
  const address = addressSubject(origin.address);
  const pair = await beginSignInAttempt(account, address, signInLockPolicy, origin.now);
  if (!pair.allowed) {
    throw tooMany(
      (s) => `Too many sign-in attempts for this account. Please wait ${waitText(s)} and try again.`,
      pair.retryAfterMs,
    );
  }
  if (await isKnownAddress(account, address, origin.now)) return;
  const cap = await takeFromWindow(signInAccountCap, account, origin.now);
  if (!cap.allowed) {
    throw tooMany(
      (s) =>
        'Too many sign-in attempts for this account from different places. To sign in now, reset your ' +
        `password with the code we e-mail you ("Forgot password?"), or try again in ${waitText(s)}.`,
      cap.retryAfterMs,
    );
  }
}

/** The account signed in (or reset its password) from this address: its attempts there are forgotten, the address is known. */
export async function signInSucceeded(email: string, origin: RequestOrigin): Promise<void> {
  const account = accountSubject(email);
  const address = addressSubject(origin.address);
  await Promise.all([
    clearSignInAttempts(account, address),
    rememberAddress(account, address, origin.now, knownAddressMs),
  ]);
}

/**
 * How long a used authenticator code stays refused for its account: a code belongs to a 30 s step,
 * and Cognito (like the emulator) also takes the codes of the steps either side, so one code may be
 * accepted for up to 90 s; two minutes covers that with room.
 */
export const usedCodeMs = 2 * 60_000;

/**
 * A code from an authenticator app is good once per account (#32): someone who saw a code typed,
 * or caught it on its way, cannot sign in with it again. Taken just before the code is checked, so
 * a wrong password never uses up the code typed with it. Refused: 401, ask for the next code.
 */
export async function useAuthenticatorCodeOnce(email: string, code: string, origin: RequestOrigin): Promise<void> {
  if (await takeOneTimeCode(accountSubject(email), code, origin.now, usedCodeMs)) return;
  throw new UnauthorizedError('This code was used already. Enter the next code your authenticator app shows.');
}

/**
 * Requests that e-mail someone or try a code, each in a fixed window: per source address (any
 * account), per account and address, and per account across addresses. The last applies only to
 * addresses the account has not proved itself from, so that guesses from many addresses are
 * bounded while the owner's own requests are not held by them. Sign-up e-mails the owner of an
 * existing address too, so it is limited like the others (nobody's inbox can be flooded through
 * it); codes are tried at most 10 times in 15 minutes per account and address, on top of
 * Cognito's own limits.
 */
export const codeRequestLimits = {
  signUp: {
    address: { name: 'sign-up:address', limit: 20, windowSeconds: 3600 },
    accountAddress: { name: 'sign-up:account-address', limit: 5, windowSeconds: 3600 },
    account: { name: 'sign-up:account', limit: 20, windowSeconds: 3600 },
  },
  verifyEmail: {
    address: { name: 'verify-email:address', limit: 50, windowSeconds: 900 },
    accountAddress: { name: 'verify-email:account-address', limit: 10, windowSeconds: 900 },
    account: { name: 'verify-email:account', limit: 30, windowSeconds: 900 },
  },
  resetPassword: {
    address: { name: 'reset-password:address', limit: 50, windowSeconds: 900 },
    accountAddress: { name: 'reset-password:account-address', limit: 10, windowSeconds: 900 },
    account: { name: 'reset-password:account', limit: 30, windowSeconds: 900 },
  },
  resendCode: {
    address: { name: 'resend-code:address', limit: 20, windowSeconds: 900 },
    accountAddress: { name: 'resend-code:account-address', limit: 5, windowSeconds: 900 },
    account: { name: 'resend-code:account', limit: 15, windowSeconds: 900 },
  },
  forgotPassword: {
    address: { name: 'forgot-password:address', limit: 20, windowSeconds: 900 },
    accountAddress: { name: 'forgot-password:account-address', limit: 5, windowSeconds: 900 },
    account: { name: 'forgot-password:account', limit: 15, windowSeconds: 900 },
  },
} as const satisfies Record<string, { address: WindowLimit; accountAddress: WindowLimit; account: WindowLimit }>;

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

/** Takes one code request of `email` from the request's origin; refused (429) past any limit. */
export async function limitCodeRequest(
  kind: keyof typeof codeRequestLimits,
  email: string,
  origin: RequestOrigin,
): Promise<void> {
  const rules = codeRequestLimits[kind];
  const byAddress = { ...rules.address, limit: rules.address.limit * tuning().addressLimitScale };
  const checks: [WindowLimit, string][] = [
    [byAddress, addressSubject(origin.address)],
    [rules.accountAddress, pairSubject(email, origin.address)],
  ];
  const account = accountSubject(email);
  if (!(await isKnownAddress(account, addressSubject(origin.address), origin.now))) {
    checks.push([rules.account, account]);
  }
  for (const [rule, subject] of checks) {
    const decision = await takeFromWindow(rule, subject, origin.now);
    if (!decision.allowed) {
      throw tooMany((s) => `Too many requests. Please wait ${waitText(s)} and try again.`, decision.retryAfterMs);
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

/**
 * The routes of an upload or a delivery (#15), called once per file or (#33) once per 100 files: a
 * 5,000-photo job is 50 link calls and 50 confirmations, far under the files limit; sent one photo
 * at a time by today's uploader (5,000 confirmations) it still passes in about four minutes. The
 * per-address rule of the WAF never counts these (shared/src/anonymous-limit.ts); the numbers and
 * why: docs/decisions/images.md.
 */
const fileWriteRoutes: readonly RouteName[] = [
  'confirmPhoto',
  'createDeliverableUploadLink',
  'confirmDeliverable',
  'createUploadLinks',
  'completeMultipartUpload',
  'confirmPhotoBatch',
  'createVersionUploadLinks',
  'deliverImageVersion',
  'deliverImages',
];

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
        // An API key's writes count on their own (#36), not on its maker's allowance.
        const subject = caller.apiKey ? `apikey:${caller.apiKey.id}` : `user:${caller.userId}`;
        const decision = await takeFromWindow(rule, subjectHash(subject), requestTimeOf(request.event));
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
