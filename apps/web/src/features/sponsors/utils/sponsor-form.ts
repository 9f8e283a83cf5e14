import type { FieldError, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { SaveSponsorBody, type Sponsor } from '@golf/contract/api/sponsors';
import { sponsorMessageKey } from './sponsors';

/** The sponsor dialog's fields: as typed, and (after the resolver) the SaveSponsorBody sent, trimmed. */
export type SponsorFormValues = SaveSponsorBody;

export const SPONSOR_FIELDS = ['name', 'url'] as const satisfies readonly (keyof SponsorFormValues)[];

export function sponsorFormValues(sponsor?: Sponsor): SponsorFormValues {
  return { name: sponsor?.name ?? '', url: sponsor?.url ?? '' };
}

/** A server's field path that the form shows at a field ('name', 'url'; 'body.url' too). */
export function sponsorField(path: string): keyof SponsorFormValues | null {
  const last = path.split('.').pop() ?? '';
  return (SPONSOR_FIELDS as readonly string[]).includes(last) ? (last as keyof SponsorFormValues) : null;
}

const contractResolver = zodResolver(SaveSponsorBody);

/** The contract's SaveSponsorBody as the form's check, its messages turned into translation keys. */
export const sponsorResolver: Resolver<SponsorFormValues> = async (values, context, options) => {
  const result = await contractResolver(values, context, options as Parameters<typeof contractResolver>[2]);
  for (const field of SPONSOR_FIELDS) {
    const error = (result.errors as Partial<Record<keyof SponsorFormValues, FieldError>>)[field];
    if (error?.message) error.message = sponsorMessageKey(error.message);
  }
  return result as Awaited<ReturnType<Resolver<SponsorFormValues>>>;
};
