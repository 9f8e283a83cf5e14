import { asc, eq, sql } from 'drizzle-orm';
import { defaultGuideSettings, GUIDE_PRODUCTS, type GuideSettings, type Sex } from '@golf/contract/api/guides';
import type { Db, DbOrTx } from '../platform/database';
import { releaseGuides } from '../modules/products';
import { clubs, guideCourses, guideDistanceMarkers, guideRatings, guides, holes, holeTees, orgCourseTees, orgs, tees } from '../db/schema/index';

/** The national organisations of the demo's countries (reference data, fixed ids). */
const ORGS = [
  { id: 1, name: 'Dansk Golf Union', countryCode: 'dk' },
  { id: 2, name: 'Svenska Golfförbundet', countryCode: 'se' },
] as const;

type RatedTee = [tee: string, sex: Sex, par: number, courseRating: number, slope: number];

/** Course and slope ratings of the organisations' lists: the demo clubs' courses, per tee and sex. */
const ORG_COURSES: { orgId: number; club: string; course: string; tees: RatedTee[] }[] = [
  {
    orgId: 1,
    club: 'Fjordvang Golfklub',
    course: 'Fjordvang Links',
    tees: [
      ['Hvid', 'men', 72, 72.4, 131],
      ['Gul', 'men', 72, 70.6, 127],
      ['Rød', 'men', 72, 67.1, 119],
      ['Hvid', 'women', 72, 78.3, 140],
      ['Gul', 'women', 72, 75.9, 134],
      ['Rød', 'women', 72, 71.8, 125],
    ],
  },
  {
    orgId: 2,
    club: 'Ljungbacka Golfklubb',
    course: 'Ljungbacka GK',
    tees: [
      ['58', 'men', 72, 72.1, 130],
      ['53', 'men', 72, 69.8, 125],
      ['47', 'men', 72, 66.4, 117],
      ['53', 'women', 72, 75.6, 133],
      ['47', 'women', 72, 71.2, 124],
      ['42', 'women', 72, 68.3, 118],
    ],
  },
];

/** The organisations and their rating lists (§3 orgs, orgs-courses-tees); safe to run at every start. */
export async function seedProductReference(db: Db): Promise<void> {
  await db.insert(orgs).values([...ORGS]).onConflictDoNothing();
  let id = 0;
  const rows = ORG_COURSES.flatMap((c) =>
    c.tees.map(([teeName, sex, par, courseRating, slope]) => ({
      id: ++id,
      orgId: c.orgId,
      clubName: c.club,
      courseName: c.course,
      teeName,
      sex,
      par,
      courseRating,
      slope,
    })),
  );
  await db.insert(orgCourseTees).values(rows).onConflictDoNothing();
}

export const DEMO_GUIDE_TITLE = 'Fjordvang Links – Yardage book';

/**
 * Queues every product of the demo guide once, when the demo is written (its guide then shows
 * them made). The seed finds its own guide and asks the products area through its public entry:
 * an area never imports the seed.
 */
export async function releaseDemoGuide(db: Db): Promise<void> {
  const rows = await db.select({ id: guides.id, clubId: guides.clubId }).from(guides).where(eq(guides.title, DEMO_GUIDE_TITLE));
  for (const row of rows) await releaseGuides(db, row.clubId, [row.id], [...GUIDE_PRODUCTS]);
}

const WELCOME = [
  'Velkommen til Fjordvang Links.',
  'Banen slynger sig langs fjorden, og vinden fra vest gør ingen huller ens fra dag til dag. Denne bog giver dig afstandene fra hver tee, ' +
    'markeringer på 100, 150 og 200 meter fra forkanten af greenen og et kig på hver green. God runde!',
].join('\n\n');

const LOCAL_RULES = [
  '1. Out of bounds: hvide pæle og hegnet langs Fjordvej. På hul 10 er havnens mole out of bounds.',
  '2. Penalty areas: røde pæle langs åen (hul 4) og dammen (hul 7) – se Regel 17.',
  '3. Områder under reparation: blå pæle og hvide streger. Lempelse efter Regel 16.1; spil fra nyplantede træer (grønne pæle) er ikke tilladt.',
  '4. Afstandsmålere er tilladt til at måle afstand (Model Local Rule G-5).',
].join('\n');

/**
 * The demo guide of Fjordvang Golfklub on its course 'Fjordvang Links' (written inside the demo
 * seed's transaction): ratings of its three tees for men and women, as Dansk Golf Union lists
 * them, 100/150/200 m markers on every par 4 and 5, a welcome page, local rules, and the sponsors of `sponsorSetupId` when given.
 */
export async function seedDemoGuide(tx: DbOrTx, input: { clubId: number; courseId: number; sponsorSetupId?: number }): Promise<number> {
  const [club] = await tx.select({ drawingStyleId: clubs.drawingStyleId }).from(clubs).where(eq(clubs.id, input.clubId));
  const settings: GuideSettings = defaultGuideSettings(club?.drawingStyleId ?? 6, 'Fjordvang Links');
  settings.front_page = { ...settings.front_page, subtitle: 'Yardage book', text: 'Fjordvang Golfklub · Fjordvej 12 · 7100 Vejle' };
  settings.welcome = { title: 'Velkommen', text: WELCOME, signature: 'Fjordvang Golfklub' };
  settings.local_rules = { title: 'Lokale regler', text: LOCAL_RULES };
  settings.back_page = { title: 'Fjordvang Golfklub', text: 'Fjordvej 12, 7100 Vejle\nwww.fjordvang-golf.dk' };

  // The setup the guide shows is its column (a foreign key to the setup), never a key of the stored JSON.
  const { sponsor_setup_id: _inItsColumn, ...stored } = settings;
  const [guide] = await tx
    .insert(guides)
    .values({ clubId: input.clubId, title: DEMO_GUIDE_TITLE, settings: stored, sponsorSetupId: input.sponsorSetupId ?? null, appOrder: 1 })
    .returning({ id: guides.id });
  await tx.insert(guideCourses).values({ guideId: guide.id, courseId: input.courseId, position: 1 });

  const courseTees = await tx.select({ id: tees.id, name: tees.name }).from(tees).where(eq(tees.courseId, input.courseId)).orderBy(asc(tees.id));
  const listed = ORG_COURSES[0].tees;
  const ratings = courseTees.flatMap((tee) =>
    listed.filter(([name]) => name === tee.name).map(([, sex, , courseRating, slope]) => ({ guideId: guide.id, teeId: tee.id, sex, courseRating, slope })),
  );
  if (ratings.length) await tx.insert(guideRatings).values(ratings);

  const courseHoles = await tx
    .select({ id: holes.id, par: holes.par, length: sql<number | null>`max(${holeTees.distance})` })
    .from(holes)
    .leftJoin(holeTees, eq(holeTees.holeId, holes.id))
    .where(eq(holes.courseId, input.courseId))
    .groupBy(holes.id)
    .orderBy(asc(holes.order));
  const markers = courseHoles
    .filter((h) => h.par >= 4)
    .flatMap((h) => [100, 150, 200].filter((d) => h.length === null || d < Number(h.length)).map((distance) => ({ guideId: guide.id, holeId: h.id, distance })));
  if (markers.length) await tx.insert(guideDistanceMarkers).values(markers);
  return guide.id;
}
