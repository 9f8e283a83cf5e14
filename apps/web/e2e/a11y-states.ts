import { join } from 'node:path';
import sharp from 'sharp';
import type { Locator, Page, Route } from '@playwright/test';
import type { Job } from '@golf/contract/api/jobs';
import { SCREENS, type ScreenName } from '../src/config/screens';
import { expectAccessible, VISITORS, WIDTHS } from './axe';
import { computeMismatches, createCourseWithoutDistance, deleteCourseNamed, publishUpload, removeBundles, storedZip, svg, uploadBundle } from './admin-setup';
import { apiToken, apiUpdateProfile, DEMO, expect, LANGUAGE_KEY, openAs, standIns, test, type DemoUser } from './support';
import { waitForDemoSeason } from './insights-support';
import { answerTiles, CLUB_ROUTES, DEMO_CLUB, LOADING, settle, STEP_LIMIT } from './screens';
import { pattern, texts, type Tr } from './texts';

// axe-core on what a screen shows beyond its first view: every dialog (upload, logo, roles,
// confirmations…), menus, the narrow side menu, the chart's table, the member and course imports'
// steps. In English (the admin) and Danish (the region owner), wide and 390 px narrow. Dialogs are
// opened from the keyboard (focus, Enter) and closed with Escape, which must hand the focus back.
//
// Checked in the route table's visit of each screen (e2e/route-table.ts calls checkScreenStates
// once its own checks of the first view are done): each of the screen's states is opened in turn,
// checked wide and narrow, and closed again, each state a step (`test.step`), so the report names
// the state (and width) that failed. A state that fails is noted, and the screen's remaining states
// are still checked, on the screen loaded anew; the test fails at its end naming every failed
// state. (Was a test per screen of its own in this file, which loaded each of 42 screens a second
// time per visitor; before that a test per state, 86 screen loads.) A browser context shared by a
// visitor's screens saves nothing more: routing (`page.route`, which answers the map tiles) turns
// the HTTP cache off, and the service worker, whose precache was most of a first load's cost, is
// blocked in these tests (playwright.config.ts; csp.spec.ts tests it). The imports' steps and the
// refused sign-in are this file's own tests (screenStateChecks).
//
// ADDING A SCREEN'S STATES: one entry of SCREEN_STATES below (a state of a screen already listed
// is one more element of that entry's `states`).
//
//   {
//     screen: 'users',            // a name of config/screens.ts (the route table), once in the list;
//                                 // opened in the demo club with the demo's ids (e2e/screens.ts)
//     adminOnly: true,            // optional: only the admin's visit (English) checks it
//     states: [                   // opened in this order, in one visit
//       {
//         name: 'new user dialog',                                  // the step's and the finding's name
//         open: opensDialog((tr) => tr('users.newUser')),           // opens it: returns what must be visible
//                                                                   // (`shown`) and the control whose
//                                                                   // focus comes back (`opener`), if any
//         close: async (page, tr) => { … },                         // optional: leaves it; default Escape,
//                                                                   // then `shown` hidden, focus on `opener`
//         narrowOnly: true,                                         // optional: only at 390 px
//         adminOnly: true,                                          // optional: only the admin's visit
//         leavesChanges: true,                                      // optional: it leaves the screen changed
//                                                                   // (unsaved edits): the next state gets
//                                                                   // the screen loaded anew
//       },
//     ],
//   },
//
// `open` and `close` run once per width (wide, then narrow) on the same page, so each must work
// again after the last one closed. `tr` gives the visitor's texts (e2e/texts.ts).


/** Positions near the demo club, for features typed into the hole editor (never saved). */
const BUNKER = '55.7101, 9.5301\n55.7102, 9.5303\n55.7100, 9.5304';
const LABEL_AT = '55.7101, 9.5301';
const MEMBERS_XLSX = join(import.meta.dirname, '../../server/src/modules/members/fixtures/members-libreoffice.xlsx');
const OSM_FIXTURE = join(import.meta.dirname, '../../server/src/seed/data/augusta-national.geojson');
/** The club whose members the import test adds (Augusta, admin only), so the demo club's member list stays as the members spec expects. */
const IMPORT_CLUB = 3;

/** One dialog, menu or view of a screen, checked wide and narrow (the entry format is at the top of the file). */
interface UiState {
  name: string;
  adminOnly?: boolean;
  narrowOnly?: boolean;
  /** Opens it; `opener` (when given) must have the focus again once it is closed. */
  open: (page: Page, tr: Tr) => Promise<{ shown: Locator; opener?: Locator }>;
  /** Leaves it again; Escape by default. */
  close?: (page: Page, tr: Tr) => Promise<void>;
  /** It leaves the screen changed (unsaved edits): the screen's next state starts on it loaded anew. */
  leavesChanges?: boolean;
}

/** A screen's states, checked in one visit per visitor (the entry format is at the top of the file). */
interface ScreenStates {
  screen: ScreenName;
  adminOnly?: boolean;
  states: UiState[];
}

