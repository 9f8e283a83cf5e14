import { asc, desc, eq } from 'drizzle-orm';
import type { Org, OrgCourseTee, OrgsCoursesTeesResponse } from '@golf/contract/api/guides';
import { orgCourseTees, orgs } from '../../db/schema/index';
import type { DbOrTx } from '../../platform/database';

/** GET orgs: the national organisations whose ratings a guide may take (§3 orgs). */
export async function listOrgs(db: DbOrTx): Promise<Org[]> {
  const rows = await db.select().from(orgs).orderBy(asc(orgs.name));
  return rows.map((r) => ({ id: r.id, name: r.name, country_code: r.countryCode }));
}

/** GET orgs-courses-tees: each organisation's rated tees, grouped by org_id (§3), of one organisation when asked. */
export async function listOrgCourseTees(db: DbOrTx, orgId?: number): Promise<OrgsCoursesTeesResponse> {
  const rows = await db
    .select()
    .from(orgCourseTees)
    .where(orgId === undefined ? undefined : eq(orgCourseTees.orgId, orgId))
    .orderBy(asc(orgCourseTees.clubName), asc(orgCourseTees.courseName), asc(orgCourseTees.sex), desc(orgCourseTees.courseRating), asc(orgCourseTees.id));
  const out: OrgsCoursesTeesResponse = {};
  for (const r of rows) {
    const tee: OrgCourseTee = {
      id: r.id,
      org_id: r.orgId,
      club_name: r.clubName,
      course_name: r.courseName,
      tee_name: r.teeName,
      sex: r.sex as OrgCourseTee['sex'],
      par: r.par,
      course_rating: Number(r.courseRating),
      slope: r.slope,
    };
    (out[String(r.orgId)] ??= []).push(tee);
  }
  return out;
}
