import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Config } from '../../platform/config';
import type { DbOrTx } from '../../platform/db-types';
import { keptSecret } from '../../platform/server-secrets';

/**
 * The social connections' tokens at rest (issue 23): AES-256-GCM under a key of the server, as
 * `v1.<iv>.<tag>.<ciphertext>` (base64url), the club and kind bound in as associated data so a
 * token copied to another row does not decrypt. The key is SHA-256 of CONNECTION_TOKEN_KEY when it
 * is set, else of a secret the database keeps in `server_secrets` ('connection-tokens'), made by
 * the first process that needs it (as platform/file-urls.ts does). A token is decrypted only in
 * memory, for the request to the service.
 */

const SECRET_NAME = 'connection-tokens';
const VERSION = 'v1';
const derive = (secret: string) => createHash('sha256').update(secret, 'utf8').digest();

/** The encryption key: from the configuration, or the database's (read once per database handle). */
export async function connectionTokenKey(db: DbOrTx, config: Pick<Config, 'communication'>): Promise<Buffer> {
  const configured = config.communication.tokenKey;
  if (configured) return derive(configured);
  return derive(await keptSecret(db, SECRET_NAME, () => randomBytes(32).toString('base64url')));
}

const aad = (clubId: number, kind: string) => Buffer.from(`${clubId}:${kind}`, 'utf8');

export function encryptWithKey(key: Buffer, clubId: number, kind: string, token: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad(clubId, kind));
  const ciphertext = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
}

/** Throws when the value was not made with this key (another key, another row, or altered). */
export function decryptWithKey(key: Buffer, clubId: number, kind: string, stored: string): string {
  const [version, iv, tag, ciphertext] = stored.split('.');
  if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new Error('The stored token is not in a known format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(aad(clubId, kind));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}

export async function encryptToken(db: DbOrTx, config: Pick<Config, 'communication'>, clubId: number, kind: string, token: string): Promise<string> {
  return encryptWithKey(await connectionTokenKey(db, config), clubId, kind, token);
}

export async function decryptToken(db: DbOrTx, config: Pick<Config, 'communication'>, clubId: number, kind: string, stored: string): Promise<string> {
  return decryptWithKey(await connectionTokenKey(db, config), clubId, kind, stored);
}
