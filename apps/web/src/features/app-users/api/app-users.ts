import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppUserDataExport, AppUserDetail, AppUserErasure, AppUsersResponse } from '@golf/contract/api/app-users';
import { api } from '../../../lib/api-client';
import { appUsersSearchParams, type AppUsersParams } from '../utils/app-users';

export const appUserKeys = {
  all: ['app-users'] as const,
  list: (params: AppUsersParams) => ['app-users', 'list', params] as const,
  user: (appId: string) => ['app-users', 'user', appId] as const,
  erasures: ['app-users', 'erasures'] as const,
};

/** GET admin/app-users: one page of the app users whose id contains the search. */
export function useAppUsers(params: AppUsersParams) {
  return useQuery({
    queryKey: appUserKeys.list(params),
    queryFn: ({ signal }) => api.get<AppUsersResponse>(`admin/app-users?${appUsersSearchParams(params)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET admin/app-users/{appId}: a user's page. */
export function useAppUser(appId: string) {
  return useQuery({
    queryKey: appUserKeys.user(appId),
    queryFn: ({ signal }) => api.get<AppUserDetail>(`admin/app-users/${encodeURIComponent(appId)}`, { signal }),
    retry: false,
  });
}

/** GET admin/app-user-erasures: the newest erasures. */
export function useAppUserErasures() {
  return useQuery({
    queryKey: appUserKeys.erasures,
    queryFn: ({ signal }) => api.get<AppUserErasure[]>('admin/app-user-erasures', { signal }),
  });
}

/** POST admin/app-users/{appId}/erasure, with the id typed again; refreshes every list. */
export function useEraseAppUser(appId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (confirm: string) => api.post<AppUserErasure>(`admin/app-users/${encodeURIComponent(appId)}/erasure`, { confirm }),
    onSuccess: () => {
      client.removeQueries({ queryKey: appUserKeys.user(appId) });
      void client.invalidateQueries({ queryKey: appUserKeys.all });
    },
  });
}

/** Saves a text as a file through a temporary link. */
function saveFile(text: string, type: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** GET admin/app-users.csv: the list (every match of the search) saved as a CSV file. */
export async function downloadAppUsersCsv(search: string, fileName: string): Promise<void> {
  const text = await api.get<string>(`admin/app-users.csv?${appUsersSearchParams({ search })}`, { headers: { Accept: 'text/csv' } });
  // The byte order mark tells spreadsheet programs the file is UTF-8 (fetch drops it when decoding).
  saveFile(text.startsWith('\uFEFF') ? text : `\uFEFF${text}`, 'text/csv;charset=utf-8', fileName);
}

/** GET admin/app-users/{appId}/export: all of a user's data saved as a JSON file (a GDPR access request). Answers the file's name. */
export async function downloadAppUserData(appId: string): Promise<string> {
  const data = await api.get<AppUserDataExport>(`admin/app-users/${encodeURIComponent(appId)}/export`);
  const fileName = `app-user-${appId}.json`;
  saveFile(`${JSON.stringify(data, null, 2)}\n`, 'application/json', fileName);
  return fileName;
}
