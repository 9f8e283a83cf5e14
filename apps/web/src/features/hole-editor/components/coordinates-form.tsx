import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import type { ElementForEdit } from '@golf/contract/api/graphics';
import { elementLabel } from '../../../lib/graphics-names';
import type { HoleEditorController } from '../map/editor-controller';
import { parseCoordinateList, positionsNeeded } from '../../../lib/map/keyboard-editing';

/**
 * Drawing without a pointer: the positions of a new feature of the chosen element typed as
 * "latitude, longitude", one a line (a point takes one, a line two or more, an area three or more).
 */
export function CoordinatesForm({ element, controller }: { element: ElementForEdit; controller: HoleEditorController }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const name = elementLabel(t, element.name);
  const needed = positionsNeeded(element.geometryType);
  const id = `coordinates-${element.id}`;

  const add = () => {
    const parsed = parseCoordinateList(text);
    if (!parsed.ok) return setProblem(t('holeEditor.coordinates.badLine', { line: parsed.line }));
    const count = parsed.positions.length;
    if (count < needed.min || count > needed.max) return setProblem(t(`holeEditor.coordinates.count.${element.geometryType}`));
    if (!controller.addFeature(element.name, parsed.positions)) return setProblem(t(`holeEditor.coordinates.count.${element.geometryType}`));
    setProblem(null);
    setText('');
  };

  return (
    <Box
      component="form"
      noValidate
      aria-label={t('holeEditor.coordinates.title', { element: name })}
      onSubmit={(e) => {
        e.preventDefault();
        add();
      }}
      sx={{ display: 'grid', gap: 1, px: 2, py: 1 }}
      data-testid="coordinates-form"
    >
      <TextField
        id={id}
        size="small"
        multiline
        minRows={element.geometryType === 'point' ? 1 : 3}
        label={t('holeEditor.coordinates.label')}
        placeholder="55.71234, 9.53456"
        value={text}
        onChange={(e) => setText(e.target.value)}
        error={!!problem}
        helperText={problem ?? t(`holeEditor.coordinates.count.${element.geometryType}`)}
      />
      <Button type="submit" size="small" variant="outlined" sx={{ justifySelf: 'start' }}>
        {t('holeEditor.coordinates.add', { element: name })}
      </Button>
    </Box>
  );
}
