import type { APIRequestContext } from '@playwright/test';
import type { AssetBundle, AssetUpload } from '@golf/contract/api/assets';
import type { ComputeMismatchesResponse, MismatchComputation } from '@golf/contract/api/mismatches';
import { zipArchive } from '../../server/test/zip';
import { apiToken, DEMO, expect } from './support';
import { DEMO_CLUB, ownerHeaders } from './screens';

// Data of the administration screens (issue 26) set up through the API, shared by their specs
// (assets, mismatches) and the accessibility states of those screens (a11y-states.ts).

export async function adminHeaders(request: APIRequestContext) {
  return { Authorization: `Bearer ${await apiToken(request, DEMO.admin)}` };
}

// ---- Assets: zip bundles, uploaded (checked, waiting) and published.

/** A zip of stored (uncompressed) entries, written byte by byte (the server tests' writer). */
export function storedZip(entries: { name: string; data: Buffer }[]): Buffer {
  return zipArchive(entries.map((entry) => ({ ...entry, store: true })));
}

/** A small SVG icon of one colour. */
export const svg = (colour: string) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="${colour}"/></svg>`);

/** POST assets/upload as the admin: the zip checked and waiting to be published (its preview). */
export async function uploadBundle(request: APIRequestContext, name: string, zip: Buffer): Promise<AssetUpload> {
  const uploaded = await request.post('/api/assets/upload', {
    headers: await adminHeaders(request),
    multipart: { name, file: { name: `${name}.zip`, mimeType: 'application/zip', buffer: zip } },
  });
  expect(uploaded.status(), `upload of ${name}: ${await uploaded.text()}`).toBe(201);
  return (await uploaded.json()) as AssetUpload;
}

/** POST assets/uploads/{id}/publish as the admin. */
export async function publishUpload(request: APIRequestContext, upload: AssetUpload): Promise<AssetBundle> {
  const published = await request.post(`/api/assets/uploads/${upload.id}/publish`, { headers: await adminHeaders(request) });
  expect(published.status(), `publishing ${upload.bundle_name}: ${await published.text()}`).toBe(200);
  return (await published.json()) as AssetBundle;
}

/** Deletes the published bundles of these names and discards their waiting uploads, whatever a test reached. */
export async function removeBundles(request: APIRequestContext, names: readonly string[]): Promise<void> {
  const headers = await adminHeaders(request);
  const bundles = (await (await request.get('/api/assets/bundles', { headers })).json()) as AssetBundle[];
  for (const b of bundles.filter((x) => names.includes(x.name))) await request.delete(`/api/assets/upload/${encodeURIComponent(b.name)}`, { headers });
  const uploads = (await (await request.get('/api/assets/uploads', { headers })).json()) as AssetUpload[];
  for (const u of uploads.filter((x) => names.includes(x.bundle_name))) await request.delete(`/api/assets/uploads/${u.id}`, { headers });
}

// ---- Mismatches: a course of the demo club whose second tee has no distance, and the computation.

/** The id of the demo club's course of this name, or null. */
export async function courseNamed(request: APIRequestContext, name: string): Promise<number | null> {
  const headers = await ownerHeaders(request);
  const courses = (await (await request.get(`/api/clubs/${DEMO_CLUB}/courses`, { headers })).json()) as { id: number; name: string }[];
  return courses.find((c) => c.name === name)?.id ?? null;
}

/**
 * A course of one hole (no drawing) in the demo club with a yellow tee, then a second tee `tee`
 * that has no distance yet: the computation finds 'Tee … has no distance on hole 1' and 'Hole 1
 * has no drawing'. Answers the course's id.
 */
export async function createCourseWithoutDistance(request: APIRequestContext, name: string, tee: string): Promise<number> {
  const headers = await ownerHeaders(request);
  const created = await request.post(`/api/clubs/${DEMO_CLUB}/courses`, {
    headers,
    data: { name, tees: [{ name: 'Yellow', color: '#fbc02d' }], holes: [{ name: 'Hole 1', par: 4, handicap: 1, distances: [{ tee: 0, distance: 320 }] }] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const course = (await created.json()) as { id: number };
  const added = await request.post(`/api/clubs/${DEMO_CLUB}/tees`, { headers, data: { course_id: course.id, name: tee, color: '#1565c0' } });
  expect(added.status(), await added.text()).toBe(201);
  return course.id;
}

/** Deletes the demo club's course of this name, if there is one. */
export async function deleteCourseNamed(request: APIRequestContext, name: string): Promise<void> {
  const id = await courseNamed(request, name);
  if (id !== null) await request.delete(`/api/clubs/${DEMO_CLUB}/courses/${id}`, { headers: await ownerHeaders(request) });
}

/**
 * POST admin/mismatches/compute as the admin, then waits until the job has finished (it may wait
 * its turn behind the demo's own jobs on a fresh server) and checks that it completed.
 */
export async function computeMismatches(request: APIRequestContext, timeout = 120_000): Promise<void> {
  const headers = await adminHeaders(request);
  const asked = await request.post('/api/admin/mismatches/compute', { headers });
  expect(asked.status(), await asked.text()).toBe(202);
  const { computation } = (await asked.json()) as ComputeMismatchesResponse;
  let last: MismatchComputation = computation;
  await expect
    .poll(
      async () => {
        last = (await (await request.get(`/api/admin/mismatches/compute/${computation.job_id}`, { headers })).json()) as MismatchComputation;
        return last.state;
      },
      { timeout, intervals: [500, 1_000, 2_000] },
    )
    .toMatch(/^(completed|failed|cancelled)$/);
  expect(last, 'the computation').toMatchObject({ state: 'completed', error: null });
}
