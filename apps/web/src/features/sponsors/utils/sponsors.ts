import type { TFunction } from 'i18next';
import { NUL_MESSAGE, UNICODE_MESSAGE } from '@golf/contract/api/common';
import { URL_MESSAGE, type Sponsor, type SponsorUsage } from '@golf/contract/api/sponsors';
import { fuzzySearch } from '../../../lib/fuzzy-search';

/** The sponsors by name (as people read them), then by id. */
export function sortSponsors(sponsors: Sponsor[]): Sponsor[] {
  return [...sponsors].sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id - b.id);
}

/** The sponsors matching the search (§5: fuzzy, comma-separated terms) by name or web address. */
export function searchSponsors(sponsors: Sponsor[], search: string): Sponsor[] {
  return fuzzySearch(sponsors, search, (s) => ({ name: s.name, url: s.url }));
}

/**
 * The translation key of a message of the contract's SaveSponsorBody (the form's own check and
 * the server's 400 give the same English texts); a message it does not know is shown as it is.
 */
const MESSAGE_KEYS: Record<string, string> = {
  'Name is required': 'sponsors.errors.nameRequired',
  'Name is at most 100 characters': 'sponsors.errors.nameTooLong',
  [URL_MESSAGE]: 'sponsors.errors.url',
  'The web address is at most 2000 characters': 'sponsors.errors.urlTooLong',
  [NUL_MESSAGE]: 'sponsors.errors.text',
  [UNICODE_MESSAGE]: 'sponsors.errors.text',
};

export function sponsorMessageKey(message: string): string {
  return MESSAGE_KEYS[message] ?? message;
}

/** The web address as shown in the list: without the scheme and a lone trailing slash. */
export function displayUrl(url: string): string {
  return url.replace(/^https?:\/\//i, '').replace(/^([^/?#]+)\/$/, '$1');
}

/**
 * What deleting a sponsor takes with it, in sentences: the setups it is placed in (with their
 * places), the guides that show it through them, and that its places go too.
 */
export function usageSentences(usage: SponsorUsage, t: TFunction, language: string): string[] {
  if (usage.setups.length === 0 && usage.guides.length === 0) return [t('sponsors.deleteDialog.notUsed')];
  const list = (items: string[]) => new Intl.ListFormat(language, { type: 'conjunction' }).format(items);
  const sentences: string[] = [];
  if (usage.setups.length > 0) {
    const setups = usage.setups.map((s) => t('sponsors.deleteDialog.setupPlaces', { name: s.name, count: s.positions }));
    sentences.push(t('sponsors.deleteDialog.usedInSetups', { count: usage.setups.length, setups: list(setups) }));
  } else {
    sentences.push(t('sponsors.deleteDialog.notUsed'));
  }
  if (usage.guides.length > 0) sentences.push(t('sponsors.deleteDialog.guides', { count: usage.guides.length, guides: list(usage.guides.map((g) => g.title)) }));
  if (usage.setups.length > 0) sentences.push(t('sponsors.deleteDialog.placesRemoved'));
  return sentences;
}
