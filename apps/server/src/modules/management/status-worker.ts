// Worker thread entry: computes the mapping status's checks and catalogue rules off the event loop (status-compute.ts; see clubMappingStatus in mapping-status-service.ts).
import { serveTasks } from '../../platform/worker-tasks';
import { computeStatuses, type StatusTask, type StatusTaskResult } from './status-compute';

serveTasks<StatusTask, StatusTaskResult>(async (task) => ({ output: computeStatuses(task) }));
