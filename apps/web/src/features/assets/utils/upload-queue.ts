import { ASSET_BUNDLE, BundleName, bundleNameOfFile } from '@golf/contract/api/assets';

/** One chosen zip in the upload list (§4 'upload all bundles, then reload. A failure is reported.'). */
export interface QueuedBundle {
  key: string;
  file: File;
  /** The bundle name it is uploaded under (editable; first the file's name). */
  name: string;
  status: 'waiting' | 'uploading' | 'done' | 'failed';
  percent: number;
  /** Why it was refused (the server's reason, in the reader's language), for 'failed'. */
  reason?: string;
}

export type PickProblem = 'notZip' | 'tooLarge';

/** Why a chosen file is plainly no bundle (before it is sent); null when it may be sent. The server judges its content. */
export function pickProblem(file: { name: string; size: number }): PickProblem | null {
  if (!/\.zip$/i.test(file.name)) return 'notZip';
  if (file.size > ASSET_BUNDLE.maxFileBytes) return 'tooLarge';
  return null;
}

let counter = 0;

/** The list after files are chosen: each becomes waiting (or failed at once, with the caller's reason). */
export function addFiles(list: QueuedBundle[], files: File[], reasonOf: (file: File, problem: PickProblem) => string): QueuedBundle[] {
  const added = files.map((file): QueuedBundle => {
    const problem = pickProblem(file);
    counter += 1;
    return {
      key: `${Date.now()}-${counter}`,
      file,
      name: bundleNameOfFile(file.name),
      status: problem ? 'failed' : 'waiting',
      percent: 0,
      ...(problem ? { reason: reasonOf(file, problem) } : {}),
    };
  });
  return [...list, ...added];
}

export type NameProblem = 'badName' | 'duplicateName';

/** What is wrong with an item's bundle name: not a bundle name, or the name of another item still to upload. */
export function nameProblem(item: QueuedBundle, list: QueuedBundle[]): NameProblem | null {
  if (!BundleName.safeParse(item.name).success) return 'badName';
  const same = list.filter((other) => other.status !== 'failed' && other.name.trim().toLowerCase() === item.name.trim().toLowerCase());
  return same.length > 1 && item.status !== 'failed' ? 'duplicateName' : null;
}

/** The items 'Upload all' sends: waiting, with a good name. */
export function uploadable(list: QueuedBundle[]): QueuedBundle[] {
  return list.filter((item) => item.status === 'waiting' && nameProblem(item, list) === null);
}

/** The list with one item changed. */
export function updateItem(list: QueuedBundle[], key: string, change: Partial<QueuedBundle>): QueuedBundle[] {
  return list.map((item) => (item.key === key ? { ...item, ...change } : item));
}
