/**
 * Making a guide's products as jobs (§4, §7 Guides; issue 10 "Jobs"). A generate call marks the
 * product requested (in progress while the request is later than the time last made) and queues
 * one job per guide and product — a second click while it is queued or running answers the same
 * job. The job reads the guide as it is then, renders in the render worker (off the event loop,
 * with a time limit), stores the files and sets the time made; a failure puts the request time
 * back, so the product no longer shows as in progress, and the job keeps the reason.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { GenerateResponse, ReleaseResponse } from '@golf/contract/api/guide-generation';
import { guideJobKind, RELEASE_ALL_JOB_KIND } from '@golf/contract/api/guide-generation';
import { DIGITAL_GUIDE_SCHEMA_VERSION, type DigitalGuide } from '@golf/contract/api/digital-guide';
import { GUIDE_PRODUCTS, type GuideProduct } from '@golf/contract/api/guides';
import type { GuideRenderInput } from '@golf/contract/print/input';
import { guides } from '../../../db/schema/index';
import type { Db, DbOrTx } from '../../../platform/database';
import { HttpError } from '../../../platform/errors';
import type { FileStorage } from '../../../platform/storage';
import { jobQueue, type JobContext } from '../../../platform/jobs';
import { renderInWorker } from '../render/render';
import type { RenderTask } from '../render/tasks';
import { guideOfClub } from '../guide-rows';
import { buildGuideRenderInput } from './render-input';
import { deleteGuideFolder, storeProduct, type StoredFile } from './storage';

/** Longest a product may take from start to stored files. */
export const GENERATION_TIME_LIMIT_MS = 5 * 60_000;

/** The guides table's properties for each product's times. */
const TIMES = {
  json: { requested: 'requestedAtJson', generated: 'generatedAtJson' },
  overview: { requested: 'requestedAtOverview', generated: 'generatedAtOverview' },
  pdf: { requested: 'requestedAtPdf', generated: 'generatedAtPdf' },
  tee_signs: { requested: 'requestedAtTeeSigns', generated: 'generatedAtTeeSigns' },
  web_images: { requested: 'requestedAtWebImages', generated: 'generatedAtWebImages' },
  green_drawings: { requested: 'requestedAtGreenDrawings', generated: 'generatedAtGreenDrawings' },
} as const satisfies Record<GuideProduct, { requested: keyof typeof guides.$inferSelect; generated: keyof typeof guides.$inferSelect }>;

export interface GuideJobData {
  clubId: number;
  guideId: number;
}

/** The progress message while a product is made ('Generating PDF Guide', …; §4), in English in the job (the screen shows its own translation of the product's message). */
const MESSAGES: Record<GuideProduct, string> = {
  json: 'Generating Digital Guide',
  overview: 'Generating Overview',
  pdf: 'Generating PDF Guide',
  tee_signs: 'Generating Tee Signs',
  web_images: 'Generating Web Images',
  green_drawings: 'Generating Green Drawings',
};

/** Files with unique names (two courses both have a hole 1): a later one gets its course's position. */
function uniqueNames(files: StoredFile[]): StoredFile[] {
  const seen = new Map<string, number>();
  return files.map((f) => {
    const n = (seen.get(f.name) ?? 0) + 1;
    seen.set(f.name, n);
    if (n === 1) return f;
    const dot = f.name.lastIndexOf('.');
    return { ...f, name: `${f.name.slice(0, dot)}-c${n}${f.name.slice(dot)}` };
  });
}

async function render(task: RenderTask): Promise<StoredFile[]> {
  const result = await renderInWorker(task);
  return result.files;
}

/** The files of one product of the guide whose render input is `input`. */
export async function productFiles(product: GuideProduct, input: GuideRenderInput, digital: Omit<DigitalGuide, 'courses' | 'sponsors' | 'title' | 'language' | 'schema_version'>, images: Record<string, Uint8Array>): Promise<StoredFile[]> {
  switch (product) {
    case 'pdf': {
      // The printed guide as it prints at home, the print shop's copy (3 mm bleed, crop marks) and the saddle-stitched booklet.
      const plain = await render({ product: 'guide-pdf', input, images });
      const shop = await render({ product: 'guide-pdf', input, images, pdf: { bleedMm: 3, cropMarks: true } });
      const booklet = await render({ product: 'guide-pdf', input, images, pdf: { imposition: 'saddle-stitch' } });
      return [plain[0], { ...shop[0], name: 'print-shop.pdf' }, { ...booklet[0], name: 'booklet.pdf' }];
    }
    case 'overview': {
      const pages = Object.fromEntries(Object.keys(input.guide.pages).map((k) => [k, k === 'overview'])) as typeof input.guide.pages;
      const files = await render({ product: 'guide-pdf', input: { ...input, guide: { ...input.guide, pages } }, images });
      return [{ ...files[0], name: 'overview.pdf' }];
    }
    case 'tee_signs':
      return render({ product: 'tee-signs', input, images });
    case 'green_drawings':
      return uniqueNames(await render({ product: 'green-drawings', input }));
    case 'web_images':
      return uniqueNames(await render({ product: 'web-images', input, images }));
    case 'json': {
      const document: DigitalGuide = { schema_version: DIGITAL_GUIDE_SCHEMA_VERSION, ...digital, title: input.guide.title, language: input.guide.language, courses: input.courses, sponsors: input.sponsors };
      return [{ name: 'guide.json', contentType: 'application/json', data: new TextEncoder().encode(JSON.stringify(document)) }];
    }
  }
}