/** Activates a control from the keyboard: focus, then Enter. */
async function press(control: Locator): Promise<Locator> {
  await control.focus();
  await control.press('Enter');
  return control;
}

const dialog = (page: Page) => page.getByRole('dialog');
const button = (page: Page, name: string | RegExp) => page.getByRole('button', { name, exact: typeof name === 'string' ? true : undefined, disabled: false }).first();
const opensDialog = (name: (tr: Tr) => string | RegExp) => async (page: Page, tr: Tr) => ({ opener: await press(button(page, name(tr))), shown: dialog(page) });

async function typeFeature(page: Page, tr: Tr, element: string, geometry: string, positions: string) {
  const name = tr(`graphics.elements.${element}`);
  await press(page.getByRole('button', { name: `${tr('holeEditor.drawVerb')} ${name} ${tr(`holeEditor.geometry.${geometry}`)}`, exact: true }));
  await page.getByRole('textbox', { name: tr('holeEditor.coordinates.label') }).fill(positions);
  await press(button(page, tr('holeEditor.coordinates.add', { element: name })));
}

/** A tab of the communication screen, opened from the keyboard; closing it goes back to Posts. */
function feedTab(view: 'messages' | 'feeds'): UiState {
  return {
    name: `${view} tab`,
    open: async (page, tr) => {
      const tab = page.getByRole('tab', { name: tr(`communication.tabs.${view}`) });
      await press(tab);
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      return { shown: page.getByRole('heading', { name: tr(view === 'messages' ? 'communication.messages.listHeading' : 'communication.feeds.itemsHeading') }) };
    },
    // Waits until Posts is the selected tab: the router applies a navigation in a transition, so
    // under load the next width could otherwise find this tab still selected and then watch the
    // page go back to Posts (CI 2026-11-27, twice: 'Enter not taken' at 16:48 was this too).
    close: async (page, tr) => {
      const posts = page.getByRole('tab', { name: tr('communication.tabs.posts') });
      await press(posts);
      await expect(posts).toHaveAttribute('aria-selected', 'true');
    },
  };
}

/** A dialog of the Members tab (?view=members) of the demo's Seniorklubben, opened from the keyboard. */
function communityMembersDialog(name: string, opener: (tr: Tr) => string | RegExp): UiState {
  return {
    name,
    open: async (page, tr) => {
      const tab = page.getByRole('tab', { name: tr('communities.tabs.members') });
      await press(tab);
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByTestId('community-member-row').first()).toBeVisible(LOADING);
      return opensDialog(opener)(page, tr);
    },
  };
}

/** A dialog of the elements screen's Attributes tab, opened from the keyboard. */
function attributesTabDialog(name: string, opener: (tr: Tr) => string): UiState {
  return {
    name,
    open: async (page, tr) => {
      const tab = page.getByRole('tab', { name: tr('adminElements.attributesTab') });
      await press(tab);
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      return opensDialog(opener)(page, tr);
    },
  };
}

/** The bundles of the assets screen's states: one waiting to be published, one published (set up before the run, removed after). */
const A11Y_RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const A11Y_PENDING = `A11y upload ${A11Y_RUN}`;
const A11Y_PUBLISHED = `A11y bundle ${A11Y_RUN}`;
/** The course of the mismatches screen's states: its tee A11Y_TEE has no distance (created on first use, removed after the run). */
const A11Y_COURSE = `A11y mismatch course ${A11Y_RUN}`;
const A11Y_TEE = `Blue ${A11Y_RUN}`;

let mismatchesReady: Promise<void> | null = null;

/**
 * The course with a tee without a distance, and a computation that found it (once per run: the
 * job may wait its turn behind the demo's own jobs); the screen is then loaded again to show it.
 */
async function mismatchesComputed(page: Page): Promise<void> {
  if (!mismatchesReady) {
    mismatchesReady = (async () => {
      await createCourseWithoutDistance(page.request, A11Y_COURSE, A11Y_TEE);
      await computeMismatches(page.request);
    })();
    await mismatchesReady;
    await page.reload();
  }
  await mismatchesReady;
}

/** GET events/jobs, as the jobs screen asks for it. */
const JOB_LIST = /\/api\/events\/jobs\?/;

/**
 * The jobs screen, loaded again with a job waiting at the top of its list. A real job does not wait
 * long enough to be looked at (the queue starts a requested job within seconds and most finish in
 * a few more), so the list's answer is the server's own with one waiting job put first: its Stop
 * opens the same confirmation, which is only closed again (nothing is sent to the server).
 */
async function showWaitingJob(page: Page, waiting: string): Promise<void> {
  // Once per page (the state is opened at each width): a handler taken away while one of its
  // calls is still on its way leaves that call to fail on its own.
  if (!routedJobLists.has(page)) {
    routedJobLists.add(page);
    await page.route(JOB_LIST, withWaitingJob);
  }
  await page.reload();
  await expect(page.getByTestId('job-row').first().getByText(waiting, { exact: true })).toBeVisible(LOADING);
}

