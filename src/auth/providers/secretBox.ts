/**
 * Provider secrets at rest: AES-256-GCM under a key derived (HKDF-SHA256) from SVC_AUTH_SECRET_KEY
 * or the key generated into the data dir. The provider's id is the additional authenticated data,
 * so a ciphertext copied onto another provider's row does not decrypt. Stored form:
 * `v1.<iv>.<ciphertext>.<tag>`, base64url parts.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const INFO = 'svc sign-in provider secrets v1';

export interface SecretBox {
  seal(plain: string, providerId: string): string;
  /** Throws when the value was sealed under another key, for another provider, or was altered. */
  open(sealed: string, providerId: string): string;
}

export function createSecretBox(keyMaterial: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', Buffer.from(keyMaterial, 'utf8'), Buffer.alloc(0), INFO, 32));
  return {
    seal(plain, providerId) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(providerId, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
    },
    open(sealed, providerId) {
      const [version, iv, body, tag] = sealed.split('.');
      if (version !== VERSION || iv === undefined || body === undefined || tag === undefined) throw new Error('not a sealed secret of this version');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(providerId, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
