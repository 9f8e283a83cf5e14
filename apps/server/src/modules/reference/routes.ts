import { z } from 'zod';
import { asc, eq, inArray } from 'drizzle-orm';
import { Country, DrawingStyle, Region, RoleInfo } from '@golf/contract/api/clubs';
import { CLUB_ROLES, REGION_ROLES } from '@golf/contract/roles';
import { clubRegions, countries, drawingStyles, regionUsers, regions } from '../../db/schema/index';
import type { AppDeps, TypedApp } from '../../platform/app-types';
import { requireAuth } from '../../platform/authorize';

const tags = ['reference'];

export function referenceRoutes(app: TypedApp, { db }: AppDeps) {
  app.get('/countries', { config: { access: 'signed-in' }, schema: { tags, response: { 200: z.array(Country) } } }, async () => {
    return db.select().from(countries).orderBy(asc(countries.name));
  });

  app.get('/drawing_styles', { config: { access: 'signed-in' }, schema: { tags, response: { 200: z.array(DrawingStyle) } } }, async () => {
    return db.select().from(drawingStyles).orderBy(asc(drawingStyles.id));
  });

  app.get('/roles', { config: { access: 'signed-in' }, schema: { tags, response: { 200: z.array(RoleInfo) } } }, async () => {
    return [
      ...CLUB_ROLES.map((name) => ({ name, scope: 'club' as const })),
      ...REGION_ROLES.map((name) => ({ name, scope: 'region' as const })),
    ];
  });

  /** Admins see every region; others the regions where they hold a region role. */
  app.get('/regions', { config: { access: 'signed-in' }, schema: { tags, response: { 200: z.array(Region) } } }, async (request) => {
    const auth = requireAuth(request);
    const mine = await db.select().from(regionUsers).where(eq(regionUsers.userId, auth.userId));
    const ids = auth.profile.admin ? null : [...new Set(mine.map((m) => m.regionId))];
    if (ids && ids.length === 0) return [];
    const rows = await db
      .select()
      .from(regions)
      .where(ids ? inArray(regions.id, ids) : undefined)
      .orderBy(asc(regions.name));
    const links = rows.length
      ? await db.select().from(clubRegions).where(inArray(clubRegions.regionId, rows.map((r) => r.id))).orderBy(asc(clubRegions.clubId))
      : [];
    return rows.map((r) => ({
      region: { id: r.id, name: r.name, club_ids: links.filter((l) => l.regionId === r.id).map((l) => l.clubId) },
      roles: mine.filter((m) => m.regionId === r.id).map((m) => m.role),
    }));
  });
}
