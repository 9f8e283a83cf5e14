import { z } from 'zod';
import { CONNECTION_KINDS, type ConnectBody, type Connection, type ConnectionKind } from '@golf/contract/api/communication';

/** The connect form (the contract's ConnectBody), its messages translation keys. */
export const connectFormSchema = z.object({
  account_id: z
    .string()
    .trim()
    .min(1, 'social.connections.errors.accountIdRequired')
    .max(64, 'social.connections.errors.accountIdTooLong')
    .regex(/^[A-Za-z0-9_-]*$/, 'social.connections.errors.accountIdInvalid'),
  token: z
    .string()
    .trim()
    .min(1, 'social.connections.errors.tokenRequired')
    .refine((v) => v.length === 0 || v.length >= 8, 'social.connections.errors.tokenTooShort')
    .max(1024, 'social.connections.errors.tokenTooLong')
    .regex(/^[\x21-\x7e]*$/, 'social.connections.errors.tokenInvalid'),
});
export type ConnectFormValues = z.input<typeof connectFormSchema>;

export function connectBody(values: ConnectFormValues): ConnectBody {
  return { account_id: values.account_id.trim(), token: values.token.trim() };
}

/** What a service's card shows: the server lacks it, the plan lacks it, the connect form, or the connection. */
export type ConnectionView = 'notConfigured' | 'upgrade' | 'connect' | 'connected';

export function connectionView(connection: Connection): ConnectionView {
  if (!connection.configured) return 'notConfigured';
  // A club moved back to the Standard plan still sees (and may disconnect) its connection.
  if (connection.connected) return 'connected';
  return connection.allowed_by_plan ? 'connect' : 'upgrade';
}

/** The services in a fixed order (Facebook, then the national golf app). */
export function sortConnections(connections: Connection[]): Connection[] {
  const rank = (kind: ConnectionKind) => CONNECTION_KINDS.indexOf(kind);
  return [...connections].sort((a, b) => rank(a.kind) - rank(b.kind));
}
