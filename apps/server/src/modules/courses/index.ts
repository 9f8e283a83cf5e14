/**
 * The public entry of the courses area: what app.ts, the seed and other areas (pins, status,
 * sponsors, products, course import) may use (docs/adding-an-area.md).
 */
export { courseRoutes, drawingRoutes } from './routes';
export { COURSES } from './access';
export { courseOfClub, getCourse, holeOfClub, selectedCourseIds } from './service';
export { readDocument, savedDrawings } from './drawing-service';
export { DrawingChecks, drawingChecks, storedChecks } from './drawing-checks';
