/**
 * Closing a user's open sockets on every API instance, as auth/ needs it after a password reset. auth/ is
 * below realtime/ (whose metrics and gateway stand on auth), so it declares what it needs here and
 * realtime/ binds its RealtimePublisher to the token (realtime/socket-sign-out.module.ts, in every process
 * that serves HTTP): the same inversion as notifications' PUSH_CHANNEL (docs/CONTRIBUTING.md, "Folders and
 * their layers").
 */
export const SOCKET_SIGN_OUT = Symbol('SOCKET_SIGN_OUT');

export interface SocketSignOut {
  /** Closes every socket of the user, on every instance; resolves once the message is published. */
  disconnectUser(userId: number): Promise<void>;
}