const routedJobLists = new WeakSet<Page>();

/** The server's answer to the job list with one waiting job put first. */
async function withWaitingJob(route: Route): Promise<void> {
  // The screen asks for its list again and again while a job waits: an answer still on its way
  // when the page reloads or the test ends and closes the page is aborted or disposed with it
  // (CI 2026-11-29 09:10, both tries: 'Response has been disposed'). That ends the poll, not the test.
  try {
    const answer = await route.fetch();
    const jobs = (await answer.json()) as Job[];
    const job: Job = {
      id: '00000000-0000-4000-8000-00000000a11e',
      kind: 'guide.pdf',
      state: 'queued',
      percent: 0,
      message: null,
      attempts: 0,
      createdAt: new Date().toISOString(),
      startedAt: null,
      finishedAt: null,
      result: null,
      error: null,
      clubId: DEMO_CLUB,
      guideId: null,
      guideTitle: null,
      requestId: null,
    };
    await route.fulfill({ response: answer, json: [job, ...jobs] });
  } catch (error) {
    if (/disposed|closed|aborted/i.test(String(error))) return;
    throw error;
  }
}

const SCREEN_STATES: ScreenStates[] = [
  {
    screen: 'home',
    states: [
      { name: 'profile menu', open: async (page, tr) => ({ opener: await press(button(page, pattern(tr('shell.profileMenu')))), shown: page.getByRole('menu') }) },
      {
        name: 'side menu',
        narrowOnly: true,
        open: async (page, tr) => ({ opener: await press(button(page, tr('shell.openMenu'))), shown: page.getByRole('navigation', { name: tr('shell.mainMenu') }) }),
      },
    ],
  },
  {
    screen: 'gallery',
    states: [
      { name: 'upload dialog', open: opensDialog((tr) => tr('gallery.uploadImages')) },
      {
        name: 'delete confirmation',
        open: async (page, tr) => {
          await page.getByRole('checkbox', { name: pattern(tr('gallery.selectImage')) }).first().check();
          return opensDialog((t) => pattern(t('gallery.deleteSelected')))(page, tr);
        },
      },
    ],
  },
  {
    screen: 'information',
    states: [
      { name: 'logo dialog', open: opensDialog((tr) => tr('logo.change')) },
      { name: 'logo removal confirmation', open: opensDialog((tr) => tr('logo.remove')) },
    ],
  },
  {
    screen: 'users',
    states: [
      { name: 'new user dialog', open: opensDialog((tr) => tr('users.newUser')) },
      { name: 'edit user dialog', open: opensDialog((tr) => pattern(tr('users.edit.actionFor'))) },
      { name: 'roles dialog', open: opensDialog((tr) => pattern(tr('users.rolesDialog.actionFor'))) },
      { name: 'delete confirmation', open: opensDialog((tr) => pattern(tr('users.delete.actionFor'))) },
    ],
  },
  {
    screen: 'sponsors',
    states: [
      { name: 'new sponsor dialog', open: opensDialog((tr) => tr('sponsors.new')) },
      { name: 'edit sponsor dialog', open: opensDialog((tr) => pattern(tr('sponsors.editFor'))) },
      {
        name: 'delete confirmation with what the sponsor is used in',
        open: async (page, tr) => {
          const opened = await opensDialog((t) => pattern(t('sponsors.deleteFor')))(page, tr);
          await expect(page.getByTestId('sponsor-usage')).toBeVisible(LOADING);
          return opened;
        },
      },
    ],
  },
  {
    screen: 'someFeed',
    states: [
      { name: 'add post dialog', open: opensDialog((tr) => tr('communication.posts.add')) },
      { name: 'edit post dialog', open: opensDialog((tr) => pattern(tr('communication.posts.editFor'))) },
      { name: 'post deletion confirmation', open: opensDialog((tr) => pattern(tr('communication.posts.deleteFor'))) },
      feedTab('messages'),
      feedTab('feeds'),
    ],
  },
  { screen: 'communities', states: [{ name: 'new community dialog', open: opensDialog((tr) => tr('communities.new')) }] },
  {
    screen: 'community',
    states: [
      communityMembersDialog('invite dialog', (tr) => tr('communities.members.invite.action')),
      communityMembersDialog('mute dialog', (tr) => pattern(tr('communities.members.mute.actionFor'))),
    ],
  },
  { screen: 'clubs', adminOnly: true, states: [{ name: 'new club dialog', open: opensDialog((tr) => tr('clubs.newClub')) }] },
  // Administration (issue 26): admins only.
  {
    screen: 'adminElements',
    adminOnly: true,
    states: [
      { name: 'new element dialog', open: opensDialog((tr) => tr('adminElements.new')) },
      attributesTabDialog('new attribute dialog', (tr) => tr('adminElements.attributes.new')),
      attributesTabDialog('new unit dialog', (tr) => tr('adminElements.units.new')),
    ],
  },
  {
    screen: 'themes',
    adminOnly: true,
    states: [
      { name: 'new theme dialog', open: opensDialog((tr) => tr('adminThemes.new')) },
      { name: 'theme deletion confirmation', open: opensDialog((tr) => tr('adminThemes.delete')) },
    ],
  },
  {
    screen: 'regions',
    adminOnly: true,
    states: [
      { name: 'new region dialog', open: opensDialog((tr) => tr('regions.new')) },
      { name: 'region deletion confirmation', open: opensDialog((tr) => pattern(tr('regions.deleteNamed'))) },
      // The demo's region has the region owner (owner@example.com): only asked, never removed.
      { name: 'owner removal confirmation', open: opensDialog((tr) => pattern(tr('regions.removeOwner'))) },
    ],
  },
  {
    screen: 'assets',
    adminOnly: true,
    states: [
      // The bundles uploaded and published through the API before the run (A11Y_PENDING, A11Y_PUBLISHED).
      {
        name: "an uploaded bundle's preview",
        open: async (page) => {
          const card = page.getByRole('article', { name: A11Y_PENDING });
          await card.scrollIntoViewIfNeeded(LOADING);
          return { shown: card };
        },
        close: async () => undefined,
      },
      { name: 'publish confirmation', open: opensDialog((tr) => tr('assets.pending.publish', { name: A11Y_PENDING })) },
      { name: 'discard confirmation', open: opensDialog((tr) => tr('assets.pending.discard', { name: A11Y_PENDING })) },
      { name: 'bundle deletion confirmation', open: opensDialog((tr) => tr('assets.bundles.delete', { name: A11Y_PUBLISHED })) },
    ],
  },
  {
    screen: 'mismatches',
    adminOnly: true,
    states: [
      {
        name: 'computed findings',
        open: async (page, tr) => {
          await mismatchesComputed(page);
          const list = page.getByRole('list', { name: tr('mismatches.listLabel') });
          await list.scrollIntoViewIfNeeded(LOADING);
          return { shown: list };
        },
        close: async () => undefined,
      },
      {
        name: "'not an error' confirmation",
        open: async (page, tr) => {
          await mismatchesComputed(page);
          // The finding of the course created for the run (the admin's visit only: English, one hole).
          return opensDialog((t) => t('mismatches.dismissLabel', { what: t('mismatches.kinds.teeWithoutDistance_one', { tee: A11Y_TEE, holes: 1 }) }))(page, tr);
        },
      },
    ],
  },
  {
    screen: 'jobs',
    adminOnly: true,
    states: [
      {
        name: 'stop confirmation',
        open: async (page, tr) => {
          await showWaitingJob(page, tr('jobs.states.queued'));
          return opensDialog((t) => t('jobs.cancelNamed', { kind: t('jobs.kinds.guide_pdf') }))(page, tr);
        },
      },
    ],
  },
  {
    screen: 'managementClubInfo',
    states: [
      {
        // The admin's and the region owner's: a new handle, free, asks before it is saved (never saved here).
        name: 'handle change confirmation',
        leavesChanges: true,
        open: async (page, tr) => {
          await page.getByRole('textbox', { name: tr('management.clubInfo.handle'), exact: true }).fill(`fjordvang-a11y-${A11Y_RUN}`);
          await expect(page.getByText(tr('management.clubInfo.handleAvailable'))).toBeVisible({ timeout: 30_000 });
          return opensDialog((t) => t('common.save'))(page, tr);
        },
      },
    ],
  },
  {
    screen: 'metamapCourse',
    states: [
      {
        name: 'leave without saving',
        leavesChanges: true,
        open: async (page, tr) => {
          if ((await page.getByTestId('coordinates-form').count()) === 0) await typeFeature(page, tr, 'bunker', 'polygon', BUNKER);
          await press(page.getByRole('main').getByRole('link', { name: 'Fjordvang Links', exact: true }));
          return { shown: dialog(page) };
        },
      },
    ],
  },
  { screen: 'appUser', adminOnly: true, states: [{ name: 'erase confirmation', open: opensDialog((tr) => tr('appUsers.user.erase')) }] },
  { screen: 'clubApp', adminOnly: true, states: [{ name: 'new app key dialog', open: opensDialog((tr) => tr('clubApp.appKeys.create')) }] },
  {
    screen: 'course',
    states: [
      { name: 'tee dialog', open: opensDialog((tr) => tr('courses.tees.add')) },
      { name: 'tee deletion confirmation', open: opensDialog((tr) => pattern(tr('courses.tees.deleteNamed'))) },
      { name: 'hole removal confirmation', open: opensDialog((tr) => pattern(tr('courses.holes.removeOf'))) },
      { name: 'course deletion confirmation', open: opensDialog((tr) => tr('courses.delete')) },
    ],
  },
  {
    screen: 'pinPositions',
    states: [
      { name: 'new pin setup dialog', open: opensDialog((tr) => tr('pins.newSetup')) },
      { name: 'rename dialog', open: opensDialog((tr) => tr('pins.rename')) },
      { name: 'pin setup deletion confirmation', open: opensDialog((tr) => tr('pins.delete')) },
    ],
  },
  { screen: 'sponsorSetups', states: [{ name: 'setup deletion confirmation', open: opensDialog((tr) => pattern(tr('sponsorSetups.deleteNamed'))) }] },
  {
    screen: 'sponsorSetup',
    states: [
      { name: 'setup deletion confirmation', open: opensDialog((tr) => tr('sponsorSetups.delete')) },
      {
        name: 'leave without saving',
        leavesChanges: true,
        open: async (page, tr) => {
          await page.getByRole('textbox', { name: tr('sponsorSetups.name') }).fill('Sæson 2026 (ændret)');
          await press(page.getByRole('main').getByRole('link', { name: tr('sponsorSetups.back'), exact: true }));
          return { shown: dialog(page) };
        },
      },
    ],
  },
  {
    screen: 'manageAllHoles',
    states: [
      {
        name: 'leave without saving',
        leavesChanges: true,
        open: async (page, tr) => {
          await page.getByRole('textbox', { name: tr('courses.holes.parOf', { number: 1 }), exact: true }).fill('6');
          await press(page.getByRole('main').getByRole('link', { name: 'Fjordvang Links', exact: true }));
          return { shown: dialog(page) };
        },
      },
    ],
  },
  {
    screen: 'holeEditLabels',
    states: [
      {
        name: 'label dialog of a label placed by coordinates',
        leavesChanges: true,
        open: async (page, tr) => {
          await typeFeature(page, tr, 'label', 'point', LABEL_AT);
          return { shown: dialog(page) };
        },
      },
    ],
  },
  {
    screen: 'holeEdit',
    states: [
      {
        name: 'leave without saving',
        // The typed bunker stays unsaved: the feature list's state below starts on the editor as loaded.
        leavesChanges: true,
        open: async (page, tr) => {
          if ((await page.getByTestId('coordinates-form').count()) === 0) await typeFeature(page, tr, 'bunker', 'polygon', BUNKER);
          await press(page.getByRole('tab', { name: tr('holeEditor.modeNames.edit-pin-chart') }));
          return { shown: dialog(page) };
        },
      },
      {
        name: 'a feature selected from the list, its points typed',
        open: async (page) => {
          await press(page.getByTestId('feature-row').getByRole('button').first());
          await expect(page.getByTestId('vertex-editor')).toBeVisible();
          return { shown: page.getByTestId('vertex-editor') };
        },
        close: async (page) => {
          await page.getByTestId('hole-map').focus();
          await page.keyboard.press('Escape');
        },
      },
    ],
  },
  {
    screen: 'heightProfiles',
    states: [
      {
        name: 'a profile as a table',
        open: async (page, tr) => {
          await press(page.getByRole('button', { name: tr('heightProfiles.table') }).first());
          return { shown: page.getByTestId('profile-table').first() };
        },
        close: async (page, tr) => {
          await press(page.getByRole('button', { name: tr('heightProfiles.chart') }).first());
        },
      },
    ],
  },
  {
    screen: 'insightsGames',
    states: [
      {
        name: 'every section as a table',
        open: async (page, tr) => {
          // The sections show once the demo season (a job after the server's start) is stored.
          await waitForDemoSeason(page.request);
          await page.reload();
          const tables = page.getByRole('button', { name: tr('insights.games.table'), exact: true });
          await expect(tables.first()).toBeVisible(LOADING);
          for (const button of await tables.all()) await press(button);
          return { shown: page.getByTestId('section-table').first() };
        },
        close: async (page, tr) => {
          for (const button of await page.getByRole('button', { name: tr('insights.games.chart'), exact: true }).all()) await press(button);
        },
      },
    ],
  },
  {
    screen: 'insightsHeatmap',
    states: [
      {
        name: 'saved filters list',
        open: async (page, tr) => {
          // The list is disabled until the saved filters are loaded (CI 2026-11-27 13:40: Enter pressed before, nothing opened).
          const saved = page.getByRole('combobox', { name: tr('insights.heatmap.saved.label') });
          await expect(saved).toBeEnabled(LOADING);
          return { opener: await press(saved), shown: page.getByRole('listbox') };
        },
      },
      { name: 'save filter dialog', open: opensDialog((tr) => tr('insights.heatmap.saved.saveAs')) },
      {
        name: 'saved filter deletion confirmation',
        open: async (page, tr) => {
          // A filter of this run (each visitor's own), saved through the dialog, then its deletion asked.
          await press(button(page, tr('insights.heatmap.saved.saveAs')));
          await dialog(page).getByRole('textbox', { name: tr('insights.heatmap.saved.name') }).fill(`A11y ${Date.now()}`);
          await dialog(page).getByRole('button', { name: tr('insights.heatmap.saved.save'), exact: true }).click();
          await expect(dialog(page)).toBeHidden(LOADING);
          return opensDialog((t) => t('insights.heatmap.saved.delete'))(page, tr);
        },
      },
    ],
  },
  { screen: 'someStatus', states: [{ name: 'status deletion confirmation', open: opensDialog((tr) => tr('social.status.delete')) }] },
  { screen: 'someConnections', states: [{ name: 'disconnect confirmation', open: opensDialog((tr) => pattern(tr('social.connections.disconnectFor'))) }] },
];

