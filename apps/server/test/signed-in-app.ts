import { afterAll, beforeAll } from 'vitest';
import { signInActors } from './actors';
import { buildTestApp, demoIds, type TestApp } from './test-app';

/** What a suite acting as the demo club's owner works with; read in tests and hooks, once beforeAll has run. */
export interface DemoOwnerSuite {
  /** The app on a database with the demo seed. */
  t: TestApp;
  /** The bearer token of owner@example.com. */
  owner: string;
  /** The Danish demo club (Fjordvang), which the owner owns. */
  club: number;
}

/**
 * The preamble of a suite that uploads and calls as the demo club's owner. Call it in a describe:
 * it registers beforeAll (builds the app on the demo seed, signs the owner in) and afterAll
 * (closes the app), and answers the object those fill in.
 */
export function demoOwnerSuite(): DemoOwnerSuite {
  const suite = {} as DemoOwnerSuite;
  beforeAll(async () => {
    suite.t = await buildTestApp();
    suite.club = (await demoIds(suite.t)).dkClubId;
    ({ owner: suite.owner } = await signInActors(suite.t, ['owner']));
  });
  afterAll(() => suite.t?.close());
  return suite;
}
