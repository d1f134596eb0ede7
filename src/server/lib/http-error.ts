/** An error whose message is safe to show to the client. */
export class HttpError extends Error {
  constructor(
    public statusCode: number,
    message: string,
    public errors?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) => new HttpError(400, message, errors);
export const unauthorized = (message = "Authentication required") => new HttpError(401, message);
export const forbidden = (message = "Forbidden") => new HttpError(403, message);
export const notFound = (message = "Not found") => new HttpError(404, message);
export const conflict = (message: string, errors?: Record<string, string>) => new HttpError(409, message, errors);
export const tooLarge = (message: string) => new HttpError(413, message);
export const unsupportedType = (message: string) => new HttpError(415, message);
/** The one wording of a rate limit's refusal (the error handler answers every 429 with it). */
export const TOO_MANY_REQUESTS = "Too many requests. Please try again later.";
export const tooManyRequests = () => new HttpError(429, TOO_MANY_REQUESTS);

/**
 * The refusal with the wait the limit knows (its Retry-After, in seconds), so the person does not
 * keep trying into a locked door: 'Too many requests. Please try again in 45 seconds.'
 */
export function tooManyRequestsMessage(retryAfterSeconds: number): string {
  if (!Number.isFinite(retryAfterSeconds) || retryAfterSeconds <= 0) return TOO_MANY_REQUESTS;
  const seconds = Math.ceil(retryAfterSeconds);
  if (seconds === 1) return "Too many requests. Please try again in a second.";
  if (seconds < 90) return `Too many requests. Please try again in ${seconds} seconds.`;
  return `Too many requests. Please try again in ${Math.ceil(seconds / 60)} minutes.`;
}
