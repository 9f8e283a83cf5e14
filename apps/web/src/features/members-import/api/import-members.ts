import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportBody, ImportResult } from '@golf/contract/api/members';
import { api, clubPath } from '../../../lib/api-client';
import { memberKeys } from './get-members';

/** POST clubs/{clubId}/members/imports; a dry run only checks the rows. The member lists reload after an import. */
export function useImportMembers(clubId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ImportBody) => api.post<ImportResult>(clubPath('members/imports', clubId), body),
    onSuccess: (result) => {
      if (!result.dry_run) return queryClient.invalidateQueries({ queryKey: memberKeys.club(clubId) });
    },
  });
}
