/**
 * Published assets, the way out (issue 26, §7 GET assets/…): by category (the platform's), per club
 * by element name, and the published bundles. Every file is given as a signed address (decision
 * 0017): the lists are for admins, and the address opens the file for whoever holds it for about an
 * hour, without the session (an <img> cannot send one).
 */
import { and, asc, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { ASSET_CATEGORIES, type Asset, type AssetBundle, type AssetCategory, type AssetCategorySummary, type BundleEntry } from '@golf/contract/api/assets';
import { assetBundles, assets, clubs, users } from '../../db/schema/index';
import type { Config } from '../../platform/config';
import type { Db, DbOrTx } from '../../platform/database';
import { notFound } from '../../platform/errors';
import { fileUrlKey, signedFileUrl } from '../../platform/file-urls';

type AssetRow = typeof assets.$inferSelect;

const asEntry = (row: AssetRow): BundleEntry => ({
  path: row.path,
  category: row.category as AssetCategory,
  club_id: row.clubId,
  element_name: row.elementName,
  media_type: row.mediaType as BundleEntry['media_type'],
  bytes: row.bytes,
  sha256: row.sha256,
});

/** The published entries of the bundles of these names (a name without a published bundle is absent). */
export async function bundleEntriesByName(db: DbOrTx, names: string[]): Promise<Map<string, BundleEntry[]>> {
  const result = new Map<string, BundleEntry[]>();
  if (names.length === 0) return result;
  const bundles = await db.select({ id: assetBundles.id, name: assetBundles.name }).from(assetBundles).where(inArray(assetBundles.name, names));
  for (const b of bundles) result.set(b.name, []);
  if (bundles.length === 0) return result;
  const nameOf = new Map(bundles.map((b) => [b.id, b.name]));
  const rows = await db.select().from(assets).where(inArray(assets.bundleId, [...nameOf.keys()])).orderBy(asc(assets.path));
  for (const row of rows) result.get(nameOf.get(row.bundleId)!)!.push(asEntry(row));
  return result;
}

/** The published bundles matching `where` (all when none), by name, with their counts, sizes and publisher. */
export async function presentBundle(db: DbOrTx, where?: SQL): Promise<AssetBundle[]> {
  const rows = await db
    .select({
      id: assetBundles.id,
      name: assetBundles.name,
      publishedAt: assetBundles.publishedAt,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      count: sql<number>`(select count(*)::int from ${assets} where ${assets.bundleId} = ${assetBundles.id})`,
      bytes: sql<number>`(select coalesce(sum(${assets.bytes}), 0)::bigint from ${assets} where ${assets.bundleId} = ${assetBundles.id})`,
    })
    .from(assetBundles)
    .leftJoin(users, eq(users.id, assetBundles.publishedBy))
    .where(where)
    .orderBy(asc(sql`lower(${assetBundles.name})`), asc(assetBundles.name));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    asset_count: Number(r.count),
    bytes: Number(r.bytes),
    published_at: r.publishedAt.toISOString(),
    published_by: r.email === null ? null : `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim() || r.email,
  }));
}

/** GET assets/bundles. */
export async function listBundles(db: DbOrTx): Promise<AssetBundle[]> {
  return presentBundle(db);
}

/** GET assets/categories: every category with its count of platform assets (a club's assets are counted under the club). */
export async function listCategories(db: DbOrTx): Promise<AssetCategorySummary[]> {
  const rows = await db.select({ category: assets.category, n: count() }).from(assets).where(isNull(assets.clubId)).groupBy(assets.category);
  const counts = new Map(rows.map((r) => [r.category, r.n]));
  return ASSET_CATEGORIES.map((name) => ({ name, count: counts.get(name) ?? 0 }));
}

async function presentAssets(deps: { db: Db; config: Config }, where: SQL | undefined, order: SQL[]): Promise<Asset[]> {
  const rows = await deps.db
    .select({ asset: assets, bundleName: assetBundles.name })
    .from(assets)
    .innerJoin(assetBundles, eq(assetBundles.id, assets.bundleId))
    .where(where)
    .orderBy(...order, asc(assets.path), asc(assets.id));
  if (rows.length === 0) return [];
  const key = await fileUrlKey(deps.db, deps.config);
  const now = Date.now();
  return rows.map(({ asset, bundleName }) => ({
    id: asset.id,
    bundle_name: bundleName,
    ...asEntry(asset),
    url: signedFileUrl(key, asset.storedName, asset.sha256.slice(0, 12), now),
    created_at: asset.createdAt.toISOString(),
  }));
}

/** GET assets/categories/{category}: the platform assets of the category, by path. */
export async function listCategoryAssets(deps: { db: Db; config: Config }, category: AssetCategory): Promise<Asset[]> {
  return presentAssets(deps, and(isNull(assets.clubId), eq(assets.category, category)), []);
}

/** GET assets/{clubId}[/{element}]: the club's assets, by element name and path (404 for a club that does not exist). */
export async function listClubAssets(deps: { db: Db; config: Config }, clubId: number, element?: string): Promise<Asset[]> {
  const [club] = await deps.db.select({ id: clubs.id }).from(clubs).where(eq(clubs.id, clubId));
  if (!club) throw notFound('assets.clubNotFound');
  const where = element === undefined ? eq(assets.clubId, clubId) : and(eq(assets.clubId, clubId), eq(assets.elementName, element));
  return presentAssets(deps, where, [asc(assets.elementName)]);
}
