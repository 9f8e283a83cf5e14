// Worker thread entry: reads uploaded members files off the event loop (see readUploadedSheet in service.ts).
import { serveTasks } from '../../platform/worker-tasks';
import { parseUpload, type ParsedUpload } from './parse';

serveTasks<{ data: Uint8Array; fileName: string }, ParsedUpload>(async ({ data, fileName }) => {
  const parsed = await parseUpload(Buffer.from(data.buffer, data.byteOffset, data.byteLength), fileName);
  // Transferred, not copied back: it needs an ArrayBuffer of its own. Node's Buffer pool (small
  // buffers, Buffer.from of an array) is untransferable, and Node 22+ refuses to post it at all.
  const bytes = new Uint8Array(parsed.stored.byteLength);
  bytes.set(parsed.stored);
  const stored = Buffer.from(bytes.buffer);
  return { output: { ...parsed, stored }, transfer: [bytes.buffer] };
});
