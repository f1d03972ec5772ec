import * as z from 'zod/mini';

/** Machine-readable error codes carried in `error` of the error envelope. */
export const errorCodes = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  /** Staff sign-in: an invited account must replace its temporary password (send `newPassword`). */
  NEW_PASSWORD_REQUIRED: 403,
  /** Staff sign-in: set up an authenticator app with `details.secret`, then send its code as `mfaCode`. */
  MFA_SETUP_REQUIRED: 403,
  /** Staff sign-in: send the current code of the authenticator app as `mfaCode`. */
  MFA_CODE_REQUIRED: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** Too many attempts or writes; the response's `Retry-After` header says when to try again. */
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  /** A dependency (the table, Cognito, S3) is slow or down; `Retry-After` says when to try again. */
  SERVICE_UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof errorCodes;

export const validationIssueSchema = z.object({
  /** Dotted path of the offending field, prefixed by where it came from: `body.email`, `query.page`. */
  path: z.string(),
  message: z.string(),
});
export type ValidationIssue = z.infer<typeof validationIssueSchema>;

/**
 * The one shape of every failure the API returns, whatever the route or the cause.
 * `details.issues` lists field problems for validation errors.
 */
export const errorEnvelopeSchema = z.object({
  statusCode: z.int().check(z.minimum(400), z.maximum(599)),
  error: z.string(),
  message: z.string(),
  details: z.optional(z.catchall(z.object({ issues: z.optional(z.array(validationIssueSchema)) }), z.unknown())),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** Builds an error envelope; the one constructor used by handlers, gateway and tests. */
export function errorEnvelope(error: ErrorCode, message: string, details?: ErrorEnvelope['details']): ErrorEnvelope {
  return details
    ? { statusCode: errorCodes[error], error, message, details }
    : { statusCode: errorCodes[error], error, message };
}
