import { useTranslation } from 'react-i18next';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import type { TFunction } from 'i18next';
import { elementLabel } from '../../../lib/graphics-names';
import { formatArea, formatLength } from '../../../lib/map/format';
import type { FeatureRow, HoleEditorController } from '../map/editor-controller';

/** A feature's name in the list: its element and number ("Bunker 2"), or its label's text. */
export function featureNames(t: TFunction, features: readonly FeatureRow[]): Map<string, string> {
  const seen = new Map<string, number>();
  const names = new Map<string, string>();
  for (const f of features) {
    const number = (seen.get(f.element) ?? 0) + 1;
    seen.set(f.element, number);
    const element = elementLabel(t, f.element);
    names.set(f.id, f.label ? t('holeEditor.features.labelled', { element, label: f.label }) : t('holeEditor.features.numbered', { element, number }));
  }
  return names;
}

function measureText(f: FeatureRow, language: string): string {
  if (f.area !== null) return formatArea(f.area, language);
  if (f.length !== null) return formatLength(f.length, language);
  return '';
}

/**
 * Every feature of the hole beside the map, with its measure: the map's text alternative. A
 * feature this screen edits is a button that selects it (for the keyboard: then typed or moved
 * with the arrow keys); the others are listed as shown only.
 */
export function FeatureList({ features, controller, language }: { features: readonly FeatureRow[]; controller: HoleEditorController; language: string }) {
  const { t } = useTranslation();
  const names = featureNames(t, features);
  return (
    <List dense aria-labelledby="hole-features-title" subheader={<ListSubheader id="hole-features-title">{t('holeEditor.features.title')}</ListSubheader>} data-testid="feature-list">
      {features.length === 0 && (
        <ListItem>
          <ListItemText secondary={t('holeEditor.noFeatures')} />
        </ListItem>
      )}
      {features.map((f) => {
        const measure = measureText(f, language);
        return f.editable ? (
          <ListItem key={f.id} disablePadding data-testid="feature-row">
            <ListItemButton selected={f.selected} aria-pressed={f.selected} onClick={() => controller.selectFeature(f.id)} sx={{ py: 0.25 }}>
              <ListItemText primary={names.get(f.id)} secondary={measure || undefined} />
            </ListItemButton>
          </ListItem>
        ) : (
          <ListItem key={f.id} data-testid="feature-row" sx={{ py: 0.25 }}>
            <ListItemText primary={names.get(f.id)} secondary={[measure, t('holeEditor.features.shownOnly')].filter(Boolean).join(' · ')} />
          </ListItem>
        );
      })}
    </List>
  );
}
