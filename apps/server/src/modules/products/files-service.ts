import { and, eq, inArray } from 'drizzle-orm';
import type { GuideOverridesResponse } from '@golf/contract/api/guides';
import { guideHoles, guides } from '../../db/schema/index';
import type { Db, DbOrTx } from '../../platform/database';
import { guideFileUrl } from './files';
import { getGuide, guideOfClub, holeOfGuide, lockVersion, touch } from './guide-rows';

/* The files a guide points at: icon, front page image and the holes' override images. */

/** GET clubs/{clubId}/guides/{id}/overrides: the holes with an override image, keyed by hole id. */
export async function guideOverrides(db: DbOrTx, clubId: number, guideId: number): Promise<GuideOverridesResponse> {
  const guide = await getGuide(db, clubId, guideId);
  const rows = await db.select().from(guideHoles).where(eq(guideHoles.guideId, guideId));
  const onCourses = new Set(guide.holes.map((h) => h.hole_id));
  const out: GuideOverridesResponse = {};
  for (const r of rows) {
    if (!r.overrideFileName || !onCourses.has(r.holeId)) continue;
    out[String(r.holeId)] = {
      hole_id: r.holeId,
      image_url: guideFileUrl(clubId, guideId, r.overrideFileName)!,
      updated_at: (r.overrideUpdatedAt ?? new Date(0)).toISOString(),
    };
  }
  return out;
}

/** Points the guide's icon or front page image at `fileName` (or none); answers the file name it had. */
export async function swapGuideFile(db: Db, clubId: number, guideId: number, kind: 'icon' | 'front_page', fileName: string | null): Promise<string | null> {
  return db.transaction(async (tx) => {
    const row = await lockVersion(tx, clubId, guideId, null);
    if (kind === 'icon') {
      await touch(tx, guideId, { iconFileName: fileName });
      return row.iconFileName;
    }
    await touch(tx, guideId, { frontPageImageFileName: fileName });
    return row.frontPageImageFileName;
  });
}

/** Points a hole's override image at `fileName` (or none); answers the file name it had. */
export async function swapOverrideFile(db: Db, clubId: number, guideId: number, holeId: number, fileName: string | null): Promise<string | null> {
  return db.transaction(async (tx) => {
    await lockVersion(tx, clubId, guideId, null);
    await holeOfGuide(tx, guideId, holeId);
    const [existing] = await tx.select().from(guideHoles).where(and(eq(guideHoles.guideId, guideId), eq(guideHoles.holeId, holeId)));
    const values = { overrideFileName: fileName, overrideUpdatedAt: fileName ? new Date() : null };
    await tx
      .insert(guideHoles)
      .values({ guideId, holeId, ...values })
      .onConflictDoUpdate({ target: [guideHoles.guideId, guideHoles.holeId], set: values });
    await touch(tx, guideId);
    return existing?.overrideFileName ?? null;
  });
}

/** Clears the guide's references to files that do not exist (a copy whose source file was gone). */
export async function forgetFiles(db: Db, clubId: number, guideId: number, fileNames: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await guideOfClub(tx, clubId, guideId, true);
    if (row.iconFileName && fileNames.includes(row.iconFileName)) await tx.update(guides).set({ iconFileName: null }).where(eq(guides.id, guideId));
    if (row.frontPageImageFileName && fileNames.includes(row.frontPageImageFileName)) {
      await tx.update(guides).set({ frontPageImageFileName: null }).where(eq(guides.id, guideId));
    }
    await tx
      .update(guideHoles)
      .set({ overrideFileName: null, overrideUpdatedAt: null })
      .where(and(eq(guideHoles.guideId, guideId), inArray(guideHoles.overrideFileName, fileNames)));
  });
}
