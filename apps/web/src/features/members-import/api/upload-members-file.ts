import { useMutation } from '@tanstack/react-query';
import type { UploadResponse } from '@golf/contract/api/members';
import { api, clubPath, type UploadProgress } from '../../../lib/api-client';

/** POST clubs/{clubId}/members/uploads with the file in the field `file`, reporting progress (§7). */
export function useUploadMembersFile(clubId: number) {
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: UploadProgress }) =>
      api.upload<UploadResponse>(clubPath('members/uploads', clubId), file, onProgress, { fieldName: 'file' }),
  });
}