async function ownerApi(page: { request: import('@playwright/test').APIRequestContext }) {
  return { Authorization: `Bearer ${await apiToken(page.request, DEMO.owner)}` };
}
/**
 * Opens `url` in `tab` signed in as `user` (`openAs`: a session through the API) and waits until
 * the screen has settled in the visitor's language.
 */
async function loadScreen(tab: Page, user: DemoUser, url: string, language: string): Promise<Page> {
  await answerTiles(tab);
  await openAs(tab, user, url);
  await settle(tab);
  await expect(tab.locator('html')).toHaveAttribute('lang', language);
  return tab;
}

/** Opens a state at one width, checks it with axe and closes it again. */
async function checkState(page: Page, tr: Tr, state: UiState, width: (typeof WIDTHS)[number]) {
  await page.setViewportSize(width.size);
  const { shown, opener } = await state.open(page, tr);
  await expect(shown).toBeVisible(LOADING);
  // The opener's tooltip fades out as the dialog takes the focus: checked once it has gone
  // (mid-fade its text is transparent, which axe reads as a contrast failure).
  await expect(page.locator('.MuiTooltip-popper')).toHaveCount(0);
  await expectAccessible(page, `${state.name}, ${width.name}`);
  if (state.close) {
    await state.close(page, tr);
  } else {
    await page.keyboard.press('Escape');
    await expect(shown).toBeHidden();
    if (opener) await expect(opener, 'the focus is back on what opened it').toBeFocused();
  }
}
/** Checks the page as it is, wide and then narrow (each a step), and leaves it wide. */
async function checkBothWidths(page: Page, state: string) {
  await test.step(state, async () => {
    for (const width of [...WIDTHS].reverse()) {
      await test.step(width.name, async () => {
        await page.setViewportSize(width.size);
        await expectAccessible(page, `${state}, ${width.name}`);
      });
    }
  });
}

