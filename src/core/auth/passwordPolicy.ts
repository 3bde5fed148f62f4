/** What a new password must be. Long enough to resist guessing; bounded so hashing stays cheap to refuse. */
import { AppError, ErrorCode } from '../../platform/errors/catalog.js';

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 256;

export function assertAcceptablePassword(password: string, username: string): void {
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH)
    throw new AppError(ErrorCode.BadRequest, `password must have at least ${MIN_PASSWORD_LENGTH} characters`);
  if (length > MAX_PASSWORD_LENGTH)
    throw new AppError(ErrorCode.BadRequest, `password must have at most ${MAX_PASSWORD_LENGTH} characters`);
  if (password.toLowerCase() === username.toLowerCase()) throw new AppError(ErrorCode.BadRequest, 'password must not be the username');
}
