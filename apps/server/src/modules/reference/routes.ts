import { z } from 'zod';
import { asc, sql } from 'drizzle-orm';
import { Country, DrawingStyle, Region, RoleInfo } from '@golf/contract/api/clubs';
import { CLUB_ROLES, REGION_ROLES } from '@golf/contract/roles';
import { clubRegions, countries, drawingStyles, regionUsers, regions } from '../../db/schema/index';
import type { AppDeps, TypedApp } from '../../platform/app-types';
import { requireAuth } from '../../platform/authorize';
import type { DbOrTx } from '../../platform/database';
import { preparedQuery } from '../../platform/prepared';

const tags = ['reference'];

const allCountries = preparedQuery('countries', (db) => db.select().from(countries).orderBy(asc(countries.name)));

/** Regions with their clubs and the user's roles in each; every region (admins) or the user's own. */
const regionsQuery = (all: boolean) => (db: DbOrTx) => {
  const mine = sql`${regionUsers.regionId} = ${regions.id} and ${regionUsers.userId} = ${sql.placeholder('userId')}`;
  return db
    .select({
      id: regions.id,
      name: regions.name,
      clubIds: sql<number[]>`array(select ${clubRegions.clubId} from ${clubRegions} where ${clubRegions.regionId} = ${regions.id} order by ${clubRegions.clubId})`,
      roles: sql<string[]>`array(select ${regionUsers.role} from ${regionUsers} where ${mine} order by ${regionUsers.role})`,
    })
    .from(regions)
    .where(all ? undefined : sql`exists (select 1 from ${regionUsers} where ${mine})`)
    .orderBy(asc(regions.name));
};
const everyRegion = preparedQuery('regions_all', regionsQuery(true));
const ownRegions = preparedQuery('regions_own', regionsQuery(false));

export function referenceRoutes(app: TypedApp, { db }: AppDeps) {
  app.get('/countries', { config: { access: 'signed-in', readCache: true }, schema: { tags, response: { 200: z.array(Country) } } }, async () => allCountries(db).execute());

  app.get('/drawing_styles', { config: { access: 'signed-in', readCache: true }, schema: { tags, response: { 200: z.array(DrawingStyle) } } }, async () => {
    return db.select().from(drawingStyles).orderBy(asc(drawingStyles.id));
  });

  app.get('/roles', { config: { access: 'signed-in' }, schema: { tags, response: { 200: z.array(RoleInfo) } } }, async () => {
    return [
      ...CLUB_ROLES.map((name) => ({ name, scope: 'club' as const })),
      ...REGION_ROLES.map((name) => ({ name, scope: 'region' as const })),
    ];
  });

  /** Admins see every region; others the regions where they hold a region role. One query. */
  app.get('/regions', { config: { access: 'signed-in', readCache: true }, schema: { tags, response: { 200: z.array(Region) } } }, async (request) => {
    const auth = requireAuth(request);
    const rows = await (auth.profile.admin ? everyRegion : ownRegions)(db).execute({ userId: auth.userId });
    return rows.map((r) => ({ region: { id: r.id, name: r.name, club_ids: r.clubIds }, roles: r.roles }));
  });
}
