/**
 * Every text of the product, per area and language: `locales/<language>/<area>.json`. An area's
 * file may also add keys to a shared group (`routes.*`, `menu.*`); the parts of a language are
 * merged here, and two parts giving the same key is an error at load (tested). A new area adds its
 * three files and one line to AREA_TEXTS (docs/adding-an-area.md).
 */
import type { Language } from './constants';
import enCore from '../locales/en/core.json';
import daCore from '../locales/da/core.json';
import svCore from '../locales/sv/core.json';
import enClubs from '../locales/en/clubs.json';
import daClubs from '../locales/da/clubs.json';
import svClubs from '../locales/sv/clubs.json';
import enUsers from '../locales/en/users.json';
import daUsers from '../locales/da/users.json';
import svUsers from '../locales/sv/users.json';
import enMembers from '../locales/en/members.json';
import daMembers from '../locales/da/members.json';
import svMembers from '../locales/sv/members.json';
import enGallery from '../locales/en/gallery.json';
import daGallery from '../locales/da/gallery.json';
import svGallery from '../locales/sv/gallery.json';
import enHours from '../locales/en/hours.json';
import daHours from '../locales/da/hours.json';
import svHours from '../locales/sv/hours.json';
import enCourses from '../locales/en/courses.json';
import daCourses from '../locales/da/courses.json';
import svCourses from '../locales/sv/courses.json';
import enProducts from '../locales/en/products.json';
import daProducts from '../locales/da/products.json';
import svProducts from '../locales/sv/products.json';
import enJobs from '../locales/en/jobs.json';
import daJobs from '../locales/da/jobs.json';
import svJobs from '../locales/sv/jobs.json';
import enSponsors from '../locales/en/sponsors.json';
import daSponsors from '../locales/da/sponsors.json';
import svSponsors from '../locales/sv/sponsors.json';
import enSponsorSetups from '../locales/en/sponsor-setups.json';
import daSponsorSetups from '../locales/da/sponsor-setups.json';
import svSponsorSetups from '../locales/sv/sponsor-setups.json';

export type Texts = { [key: string]: string | Texts };
type AreaTexts = Record<Language, Texts>;

/** The text files of each area, in every language. */
export const AREA_TEXTS: Record<string, AreaTexts> = {
  core: { en: enCore, da: daCore, sv: svCore },
  clubs: { en: enClubs, da: daClubs, sv: svClubs },
  users: { en: enUsers, da: daUsers, sv: svUsers },
  members: { en: enMembers, da: daMembers, sv: svMembers },
  gallery: { en: enGallery, da: daGallery, sv: svGallery },
  hours: { en: enHours, da: daHours, sv: svHours },
  courses: { en: enCourses, da: daCourses, sv: svCourses },
  products: { en: enProducts, da: daProducts, sv: svProducts },
  jobs: { en: enJobs, da: daJobs, sv: svJobs },
  sponsors: { en: enSponsors, da: daSponsors, sv: svSponsors },
  'sponsor-setups': { en: enSponsorSetups, da: daSponsorSetups, sv: svSponsorSetups },
};

/** Merges the parts of one language; a key given by two parts throws, naming the key. */
export function mergeTexts(parts: readonly Texts[], path = ''): Texts {
  const out: Texts = {};
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      const at = path ? `${path}.${key}` : key;
      const existing = out[key];
      if (existing === undefined) {
        out[key] = typeof value === 'string' ? value : mergeTexts([value], at);
      } else if (typeof existing !== 'string' && typeof value !== 'string') {
        out[key] = mergeTexts([existing, value], at);
      } else {
        throw new Error(`The text ${at} is given twice in the locale files`);
      }
    }
  }
  return out;
}

function language(lang: Language): Texts {
  return mergeTexts(Object.values(AREA_TEXTS).map((area) => area[lang]));
}

/** All texts of each language, as the web app and the mails read them. */
export const LOCALES: Record<Language, Texts> = { en: language('en'), da: language('da'), sv: language('sv') };
