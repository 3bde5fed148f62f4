/**
 * Secrets at rest (sign-in providers' bind passwords and client secrets, webhooks' signing secrets):
 * AES-256-GCM under a key derived (HKDF-SHA256) from SVC_AUTH_SECRET_KEY or the key generated into
 * the data dir (secrets.ts), one derived key per purpose. After a rotation the previous key
 * (SVC_AUTH_SECRET_KEY_PREVIOUS) still opens what it sealed, so the owners seal it again. The
 * owner's id (the provider's, the webhook's) is the additional authenticated data, so a ciphertext
 * copied onto another row does not decrypt. Stored form: `v1.<iv>.<ciphertext>.<tag>`, base64url.
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
  /** Sealed under the current key. */
  seal(plain: string, ownerId: string): string;
  /**
   * The secret, and whether it was sealed under the previous key (seal it again under the current
   * one). Throws when the value was sealed under neither key, for another purpose or owner, or
   * was altered.
   */
  open(sealed: string, ownerId: string): { readonly plain: string; readonly underPrevious: boolean };
}

/** The keys of secrets at rest: the current one, and the one before the last rotation while secrets may still be sealed under it. */
export interface SecretKeys {
  readonly current: string;
  readonly previous?: string | undefined;
}

export function createSecretBox(keys: SecretKeys, purpose: SecretPurpose): SecretBox {
  const derive = (material: string) =>
    Buffer.from(hkdfSync('sha256', Buffer.from(material, 'utf8'), Buffer.alloc(0), SECRET_PURPOSES[purpose], 32));
  const current = derive(keys.current);
  const previous = keys.previous === undefined ? undefined : derive(keys.previous);
  return {
    seal(plain, ownerId) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current, iv);
      cipher.setAAD(Buffer.from(ownerId, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
    },
    open(sealed, ownerId) {
      const [version, iv, body, tag] = sealed.split('.');
      if (version !== VERSION || iv === undefined || body === undefined || tag === undefined)
        throw new Error('not a sealed secret of this version');
      const parts = { iv: Buffer.from(iv, 'base64url'), body: Buffer.from(body, 'base64url'), tag: Buffer.from(tag, 'base64url') };
      try {
        return { plain: decrypt(current, parts, ownerId), underPrevious: false };
      } catch (error) {
        if (previous === undefined) throw error;
        return { plain: decrypt(previous, parts, ownerId), underPrevious: true };
      }
    },
  };
}

function decrypt(key: Buffer, parts: { iv: Buffer; body: Buffer; tag: Buffer }, ownerId: string): string {
  const decipher = createDecipheriv('aes-256-gcm', key, parts.iv);
  decipher.setAAD(Buffer.from(ownerId, 'utf8'));
  decipher.setAuthTag(parts.tag);
  return Buffer.concat([decipher.update(parts.body), decipher.final()]).toString('utf8');
}