/** The message of a job whose guide was deleted while it ran: it fails with it, and leaves no files. */
export const GUIDE_GONE_MESSAGE = 'The guide was deleted while its product was being made';

async function guideExists(db: Db, clubId: number, guideId: number): Promise<boolean> {
  const rows = await db.select({ id: guides.id }).from(guides).where(and(eq(guides.id, guideId), eq(guides.clubId, clubId)));
  return rows.length > 0;
}

/**
 * A guide may be deleted while its job runs. Its files must all go, also those this job stores
 * after the delete removed the guide's folder. The job checks the guide before it stores anything,
 * and after storing it sets the time made with an UPDATE that must find the guide's row: that
 * update and the delete's DELETE are ordered by the database. Either the update came first — then
 * every file of this job was stored before the delete committed, and the delete's removal of the
 * whole folder (which starts after its commit) takes them — or the row was gone, and the job
 * removes the guide's folder itself before it fails. The same clean-up runs for any failure that
 * finds the guide gone (a run stopped half-way and run again after the delete), so no order of
 * events leaves a file behind.
 * Not chosen: holding a share lock on the guide's row while storing. On the embedded database
 * there is one connection (decision 0008): a transaction open for the seconds a product takes to
 * store (72 web images; an S3 bucket) would hold every other request of the server up.
 */
async function runGeneration(db: Db, storage: FileStorage, product: GuideProduct, job: JobContext<GuideJobData>): Promise<{ product: GuideProduct; files: number }> {
  const { clubId, guideId } = job.data;
  const message = MESSAGES[product];
  try {
    await job.progress(5, message);
    const { input, images, version } = await buildGuideRenderInput(db, storage, clubId, guideId);
    job.signal.throwIfAborted();
    await job.progress(20, message);
    const madeAt = new Date();
    const files = await productFiles(product, input, { guide_id: guideId, version, generated_at: madeAt.toISOString(), club: { id: clubId, name: input.club.name } }, images);
    job.signal.throwIfAborted();
    await job.progress(85, message);
    // Nothing is stored for a guide deleted while it was rendered.
    if (!(await guideExists(db, clubId, guideId))) throw new Error(GUIDE_GONE_MESSAGE);
    await storeProduct(storage, { clubId, guideId, product }, files, madeAt);
    const made = await db
      .update(guides)
      // The time of completion: later than the request that this job answers, even one that came while it ran.
      .set({ [TIMES[product].generated]: new Date() })
      .where(and(eq(guides.id, guideId), eq(guides.clubId, clubId)))
      .returning({ id: guides.id });
    // No row: the guide was deleted while the files were stored (the clean-up below removes them).
    if (made.length === 0) throw new Error(GUIDE_GONE_MESSAGE);
    await job.progress(100, message);
    return { product, files: files.length };
  } catch (error) {
    // (A failed check counts as the guide being there: the error below is then the job's.)
    if (!(await guideExists(db, clubId, guideId).catch(() => true))) {
      await deleteGuideFolder(storage, clubId, guideId);
      throw new Error(GUIDE_GONE_MESSAGE, { cause: error });
    }
    // No longer in progress (§4): the request time goes back to the time last made.
    await db
      .update(guides)
      .set({ [TIMES[product].requested]: sql`${guides[TIMES[product].generated]}` })
      .where(and(eq(guides.id, guideId), eq(guides.clubId, clubId)));
    throw error;
  }
}

/** Registers one job kind per product (at start; again for a second app on the same database). */
export function registerGuideJobs(db: Db, storage: FileStorage): void {
  const jobs = jobQueue(db);
  for (const product of GUIDE_PRODUCTS) {
    jobs.register<GuideJobData>(guideJobKind(product), (job) => runGeneration(db, storage, product, job), { timeLimitMs: GENERATION_TIME_LIMIT_MS, requestable: true });
  }
  jobs.register<ReleaseAllJobData>(RELEASE_ALL_JOB_KIND, (job) => runReleaseAll(db, job), { timeLimitMs: RELEASE_ALL_TIME_LIMIT_MS });
}

/** Marks the product requested and queues its job (or answers the one already queued or running). */
export async function requestGeneration(db: Db, clubId: number, guideId: number, product: GuideProduct, requestId?: string): Promise<GenerateResponse> {
  await guideOfClub(db, clubId, guideId);
  const requestedAt = new Date();
  const { id, existing } = await jobQueue(db).enqueue(guideJobKind(product), { clubId, guideId } satisfies GuideJobData, {
    singletonKey: `${clubId}:${guideId}`,
    clubId,
    guideId,
    requestId,
  });
  if (!existing) await db.update(guides).set({ [TIMES[product].requested]: requestedAt }).where(and(eq(guides.id, guideId), eq(guides.clubId, clubId)));
  const [row] = await db.select({ at: guides[TIMES[product].requested] }).from(guides).where(eq(guides.id, guideId));
  return { job_id: id, existing, requested_at: (row?.at ?? requestedAt).toISOString() };
}

