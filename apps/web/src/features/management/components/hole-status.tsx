import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import RemoveIcon from '@mui/icons-material/Remove';
import EditIcon from '@mui/icons-material/Edit';
import type { HoleMappingStatus } from '@golf/contract/api/management';
import { canOpen } from '@golf/contract/menu';
import { SCREENS, screenHref } from '../../../config/screens';
import { useSession } from '../../../lib/auth/session';
import { elementLabel } from '../../../lib/graphics-names';
import { visuallyHiddenSx } from '../../../lib/visually-hidden';
import { holeFindings, type CheckState, type HoleFinding } from '../utils/status';

/** A finding in plain words, with its element names in the interface language. */
export function findingText(t: TFunction, finding: HoleFinding): string {
  const values: Record<string, string | number> = { ...finding.values };
  for (const key of finding.elements) {
    const name = values[key];
    // The element is the sentence's subject; the container is named inside it ("… inside the hole boundary").
    if (typeof name === 'string') values[key] = key === 'container' ? elementLabel(t, name).toLocaleLowerCase() : elementLabel(t, name);
  }
  return t(finding.key, values);
}

/** A hole's name for lists: "Hole 3" or "Hole 3 · Søen". */
export function holeTitle(t: TFunction, hole: Pick<HoleMappingStatus, 'order' | 'name'>): string {
  return hole.name ? t('management.hole.named', { number: hole.order, name: hole.name }) : t('management.hole.number', { number: hole.order });
}

/** One check's result as an icon with its words for screen readers (and as a tooltip-free title). */
export function CheckCell({ state, label }: { state: CheckState; label: string }) {
  const { t } = useTranslation();
  const words = t(`management.check.${state}`);
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', position: 'relative' }} data-state={state} title={`${label}: ${words}`}>
      {state === 'ok' && <CheckCircleIcon fontSize="small" color="success" aria-hidden />}
      {state === 'fail' && <ErrorIcon fontSize="small" color="error" aria-hidden />}
      {state === 'na' && <RemoveIcon fontSize="small" color="disabled" aria-hidden />}
      <Box component="span" sx={visuallyHiddenSx}>
        {words}
      </Box>
    </Box>
  );
}

/** The findings of a hole as a list (nothing when there are none). */
export function FindingList({ hole }: { hole: HoleMappingStatus }) {
  const { t } = useTranslation();
  const findings = holeFindings(hole);
  if (findings.length === 0) return null;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.25 }} data-testid="hole-findings">
      {findings.map((f, i) => (
        <Box component="li" key={i} sx={{ typography: 'body2' }}>
          {findingText(t, f)}
        </Box>
      ))}
    </Box>
  );
}

/** Whether the user may open the hole editor of this club (the editor's own access). */
export function useMayOpenEditor(clubId: number): boolean {
  const profile = useSession().profile;
  return canOpen(profile, clubId, SCREENS.holeEdit.access);
}

export function editorHref(clubId: number, courseId: number, holeId: number): string {
  return screenHref('holeEdit', clubId, { courseId, holeId });
}

/** "Open in the editor" for a hole, named by the hole for screen readers. */
export function OpenEditorButton({ clubId, courseId, hole }: { clubId: number; courseId: number; hole: HoleMappingStatus }) {
  const { t } = useTranslation();
  return (
    <Button
      size="small"
      component={RouterLink}
      to={editorHref(clubId, courseId, hole.id)}
      startIcon={<EditIcon />}
      aria-label={t('management.openEditorNamed', { hole: holeTitle(t, hole) })}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {t('management.openEditor')}
    </Button>
  );
}
