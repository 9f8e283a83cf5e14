// Worker thread entry: reviews a large hole drawing off the event loop (drawing-review.ts; see saveDrawing in drawing-service.ts).
import { serveTasks } from '../../platform/worker-tasks';
import { reviewDrawing, type DrawingReview, type DrawingReviewTask } from './drawing-review';

serveTasks<DrawingReviewTask, DrawingReview>(async (task) => ({ output: reviewDrawing(task) }));
