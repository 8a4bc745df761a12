import type { PushSubscriptionBody } from '@food-link/contracts';
import { ApiError } from '../api/client';
import { pushEndpoints } from '../api/push-endpoints';
import { registerServiceWorker } from './service-worker';

/*
 * This browser's Web Push subscription (docs/PUSH.md): the browser asks the user, subscribes at its push
 * service with the server's VAPID public key, and the API keeps the subscription for the signed-in user.
 */

/** Where this browser stands: it cannot do push, the user blocked it, or it is subscribed or not. */
export type PushDeviceState = 'unsupported' | 'denied' | 'on' | 'off';

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  await registerServiceWorker();
  return navigator.serviceWorker.ready;
}

/** The VAPID key as the bytes `applicationServerKey` takes. */
function keyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url.replaceAll('-', '+').replaceAll('_', '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
}

function bodyOf(subscription: PushSubscription): PushSubscriptionBody {
  return subscription.toJSON() as PushSubscriptionBody;
}

/**
 * The state now. A browser already subscribed is saved again for whoever is signed in: the same browser
 * signed in to another account moves to it, as the API allows for the same endpoint and keys.
 */
export async function currentPushState(): Promise<PushDeviceState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const subscription = await (await registration()).pushManager.getSubscription();
  if (!subscription || Notification.permission !== 'granted') return 'off';
  await pushEndpoints.subscribe(bodyOf(subscription));
  return 'on';
}

/** Asks for permission, subscribes this browser and saves it; the state it ends in. */
export async function turnPushOn(): Promise<PushDeviceState> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off';
  const [worker, { publicKey }] = await Promise.all([registration(), pushEndpoints.publicKey()]);
  const options = { userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) };
  let subscription: PushSubscription;
  try {
    subscription = await worker.pushManager.subscribe(options);
  } catch (error) {
    // Subscribed earlier with another server key (the keys were changed): start again with this one.
    const stale = await worker.pushManager.getSubscription();
    if (!stale) throw error;
    await stale.unsubscribe();
    subscription = await worker.pushManager.subscribe(options);
  }
  await pushEndpoints.subscribe(bodyOf(subscription));
  return 'on';
}

/** Forgets this browser on the server, then unsubscribes it at its push service. */
export async function turnPushOff(): Promise<PushDeviceState> {
  if (!pushSupported()) return 'unsupported';
  const subscription = await (await registration()).pushManager.getSubscription();
  if (subscription) {
    await pushEndpoints.unsubscribe(subscription.endpoint).catch((error: unknown) => {
      // Already gone on the server (another account took it, or the server dropped it): nothing to undo.
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    });
    await subscription.unsubscribe();
  }
  return 'off';
}
