import { useSearchParams } from 'react-router';

/**
 * The view (tab) of a screen kept in the address as `?view=` (the first of `views` leaves it out),
 * so a reload or a shared link opens the same tab; switching replaces the history entry. An
 * unknown value reads as the first view.
 */
export function useViewParam<V extends string>(views: readonly V[]): [V, (next: V) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('view');
  const view = views.find((v) => v === asked) ?? views[0]!;
  const show = (next: V) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next === views[0]) copy.delete('view');
        else copy.set('view', next);
        return copy;
      },
      { replace: true },
    );
  return [view, show];
}
