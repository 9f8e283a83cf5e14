import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { CreateAttributeBody, CreateAttributeUnitBody, type Attribute, type GraphicsResponse } from '@golf/contract/api/graphics';
import { EmptyState } from '../../../components/ui/empty-state';
import { ListStates } from '../../../components/ui/list-states';
import { errorText } from '../../../lib/error-text';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useCreateAttribute, useCreateUnit, useUpdateAttribute } from '../api/catalogue';

/** The attributes with their units: change a unit, add attributes and units. */
export function AttributesPanel({ catalogue }: { catalogue: UseQueryResult<GraphicsResponse> }) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<'attribute' | 'unit' | null>(null);
  const data = catalogue.data;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: { sm: 'flex-end' } }}>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog('attribute')} disabled={!catalogue.isSuccess}>
          {t('adminElements.attributes.new')}
        </Button>
        <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setDialog('unit')} disabled={!catalogue.isSuccess}>
          {t('adminElements.units.new')}
        </Button>
      </Box>
      <ListStates query={catalogue} errorTitle={t('adminElements.loadFailed')} empty={data && data.attributes.length === 0 ? <EmptyState title={t('adminElements.attributes.empty')} /> : null}>
        {() => (
          <>
            <Paper variant="outlined">
              <List disablePadding aria-label={t('adminElements.attributes.listLabel')}>
                {data!.attributes.map((a, i) => (
                  <AttributeRow key={a.id} attribute={a} units={data!.attributeUnits.map((u) => u.name)} divider={i < data!.attributes.length - 1} />
                ))}
              </List>
            </Paper>
            <Typography variant="body2" color="text.secondary">
              {t('adminElements.units.list', { units: data!.attributeUnits.map((u) => u.name).join(', ') })}
            </Typography>
          </>
        )}
      </ListStates>
      {dialog === 'attribute' && data && <NewAttributeDialog units={data.attributeUnits.map((u) => u.name)} onClose={() => setDialog(null)} />}
      {dialog === 'unit' && <NewUnitDialog onClose={() => setDialog(null)} />}
    </Box>
  );
}

function AttributeRow({ attribute, units, divider }: { attribute: Attribute; units: string[]; divider: boolean }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const update = useUpdateAttribute();
  const change = async (unit: string) => {
    try {
      await update.mutateAsync({ id: attribute.id, attributeUnitName: unit });
      snackbar.confirm(t('adminElements.attributes.unitChanged', { name: attribute.name, unit }));
    } catch (error) {
      snackbar.error(t('adminElements.attributes.unitChangeFailed', { name: attribute.name }), errorText(error, t));
    }
  };
  return (
    <ListItem divider={divider} data-testid="attribute-row" sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', py: 1.25 }}>
      <Typography sx={{ fontWeight: 600, flex: '1 1 10rem' }}>{attribute.name}</Typography>
      <TextField
        select
        size="small"
        label={t('adminElements.attributes.unitOf', { name: attribute.name })}
        value={attribute.attributeUnitName}
        onChange={(e) => void change(e.target.value)}
        disabled={update.isPending}
        sx={{ flex: '0 1 14rem', minWidth: '10rem' }}
      >
        {units.map((u) => (
          <MenuItem key={u} value={u}>
            {u}
          </MenuItem>
        ))}
      </TextField>
    </ListItem>
  );
}

function NewAttributeDialog({ units, onClose }: { units: string[]; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateAttribute();
  const [name, setName] = useState('');
  const [unit, setUnit] = useState(units[0] ?? '');
  return (
    <CreateDialog
      title={t('adminElements.attributes.newTitle')}
      busy={create.isPending}
      parse={() => CreateAttributeBody.safeParse({ name, attributeUnitName: unit })}
      save={(body) => create.mutateAsync(body)}
      created={(body) => t('adminElements.attributes.created', { name: body.name })}
      onClose={onClose}
    >
      <TextField label={t('adminElements.fields.name')} value={name} onChange={(e) => setName(e.target.value)} required autoFocus slotProps={{ htmlInput: { maxLength: 60 } }} />
      <TextField select label={t('adminElements.attributes.unit')} value={unit} onChange={(e) => setUnit(e.target.value)} required>
        {units.map((u) => (
          <MenuItem key={u} value={u}>
            {u}
          </MenuItem>
        ))}
      </TextField>
    </CreateDialog>
  );
}

function NewUnitDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateUnit();
  const [name, setName] = useState('');
  return (
    <CreateDialog
      title={t('adminElements.units.newTitle')}
      busy={create.isPending}
      parse={() => CreateAttributeUnitBody.safeParse({ name })}
      save={(body) => create.mutateAsync(body.name)}
      created={(body) => t('adminElements.units.created', { name: body.name })}
      onClose={onClose}
    >
      <TextField label={t('adminElements.fields.name')} value={name} onChange={(e) => setName(e.target.value)} required autoFocus helperText={t('adminElements.units.hint')} slotProps={{ htmlInput: { maxLength: 60 } }} />
    </CreateDialog>
  );
}

/**
 * The dialog of a form that creates one thing (an attribute, a unit): its fields, checked with the
 * contract's schema (`parse`) when submitted, then saved; a refusal shows above the fields, a
 * success is confirmed and closes it. It cannot be closed while it saves.
 */
function CreateDialog<T>({
  title,
  busy,
  parse,
  save,
  created,
  onClose,
  children,
}: {
  title: string;
  busy: boolean;
  parse: () => { success: true; data: T } | { success: false };
  save: (data: T) => Promise<unknown>;
  /** The confirmation once saved. */
  created: (data: T) => string;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const snackbar = useSnackbar();
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async () => {
    const parsed = parse();
    if (!parsed.success) {
      setProblem(t('adminElements.form.required'));
      return;
    }
    try {
      await save(parsed.data);
      snackbar.confirm(created(parsed.data));
      onClose();
    } catch (error) {
      setProblem(errorText(error, t));
    }
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby={`${id}-title`}>
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <Box
          component="form"
          id={`${id}-form`}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
          sx={{ display: 'grid', gap: 2, pt: 1 }}
        >
          {problem && <Alert severity="error">{problem}</Alert>}
          {children}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" form={`${id}-form`} variant="contained" disabled={busy}>
          {t('adminElements.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
