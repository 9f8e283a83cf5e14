import { CONTEXTS } from '@golf/contract/api/graphics';
import { HOLE_EDITORS, type HoleEditorKind } from '../../../config/paths';

/** The editor screen of a path: its last segment ('edit', 'edit-pin-chart', ...); 'edit' when unknown. */
export function editorModeOf(pathname: string): HoleEditorKind {
  const last = pathname.replace(/\/+$/, '').split('/').pop() ?? '';
  return (HOLE_EDITORS as readonly string[]).includes(last) ? (last as HoleEditorKind) : 'edit';
}

/** The drawing context (graphics/contexts) that lists the elements each screen edits. */
export const MODE_CONTEXT: Record<HoleEditorKind, string> = {
  edit: CONTEXTS.hole,
  'edit-pin-chart': CONTEXTS.pinChart,
  'edit-elevation': CONTEXTS.elevation,
  'edit-play-lines': CONTEXTS.playLines,
  'edit-labels': CONTEXTS.labels,
};
