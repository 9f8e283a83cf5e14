import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Attribute,
  AttributeGraphic,
  AttributeUnit,
  CreateAttributeBody,
  CreateElementBody,
  Element,
  ElementUsage,
  GraphicsResponse,
  UpdateElementBody,
} from '@golf/contract/api/graphics';
import { api } from '../../../lib/api-client';

/**
 * The graphics catalogue as its administration reads and changes it (issue 26). Every change
 * refreshes everything under ['graphics'], which includes the hole editor's element list
 * (lib/map/graphics-queries.ts), so the editor shows a change at once.
 */
export const catalogueKeys = {
  all: ['graphics'] as const,
  catalogue: ['graphics', 'catalogue'] as const,
  usage: ['graphics', 'usage'] as const,
};

/** GET graphics: the whole catalogue in one answer. */
export function useCatalogue() {
  return useQuery({ queryKey: catalogueKeys.catalogue, queryFn: ({ signal }) => api.get<GraphicsResponse>('graphics', { signal }) });
}

/** GET graphics/elements/usage: how many holes draw each element. */
export function useElementUsage() {
  return useQuery({
    queryKey: catalogueKeys.usage,
    queryFn: async ({ signal }) => new Map((await api.get<ElementUsage[]>('graphics/elements/usage', { signal })).map((u) => [u.name, u.holes])),
  });
}

function useCatalogueChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
}

/** POST graphics/elements. */
export function useCreateElement() {
  const onSuccess = useCatalogueChanged();
  return useMutation({ mutationFn: (body: CreateElementBody) => api.post<Element>('graphics/elements', body), onSuccess });
}

/** PUT graphics/elements/{id}. */
export function useUpdateElement() {
  const onSuccess = useCatalogueChanged();
  return useMutation({ mutationFn: ({ id, body }: { id: number; body: UpdateElementBody }) => api.put<Element>(`graphics/elements/${id}`, body), onSuccess });
}

/** DELETE graphics/elements/{id}: refused (409) while a hole draws it. */
export function useDeleteElement() {
  const onSuccess = useCatalogueChanged();
  return useMutation({ mutationFn: (id: number) => api.delete<null>(`graphics/elements/${id}`), onSuccess });
}

/** POST graphics/attributes. */
export function useCreateAttribute() {
  const onSuccess = useCatalogueChanged();
  return useMutation({ mutationFn: (body: CreateAttributeBody) => api.post<Attribute>('graphics/attributes', body), onSuccess });
}

/** PUT graphics/attributes/{id}: its unit. */
export function useUpdateAttribute() {
  const onSuccess = useCatalogueChanged();
  return useMutation({ mutationFn: ({ id, attributeUnitName }: { id: number; attributeUnitName: string }) => api.put<Attribute>(`graphics/attributes/${id}`, { attributeUnitName }), onSuccess });
}

/** POST graphics/attribute-units. */
export function useCreateUnit() {
  const onSuccess = useCatalogueChanged();
  return useMutation({ mutationFn: (name: string) => api.post<AttributeUnit>('graphics/attribute-units', { name }), onSuccess });
}

/** PUT / DELETE graphics/elements/{id}/attribute-graphics/{attributeId}: an element's default value of an attribute. */
export function useSetAttributeGraphic() {
  const onSuccess = useCatalogueChanged();
  return useMutation({
    mutationFn: ({ elementId, attributeId, value }: { elementId: number; attributeId: number; value: string }) =>
      api.put<AttributeGraphic>(`graphics/elements/${elementId}/attribute-graphics/${attributeId}`, { value }),
    onSuccess,
  });
}

export function useRemoveAttributeGraphic() {
  const onSuccess = useCatalogueChanged();
  return useMutation({
    mutationFn: ({ elementId, attributeId }: { elementId: number; attributeId: number }) => api.delete<null>(`graphics/elements/${elementId}/attribute-graphics/${attributeId}`),
    onSuccess,
  });
}
