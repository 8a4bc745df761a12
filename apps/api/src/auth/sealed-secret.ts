import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Seals a link's secret for a queued job (AES-256-GCM under a key derived from JWT_SECRET and `purpose`):
 * the database keeps only the secret's hash, Redis only a sealed copy. Used by the password reset and the
 * invitation e-mails.
 */
export class SealedSecret {
  private readonly key: Buffer;

  constructor(jwtSecret: string, purpose: string) {
    this.key = Buffer.from(hkdfSync('sha256', jwtSecret, Buffer.alloc(0), purpose, 32));
  }

  seal(secret: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
  }

  /** The secret, or null when it was sealed under another key (JWT_SECRET changed) or is damaged. */
  unseal(sealed: string): string | null {
    const bytes = Buffer.from(sealed, 'base64url');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, IV_BYTES));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