/** The states of `screen` that `visitor` checks: none when the screen has no entry (or only the admin's). */
export function screenStates(screen: ScreenName, visitor: (typeof VISITORS)[number]): UiState[] {
  const entry = SCREEN_STATES.find((e) => e.screen === screen);
  if (!entry || (entry.adminOnly && !visitor.admin)) return [];
  return entry.states.filter((s) => visitor.admin || !s.adminOnly);
}

/**
 * Checks `states` of `screen`, loaded at `url` and settled in `page` (the route table's visit of
 * it, e2e/route-table.ts): each state opened, checked wide and narrow and closed, a step each. A
 * state that fails is noted and the remaining ones are checked on the screen loaded anew; the
 * test fails at the end naming every failed state. `page` may be closed when it returns.
 */
export async function checkScreenStates(page: Page, visitor: (typeof VISITORS)[number], screen: ScreenName, url: string, states: UiState[]): Promise<void> {
  const { user, language } = visitor;
  const tr = texts(language);
  const failed: string[] = [];
  // The uncaught errors of the screens loaded anew (the fixture watches `page`'s).
  const errors: string[] = [];
  let tab = page;
  let fresh = true;
  for (const state of states) {
    if (!fresh) {
      // As first loaded, in a new tab of the same context (the old one closed without its
      // unsaved-changes prompt): a reload of a screen with unsaved edits would meet that prompt.
      // With the service worker blocked (playwright.config.ts), a new tab loads as the first did.
      tab = await test.step(`load ${SCREENS[screen].path} anew`, async () => {
        const context = tab.context();
        await tab.close();
        const next = await context.newPage();
        next.on('pageerror', (error) => errors.push(error.message));
        return loadScreen(next, user, url, language);
      }, STEP_LIMIT);
    }
    try {
      await test.step(
        state.name,
        async () => {
          for (const width of WIDTHS.filter((w) => !state.narrowOnly || w.name === 'narrow')) await test.step(width.name, () => checkState(tab, tr, state, width));
        },
        STEP_LIMIT,
      );
      fresh = !state.leavesChanges;
    } catch (error) {
      // The step has failed (the report shows where): the rest is checked on the screen loaded anew.
      failed.push(`${state.name}: ${String(error instanceof Error ? error.message : error).split('\n')[0]}`);
      if (!tab.isClosed()) await test.info().attach(`${state.name} (failed)`, { body: await tab.screenshot(), contentType: 'image/png' }).catch(() => undefined);
      fresh = false;
    }
  }
  expect(failed, 'states that failed').toEqual([]);
  expect(errors, 'uncaught errors in the page').toEqual([]);
}

