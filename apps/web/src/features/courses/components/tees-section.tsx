import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { MAX_TEES_PER_COURSE, type Tee, type TeeInput } from '@golf/contract/api/courses';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import type { TeeValues } from '../utils/course-form';
import { visuallyHiddenSx } from '../../../lib/visually-hidden';
import { wholeMetres } from '../../../lib/map/format';
import { TeeDialog, TeeSwatch } from './tee-dialog';

/** The tees of a course: add, edit and delete (after confirmation). */
export function TeesSection({
  tees,
  saved,
  busy,
  error,
  onAdd,
  onEdit,
  onDelete,
}: {
  tees: TeeValues[];
  /** The saved tees with their distances, for an existing course. */
  saved?: Tee[];
  busy: boolean;
  error?: string;
  onAdd: (tee: TeeInput) => Promise<boolean> | boolean;
  onEdit: (index: number, tee: TeeInput) => Promise<boolean> | boolean;
  onDelete: (index: number) => Promise<boolean> | boolean;
}) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const savedById = new Map((saved ?? []).map((s) => [s.id, s]));

  return (
    <Card component="section" aria-labelledby="course-tees">
      <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Box sx={{ mr: 'auto' }}>
            <Typography variant="h2" id="course-tees">
              {t('courses.tees.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('courses.tees.hint')}
            </Typography>
          </Box>
          <Button startIcon={<AddIcon />} variant="outlined" onClick={() => setEditing('new')} disabled={busy || tees.length >= MAX_TEES_PER_COURSE}>
            {t('courses.tees.add')}
          </Button>
        </Box>
        {error && (
          <Typography color="error" variant="body2" role="alert">
            {t(error)}
          </Typography>
        )}
        {tees.length === 0 ? (
          <Typography color="text.secondary">{t('courses.tees.none')}</Typography>
        ) : (
          <TableContainer sx={{ minWidth: 0, position: 'relative' }}>
            <Table size="small" aria-labelledby="course-tees">
              <TableHead>
                <TableRow>
                  <TableCell>{t('courses.tees.name')}</TableCell>
                  <TableCell>{t('courses.tees.colour')}</TableCell>
                  {saved && <TableCell align="right">{t('courses.tees.out')}</TableCell>}
                  {saved && <TableCell align="right">{t('courses.tees.total')}</TableCell>}
                  <TableCell align="right">
                    <Box component="span" sx={visuallyHiddenSx}>
                      {t('courses.actions')}
                    </Box>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {tees.map((tee, index) => {
                  const info = tee.id !== undefined ? savedById.get(tee.id) : undefined;
                  return (
                    <TableRow key={tee.key}>
                      <TableCell sx={{ fontWeight: 600 }}>{tee.name}</TableCell>
                      <TableCell>
                        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                          <TeeSwatch color={tee.color} />
                          <Box component="span" sx={{ fontFamily: 'monospace', display: { xs: 'none', sm: 'inline' } }}>
                            {tee.color}
                          </Box>
                        </Box>
                      </TableCell>
                      {saved && <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{info ? t('courses.metres', { value: wholeMetres(info.distance, i18n.language) }) : '–'}</TableCell>}
                      {saved && <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{info ? t('courses.metres', { value: wholeMetres(info.total_distance, i18n.language) }) : '–'}</TableCell>}
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        <IconButton aria-label={t('courses.tees.editNamed', { name: tee.name })} onClick={() => setEditing(index)} disabled={busy}>
                          <EditOutlinedIcon />
                        </IconButton>
                        <IconButton aria-label={t('courses.tees.deleteNamed', { name: tee.name })} onClick={() => setDeleting(index)} disabled={busy}>
                          <DeleteOutlinedIcon />
                        </IconButton>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
      {editing !== null && (
        <TeeDialog
          tee={editing === 'new' ? null : tees[editing]}
          busy={busy}
          onClose={() => setEditing(null)}
          onSubmit={async (tee) => {
            const ok = editing === 'new' ? await onAdd(tee) : await onEdit(editing, tee);
            if (ok) setEditing(null);
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('courses.tees.confirmDeleteTitle', { name: deleting !== null ? tees[deleting]?.name : '' })}
        confirmLabel={t('courses.tees.delete')}
        busy={busy}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting === null) return;
          if (await onDelete(deleting)) setDeleting(null);
        }}
      >
        {t('courses.tees.confirmDeleteText')}
      </ConfirmDialog>
    </Card>
  );
}
