// Worker thread entry: reads and plans course import files off the event loop (see readImport in service.ts).
import { serveTasks } from '../../platform/worker-tasks';
import { prepareImport, type PreparedImport } from './plan';

serveTasks<{ data: Uint8Array; filename: string; name?: string }, PreparedImport>(async ({ data, filename, name }) => ({
  output: prepareImport({ buffer: Buffer.from(data.buffer, data.byteOffset, data.byteLength), filename }, name),
}));
