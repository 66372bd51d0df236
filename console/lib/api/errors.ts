/** spec §8: generic transport failures. */
export type TransportErrorKind = 'network error' | 'timeout' | 'aborted' | 'bad request' | 'bad response';

export interface ApiErrorDetails {
  kind: TransportErrorKind;
  status?: number | undefined;
  code?: string | undefined;
  /** field path → message, as the server sends it */
  errors?: Record<string, string> | undefined;
  /** the message the server wrote, when it wrote one */
  serverMessage?: string | undefined;
}

/** Every failure of the API client is one of these. */
export class ApiError extends Error {
  readonly kind: TransportErrorKind;
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly errors: Record<string, string>;
  readonly serverMessage: string | undefined;

  constructor(message: string, details: ApiErrorDetails) {
    super(message);
    this.name = 'ApiError';
    this.kind = details.kind;
    this.status = details.status;
    this.code = details.code;
    this.errors = details.errors ?? {};
    this.serverMessage = details.serverMessage;
  }

  /** spec §8: "Response says unauthenticated, or code 401". */
  get isUnauthenticated(): boolean {
    return isUnauthenticatedAnswer(this.status, this.message, this.code);
  }
}

const saysUnauthenticated = (value: unknown) => typeof value === 'string' && value.toLowerCase().includes('unauthenticated');

export function isUnauthenticatedAnswer(status: number | undefined, message: unknown, code?: unknown): boolean {
  if (status === 401 || code === 401 || code === '401') return true;
  return saysUnauthenticated(message) || saysUnauthenticated(code);
}

/** Classification of an HTTP status that is not OK (spec §8). */
export function kindForStatus(status: number): TransportErrorKind {
  return status >= 400 && status < 500 ? 'bad request' : 'bad response';
}

/** Default message for each kind, used when the server sends none. */
export const KIND_MESSAGES: Record<TransportErrorKind, string> = {
  'network error': 'Network error: the server could not be reached.',
  timeout: 'The request timed out.',
  aborted: 'The request was aborted.',
  'bad request': 'The request was refused.',
  'bad response': 'The server answered with an error.',
};

export const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : typeof error === 'string' ? error : 'Something went wrong.');
