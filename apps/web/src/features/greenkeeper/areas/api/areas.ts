import { useQuery } from '@tanstack/react-query';
import type { AreaHistory, AreaUnit, ClubAreas } from '@golf/contract/api/greenkeeper';
import { ApiError, api, authToken, clubPath, SERVICE_UNAVAILABLE } from '../../../../lib/api-client';
import { attachmentName, exportQuery, fallbackFileName, type ExportFormat } from '../utils/areas';

export const areaKeys = {
  all: (clubId: number) => ['clubs', clubId, 'greenkeeper', 'areas'] as const,
  history: (clubId: number, courseId: number) => ['clubs', clubId, 'greenkeeper', 'areas', 'history', courseId] as const,
};

/** GET clubs/{clubId}/greenkeeper/areas: every course of the club per hole, per course and in total. */
export function useClubAreas(clubId: number) {
  return useQuery({
    queryKey: areaKeys.all(clubId),
    queryFn: ({ signal }) => api.get<ClubAreas>(clubPath('greenkeeper/areas', clubId), { signal }),
  });
}

/** GET clubs/{clubId}/greenkeeper/areas/history?courseId=: the course's areas per date, oldest first. */
export function useAreaHistory(clubId: number, courseId: number | null) {
  return useQuery({
    queryKey: areaKeys.history(clubId, courseId ?? 0),
    queryFn: ({ signal }) => api.get<AreaHistory>(clubPath(`greenkeeper/areas/history?courseId=${courseId}`, clubId), { signal }),
    enabled: courseId !== null,
  });
}

/** The API path of the export call (below the API base). */
export function areasExportPath(clubId: number, params: { courseId: number | null; format: ExportFormat; unit: AreaUnit }): string {
  return clubPath(`greenkeeper/areas/export?${exportQuery(params)}`, clubId);
}

const MIME: Record<ExportFormat, string> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * GET clubs/{clubId}/greenkeeper/areas/export as a file download. The file is binary (XLSX), which
 * the api client's JSON/text calls would decode as text: it is fetched here with the same base and
 * session header, its refusal read as the client reads one, and saved under the server's name.
 */
export async function downloadAreasExport(
  clubId: number,
  params: { courseId: number | null; courseName: string | null; format: ExportFormat; unit: AreaUnit },
): Promise<string> {
  const token = authToken.get();
  const headers: Record<string, string> = { Accept: `${MIME[params.format]}, application/json` };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`/api/${areasExportPath(clubId, params)}`, { headers });
  } catch {
    throw new ApiError(503, SERVICE_UNAVAILABLE, { error: SERVICE_UNAVAILABLE });
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    let body: unknown = text || undefined;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // a refusal that is not JSON keeps its text
    }
    throw new ApiError(response.status, response.statusText, body);
  }
  const blob = await response.blob();
  const name = attachmentName(response.headers.get('content-disposition')) ?? fallbackFileName(params.courseName, params.format, new Date().toISOString().slice(0, 10));
  const url = URL.createObjectURL(blob.type ? blob : new Blob([blob], { type: MIME[params.format] }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return name;
}
