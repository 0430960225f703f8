import type { ZodError } from "zod";

export type FieldError = { path: string; message: string };

/** The one error type services throw; the error middleware turns it into the contract's `{message, errors?}`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const notFound = () => new AppError(404, "Not found");
export const unauthorized = () => new AppError(401, "Unauthorized");
export const forbidden = (message = "You do not have permission to do this.") => new AppError(403, message);
export const conflict = (message: string) => new AppError(409, message);
export const paymentRequired = (message: string) => new AppError(402, message);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError(429, "Too many attempts. Please wait and try again later.", undefined, {
    "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
export const serviceUnavailable = () =>
  new AppError(503, "Heirloom is temporarily unavailable. Please try again in a moment.", undefined, {
    "Retry-After": "5",
  });

export function fromZodError(err: ZodError): AppError {
  const errors = err.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message }));
  return new AppError(400, errors[0]?.message ?? "Invalid request", errors);
}
