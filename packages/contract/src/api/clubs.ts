import { z } from 'zod';
import { NEW_CLUB_DEFAULTS } from '../constants';
import { NonNegativeInt32, PositiveInt32, Text } from './common';

/** A number, or a string holding one (form values); blank, null and booleans are refused. */
const NumberLike = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^[-+]?\d+(\.\d+)?$/, 'Must be a number')
    .transform(Number),
]);

/** Longitude and latitude are parsed as numbers (§5). */
export const Position = z.object({
  longitude: NumberLike.pipe(z.number().min(-180).max(180)),
  latitude: NumberLike.pipe(z.number().min(-90).max(90)),
});

export const Address = z.object({
  street: Text.trim().max(200),
  city: Text.trim().max(100),
  zip: Text.trim().max(20),
  country_code: z.string().trim().toLowerCase().regex(/^[a-z]{2}$/, 'Country code must be two letters'),
});

export const Handle = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]{1,62}$/, 'Handle: 2 to 63 letters, digits or dashes')
  // A handle names the club in the console's URLs (/{handle}/home, issue 27), where digits alone are a club id.
  .refine((v) => /[a-z]/.test(v), 'Handle: at least one letter');

/** How the club logo is cut: round (a circle in the app) or rectangular (Logo data, §3). */
export const LOGO_SHAPES = ['round', 'rectangular'] as const;
export const LogoShape = z.enum(LOGO_SHAPES);
export type LogoShape = z.infer<typeof LogoShape>;
/** The multipart field of each shape in POST clubs/{clubId}/logo (§7). */
export const LOGO_FIELDS = { round: 'round_data', rectangular: 'rectangular_data' } as const satisfies Record<LogoShape, string>;

export const PHONE_MAX = 40;
export const URL_MAX = 500;
export const APP_TEASER_MAX = 300;

/** A phone number as people write it: digits, spaces, +, -, dots, slashes and brackets; or empty. */
export const Phone = Text.trim()
  .max(PHONE_MAX, `Phone: at most ${PHONE_MAX} characters`)
  .regex(/^$|^\+?[0-9 ()./-]*[0-9][0-9 ()./-]*$/, 'Phone: digits, spaces and + - ( ) only');

/** True for an absolute http or https address with a host. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0 && !/\s/.test(value);
  } catch {
    return false;
  }
}

/** An http or https address, or empty. */
export const HttpUrlOrEmpty = Text.trim()
  .max(URL_MAX, `Address: at most ${URL_MAX} characters`)
  .refine((v) => v === '' || isHttpUrl(v), 'Enter a full web address starting with http:// or https://');

export const AppTeaser = Text.trim().max(APP_TEASER_MAX, `Teaser: at most ${APP_TEASER_MAX} characters`);

export const SRIDS = [4326, 3006] as const;
export const Srid = z.union([z.literal(4326), z.literal(3006)]);

export const Club = z.object({
  id: z.number().int(),
  name: z.string(),
  handle: z.string(),
  srid: z.number().int(),
  region_ids: z.array(z.number().int()),
  position: z.object({ longitude: z.number(), latitude: z.number() }).nullable(),
  active: z.boolean(),
  admin_id: z.number().int(),
  address: z.object({ street: z.string(), city: z.string(), zip: z.string(), country_code: z.string() }),
  drawing_style_id: z.number().int(),
  logo_file_name: z.string().nullable(),
  /** Public URL of the logo with a cache-busting `v`; null without a logo. */
  logo_url: z.string().nullable(),
  logo_shape: LogoShape.nullable(),
  phone: z.string(),
  homepage: z.string(),
  booking_url: z.string(),
  app_teaser: z.string(),
  /** §6: 'business' allows posting to Facebook; set by admins (issue 23). */
  plan: z.enum(['standard', 'business']),
  updated_at: z.iso.datetime(),
});
export type Club = z.infer<typeof Club>;

export const ClubListItem = z.object({ id: z.number().int(), name: z.string(), active: z.boolean() });
export type ClubListItem = z.infer<typeof ClubListItem>;

const ClubName = Text.trim().min(1, 'Name is required').max(120);

/** POST clubs (§7). Missing fields take the new-club defaults (inactive, admin 0, country dk, drawing style 6; §3, §9). */
export const CreateClubBody = z.object({
  name: ClubName,
  handle: Handle,
  srid: Srid.default(4326),
  region_ids: z.array(PositiveInt32).max(50).default([]),
  position: Position.nullable().default(null),
  active: z.boolean().default(NEW_CLUB_DEFAULTS.active),
  admin_id: NonNegativeInt32.default(NEW_CLUB_DEFAULTS.admin_id),
  address: Address.default({ street: '', city: '', zip: '', country_code: NEW_CLUB_DEFAULTS.country_code }),
  drawing_style_id: PositiveInt32.default(NEW_CLUB_DEFAULTS.drawing_style_id),
});
export type CreateClubBody = z.input<typeof CreateClubBody>;

/** PUT clubs/{id}: any subset; who may change which field is decided by the permissions module. */
export const UpdateClubBody = z
  .object({
    name: ClubName,
    handle: Handle,
    srid: Srid,
    region_ids: z.array(PositiveInt32).max(50),
    position: Position.nullable(),
    active: z.boolean(),
    admin_id: NonNegativeInt32,
    address: Address,
    drawing_style_id: PositiveInt32,
    phone: Phone,
    homepage: HttpUrlOrEmpty,
    booking_url: HttpUrlOrEmpty,
    app_teaser: AppTeaser,
    plan: z.enum(['standard', 'business']),
  })
  .partial();
export type UpdateClubBody = z.input<typeof UpdateClubBody>;

/** Which permission group each club field belongs to. */
export const CLUB_FIELD_GROUPS = {
  name: 'details',
  address: 'details',
  position: 'details',
  phone: 'details',
  homepage: 'details',
  booking_url: 'details',
  app_teaser: 'details',
  handle: 'management',
  drawing_style_id: 'management',
  srid: 'admin',
  region_ids: 'admin',
  active: 'admin',
  admin_id: 'admin',
  plan: 'admin',
} as const satisfies Record<keyof z.infer<typeof UpdateClubBody>, 'details' | 'management' | 'admin'>;

export const Region = z.object({
  region: z.object({ id: z.number().int(), name: z.string(), club_ids: z.array(z.number().int()) }),
  roles: z.array(z.string()),
});
export type Region = z.infer<typeof Region>;

export const Country = z.object({ code: z.string(), name: z.string() });
export const DrawingStyle = z.object({ id: z.number().int(), name: z.string() });
export const RoleInfo = z.object({ name: z.string(), scope: z.enum(['club', 'region']) });
