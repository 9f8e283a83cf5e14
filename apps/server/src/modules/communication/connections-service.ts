import { and, eq, sql } from 'drizzle-orm';
import { CONNECTION_KINDS, facebookAllowed, type ConnectBody, type Connection, type ConnectionKind } from '@golf/contract/api/communication';
import { socialConnections, users } from '../../db/schema/index';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db-types';
import { badRequest, HttpError, notFound } from '../../platform/errors';
import {
  clubPlan,
  facebookDisconnect,
  facebookVerify,
  nationalDisconnect,
  nationalVerify,
  SERVICE_NAMES,
  ServiceError,
} from './channels';
import { decryptToken, encryptToken } from './token-crypto';

/**
 * The club's social connections (issue 23): a Facebook page (Business plan, §6) and the club at
 * the national golf app. Connecting checks the token with the service and stores it encrypted
 * (./token-crypto.ts); no answer ever carries it. Disconnecting asks the service first: when it
 * fails the connection stays ('Unable to disconnect', §8).
 */

/** A user's name as the console shows it ("First Last", else the e-mail address). */
export const userNameSql = sql<string | null>`nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), '')`;

function configured(config: Config, kind: ConnectionKind): boolean {
  return (kind === 'facebook' ? config.communication.facebook : config.communication.national) !== null;
}

export async function listConnections(db: Db, config: Config, clubId: number): Promise<Connection[]> {
  const plan = await clubPlan(db, clubId);
  const rows = await db
    .select({
      kind: socialConnections.kind,
      accountId: socialConnections.accountId,
      accountName: socialConnections.accountName,
      connectedAt: socialConnections.connectedAt,
      connectedBy: sql<string | null>`coalesce(${userNameSql}, ${users.email})`,
      lastError: socialConnections.lastError,
    })
    .from(socialConnections)
    .leftJoin(users, eq(users.id, socialConnections.connectedBy))
    .where(eq(socialConnections.clubId, clubId));
  return CONNECTION_KINDS.map((kind) => {
    const row = rows.find((r) => r.kind === kind);
    return {
      kind,
      configured: configured(config, kind),
      allowed_by_plan: kind === 'facebook' ? facebookAllowed(plan) : true,
      connected: row !== undefined,
      account_id: row?.accountId ?? null,
      account_name: row?.accountName ?? null,
      connected_at: row ? row.connectedAt.toISOString() : null,
      connected_by: row?.connectedBy ?? null,
      last_error: row?.lastError ?? null,
    };
  });
}

async function connectionOf(db: Db, config: Config, clubId: number, kind: ConnectionKind): Promise<Connection> {
  const all = await listConnections(db, config, clubId);
  return all.find((c) => c.kind === kind)!;
}

/**
 * Connects (or reconnects) the club: refuses 400 `notConfigured`, 403 `planNeeded` (Facebook on
 * the standard plan), 400 `connectRefused` when the service does not accept the token for the
 * account, 502 `serviceFailed` when it cannot be reached; then stores the account's name and the
 * encrypted token.
 */
export async function connect(db: Db, config: Config, clubId: number, kind: ConnectionKind, body: ConnectBody, userId: number): Promise<Connection> {
  const service = SERVICE_NAMES[kind];
  if (!configured(config, kind)) throw badRequest('communication.notConfigured', { service });
  if (kind === 'facebook' && !facebookAllowed(await clubPlan(db, clubId))) throw new HttpError(403, 'communication.planNeeded');
  let name: string;
  try {
    ({ name } =
      kind === 'facebook'
        ? await facebookVerify(config.communication.facebook!, body.account_id, body.token)
        : await nationalVerify(config.communication.national!, body.account_id, body.token));
  } catch (err) {
    if (!(err instanceof ServiceError)) throw err;
    // Reached and refused (a 4xx): the token or the account is wrong. Not reached, or broken: the service failed.
    if (err.status !== null && err.status >= 400 && err.status < 500) throw badRequest('communication.connectRefused', { service, reason: err.reason });
    if (err.status === 200) throw badRequest('communication.connectRefused', { service, reason: err.reason });
    throw new HttpError(502, 'communication.serviceFailed', { service, reason: err.reason });
  }
  const tokenCiphertext = await encryptToken(db, config, clubId, kind, body.token);
  const values = { accountId: body.account_id, accountName: name.slice(0, 200), tokenCiphertext, connectedBy: userId, connectedAt: new Date(), lastError: null };
  await db
    .insert(socialConnections)
    .values({ clubId, kind, ...values })
    .onConflictDoUpdate({ target: [socialConnections.clubId, socialConnections.kind], set: values });
  return connectionOf(db, config, clubId, kind);
}

/**
 * Disconnects: the service is told first (Facebook: the app leaves the page; the national app:
 * the connection is removed); only when it agrees is the row deleted. Not connected: 404, the
 * service failing or not configured: 502, both `communication.disconnectFailed`.
 */
export async function disconnect(db: Db, config: Config, clubId: number, kind: ConnectionKind): Promise<void> {
  const where = and(eq(socialConnections.clubId, clubId), eq(socialConnections.kind, kind));
  const [row] = await db.select().from(socialConnections).where(where);
  if (!row) throw notFound('communication.disconnectFailed');
  const failed = (reason: string) => new HttpError(502, 'communication.disconnectFailed', undefined, [{ path: kind, message: reason }]);
  const fb = config.communication.facebook;
  const nat = config.communication.national;
  if (kind === 'facebook' ? !fb : !nat) throw failed(`The server is not set up for ${SERVICE_NAMES[kind]}`);
  let token: string;
  try {
    token = await decryptToken(db, config, clubId, kind, row.tokenCiphertext);
  } catch {
    throw failed('The stored token cannot be read (the token key changed)');
  }
  try {
    if (kind === 'facebook') await facebookDisconnect(fb!, row.accountId, token);
    else await nationalDisconnect(nat!, row.accountId, token);
  } catch (err) {
    if (err instanceof ServiceError) throw failed(err.reason);
    throw err;
  }
  await db.delete(socialConnections).where(where);
}
