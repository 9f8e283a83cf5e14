// Worker thread entry: reads uploaded members files off the event loop (see readUploadedSheet in service.ts).
import { serveTasks } from '../../platform/worker-tasks';
import { parseUpload, type ParsedUpload } from './parse';

serveTasks<{ data: Uint8Array; fileName: string }, ParsedUpload>(async ({ data, fileName }) => {
  const parsed = await parseUpload(Buffer.from(data.buffer, data.byteOffset, data.byteLength), fileName);
  // Transferred, not copied: it must own its memory (small buffers share a pool).
  const own = parsed.stored.byteOffset === 0 && parsed.stored.byteLength === parsed.stored.buffer.byteLength;
  const stored = own ? parsed.stored : Buffer.from(new Uint8Array(parsed.stored));
  return { output: { ...parsed, stored }, transfer: [stored.buffer as ArrayBuffer] };
});
