import { sql } from 'drizzle-orm';
import { CLUB_ROLES, type ClubRole } from '@golf/contract/roles';
import { clubRegions, clubs, clubUserRoles, countries, drawingStyles, regionUsers, regions, users } from '../db/schema/index';
import type { Db } from '../platform/database';
import type { AreaDemo } from '../platform/app-types';
import { AREA_DEMOS } from '../modules/index';
import { hashPassword } from '../platform/passwords';
import { seedGraphics } from './seed-graphics';
import { seedDemoCourses } from './seed-courses';
import { seedDemoGuide, seedProductReference } from './seed-products';
import { seedDemoSponsors } from './seed-sponsors';

const COUNTRIES: [string, string][] = [
  ['at', 'Austria'], ['be', 'Belgium'], ['ch', 'Switzerland'], ['cz', 'Czechia'], ['de', 'Germany'],
  ['dk', 'Denmark'], ['ee', 'Estonia'], ['es', 'Spain'], ['fi', 'Finland'], ['fo', 'Faroe Islands'],
  ['fr', 'France'], ['gb', 'United Kingdom'], ['gl', 'Greenland'], ['ie', 'Ireland'], ['is', 'Iceland'],
  ['it', 'Italy'], ['lt', 'Lithuania'], ['lv', 'Latvia'], ['nl', 'Netherlands'], ['no', 'Norway'],
  ['pl', 'Poland'], ['pt', 'Portugal'], ['se', 'Sweden'], ['us', 'United States'], ['za', 'South Africa'],
];

const DRAWING_STYLES: [number, string][] = [
  [1, 'Standard'], [2, 'Classic'], [3, 'Satellite'], [4, 'Minimal'], [5, 'High contrast'], [6, 'Modern'],
];

/** Reference data every installation needs; safe to run at every start. */
export async function seedReference(db: Db): Promise<void> {
  await db.insert(countries).values(COUNTRIES.map(([code, name]) => ({ code, name }))).onConflictDoNothing();
  await db.insert(drawingStyles).values(DRAWING_STYLES.map(([id, name]) => ({ id, name }))).onConflictDoNothing();
  await seedGraphics(db);
  await seedProductReference(db);
}

export const DEMO_USERS = [
  { email: 'admin@example.com', password: 'admin-demo', note: 'platform admin' },
  { email: 'owner@example.com', password: 'owner-demo', note: 'region owner, Danish club (language Danish)' },
  { email: 'staff@example.com', password: 'staff-demo', note: 'staff of the Danish club: club-info, club-gallery, opening-hours' },
] as const;

/** The demo of the README, written once into an empty database. Returns false when users exist. */
export async function seedDemo(db: Db, areaDemos: readonly AreaDemo[] = AREA_DEMOS): Promise<boolean> {
  const [{ count }] = (await db.execute<{ count: number }>(sql`select count(*)::int as count from users`)).rows;
  if (count > 0) return false;
  const [adminHash, ownerHash, staffHash] = await Promise.all(DEMO_USERS.map((u) => hashPassword(u.password)));
  await db.transaction(async (tx) => {
    const [dkRegion, seRegion] = await tx
      .insert(regions)
      .values([{ name: 'Region Syddanmark' }, { name: 'Skåne' }])
      .returning();
    const [dkClub, seClub] = await tx
      .insert(clubs)
      .values([
        {
          name: 'Fjordvang Golfklub',
          handle: 'fjordvang',
          srid: 4326,
          longitude: 9.5357,
          latitude: 55.7113,
          active: true,
          street: 'Fjordvej 12',
          city: 'Vejle',
          zip: '7100',
          countryCode: 'dk',
          drawingStyleId: 6,
          plan: 'business',
        },
        {
          name: 'Ljungbacka Golfklubb',
          handle: 'ljungbacka',
          srid: 3006,
          longitude: 12.8610,
          latitude: 56.2437,
          active: true,
          street: 'Golfbanevägen 4',
          city: 'Ängelholm',
          zip: '262 91',
          countryCode: 'se',
          drawingStyleId: 6,
        },
      ])
      .returning();
    await tx.insert(clubRegions).values([
      { clubId: dkClub.id, regionId: dkRegion.id },
      { clubId: seClub.id, regionId: seRegion.id },
    ]);
    const [, owner, staff] = await tx
      .insert(users)
      .values([
        { email: 'admin@example.com', passwordHash: adminHash, firstName: 'Ada', lastName: 'Admin', language: 'en', admin: true },
        { email: 'owner@example.com', passwordHash: ownerHash, firstName: 'Ole', lastName: 'Ejer', language: 'da' },
        { email: 'staff@example.com', passwordHash: staffHash, firstName: 'Sam', lastName: 'Staff', language: 'en' },
      ])
      .returning();
    await tx.insert(regionUsers).values({ regionId: dkRegion.id, userId: owner.id, role: 'owner' });
    const staffRoles: ClubRole[] = ['club-info', 'club-gallery', 'opening-hours'];
    await tx.insert(clubUserRoles).values([
      ...CLUB_ROLES.map((role) => ({ clubId: dkClub.id, userId: owner.id, role })),
      ...staffRoles.map((role) => ({ clubId: dkClub.id, userId: staff.id, role })),
    ]);
    const { fjordvangCourseId } = await seedDemoCourses(tx, { clubId: dkClub.id });
    // The demo guide shows the demo's sponsors (the setup 'Sæson 2026').
    const sponsorSetupId = await seedDemoSponsors(tx, { clubId: dkClub.id, courseId: fjordvangCourseId });
    await seedDemoGuide(tx, { clubId: dkClub.id, courseId: fjordvangCourseId, sponsorSetupId });
    // The areas' own demo data (modules/index.ts AREA_DEMOS), in their order, in this transaction.
    const demo = { tx, clubId: dkClub.id, courseId: fjordvangCourseId, ownerUserId: owner.id, secondClubId: seClub.id };
    for (const areaDemo of areaDemos) await areaDemo(demo);
  });
  return true;
}

/**
 * The first administrator of an installation without the demo: created from ADMIN_EMAIL and
 * ADMIN_PASSWORD when no account has that email. An existing account is left as it is.
 */
export async function seedAdmin(db: Db, email: string, password: string): Promise<boolean> {
  const normalized = email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(normalized)) throw new Error('ADMIN_EMAIL is not an email address');
  if (password.length < 8) throw new Error('ADMIN_PASSWORD must be at least 8 characters');
  const passwordHash = await hashPassword(password);
  const created = await db
    .insert(users)
    .values({ email: normalized, passwordHash, firstName: 'Admin', admin: true, language: 'en' })
    .onConflictDoNothing()
    .returning({ id: users.id });
  return created.length > 0;
}
