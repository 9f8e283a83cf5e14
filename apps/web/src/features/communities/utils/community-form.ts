import type { FieldError, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CommunityBody, type CommunitySummary } from '@golf/contract/api/communities';
import { communityMessageKey } from './communities';

/** The community dialog's fields: as typed, and (after the resolver) the CommunityBody sent, trimmed. */
export interface CommunityFormValues {
  name: string;
  description: string;
  hidden: boolean;
  manager_ids: number[];
}

export const COMMUNITY_FIELDS = ['name', 'description', 'hidden', 'manager_ids'] as const satisfies readonly (keyof CommunityFormValues)[];

export function communityFormValues(community?: CommunitySummary): CommunityFormValues {
  return {
    name: community?.name ?? '',
    description: community?.description ?? '',
    hidden: community?.hidden ?? false,
    manager_ids: community?.managers.map((m) => m.user_id) ?? [],
  };
}

/**
 * What the dialog sends: the managers only when the user chooses them (the club's community
 * managers); a community's own manager leaves them out, so the server keeps them as they are.
 */
export function communityBody(values: CommunityFormValues, administer: boolean): CommunityBody {
  const body: CommunityBody = { name: values.name, description: values.description, hidden: values.hidden };
  if (administer) body.manager_ids = [...values.manager_ids];
  return body;
}

/** A server's field path that the form shows at a field ('name', 'body.description', 'manager_ids.0'). */
export function communityField(path: string): keyof CommunityFormValues | null {
  const parts = path.split('.').filter((p) => !/^\d+$/.test(p));
  const last = parts.pop() ?? '';
  return (COMMUNITY_FIELDS as readonly string[]).includes(last) ? (last as keyof CommunityFormValues) : null;
}

const contractResolver = zodResolver(CommunityBody);

/** The contract's CommunityBody as the form's check, its messages turned into translation keys. */
export const communityResolver: Resolver<CommunityFormValues> = async (values, context, options) => {
  const result = await contractResolver(values, context, options as Parameters<typeof contractResolver>[2]);
  for (const field of COMMUNITY_FIELDS) {
    const error = (result.errors as Partial<Record<keyof CommunityFormValues, FieldError>>)[field];
    if (error?.message) error.message = communityMessageKey(error.message);
  }
  return result as Awaited<ReturnType<Resolver<CommunityFormValues>>>;
};
