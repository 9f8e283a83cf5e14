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
import enInsights from '../locales/en/insights.json';
import daInsights from '../locales/da/insights.json';
import svInsights from '../locales/sv/insights.json';
import enCommunication from '../locales/en/communication.json';
import daCommunication from '../locales/da/communication.json';
import svCommunication from '../locales/sv/communication.json';
import enSocial from '../locales/en/social.json';
import daSocial from '../locales/da/social.json';
import svSocial from '../locales/sv/social.json';
import enCommunities from '../locales/en/communities.json';
import daCommunities from '../locales/da/communities.json';
import svCommunities from '../locales/sv/communities.json';
import enCommunityMembers from '../locales/en/community-members.json';
import daCommunityMembers from '../locales/da/community-members.json';
import svCommunityMembers from '../locales/sv/community-members.json';
import enCommunityMail from '../locales/en/community-mail.json';
import daCommunityMail from '../locales/da/community-mail.json';
import svCommunityMail from '../locales/sv/community-mail.json';
import enGreenkeeper from '../locales/en/greenkeeper.json';
import daGreenkeeper from '../locales/da/greenkeeper.json';
import svGreenkeeper from '../locales/sv/greenkeeper.json';
import enGreenkeeperTechmap from '../locales/en/greenkeeper-techmap.json';
import daGreenkeeperTechmap from '../locales/da/greenkeeper-techmap.json';
import svGreenkeeperTechmap from '../locales/sv/greenkeeper-techmap.json';
import enGreenkeeperPins from '../locales/en/greenkeeper-pins.json';
import daGreenkeeperPins from '../locales/da/greenkeeper-pins.json';
import svGreenkeeperPins from '../locales/sv/greenkeeper-pins.json';
import enAdminElements from '../locales/en/admin-elements.json';
import daAdminElements from '../locales/da/admin-elements.json';
import svAdminElements from '../locales/sv/admin-elements.json';
import enAdminThemes from '../locales/en/admin-themes.json';
import daAdminThemes from '../locales/da/admin-themes.json';
import svAdminThemes from '../locales/sv/admin-themes.json';
import enRegions from '../locales/en/regions.json';
import daRegions from '../locales/da/regions.json';
import svRegions from '../locales/sv/regions.json';
import enAssets from '../locales/en/assets.json';
import daAssets from '../locales/da/assets.json';
import svAssets from '../locales/sv/assets.json';
import enMismatches from '../locales/en/mismatches.json';
import daMismatches from '../locales/da/mismatches.json';
import svMismatches from '../locales/sv/mismatches.json';
import enAppUsers from '../locales/en/app-users.json';
import daAppUsers from '../locales/da/app-users.json';
import svAppUsers from '../locales/sv/app-users.json';
import enManagement from '../locales/en/management.json';
import daManagement from '../locales/da/management.json';
import svManagement from '../locales/sv/management.json';
import enCourseMapping from '../locales/en/course-mapping.json';
import daCourseMapping from '../locales/da/course-mapping.json';
import svCourseMapping from '../locales/sv/course-mapping.json';
import enServerErrors from '../locales/en/server-errors.json';
import daServerErrors from '../locales/da/server-errors.json';
import svServerErrors from '../locales/sv/server-errors.json';
import { SPONSOR_ERRORS } from './api/sponsors-errors';
import { INSIGHT_ERRORS } from './api/insights-errors';
import { COMMUNICATION_ERRORS } from './api/communication-errors';
import { COMMUNITY_ERRORS } from './api/communities-errors';
import { GREENKEEPER_ERRORS } from './api/greenkeeper-errors';
import { ADMIN_ELEMENT_ERRORS } from './api/admin-elements-errors';
import { THEME_ERRORS } from './api/admin-themes-errors';
import { REGION_ERRORS } from './api/regions-errors';
import { ASSET_ERRORS } from './api/assets-errors';
import { MISMATCH_ERRORS } from './api/mismatches-errors';
import { MANAGEMENT_ERRORS } from './api/management-errors';
import { APP_USER_ERRORS } from './api/app-users-errors';

/**
 * Each area's registration in the contract, in one place: the text files of its web screens and
 * mails in every language (`locales/<language>/<area>.json`, merged by ./locales.ts) and the
 * refusals its server part may give (a `<area>-errors.ts` beside its API schemas, merged into the
 * catalogue of ./api/errors.ts; their translations sit under `serverErrors` in the same text
 * files). A new area adds its line here, and nowhere else in the contract
 * (docs/adding-an-area.md).
 */

export type Texts = { [key: string]: string | Texts };
export type AreaTexts = Record<Language, Texts>;

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
  insights: { en: enInsights, da: daInsights, sv: svInsights },
  communication: { en: enCommunication, da: daCommunication, sv: svCommunication },
  social: { en: enSocial, da: daSocial, sv: svSocial },
  // Communities (issue 24): the screens, the members and moderation parts, the invitation mail.
  communities: { en: enCommunities, da: daCommunities, sv: svCommunities },
  'community-members': { en: enCommunityMembers, da: daCommunityMembers, sv: svCommunityMembers },
  'community-mail': { en: enCommunityMail, da: daCommunityMail, sv: svCommunityMail },
  // Greenkeeper (issue 25): area statistics, the tech map with its log book, pin rotation.
  greenkeeper: { en: enGreenkeeper, da: daGreenkeeper, sv: svGreenkeeper },
  'greenkeeper-techmap': { en: enGreenkeeperTechmap, da: daGreenkeeperTechmap, sv: svGreenkeeperTechmap },
  'greenkeeper-pins': { en: enGreenkeeperPins, da: daGreenkeeperPins, sv: svGreenkeeperPins },
  // Administration (issue 26): the catalogue, themes, regions, assets, mismatches, the app's users.
  'admin-elements': { en: enAdminElements, da: daAdminElements, sv: svAdminElements },
  'admin-themes': { en: enAdminThemes, da: daAdminThemes, sv: svAdminThemes },
  regions: { en: enRegions, da: daRegions, sv: svRegions },
  assets: { en: enAssets, da: daAssets, sv: svAssets },
  mismatches: { en: enMismatches, da: daMismatches, sv: svMismatches },
  'app-users': { en: enAppUsers, da: daAppUsers, sv: svAppUsers },
  // Management and course-wide mapping (issue 27): club setup, mapping status, the track map, /metamap and /admin/atla.
  management: { en: enManagement, da: daManagement, sv: svManagement },
  'course-mapping': { en: enCourseMapping, da: daCourseMapping, sv: svCourseMapping },
  // The server's refusals by code (api/errors.ts), shown in the reader's language.
  'server-errors': { en: enServerErrors, da: daServerErrors, sv: svServerErrors },
};

/** The areas' own refusals by code (English text), added to the server's catalogue. */
export const AREA_ERRORS = {
  ...SPONSOR_ERRORS,
  ...INSIGHT_ERRORS,
  ...COMMUNICATION_ERRORS,
  ...COMMUNITY_ERRORS,
  ...GREENKEEPER_ERRORS,
  ...ADMIN_ELEMENT_ERRORS,
  ...THEME_ERRORS,
  ...REGION_ERRORS,
  ...ASSET_ERRORS,
  ...MISMATCH_ERRORS,
  ...APP_USER_ERRORS,
  ...MANAGEMENT_ERRORS,
} as const satisfies Record<string, string>;