/**
 * The data the screens' states need (a logo, a sponsor with a logo, a status, a Facebook
 * connection, two asset bundles): made before the visitor's first screen and removed after its
 * last, in the worker's own database. Called by the route table's spec files, whose visit of a
 * screen checks its states (checkScreenStates).
 */
export function screenStatesData(): void {
  test.beforeAll(async ({ request }) => {
    // A logo, so the logo's removal can be confirmed (removed again after the run).
    const logo = await sharp({ create: { width: 256, height: 256, channels: 4, background: { r: 31, g: 111, b: 67, alpha: 1 } } }).png().toBuffer();
    const uploaded = await request.post(`/api/clubs/${DEMO_CLUB}/logo`, {
      headers: await ownerApi({ request }),
      multipart: { round_data: { name: 'logo.png', mimeType: 'image/png', buffer: logo } },
    });
    expect(uploaded.status(), 'logo upload').toBeLessThan(300);
  });

  test.afterAll(async ({ request }) => {
    const removed = await request.delete(`/api/clubs/${DEMO_CLUB}/logo`, { headers: await ownerApi({ request }) });
    expect(removed.status()).toBe(200);
  });

  // A sponsor with a logo, so the sponsor's edit dialog and delete confirmation can be opened (removed after the run).
  let sponsorId: number | null = null;

  test.beforeAll(async ({ request }) => {
    const headers = await ownerApi({ request });
    const created = await request.post(`/api/clubs/${DEMO_CLUB}/sponsors`, { headers, data: { name: `A11y sponsor ${Date.now()}`, url: 'https://sponsor.example/' } });
    expect(created.status(), 'sponsor creation').toBe(201);
    sponsorId = ((await created.json()) as { id: number }).id;
    const logo = await sharp({ create: { width: 300, height: 100, channels: 3, background: { r: 200, g: 30, b: 40 } } }).png().toBuffer();
    const uploaded = await request.post(`/api/clubs/${DEMO_CLUB}/sponsors/${sponsorId}/logo`, { headers, multipart: { data: { name: 'sponsor.png', mimeType: 'image/png', buffer: logo } } });
    expect(uploaded.status(), 'sponsor logo upload').toBeLessThan(300);
  });

  test.afterAll(async ({ request }) => {
    if (sponsorId === null) return;
    const removed = await request.delete(`/api/clubs/${DEMO_CLUB}/sponsors/${sponsorId}`, { headers: await ownerApi({ request }) });
    expect(removed.status()).toBeLessThan(300);
  });

  // A status and a Facebook connection (a page of the worker's stand-in), so the status's deletion and
  // the disconnect can be confirmed (both removed after the run).
  test.beforeAll(async ({ request }) => {
    const headers = await ownerApi({ request });
    const status = await request.post(`/api/clubs/${DEMO_CLUB}/announcement`, {
      headers,
      data: { header: 'A11y status', priority: 'important', body: 'Frost delay until 10:00.', start: new Date().toISOString(), end: null, channels: { rss: true, notification: false, facebook: false, national: false } },
    });
    expect(status.status(), 'status').toBeLessThan(300);
    const pageId = `${Date.now()}`;
    standIns().facebook.addPage(pageId, 'Fjordvang Golfklub (a11y)', `EAAB-a11y-${pageId}`);
    const connected = await request.put(`/api/clubs/${DEMO_CLUB}/connections/facebook`, { headers, data: { account_id: pageId, token: `EAAB-a11y-${pageId}` } });
    expect(connected.status(), 'Facebook connection').toBe(200);
  });

  test.afterAll(async ({ request }) => {
    const headers = await ownerApi({ request });
    expect((await request.delete(`/api/clubs/${DEMO_CLUB}/announcement`, { headers })).status()).toBeLessThan(300);
    expect((await request.delete(`/api/clubs/${DEMO_CLUB}/connections/facebook`, { headers })).status()).toBeLessThan(300);
  });

  // The assets screen's bundles: one published and one uploaded, waiting (both removed after the run,
  // with the mismatches' course if its states created it).
  test.beforeAll(async ({ request }) => {
    const published = await uploadBundle(request, A11Y_PUBLISHED, storedZip([{ name: `icons/a11y-${A11Y_RUN}-flag.svg`, data: svg('#1f6f43') }]));
    await publishUpload(request, published);
    await uploadBundle(request, A11Y_PENDING, storedZip([{ name: `icons/a11y-${A11Y_RUN}-pin.svg`, data: svg('#c62828') }]));
  });

  test.afterAll(async ({ request }) => {
    await removeBundles(request, [A11Y_PENDING, A11Y_PUBLISHED]);
    await deleteCourseNamed(request, A11Y_COURSE);
  });
}

