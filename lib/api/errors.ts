/** Errors a service throws; the route wrapper turns each into `{"detail": ...}` with its status. */
export type FieldError = { field: string; message: string };

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(detail);
    this.name = new.target.name;
  }
}

export class BadRequestError extends HttpError {
  constructor(detail = "Bad request") {
    super(400, detail);
  }
}

export class UnauthorizedError extends HttpError {
  constructor(detail = "Not authenticated", headers?: Record<string, string>) {
    super(401, detail, undefined, headers);
  }
}

export class ForbiddenError extends HttpError {
  constructor(detail = "Forbidden") {
    super(403, detail);
  }
}

export class NotFoundError extends HttpError {
  constructor(detail = "Not found") {
    super(404, detail);
  }
}

export class MethodNotAllowedError extends HttpError {
  constructor(allowed: readonly string[]) {
    super(405, "Method not allowed", undefined, { allow: allowed.join(", ") });
  }
}

export class ConflictError extends HttpError {
  constructor(detail: string) {
    super(409, detail);
  }
}

export class PayloadTooLargeError extends HttpError {
  constructor(detail = "Request body too large") {
    super(413, detail);
  }
}

export class UnsupportedMediaTypeError extends HttpError {
  constructor(detail: string) {
    super(415, detail);
  }
}

export class ValidationError extends HttpError {
  constructor(errors: FieldError[]) {
    super(422, errors[0]?.message ?? "Invalid input", errors);
  }

  static of(field: string, message: string): ValidationError {
    return new ValidationError([{ field, message }]);
  }
}

export class TooManyRequestsError extends HttpError {
  constructor(retryAfterSeconds: number) {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    super(429, "Too many attempts. Please try again later.", undefined, { "Retry-After": String(seconds) });
  }
}

/** A moment's outage (a restart, a failover): the client may try again after `retryAfterSeconds`. */
export class ServiceUnavailableError extends HttpError {
  constructor(detail: string, retryAfterSeconds: number) {
    super(503, detail, undefined, { "Retry-After": String(retryAfterSeconds) });
  }
}
