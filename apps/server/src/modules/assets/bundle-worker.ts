// Worker thread entry: checks an uploaded asset bundle off the event loop (bundle-check.ts; see readBundle in uploads-service.ts).
import { serveTasks } from '../../platform/worker-tasks';
import { checkBundle, type CheckedBundle } from './bundle-check';

serveTasks<{ data: Uint8Array }, CheckedBundle>(async ({ data }) => {
  const checked = await checkBundle(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
  // Each file's bytes go back in one transferred buffer of its own (not copied; Node's pooled
  // small buffers cannot be transferred).
  const files = checked.files.map((file) => {
    const bytes = new Uint8Array(file.data.byteLength);
    bytes.set(file.data);
    return { ...file, data: Buffer.from(bytes.buffer) };
  });
  return { output: { ...checked, files }, transfer: files.map((f) => f.data.buffer as ArrayBuffer) };
});
