/** The licence's settings (a slice of the configuration, validated with the rest at start). */
import { defineSettings } from '../../platform/config/settings.js';
import { decodePublicKey } from './licenseToken.js';

export interface LicenseConfig {
  /** SVC_LICENSE_KEY: a licence token activated at start. */
  readonly key: string | undefined;
  /** SVC_LICENSE_PUBLIC_KEY: the vendor key licences are verified with. @default the product's built-in key */
  readonly publicKey: string | undefined;
}

export const licenseSettings = defineSettings('license', (settings): LicenseConfig => {
  const publicKey = settings.read('SVC_LICENSE_PUBLIC_KEY');
  if (publicKey !== undefined) {
    try {
      decodePublicKey(publicKey);
    } catch (error) {
      settings.problem(`SVC_LICENSE_PUBLIC_KEY must be the base64 of a 32-byte Ed25519 public key (${(error as Error).message})`);
    }
  }
  const key = settings.read('SVC_LICENSE_KEY');
  settings.secret(key);
  return { key, publicKey };
});

declare module '../../platform/config/config.js' {
  interface Config {
    readonly license: LicenseConfig;
  }
}
