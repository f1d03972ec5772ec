import { errorCodes, type ErrorCode, type ValidationIssue } from '@studio/shared/errors';

/** An error that becomes a response in the error envelope, with its status and code. */
export class HttpError extends Error {
  readonly statusCode: number;
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
  constructor(message: string, issues?: ValidationIssue[]) {
    super(issues ? 'VALIDATION_FAILED' : 'BAD_REQUEST', message, issues);
    this.name = 'BadRequestError';
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

export class UnsupportedMediaTypeError extends HttpError {
  constructor(message = 'Send the body as application/json.') {
    super('UNSUPPORTED_MEDIA_TYPE', message);
    this.name = 'UnsupportedMediaTypeError';
  }
}