/** Release (§7): the chosen products of these guides, each as its job (one guide's release; the demo). */
export async function releaseGuides(db: Db, clubId: number, guideIds: number[], products: GuideProduct[], requestId?: string): Promise<ReleaseResponse> {
  const jobs: ReleaseResponse['jobs'] = [];
  for (const guideId of guideIds) {
    for (const product of products) {
      const { job_id, existing } = await requestGeneration(db, clubId, guideId, product, requestId);
      jobs.push({ guide_id: guideId, product, job_id, existing });
    }
  }
  return { jobs, side_effects: products };
}

/** Longest the release-all job may take to queue the products of every guide of a club. */
export const RELEASE_ALL_TIME_LIMIT_MS = 10 * 60_000;

export interface ReleaseAllJobData {
  clubId: number;
  products: GuideProduct[];
  requestId: string | null;
}

/**
 * POST guides/release-all (§7): answers at once with ONE job, which queues the chosen products of
 * every guide of the club in the background (queuing hundreds of jobs inside the request ran past
 * its deadline). The same release of the club while it is queued or running answers that job:
 * two clicks queue the work once. The products' own jobs then take turns with other clubs' jobs
 * (platform/jobs.ts), so a club's release does not hold up the other clubs.
 */
export async function requestReleaseAll(db: Db, clubId: number, products: GuideProduct[], requestId?: string): Promise<ReleaseResponse> {
  const chosen = GUIDE_PRODUCTS.filter((p) => products.includes(p));
  const { id, existing } = await jobQueue(db).enqueue(RELEASE_ALL_JOB_KIND, { clubId, products: chosen, requestId: requestId ?? null } satisfies ReleaseAllJobData, {
    singletonKey: `${clubId}:${chosen.join(',')}`,
    clubId,
    requestId,
  });
  // The club's guides show the products in progress from now (§4: the request time is later than
  // the time last made), in one statement; the job sets each again as it queues its job.
  if (!existing) await db.update(guides).set(Object.fromEntries(chosen.map((p) => [TIMES[p].requested, new Date()]))).where(eq(guides.clubId, clubId));
  return { jobs: [], side_effects: products, job_id: id, existing };
}

/** The products that will not be made after all are no longer in progress: the request time goes back to the time last made. */
async function unmarkRequested(db: Db, clubId: number, guideIds: number[], products: GuideProduct[]): Promise<void> {
  if (guideIds.length === 0 || products.length === 0) return;
  await db
    .update(guides)
    .set(Object.fromEntries(products.map((p) => [TIMES[p].requested, sql`${guides[TIMES[p].generated]}`])))
    .where(and(eq(guides.clubId, clubId), inArray(guides.id, guideIds)));
}

/**
 * The release-all job: the products' jobs of every guide of the club as it is now, in app order.
 * A guide deleted meanwhile is passed over; a product of a guide already queued or running is that
 * job (nothing runs twice), so running the whole job again after an interruption is safe.
 */
async function runReleaseAll(db: Db, job: JobContext<ReleaseAllJobData>): Promise<{ guides: number; queued: number; existing: number; products: GuideProduct[] }> {
  const { clubId, products, requestId } = job.data;
  const guideIds = await clubGuideIds(db, clubId);
  const total = guideIds.length * products.length;
  const message = `Queueing ${products.length} product${products.length === 1 ? '' : 's'} of ${guideIds.length} guide${guideIds.length === 1 ? '' : 's'}`;
  await job.progress(0, message);
  let queued = 0;
  let existing = 0;
  let next = 0;
  try {
    for (; next < total; next++) {
      job.signal.throwIfAborted();
      const guideId = guideIds[Math.floor(next / products.length)];
      const product = products[next % products.length];
      try {
        const answer = await requestGeneration(db, clubId, guideId, product, requestId ?? undefined);
        if (answer.existing) existing++;
        else queued++;
      } catch (error) {
        if (!(error instanceof HttpError && error.statusCode === 404)) throw error;
      }
      await job.progress(((next + 1) * 100) / total, message);
    }
  } catch (error) {
    // The request marked every guide's products in progress: those not queued are not any more.
    const g = Math.floor(next / products.length);
    await unmarkRequested(db, clubId, [guideIds[g]], products.slice(next % products.length))
      .then(() => unmarkRequested(db, clubId, guideIds.slice(g + 1), products))
      .catch(() => {});
    throw error;
  }
  return { guides: guideIds.length, queued, existing, products };
}

/** The ids of the club's guides, in app order. */
export async function clubGuideIds(db: DbOrTx, clubId: number): Promise<number[]> {
  const rows = await db.select({ id: guides.id }).from(guides).where(eq(guides.clubId, clubId)).orderBy(guides.appOrder, guides.id);
  return rows.map((r) => r.id);
}
