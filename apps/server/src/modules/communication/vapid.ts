import webpush from 'web-push';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/database';
import { keptSecret } from '../../platform/server-secrets';

/** The VAPID key pair push messages are signed with (RFC 8292), base64url as web-push takes it. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** The contact push services may write to (mailto: or https:). */
  subject: string;
}

const SECRET_NAME = 'vapid';
/**
 * The server's VAPID keys: VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when set, else the pair the
 * database keeps (made with web-push's generateVAPIDKeys by the first process that needs it, so
 * every server and worker on the database signs alike and the apps' subscriptions, made with the
 * public key, stay valid across restarts). Read once per process.
 */
export async function vapidKeys(db: Db, config: Pick<Config, 'communication'>): Promise<VapidKeys> {
  const subject = config.communication.vapidSubject;
  if (config.communication.vapid) return { ...config.communication.vapid, subject };
  const value = await keptSecret(db, SECRET_NAME, () => {
    const made = webpush.generateVAPIDKeys();
    return JSON.stringify({ publicKey: made.publicKey, privateKey: made.privateKey });
  });
  const parsed = JSON.parse(value) as { publicKey?: unknown; privateKey?: unknown };
  if (typeof parsed.publicKey !== 'string' || typeof parsed.privateKey !== 'string') throw new Error('The stored VAPID keys are not readable');
  return { publicKey: parsed.publicKey, privateKey: parsed.privateKey, subject };
}
