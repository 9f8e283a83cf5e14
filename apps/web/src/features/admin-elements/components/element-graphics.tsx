import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { attributeValueFits, type Attribute, type Element, type GraphicsResponse } from '@golf/contract/api/graphics';
import { errorText } from '../../../lib/error-text';
import { elementLabel } from '../../../lib/graphics-names';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useRemoveAttributeGraphic, useSetAttributeGraphic } from '../api/catalogue';

/**
 * An element's default graphics (attribute graphics: the value of each attribute when a theme sets
 * none) — set, change, remove — and, read only, the values the themes give it (edited on
 * /admin/themes).
 */
export function ElementGraphics({ catalogue, element }: { catalogue: GraphicsResponse; element: Element }) {
  const { t } = useTranslation();
  const defaults = new Map(catalogue.attributeGraphics.filter((g) => g.elementName === element.name).map((g) => [g.attributeName, g.value]));
  const themed = catalogue.themeAttributes.filter((a) => a.elementName === element.name);
  return (
    <Box sx={{ mt: 3, display: 'grid', gap: 3 }}>
      <section aria-labelledby="element-graphics-title">
        <Typography id="element-graphics-title" component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {t('adminElements.graphics.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('adminElements.graphics.hint')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 1.5 }}>
          {catalogue.attributes.map((a) => (
            <GraphicRow key={`${a.id}:${defaults.get(a.name) ?? ''}`} element={element} attribute={a} value={defaults.get(a.name) ?? null} />
          ))}
        </Box>
      </section>
      <section aria-labelledby="element-themes-title">
        <Typography id="element-themes-title" component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {t('adminElements.themeValues.title')}
        </Typography>
        {themed.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('adminElements.themeValues.none', { name: elementLabel(t, element.name) })}
          </Typography>
        ) : (
          <Table size="small" aria-labelledby="element-themes-title">
            <TableHead>
              <TableRow>
                <TableCell>{t('adminElements.themeValues.theme')}</TableCell>
                <TableCell>{t('adminElements.themeValues.attribute')}</TableCell>
                <TableCell>{t('adminElements.themeValues.value')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {themed.map((a) => (
                <TableRow key={`${a.themeName}/${a.attributeName}`}>
                  <TableCell>{a.themeName}</TableCell>
                  <TableCell>{a.attributeName}</TableCell>
                  <TableCell>
                    <ValueWithSwatch value={a.value} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </section>
    </Box>
  );
}

function ValueWithSwatch({ value }: { value: string }) {
  const colour = /^#[0-9a-fA-F]{6}$/.test(value);
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      {colour && <Box component="span" aria-hidden sx={{ width: 14, height: 14, borderRadius: 0.5, border: 1, borderColor: 'text.secondary', bgcolor: value }} />}
      {value}
    </Box>
  );
}

function GraphicRow({ element, attribute, value }: { element: Element; attribute: Attribute; value: string | null }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const setValue = useSetAttributeGraphic();
  const remove = useRemoveAttributeGraphic();
  const [text, setText] = useState(value ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const busy = setValue.isPending || remove.isPending;
  const unit = attribute.attributeUnitName;
  const names = { attribute: attribute.name, element: elementLabel(t, element.name) };

  const save = async () => {
    if (!attributeValueFits(unit, text)) {
      setProblem(t('adminElements.graphics.badValue', { unit }));
      return;
    }
    try {
      await setValue.mutateAsync({ elementId: element.id, attributeId: attribute.id, value: text.trim() });
      snackbar.confirm(t('adminElements.graphics.set', { ...names, value: text.trim() }));
    } catch (error) {
      snackbar.error(t('adminElements.graphics.setFailed', names), errorText(error, t));
    }
  };
  const clear = async () => {
    try {
      await remove.mutateAsync({ elementId: element.id, attributeId: attribute.id });
      snackbar.confirm(t('adminElements.graphics.removed', names));
    } catch (error) {
      snackbar.error(t('adminElements.graphics.removeFailed', names), errorText(error, t));
    }
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
    >
      <TextField
        size="small"
        label={t('adminElements.graphics.valueLabel', { attribute: attribute.name, unit })}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setProblem(null);
        }}
        error={!!problem}
        helperText={problem ?? (value === null ? t('adminElements.graphics.notSet') : undefined)}
        sx={{ flex: '1 1 16rem' }}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <Button type="submit" variant="outlined" disabled={busy || text.trim() === '' || text.trim() === value} aria-label={t('adminElements.graphics.setFor', names)}>
        {t('adminElements.graphics.setButton')}
      </Button>
      <Button color="error" disabled={busy || value === null} onClick={() => void clear()} aria-label={t('adminElements.graphics.removeFor', names)}>
        {t('adminElements.graphics.removeButton')}
      </Button>
    </Box>
  );
}
