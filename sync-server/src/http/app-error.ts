import { ERROR_STATUS, type ErrorCode } from '@campus/shared/errors';

/**
 * The one error type handlers throw (STYLE.md convention 4). `onError` turns
 * it into the envelope `{ errors: [{ code, msg, field? }] }`.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly errors: { msg: string; field?: string }[];

  constructor(code: ErrorCode, errors: string | { msg: string; field?: string }[]) {
    const list = typeof errors === 'string' ? [{ msg: errors }] : errors;
    super(list.map((error) => error.msg).join('; '));
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.errors = list;
  }
}
