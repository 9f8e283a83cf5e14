import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { CreateElementBody, GEOMETRY_TYPES, UpdateElementBody, type Element, type GraphicsResponse } from '@golf/contract/api/graphics';
import { isApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { elementLabel, groupLabel } from '../../../lib/graphics-names';
import { useCreateElement, useUpdateElement } from '../api/catalogue';
import { elementBody, elementFormValues, type ElementFormValues } from '../utils/elements';
import { ElementGraphics } from './element-graphics';

type FieldErrors = Partial<Record<keyof ElementFormValues, string>>;

/**
 * New element or edit one (issue 26): name (fixed once made: drawings, themes and contexts refer
 * to it), group, layer, geometry type, shorthand, and the rules every drawing is checked against:
 * what it must lie inside, its plausible area (polygons), the attributes it must carry. Checked
 * with the contract's body schemas; the server's refusals are shown at their field or above the
 * form. Editing also shows the element's default graphics and its values in the themes.
 */
export function ElementDialog({ catalogue, element, onClose, onDone }: { catalogue: GraphicsResponse; element?: Element; onClose: () => void; onDone: (message: string) => void }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const id = useId();
  const create = useCreateElement();
  const update = useUpdateElement();
  const [values, setValues] = useState<ElementFormValues>(() => elementFormValues(element, catalogue.contexts));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const busy = create.isPending || update.isPending;
  const containers = useMemo(() => catalogue.elements.filter((e) => e.geometryType === 'polygon' && e.name !== values.name), [catalogue.elements, values.name]);
  const set = <K extends keyof ElementFormValues>(key: K, value: ElementFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = async () => {
    setFailure(null);
    const body = elementBody(values);
    const parsed = element ? UpdateElementBody.safeParse(body) : CreateElementBody.safeParse({ ...body, name: values.name });
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? '') as keyof ElementFormValues;
        if (key in values && !found[key]) found[key] = fieldMessage(key, issue.code);
      }
      setErrors(found);
      if (Object.keys(found).length === 0) setFailure(t('adminElements.form.invalid'));
      return;
    }
    try {
      if (element) {
        await update.mutateAsync({ id: element.id, body });
        onDone(t('adminElements.saved', { name: elementLabel(t, element.name) }));
      } else {
        await create.mutateAsync({ ...body, name: values.name.trim() });
        onDone(t('adminElements.created', { name: values.name.trim() }));
      }
    } catch (error) {
      const text = errorText(error, t);
      const path = isApiError(error) ? error.details?.[0]?.path : undefined;
      if (path && path in values) setErrors({ [path]: text });
      else setFailure(text);
    }
  };

  /** A field's problem in the reader's language (the contract's own messages are English). */
  function fieldMessage(key: keyof ElementFormValues, code: string): string {
    if (key === 'name' || key === 'shorthand' || key === 'groupName' || key === 'layerName') return code === 'too_big' ? t(`adminElements.form.tooLong.${key}`) : t('adminElements.form.required');
    if (key === 'minAreaM2' || key === 'maxAreaM2') return code === 'custom' ? t('adminElements.form.areaOrder') : t('adminElements.form.areaNumber');
    if (key === 'requiredAttributes') return t('adminElements.form.attributesInvalid');
    return t('adminElements.form.invalidValue');
  }

  const polygon = values.geometryType === 'polygon';
  const title = element ? t('adminElements.editTitle', { name: elementLabel(t, element.name) }) : t('adminElements.newTitle');
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullScreen={fullScreen} maxWidth="md" fullWidth aria-labelledby={`${id}-title`}>
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent dividers>
        <Box
          component="form"
          id={`${id}-form`}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
        >
          {failure && (
            <Alert severity="error" sx={{ gridColumn: '1 / -1' }}>
              {failure}
            </Alert>
          )}
          <TextField
            label={t('adminElements.fields.name')}
            value={values.name}
            onChange={(e) => set('name', e.target.value)}
            required
            disabled={!!element}
            error={!!errors.name}
            helperText={errors.name ?? (element ? t('adminElements.form.nameFixed') : t('adminElements.form.nameHint'))}
            slotProps={{ htmlInput: { maxLength: 60 } }}
            autoFocus={!element}
          />
          <TextField
            label={t('adminElements.fields.shorthand')}
            value={values.shorthand}
            onChange={(e) => set('shorthand', e.target.value)}
            required
            error={!!errors.shorthand}
            helperText={errors.shorthand ?? t('adminElements.form.shorthandHint')}
            slotProps={{ htmlInput: { maxLength: 6 } }}
            autoFocus={!!element}
          />
          <TextField select label={t('adminElements.fields.group')} value={values.groupName} onChange={(e) => set('groupName', e.target.value)} required error={!!errors.groupName} helperText={errors.groupName}>
            {catalogue.groups.map((g) => (
              <MenuItem key={g.id} value={g.name}>
                {groupLabel(t, g.name)}
              </MenuItem>
            ))}
          </TextField>
          <TextField select label={t('adminElements.fields.layer')} value={values.layerName} onChange={(e) => set('layerName', e.target.value)} required error={!!errors.layerName} helperText={errors.layerName}>
            {catalogue.layers.map((l) => (
              <MenuItem key={l.id} value={l.name}>
                {t('adminElements.layerOption', { name: l.name, z: l.zIndex })}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('adminElements.fields.geometryType')}
            value={values.geometryType}
            onChange={(e) => set('geometryType', e.target.value as ElementFormValues['geometryType'])}
            required
            error={!!errors.geometryType}
            helperText={errors.geometryType ?? (element ? t('adminElements.form.geometryHint') : undefined)}
          >
            {GEOMETRY_TYPES.map((g) => (
              <MenuItem key={g} value={g}>
                {t(`adminElements.geometry.${g}`)}
              </MenuItem>
            ))}
          </TextField>

          <Box sx={{ gridColumn: '1 / -1' }}>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
              {t('adminElements.rules.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('adminElements.rules.hint')}
            </Typography>
          </Box>
          <TextField
            select
            label={t('adminElements.fields.mustLieInside')}
            value={values.mustLieInside}
            onChange={(e) => set('mustLieInside', e.target.value)}
            error={!!errors.mustLieInside}
            helperText={errors.mustLieInside ?? t('adminElements.form.mustLieInsideHint')}
            sx={{ gridColumn: '1 / -1' }}
          >
            <MenuItem value="">{t('adminElements.rules.anywhere')}</MenuItem>
            {containers.map((c) => (
              <MenuItem key={c.id} value={c.name}>
                {elementLabel(t, c.name)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('adminElements.fields.minArea')}
            value={polygon ? values.minAreaM2 : ''}
            onChange={(e) => set('minAreaM2', e.target.value)}
            disabled={!polygon}
            error={!!errors.minAreaM2}
            helperText={errors.minAreaM2 ?? (polygon ? t('adminElements.form.areaHint') : t('adminElements.form.areaPolygonsOnly'))}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <TextField
            label={t('adminElements.fields.maxArea')}
            value={polygon ? values.maxAreaM2 : ''}
            onChange={(e) => set('maxAreaM2', e.target.value)}
            disabled={!polygon}
            error={!!errors.maxAreaM2}
            helperText={errors.maxAreaM2 ?? (polygon ? t('adminElements.form.areaHint') : t('adminElements.form.areaPolygonsOnly'))}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <Box component="fieldset" sx={{ gridColumn: '1 / -1', border: 0, p: 0, m: 0 }}>
            <Typography component="legend" variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
              {t('adminElements.fields.requiredAttributes')}
            </Typography>
            <FormGroup row>
              {catalogue.attributes.map((a) => (
                <FormControlLabel
                  key={a.id}
                  label={a.name}
                  control={
                    <Checkbox
                      checked={values.requiredAttributes.includes(a.name)}
                      onChange={(e) =>
                        set('requiredAttributes', e.target.checked ? [...values.requiredAttributes, a.name] : values.requiredAttributes.filter((n) => n !== a.name))
                      }
                    />
                  }
                />
              ))}
            </FormGroup>
            <FormHelperText error={!!errors.requiredAttributes}>{errors.requiredAttributes ?? t('adminElements.form.requiredAttributesHint')}</FormHelperText>
          </Box>
          <Box component="fieldset" sx={{ gridColumn: '1 / -1', border: 0, p: 0, m: 0 }}>
            <Typography component="legend" variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
              {t('adminElements.fields.contexts')}
            </Typography>
            <FormGroup row>
              {catalogue.contexts.map((c) => (
                <FormControlLabel
                  key={c.name}
                  label={t(`adminElements.contexts.${c.name}`, { defaultValue: c.name })}
                  control={
                    <Checkbox checked={values.contexts.includes(c.name)} onChange={(e) => set('contexts', e.target.checked ? [...values.contexts, c.name] : values.contexts.filter((n) => n !== c.name))} />
                  }
                />
              ))}
            </FormGroup>
            <FormHelperText error={!!errors.contexts}>{errors.contexts ?? t('adminElements.form.contextsHint')}</FormHelperText>
          </Box>
          {/* Submitting with Enter from a text field. */}
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </Box>
        {element && <ElementGraphics catalogue={catalogue} element={element} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {element ? t('common.close') : t('common.cancel')}
        </Button>
        <Button type="submit" form={`${id}-form`} variant="contained" disabled={busy}>
          {element ? t('adminElements.saveRules') : t('adminElements.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
