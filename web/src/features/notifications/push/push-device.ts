import type { PushSubscriptionRequest } from '@campus/shared/push-requests';
import { fetchPushKey, removePushSubscription, savePushSubscription } from './api.ts';

/**
 * What this device can do about push (decision 034): `ios-install` is Safari
 * on iPhone or iPad outside the Home Screen app, where web push does not
 * exist until the app is added there.
 */
export type PushSupport = 'supported' | 'unsupported' | 'ios-install';

function isIos(): boolean {
  // iPadOS reports itself as a Mac; its touch screen gives it away.
  return (
    /iPad|iPhone|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1)
  );
}

function isInstalled(): boolean {
  const standalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return standalone || window.matchMedia('(display-mode: standalone)').matches;
}

export function pushSupport(): PushSupport {
  if (isIos() && !isInstalled()) return 'ios-install';
  const hasPush = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  return hasPush ? 'supported' : 'unsupported';
}

/** This device's subscription, without asking anything (no prompt on page load). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() !== 'supported') return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

function toRequest(subscription: PushSubscription): PushSubscriptionRequest {
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

/**
 * Turns push on for this device: only ever called from a student's tap. Asks
 * the browser's permission, subscribes with the server's VAPID key and
 * registers the subscription. Answers the permission the student gave.
 */
export async function turnOnPush(): Promise<NotificationPermission> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission;
  const [{ publicKey }, registration] = await Promise.all([fetchPushKey(), navigator.serviceWorker.ready]);
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made for another server key (the server's keys changed) cannot be used: start again.
  if (subscription && !sameKey(subscription, publicKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey });
  await savePushSubscription(toRequest(subscription));
  return permission;
}

function sameKey(subscription: PushSubscription, publicKey: string): boolean {
  const key = subscription.options.applicationServerKey;
  if (!key) return true;
  const bytes = new Uint8Array(key);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  const encoded = btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return encoded === publicKey;
}

/** Turns push off for this device: the browser forgets the subscription, then the server does. */
export async function turnOffPush(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  const { endpoint } = subscription;
  await subscription.unsubscribe();
  await removePushSubscription(endpoint);
}

/** On logout, before the session ends (the server also deletes the session's rows). Never throws. */
export async function forgetPushOnThisDevice(): Promise<void> {
  try {
    await turnOffPush();
  } catch {
    // Offline or already gone: the server removes the session's subscriptions at logout anyway.
  }
}
