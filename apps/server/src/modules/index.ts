import type { AreaModule } from '../platform/app-types';
import { sessionRoutes } from './session/routes';
import { clubRoutes } from './clubs/routes';
import { referenceRoutes } from './reference/routes';
import { userRoutes } from './users/routes';
import { memberRoutes } from './members/routes';
import { translationRoutes } from './translations/routes';
import { galleryRoutes } from './gallery/routes';
import { hoursRoutes } from './hours/routes';
import { courseRoutes, drawingRoutes } from './courses/routes';
import { pinRoutes } from './pins/routes';
import { statusRoutes } from './status/routes';
import { graphicsRoutes } from './graphics/routes';
import { courseImportRoutes } from './course-import/routes';
import { jobRoutes } from './jobs/routes';
import { productRoutes } from './products/routes';
import { sponsorRoutes } from './sponsors/routes';

/**
 * The areas of the API, registered in this order under /api by app.ts. A new area adds its
 * `modules/<area>/routes.ts` here (docs/adding-an-area.md); every route declares its access.
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
  jobRoutes,
];
