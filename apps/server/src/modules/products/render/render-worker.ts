// Worker thread entry: lays out and renders guides off the event loop (see render.ts: renderInWorker).
import { serveTasks } from '../../../platform/worker-tasks';
import { renderTask, type RenderTask, type RenderResult } from './tasks';

serveTasks<RenderTask, RenderResult>(async (task) => {
  const output = await renderTask(task);
  return { output, transfer: output.files.map((f) => f.data.buffer as ArrayBuffer) };
});
