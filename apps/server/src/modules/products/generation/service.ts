/**
 * Making a guide's products as jobs (§4, §7 Guides; issue 10 "Jobs"). A generate call marks the
 * product requested (in progress while the request is later than the time last made) and queues
 * one job per guide and product — a second click while it is queued or running answers the same
 * job. The job reads the guide as it is then, renders in the render worker (off the event loop,
 * with a time limit), stores the files and sets the time made; a failure puts the request time
 * back, so the product no longer shows as in progress, and the job keeps the reason.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { GenerateResponse, ReleaseResponse } from '@golf/contract/api/guide-generation';
import { guideJobKind } from '@golf/contract/api/guide-generation';
import { DIGITAL_GUIDE_SCHEMA_VERSION, type DigitalGuide } from '@golf/contract/api/digital-guide';
import { GUIDE_PRODUCTS, type GuideProduct } from '@golf/contract/api/guides';
import type { GuideRenderInput } from '@golf/contract/print/input';
import { guides } from '../../../db/schema/index';
import type { Db, DbOrTx } from '../../../platform/database';
import type { FileStorage } from '../../../platform/storage';
import { jobQueue, type JobContext } from '../../../platform/jobs';
import { renderInWorker } from '../render/render';
import type { RenderTask } from '../render/tasks';
import { DEMO_GUIDE_TITLE } from '../../../db/seed-products';
import { guideOfClub } from '../service';
import { buildGuideRenderInput } from './render-input';
import { storeProduct, type StoredFile } from './storage';

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

/** The §4 progress messages, in English in the job (the screen shows its own translation of the product's message). */
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
    await storeProduct(storage, { clubId, guideId, product }, files, madeAt);
    await db
      .update(guides)
      // The time of completion: later than the request that this job answers, even one that came while it ran.
      .set({ [TIMES[product].generated]: new Date() })
      .where(and(eq(guides.id, guideId), eq(guides.clubId, clubId)));
    await job.progress(100, message);
    return { product, files: files.length };
  } catch (error) {
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

/** Release (§7): the chosen products of these guides, each as its job. */
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

/** The ids of the club's guides, in app order. */
export async function clubGuideIds(db: DbOrTx, clubId: number): Promise<number[]> {
  const rows = await db.select({ id: guides.id }).from(guides).where(eq(guides.clubId, clubId)).orderBy(guides.appOrder, guides.id);
  return rows.map((r) => r.id);
}

/** The demo guide's products, queued once when the demo is written (its guide then shows them made). */
export async function releaseDemoGuide(db: Db): Promise<void> {
  const rows = await db.select({ id: guides.id, clubId: guides.clubId }).from(guides).where(eq(guides.title, DEMO_GUIDE_TITLE));
  for (const row of rows) await releaseGuides(db, row.clubId, [row.id], [...GUIDE_PRODUCTS]);
}
