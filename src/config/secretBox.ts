/**
 * Secrets at rest (sign-in providers' bind passwords and client secrets, webhooks' signing secrets):
 * AES-256-GCM under a key derived (HKDF-SHA256) from SVC_AUTH_SECRET_KEY or the key generated into
 * the data dir (secrets.ts), one derived key per purpose. The owner's id (the provider's, the
 * webhook's) is the additional authenticated data, so a ciphertext copied onto another row does not
 * decrypt. Stored form: `v1.<iv>.<ciphertext>.<tag>`, base64url parts.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/** HKDF info per purpose: a key derived for one never opens another's (the texts are fixed forever). */
export const SECRET_PURPOSES = {
  signInProviders: 'svc sign-in provider secrets v1',
  webhooks: 'svc webhook secrets v1',
} as const;
export type SecretPurpose = keyof typeof SECRET_PURPOSES;

export interface SecretBox {
  seal(plain: string, ownerId: string): string;
  /** Throws when the value was sealed under another key or purpose, for another owner, or was altered. */
  open(sealed: string, ownerId: string): string;
}

export function createSecretBox(keyMaterial: string, purpose: SecretPurpose): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', Buffer.from(keyMaterial, 'utf8'), Buffer.alloc(0), SECRET_PURPOSES[purpose], 32));
  return {
    seal(plain, ownerId) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(ownerId, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
    },
    open(sealed, ownerId) {
      const [version, iv, body, tag] = sealed.split('.');
      if (version !== VERSION || iv === undefined || body === undefined || tag === undefined) throw new Error('not a sealed secret of this version');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(ownerId, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
