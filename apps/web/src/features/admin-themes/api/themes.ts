import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GraphicsResponse } from '@golf/contract/api/graphics';
import type { CreateThemeBody, ThemeDetails, ThemeValuesBody, UpdateThemeBody } from '@golf/contract/api/themes';
import { api } from '../../../lib/api-client';

/**
 * Query keys of the themes' administration. Everything sits under 'graphics': a change of a theme
 * reloads the catalogue here and wherever the map screens read it (elements-for-edit).
 */
export const themeKeys = {
  all: ['graphics'] as const,
  catalogue: ['graphics', 'catalogue'] as const,
  details: ['graphics', 'themes', 'details'] as const,
  // GET drawing_styles (the guide's and the club's theme choices) is read under this key too.
  drawingStyles: ['reference', 'drawing_styles'] as const,
};

/** GET graphics: the whole catalogue (elements, defaults, every theme's own values). */
export function useCatalogue() {
  return useQuery({ queryKey: themeKeys.catalogue, queryFn: ({ signal }) => api.get<GraphicsResponse>('graphics', { signal }) });
}

/** GET graphics/themes/details: every theme with its drawing style, own values and what uses it. */
export function useThemeDetails() {
  return useQuery({ queryKey: themeKeys.details, queryFn: ({ signal }) => api.get<ThemeDetails[]>('graphics/themes/details', { signal }) });
}

/**
 * A write of the themes: the theme it answers replaces (or joins) the list at once, so the screen
 * shows it before the catalogue and the list are read again (in the background).
 */
function useThemeMutation<V, R extends ThemeDetails | null>(send: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (theme) => {
      if (!theme) return;
      queryClient.setQueryData<ThemeDetails[]>(themeKeys.details, (list) => (list ? [...list.filter((x) => x.id !== theme.id), theme] : list));
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: themeKeys.all });
      void queryClient.invalidateQueries({ queryKey: themeKeys.drawingStyles });
    },
  });
}

/** POST graphics/themes. */
export function useCreateTheme() {
  return useThemeMutation((body: CreateThemeBody) => api.post<ThemeDetails>('graphics/themes', body));
}

/** PATCH graphics/themes/{id}: rename or another parent. */
export function useUpdateTheme() {
  return useThemeMutation(({ id, body }: { id: number; body: UpdateThemeBody }) => api.patch<ThemeDetails>(`graphics/themes/${id}`, body));
}

/** PUT graphics/themes/{id}/values: every value the theme sets itself. */
export function useSaveThemeValues() {
  return useThemeMutation(({ id, body }: { id: number; body: ThemeValuesBody }) => api.put<ThemeDetails>(`graphics/themes/${id}/values`, body));
}

/** DELETE graphics/themes/{id}. */
export function useDeleteTheme() {
  return useThemeMutation(async (id: number) => {
    await api.delete<null>(`graphics/themes/${id}`);
    return null;
  });
}
