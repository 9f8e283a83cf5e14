import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GraphicsResponse } from '@golf/contract/api/graphics';
import { THEME_ATTRIBUTES, themeValueProblem, type ThemeAttributeName, type ThemeDetails } from '@golf/contract/api/themes';
import { takesIcon } from '@golf/contract/print/symbols';
import { LoadingState } from '../../../components/ui/loading-state';
import { UnsavedChangesGuard } from '../../../components/ui/unsaved-changes-guard';
import { errorText } from '../../../lib/error-text';
import { elementLabel } from '../../../lib/graphics-names';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useSaveThemeValues } from '../api/themes';
import { draftOf, resolveElement, sameDraft, valueKey, valuesOf, type Draft } from '../utils/inheritance';
import { ValueRow } from './value-row';

const ThemePreview = lazy(() => import('./theme-preview'));

/** The attributes the renderer draws an element of each geometry with. */
const ATTRIBUTES_OF: Record<string, readonly ThemeAttributeName[]> = {
  polygon: ['fill colour', 'stroke colour', 'stroke width', 'opacity', 'line dash'],
  line: ['stroke colour', 'stroke width', 'opacity', 'line dash'],
  point: ['fill colour', 'stroke colour', 'stroke width', 'opacity', 'radius', 'icon'],
};

/** The attributes the editor offers for an element: those of its geometry; the icon only where the print draws it (symbols.ts takesIcon). */
function attributesOf(element: { name: string; geometryType: string }): readonly ThemeAttributeName[] {
  const all = ATTRIBUTES_OF[element.geometryType] ?? THEME_ATTRIBUTES;
  return all.filter((a) => a !== 'icon' || takesIcon(element.name, element.geometryType));
}

/** Whether every value of the draft is one the server takes. */
function draftProblems(draft: Draft): number {
  return valuesOf(draft).filter((v) => themeValueProblem(v.attributeName, v.value) !== null).length;
}

/** Only the valid values of a draft: what the preview draws while a number is being typed. */
function validDraft(draft: Draft): Draft {
  return new Map([...draft].filter(([key, value]) => themeValueProblem(key.split('\u0000')[1] as ThemeAttributeName, value) === null));
}

/**
 * A theme's values per element (issue 26): for the chosen element each attribute with the value
 * the theme draws with and where it comes from (set here, inherited from a parent, the element's
 * default); a change sets the theme's own value, a reset removes it so the inherited one shows;
 * Save stores all of them at once. The preview beside it draws the sample hole as it will print.
 */
export function ThemeEditor({ theme, catalogue, onDirtyChange }: { theme: ThemeDetails; catalogue: GraphicsResponse; onDirtyChange: (dirty: boolean) => void }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const save = useSaveThemeValues();
  const saved = useMemo(() => draftOf(theme.values), [theme.values]);
  const [draft, setDraft] = useState<Map<string, string>>(() => new Map(saved));
  const [element, setElement] = useState(() => catalogue.elements.find((e) => e.name === 'bunker')?.name ?? catalogue.elements[0]?.name ?? '');
  const dirty = !sameDraft(draft, saved);
  const problems = draftProblems(draft);

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  // Another admin's change gives new saved values: start again from them when nothing is pending.
  const [base, setBase] = useState(saved);
  if (base !== saved) {
    setBase(saved);
    if (sameDraft(draft, base)) setDraft(new Map(saved));
  }

  const chosen = catalogue.elements.find((e) => e.name === element);
  const attributes = chosen ? attributesOf(chosen) : [];
  const resolved = chosen ? resolveElement(catalogue, theme.name, draft, chosen.name).filter((r) => attributes.includes(r.attributeName)) : [];
  const colourOf = (attribute: ThemeAttributeName) => {
    const v = resolved.find((r) => r.attributeName === attribute)?.value;
    return v && themeValueProblem(attribute, v) === null ? v : undefined;
  };
  const colours = { fill: colourOf('fill colour'), stroke: colourOf('stroke colour') };
  const ownCount = (name: string) => [...draft.keys()].filter((k) => k.startsWith(`${name}\u0000`)).length;
  const previewDraft = useMemo(() => validDraft(draft), [draft]);

  const change = (attribute: ThemeAttributeName, value: string) =>
    setDraft((current) => {
      const next = new Map(current);
      next.set(valueKey(element, attribute), value);
      return next;
    });
  const reset = (attribute: ThemeAttributeName) =>
    setDraft((current) => {
      const next = new Map(current);
      next.delete(valueKey(element, attribute));
      return next;
    });

  const onSave = async () => {
    try {
      const stored = await save.mutateAsync({ id: theme.id, body: { values: valuesOf(draft) } });
      // The server's form of the values ('3.50' is stored as '3.5').
      setDraft(draftOf(stored.values));
      snackbar.confirm(t('adminThemes.saved', { name: theme.name }));
    } catch (error) {
      snackbar.error(t('adminThemes.saveFailed', { name: theme.name }), errorText(error, t));
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 340px)' }, alignItems: 'start' }}>
      <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
        <Typography variant="h3" component="h3" sx={{ fontSize: '1.1rem', fontWeight: 600, mb: 1 }}>
          {t('adminThemes.valuesTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('adminThemes.valuesHelp')}
        </Typography>
        <TextField select fullWidth size="small" label={t('adminThemes.element')} value={element} onChange={(e) => setElement(e.target.value)} slotProps={{ select: { native: true } }}>
          {catalogue.elements.map((e) => {
            const n = ownCount(e.name);
            return (
              <option key={e.name} value={e.name}>
                {n > 0 ? t('adminThemes.elementWithOwn', { name: elementLabel(t, e.name), count: n }) : elementLabel(t, e.name)}
              </option>
            );
          })}
        </TextField>
        <Box sx={{ mt: 1 }} data-testid="theme-values">
          {resolved.map((r) => (
            <ValueRow key={`${element}-${r.attributeName}`} element={element} resolved={r} colours={colours} onChange={(v) => change(r.attributeName, v)} onReset={() => reset(r.attributeName)} />
          ))}
        </Box>
        {problems > 0 && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {t('adminThemes.invalidValues', { count: problems })}
          </Alert>
        )}
        <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap' }}>
          <Button variant="contained" onClick={() => void onSave()} disabled={!dirty || problems > 0 || save.isPending}>
            {save.isPending ? t('adminThemes.saving') : t('adminThemes.save')}
          </Button>
          <Button onClick={() => setDraft(new Map(saved))} disabled={!dirty || save.isPending}>
            {t('adminThemes.discard')}
          </Button>
          <Typography variant="body2" color="text.secondary" aria-live="polite" sx={{ alignSelf: 'center' }}>
            {dirty ? t('adminThemes.unsaved') : t('adminThemes.ownCount', { count: draft.size })}
          </Typography>
        </Stack>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} component="section" aria-labelledby="theme-preview-title">
        <Typography id="theme-preview-title" variant="h3" component="h3" sx={{ fontSize: '1.1rem', fontWeight: 600, mb: 1 }}>
          {t('adminThemes.preview.title')}
        </Typography>
        <Suspense fallback={<LoadingState rows={4} />}>
          <ThemePreview catalogue={catalogue} themeName={theme.name} draft={previewDraft} />
        </Suspense>
      </Paper>
      <UnsavedChangesGuard
        dirty={dirty}
        saving={save.isPending}
        texts={{ title: t('adminThemes.leave.title'), text: t('adminThemes.leave.text'), stay: t('adminThemes.leave.stay'), leave: t('adminThemes.leave.leave') }}
      />
    </Box>
  );
}
