/**
 * Web Push, as notification delivery sees it (notifications/ imports it from here, below it). The push module binds its service to this token; without
 * one (push not configured, or not built into this process) push jobs are not enqueued at all.
 */
export const PUSH_CHANNEL = Symbol('PUSH_CHANNEL');

/** A message shown by the browser's service worker. */
export interface PushMessage {
  title: string;
  body: string;
  /** A path of this site (`/food/42`), opened when the message is clicked. */
  url: string;
  /** Replaces an earlier message with the same tag rather than stacking. */
  tag?: string;
}

export interface PushChannel {
  /** Sends to every subscription of the user; resolves with how many accepted it (0: none, or none left). */
  sendToUser(userId: number, message: PushMessage): Promise<number>;
}
