import { eq } from 'drizzle-orm';
import { serverSecrets } from '../db/schema/index';
import type { DbOrTx } from './db-types';

const kept = new WeakMap<object, Map<string, Promise<string>>>();

/**
 * A secret the database keeps (`server_secrets`) under `name`, made with `make` by the first
 * process that needs it, so that every server and worker on the database uses the same one (the
 * signed file addresses' key, the VAPID key pair, the connections' token key). Two processes
 * making it at once: the first insert wins and both read the winner's. Read once per database
 * handle and name; a failed read (the database busy) is tried again by the next caller.
 */
export function keptSecret(db: DbOrTx, name: string, make: () => string): Promise<string> {
  let byName = kept.get(db);
  if (!byName) {
    byName = new Map();
    kept.set(db, byName);
  }
  let secret = byName.get(name);
  if (!secret) {
    secret = loadSecret(db, name, make);
    byName.set(name, secret);
    const map = byName;
    secret.catch(() => map.delete(name));
  }
  return secret;
}

async function loadSecret(db: DbOrTx, name: string, make: () => string): Promise<string> {
  const read = async () => (await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name)))[0]?.value;
  let value = await read();
  if (!value) {
    await db.insert(serverSecrets).values({ name, value: make() }).onConflictDoNothing();
    value = await read();
  }
  if (!value) throw new Error(`The server secret "${name}" could not be stored`);
  return value;
}
