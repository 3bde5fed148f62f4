/**
 * The keys set by the operator: `SVC_JWT_SECRET`, `SVC_AUTH_SECRET_KEY` and `SVC_AUTH_SECRET_KEY_PREVIOUS`,
 * checked for length and for a rotation that names the same key twice. Its own module because these are
 * read untrimmed (a key is taken as set) and checked together; the ones left unset are generated into
 * the data dir by `secrets.ts`.
 */
import type { EnvSource } from './settingValues.js';

/** The keys as set; `undefined` where unset or empty (generated, see `secrets.ts`, or no rotation under way). */
export interface SecretKeySettings {
  readonly jwtSecret: string | undefined;
  readonly authSecretKey: string | undefined;
  readonly previousAuthSecretKey: string | undefined;
}

const MIN_JWT_SECRET_LENGTH = 32;

export function secretKeySettings(source: EnvSource, problems: string[]): SecretKeySettings {
  const jwtSecret = source['SVC_JWT_SECRET'];
  if (jwtSecret !== undefined && jwtSecret !== '' && jwtSecret.length < MIN_JWT_SECRET_LENGTH) {
    problems.push(
      `SVC_JWT_SECRET must be at least ${MIN_JWT_SECRET_LENGTH} characters (it has ${jwtSecret.length}); unset it to have one generated into the data dir`,
    );
  }

  const authSecretKey = source['SVC_AUTH_SECRET_KEY'];
  if (authSecretKey !== undefined && authSecretKey !== '' && authSecretKey.length < MIN_JWT_SECRET_LENGTH) {
    problems.push(
      `SVC_AUTH_SECRET_KEY must be at least ${MIN_JWT_SECRET_LENGTH} characters (it has ${authSecretKey.length}); unset it to have one generated into the data dir`,
    );
  }
  const previousAuthSecretKey = source['SVC_AUTH_SECRET_KEY_PREVIOUS'];
  if (previousAuthSecretKey !== undefined && previousAuthSecretKey !== '') {
    if (previousAuthSecretKey.length < MIN_JWT_SECRET_LENGTH) {
      problems.push(
        `SVC_AUTH_SECRET_KEY_PREVIOUS must be at least ${MIN_JWT_SECRET_LENGTH} characters (it has ${previousAuthSecretKey.length}): it is the SVC_AUTH_SECRET_KEY used before the rotation`,
      );
    } else if (previousAuthSecretKey === authSecretKey) {
      problems.push(
        'SVC_AUTH_SECRET_KEY_PREVIOUS is the same as SVC_AUTH_SECRET_KEY: set it to the key used before the rotation, or unset it',
      );
    }
  }

  return {
    jwtSecret: jwtSecret === '' ? undefined : jwtSecret,
    authSecretKey: authSecretKey === '' ? undefined : authSecretKey,
    previousAuthSecretKey: previousAuthSecretKey === '' ? undefined : previousAuthSecretKey,
  };
}
