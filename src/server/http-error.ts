import { messages } from '../shared/i18n/messages';

/**
 * Server-side texts the shared catalogue does not have yet (kept here so the wording lives in one place
 * on the server; candidates for src/shared/i18n/messages.ts).
 */
export const serverMessages = {
  notLoggedIn: 'Bu işlem için giriş yapmalısınız',
  routeNotFound: 'İstenen adres bulunamadı',
  optionListNotFound: 'Böyle bir seçenek listesi yok',
  requiredField: 'Zorunlu alan eksik: {field}',
  tooManyLoginAttempts: 'Çok fazla hatalı giriş denemesi. Lütfen {minutes} dakika sonra tekrar deneyin',
  payloadTooLarge: 'Gönderilen veri çok büyük',
  unsupportedMediaType: 'Desteklenmeyen içerik türü',
  tooManyRequests: 'Çok fazla istek gönderildi, lütfen biraz bekleyin',
} as const;

/** An error whose status and Turkish message may be shown to the caller as they are. */
export class HttpError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
  }

  static badRequest(message: string = messages.invalidRequest): HttpError {
    return new HttpError(400, message);
  }

  static unauthorized(message: string = serverMessages.notLoggedIn): HttpError {
    return new HttpError(401, message);
  }

  static forbidden(message: string = messages.forbidden): HttpError {
    return new HttpError(403, message);
  }

  static notFound(message: string = messages.recordNotFound): HttpError {
    return new HttpError(404, message);
  }
}

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}
