import type { HelpKey } from '@golf/contract/menu';

const DEFAULT_HELP_BASE_URL = 'https://support.example.com';

export const HELP_BASE_URL = (import.meta.env.VITE_HELP_BASE_URL || DEFAULT_HELP_BASE_URL).replace(/\/+$/, '');
export const SUPPORT_EMAIL = import.meta.env.VITE_SUPPORT_EMAIL || 'support@example.com';

const ARTICLES: Record<HelpKey, string> = {
  filters: 'heatmap-filters',
  information: 'club-information',
  status: 'club-status',
  'new-course': 'create-a-course',
  'opening-hours': 'opening-hours-and-pricing',
  users: 'users-and-roles',
  gallery: 'club-gallery',
  sponsors: 'sponsors',
  'sponsor-setups': 'sponsor-setups',
  'new-product': 'create-a-course-guide',
  templates: 'guide-templates',
  areas: 'greenkeeper-areas',
  communication: 'news-feed',
  communities: 'communities',
  'game-insights': 'game-insights',
  'tech-overview': 'tech-map',
  heatmap: 'heatmap',
};

export function helpLink(key: HelpKey): string {
  return `${HELP_BASE_URL}/articles/${ARTICLES[key]}`;
}

export const SUPPORT_CENTRE_URL = HELP_BASE_URL;
export const WEBINARS_URL = `${HELP_BASE_URL}/webinars`;

/** A mail to support, prefilled with what support asks first: version, page and browser. */
export function contactSupportHref(info: { version: string; path: string; userAgent: string; subject: string }): string {
  const body = [`Version: ${info.version}`, `Page: ${info.path}`, `Browser: ${info.userAgent}`, '', ''].join('\n');
  return `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(info.subject)}&body=${encodeURIComponent(body)}`;
}