/**
 * The imports' steps in the visitor's language and the refused sign-in (the states of the route
 * table's screens are checked in its visit of each, checkScreenStates): one spec file per visitor
 * (a11y-states-en.spec.ts, a11y-states-da.spec.ts), so the two run on the two workers side by side.
 */
export function screenStateChecks(visitor: (typeof VISITORS)[number]): void {
  const { language, admin } = visitor;
  const tr = texts(language);
  test.describe.configure({ timeout: 180_000 });

  if (admin) {
    test('every entry names a screen of the route table, each screen once, each with a state', () => {
      const names = new Set(CLUB_ROUTES.map((r) => r.name));
      for (const entry of SCREEN_STATES) {
        expect(names.has(entry.screen), entry.screen).toBe(true);
        expect(entry.states.length, `states of ${entry.screen}`).toBeGreaterThan(0);
        expect(new Set(entry.states.map((s) => s.name)).size, `state names of ${entry.screen}`).toBe(entry.states.length);
      }
      const screens = SCREEN_STATES.map((e) => e.screen);
      expect(screens.filter((s, i) => screens.indexOf(s) !== i), 'screens with two entries').toEqual([]);
    });
  }

  // The imports write data: they run as the admin in Augusta (club 3, whose members and courses no
  // other test counts), with the admin's language set to the one checked and put back after. Each
  // is one visit already: every step of the import is checked as it comes.
  test(`members import: every step of a file, the member list and its dialogs (${language})`, async ({ page, request }) => {
    await apiUpdateProfile(request, DEMO.admin, { language });
    try {
      await openAs(page, DEMO.admin, `/${IMPORT_CLUB}/club/import`);
      await settle(page);
      await press(page.getByRole('tab', { name: tr('membersImport.tab') }));
      await expect(page.getByLabel(tr('membersImport.file.inputLabel'))).toBeAttached();
      await checkBothWidths(page, 'file step');
      await page.getByLabel(tr('membersImport.file.inputLabel')).setInputFiles(MEMBERS_XLSX);
      const next = button(page, tr('membersImport.next'));
      await expect(next).toBeVisible(LOADING);
      await checkBothWidths(page, 'columns step');
      await press(next);
      await expect(page.getByTestId('import-issues')).toBeVisible(LOADING);
      await checkBothWidths(page, 'review step');
      await press(button(page, tr('membersImport.next')));
      const consent = page.getByRole('checkbox', { name: tr('membersImport.consent.label') });
      await expect(consent).toBeVisible();
      await checkBothWidths(page, 'consent step');
      await consent.check();
      await press(button(page, tr('membersImport.consent.upload')));
      await expect(page.getByText(tr('membersImport.result.title'))).toBeVisible(LOADING);
      await checkBothWidths(page, 'result step');

      await press(page.getByRole('tab', { name: tr('members.tab') }));
      await expect(page.getByTestId('member-row').first()).toBeVisible(LOADING);
      await checkBothWidths(page, 'member list');
      await page.getByRole('checkbox', { name: tr('members.selectPage') }).check();
      for (const action of ['members.invite.action', 'members.remove.action']) {
        const opener = await press(button(page, tr(action)));
        await expect(dialog(page)).toBeVisible();
        await checkBothWidths(page, `${action} dialog`);
        await page.keyboard.press('Escape');
        await expect(dialog(page)).toBeHidden();
        await expect(opener).toBeFocused();
      }
    } finally {
      await apiUpdateProfile(request, DEMO.admin, { language: 'en' });
    }
  });

  test(`course import: the preview of an OpenStreetMap export (${language})`, async ({ page, request }) => {
    await apiUpdateProfile(request, DEMO.admin, { language });
    try {
      await answerTiles(page);
      await openAs(page, DEMO.admin, `/${IMPORT_CLUB}/courses/import`);
      await settle(page);
      await page.getByLabel(tr('courseImport.fileLabel')).setInputFiles(OSM_FIXTURE);
      await expect(page.getByRole('heading', { name: tr('courseImport.matched_other', { count: 18 }) })).toBeVisible(LOADING);
      await expect(page.getByTestId('import-map').locator('canvas').first()).toBeVisible(LOADING);
      await checkBothWidths(page, 'preview');
    } finally {
      await apiUpdateProfile(request, DEMO.admin, { language: 'en' });
    }
  });

  test(`sign-in refused: the error is accessible (${language})`, async ({ page }) => {
    await page.addInitScript(({ key, value }) => localStorage.setItem(key, value), { key: LANGUAGE_KEY, value: language });
    await page.goto('/signin');
    await page.getByLabel(tr('auth.fields.email')).fill('nobody@example.com');
    await page.getByLabel(tr('auth.fields.password'), { exact: true }).fill('not-a-password');
    await page.getByLabel(tr('auth.fields.password'), { exact: true }).press('Enter');
    await expect(page.getByTestId('login-error')).toBeVisible(LOADING);
    await checkBothWidths(page, 'sign-in error');
  });
}
