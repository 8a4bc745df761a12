/** The part of http_ece (RFC 8188 encrypted content encoding; it ships no types) the push tests use. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  interface DecryptParams {
    version: 'aes128gcm';
    /** The receiver's key pair; the sender's public key is read from the message's header. */
    privateKey: ECDH;
    authSecret: Buffer | string;
  }

  export function decrypt(buffer: Buffer, params: DecryptParams): Buffer;
}
