import { errorCodes, type ErrorCode, type ValidationIssue } from '@studio/shared/errors';

/** An error that becomes a response in the error envelope, with its status and code. */
export class HttpError extends Error {
  readonly statusCode: number;
  /** Sent as the `Retry-After` header (429, 503). */
  retryAfterSeconds?: number;
  /** Sent as the envelope's `details` (besides validation issues): what the caller needs to go on. */
  details?: Record<string, unknown>;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: ValidationIssue[],
  ) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = errorCodes[code];
  }
}

export class BadRequestError extends HttpError {
  constructor(message: string, issues?: ValidationIssue[], details?: Record<string, unknown>) {
    super(issues ? 'VALIDATION_FAILED' : 'BAD_REQUEST', message, issues);
    this.name = 'BadRequestError';
    if (details) this.details = details;
  }
}

export class UnauthorizedError extends HttpError {
  constructor(message = 'Sign in to continue.') {
    super('UNAUTHORIZED', message);
    this.name = 'UnauthorizedError';
  }
}

export class ForbiddenError extends HttpError {
  constructor(message = 'You do not have access to this.') {
    super('FORBIDDEN', message);
    this.name = 'ForbiddenError';
  }
}

export class NotFoundError extends HttpError {
  constructor(message = 'Not found.') {
    super('NOT_FOUND', message);
    this.name = 'NotFoundError';
  }
}

export class ConflictError extends HttpError {
  constructor(message = 'The item changed meanwhile; reload and try again.') {
    super('CONFLICT', message);
    this.name = 'ConflictError';
  }
}

/** Too many attempts or writes; the caller may try again after `retryAfterSeconds`. */
export class TooManyRequestsError extends HttpError {
  constructor(message: string, retryAfterSeconds: number) {
    super('TOO_MANY_REQUESTS', message);
    this.name = 'TooManyRequestsError';
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}

/** Seconds a client waits before retrying while a dependency is slow or down. */
export const unavailableRetryAfterSeconds = 5;

/** A dependency is slow or down: nothing was decided, the caller should try again shortly. */
export class ServiceUnavailableError extends HttpError {
  constructor(message = 'The service is busy or briefly unavailable. Please try again in a few seconds.') {
    super('SERVICE_UNAVAILABLE', message);
    this.name = 'ServiceUnavailableError';
    this.retryAfterSeconds = unavailableRetryAfterSeconds;
  }
}

export class UnsupportedMediaTypeError extends HttpError {
  constructor(message = 'Send the body as application/json.') {
    super('UNSUPPORTED_MEDIA_TYPE', message);
    this.name = 'UnsupportedMediaTypeError';
  }
}
