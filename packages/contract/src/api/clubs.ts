import { z } from 'zod';
import { NEW_CLUB_DEFAULTS } from '../constants';

/** Longitude and latitude are parsed as numbers (§5). */
export const Position = z.object({
  longitude: z.coerce.number().min(-180).max(180),
  latitude: z.coerce.number().min(-90).max(90),
});

export const Address = z.object({
  street: z.string().trim().max(200),
  city: z.string().trim().max(100),
  zip: z.string().trim().max(20),
  country_code: z.string().trim().toLowerCase().regex(/^[a-z]{2}$/, 'Country code must be two letters'),
});

export const Handle = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]{1,62}$/, 'Handle: 2 to 63 letters, digits or dashes');

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
  updated_at: z.iso.datetime(),
});
export type Club = z.infer<typeof Club>;

export const ClubListItem = z.object({ id: z.number().int(), name: z.string(), active: z.boolean() });
export type ClubListItem = z.infer<typeof ClubListItem>;

const ClubName = z.string().trim().min(1, 'Name is required').max(120);

/** POST clubs (§7). Missing fields take the new-club defaults of §3/§9. */
export const CreateClubBody = z.object({
  name: ClubName,
  handle: Handle,
  srid: Srid.default(4326),
  region_ids: z.array(z.number().int().positive()).max(50).default([]),
  position: Position.nullable().default(null),
  active: z.boolean().default(NEW_CLUB_DEFAULTS.active),
  admin_id: z.number().int().min(0).default(NEW_CLUB_DEFAULTS.admin_id),
  address: Address.default({ street: '', city: '', zip: '', country_code: NEW_CLUB_DEFAULTS.country_code }),
  drawing_style_id: z.number().int().positive().default(NEW_CLUB_DEFAULTS.drawing_style_id),
});
export type CreateClubBody = z.input<typeof CreateClubBody>;

/** PUT clubs/{id}: any subset; who may change which field is decided by the permissions module. */
export const UpdateClubBody = z
  .object({
    name: ClubName,
    handle: Handle,
    srid: Srid,
    region_ids: z.array(z.number().int().positive()).max(50),
    position: Position.nullable(),
    active: z.boolean(),
    admin_id: z.number().int().min(0),
    address: Address,
    drawing_style_id: z.number().int().positive(),
  })
  .partial();
export type UpdateClubBody = z.input<typeof UpdateClubBody>;

/** Which permission group each club field belongs to. */
export const CLUB_FIELD_GROUPS = {
  name: 'details',
  address: 'details',
  position: 'details',
  handle: 'management',
  drawing_style_id: 'management',
  srid: 'admin',
  region_ids: 'admin',
  active: 'admin',
  admin_id: 'admin',
} as const satisfies Record<keyof z.infer<typeof UpdateClubBody>, 'details' | 'management' | 'admin'>;

export const Region = z.object({
  region: z.object({ id: z.number().int(), name: z.string(), club_ids: z.array(z.number().int()) }),
  roles: z.array(z.string()),
});
export type Region = z.infer<typeof Region>;

export const Country = z.object({ code: z.string(), name: z.string() });
export const DrawingStyle = z.object({ id: z.number().int(), name: z.string() });
export const RoleInfo = z.object({ name: z.string(), scope: z.enum(['club', 'region']) });
