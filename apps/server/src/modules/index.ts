import type { AreaDemo, AreaModule } from '../platform/app-types';
import { sessionRoutes } from './session';
import { clubRoutes } from './clubs';
import { referenceRoutes } from './reference';
import { userRoutes } from './users';
import { memberRoutes } from './members';
import { translationRoutes } from './translations';
import { galleryRoutes } from './gallery';
import { hoursRoutes } from './hours';
import { courseRoutes, drawingRoutes } from './courses';
import { pinRoutes } from './pins';
import { statusRoutes } from './status';
import { graphicsRoutes } from './graphics';
import { courseImportRoutes } from './course-import';
import { jobRoutes } from './jobs';
import { productRoutes } from './products';
import { sponsorRoutes } from './sponsors';
import { insightDemo, insightRoutes } from './insights';
import { communicationDemo, communicationRoutes } from './communication';
import { communityDemo, communityRoutes } from './communities';
import { greenkeeperDemo, greenkeeperRoutes } from './greenkeeper';
import { regionRoutes } from './regions';
import { assetRoutes } from './assets';
import { mismatchRoutes } from './mismatches';
import { appUserRoutes } from './app-users';
import { managementRoutes } from './management';

/**
 * The areas of the API, registered in this order under /api by app.ts. A new area adds its
 * routes function here, imported from its public entry `modules/<area>/index.ts`
 * (docs/adding-an-area.md); every route declares its access.
 */
export const AREA_MODULES: readonly AreaModule[] = [
  sessionRoutes,
  clubRoutes,
  referenceRoutes,
  userRoutes,
  memberRoutes,
  translationRoutes,
  galleryRoutes,
  hoursRoutes,
  courseRoutes,
  drawingRoutes,
  pinRoutes,
  statusRoutes,
  graphicsRoutes,
  courseImportRoutes,
  productRoutes,
  sponsorRoutes,
  insightRoutes,
  communicationRoutes,
  communityRoutes,
  greenkeeperRoutes,
  regionRoutes,
  assetRoutes,
  mismatchRoutes,
  appUserRoutes,
  managementRoutes,
  jobRoutes,
];

/**
 * The demo data of the areas that bring their own (`modules/<area>/demo.ts`, exported by the
 * area's entry), written in this order by the seed's `seedDemo` inside the demo's transaction,
 * after the demo's clubs, users, courses, sponsors and guide. A new area with demo data adds it
 * here, beside its routes: the seed itself stays as it is (docs/adding-an-area.md). The demo data
 * of the areas built before this list (courses, products, sponsors, graphics) is in seed/.
 */
export const AREA_DEMOS: readonly AreaDemo[] = [insightDemo, communicationDemo, communityDemo, greenkeeperDemo];
