/** Product version shown in the shell (spec §9). */
export const PRODUCT_VERSION = '3.111.6';

export const LANGUAGES = ['en', 'da', 'sv'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';

/** New club defaults (spec §3, §9). */
export const NEW_CLUB_DEFAULTS = {
  active: false,
  admin_id: 0,
  country_code: 'dk',
  drawing_style_id: 6,
} as const;

export const CLUB_NAME_SHORT_LENGTH = 10;
export const DRAWER_WIDTH = 240;
export const LOGIN_CARD_WIDTH = 512;
export const REQUEST_POOL_SIZE = 10;
export const REQUEST_QUEUE_BUFFER = 20;
export const CONFIRMATION_AUTO_HIDE_MS = 5000;
export const SNACKBAR_AUTO_HIDE_MS = 10000;
export const SESSION_STORAGE_KEY = 'golf-console.session';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;
