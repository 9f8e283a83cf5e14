import type { SuggestedMapping } from '@golf/contract/api/members';

/** Header names (folded: lowercase, no accents, letters and digits only) per field, in en/da/sv. */
const SYNONYMS = {
  union_number: [
    'unionnumber', 'unionid', 'union', 'unionno', 'unionnr', 'unionsnummer', 'membernumber', 'memberno', 'membernr', 'memberid',
    'medlemsnummer', 'medlemsnr', 'medlemsid', 'medlemnr', 'dgunummer', 'dgunr', 'dgu', 'dguid', 'golfid', 'golfidnummer',
  ],
  email: ['email', 'emailaddress', 'mail', 'emailadresse', 'mailadresse', 'epost', 'epostadress', 'epostadresse', 'mailadress'],
  first_name: ['firstname', 'first', 'givenname', 'forename', 'fornavn', 'fornamn', 'fnavn'],
  last_name: ['lastname', 'last', 'surname', 'familyname', 'efternavn', 'efternamn', 'enavn'],
  phone: [
    'phone', 'phonenumber', 'telephone', 'tel', 'mobile', 'mobilephone', 'cell', 'telefon', 'telefonnummer', 'telefonnr', 'tlf',
    'tlfnr', 'mobil', 'mobilnummer', 'mobilnr', 'mobiltelefon',
  ],
} as const;

export function foldHeader(header: string): string {
  return header
    .toLowerCase()
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'o')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/[^a-z0-9]/g, '');
}

/** A first guess of which column holds which field, from the header names; other columns are extras. */
export function suggestMapping(headers: readonly string[]): SuggestedMapping {
  const folded = headers.map(foldHeader);
  const taken = new Set<number>();
  const find = (names: readonly string[]) => {
    const exact = folded.findIndex((h, i) => !taken.has(i) && names.includes(h));
    const index = exact >= 0 ? exact : folded.findIndex((h, i) => !taken.has(i) && h !== '' && names.some((n) => n.length > 3 && h.includes(n)));
    if (index < 0) return null;
    taken.add(index);
    return index;
  };
  const union_number = find(SYNONYMS.union_number);
  const email = find(SYNONYMS.email);
  const first_name = find(SYNONYMS.first_name);
  const last_name = find(SYNONYMS.last_name);
  const phone = find(SYNONYMS.phone);
  const extra = headers.map((_, i) => i).filter((i) => !taken.has(i));
  return { union_number, email, first_name, last_name, phone, extra };
}
