import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LINE_PATTERNS, THEME_RANGES, linePatternOf, themeValueProblem, type ThemeAttributeName } from '@golf/contract/api/themes';
import { DEFAULT_SYMBOL, isPrintSymbol, PRINT_SYMBOLS, type PrintSymbolId } from '@golf/contract/print/symbols';
import type { ResolvedValue, ValueSource } from '../utils/inheritance';
import { SymbolIcon } from './symbol-icon';

/** The words for where a value comes from. */
export function sourceText(t: (key: string, options?: Record<string, unknown>) => string, source: ValueSource): string {
  switch (source.kind) {
    case 'own':
      return t('adminThemes.source.own');
    case 'theme':
      return t('adminThemes.source.theme', { name: source.themeName });
    case 'default':
      return t('adminThemes.source.default');
    default:
      return t('adminThemes.source.none');
  }
}

const ATTRIBUTE_KEYS: Record<ThemeAttributeName, string> = {
  'fill colour': 'fill',
  'stroke colour': 'stroke',
  'stroke width': 'width',
  opacity: 'opacity',
  'line dash': 'pattern',
  radius: 'radius',
  icon: 'icon',
};

/** The control id of an attribute of an element (unique on the page). */
const controlId = (element: string, attribute: ThemeAttributeName) => `theme-value-${element}-${attribute}`.replace(/[^A-Za-z0-9_-]/g, '-');

/** A symbol with its name, as the icon picker lists it and shows the chosen one. */
function SymbolChoice({ id, name, colours }: { id: PrintSymbolId; name: string; colours: SymbolColours }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
      <SymbolIcon id={id} fill={colours.fill} stroke={colours.stroke} />
      <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {name}
      </Box>
    </Box>
  );
}

/** The element's fill and stroke in the theme: what the picker draws its symbols with. */
export interface SymbolColours {
  fill?: string;
  stroke?: string;
}

/**
 * One attribute of the chosen element: its control (a colour, a number in its range, a line
 * pattern, or a point's print symbol), where its value comes from, and a reset of the theme's own
 * value to the inherited one.
 */
export function ValueRow({
  element,
  resolved,
  onChange,
  onReset,
  colours = {},
}: {
  element: string;
  resolved: ResolvedValue;
  onChange: (value: string) => void;
  onReset: () => void;
  colours?: SymbolColours;
}) {
  const { t } = useTranslation();
  const { attributeName, value, source, inherited, inheritedSource } = resolved;
  const key = ATTRIBUTE_KEYS[attributeName];
  const label = t(`adminThemes.attributes.${key}`);
  const id = controlId(element, attributeName);
  const own = source.kind === 'own';
  const problem = own && value !== undefined ? themeValueProblem(attributeName, value) : null;
  const sourceId = `${id}-source`;
  const shownValue = value ?? '';

  let control;
  if (attributeName === 'fill colour' || attributeName === 'stroke colour') {
    control = (
      <TextField
        id={id}
        type="color"
        label={label}
        size="small"
        value={/^#[0-9a-fA-F]{6}$/.test(shownValue) ? shownValue.toLowerCase() : '#000000'}
        onChange={(e) => onChange(e.target.value)}
        slotProps={{ htmlInput: { 'aria-describedby': sourceId, 'data-attribute': attributeName } }}
        sx={{ width: 140 }}
      />
    );
  } else if (attributeName === 'line dash') {
    const pattern = linePatternOf(value);
    control = (
      <TextField
        id={id}
        select
        label={label}
        size="small"
        value={pattern ?? ''}
        onChange={(e) => onChange(LINE_PATTERNS.find((p) => p.id === e.target.value)?.dash ?? '0')}
        slotProps={{ select: { native: true }, htmlInput: { 'aria-describedby': sourceId, 'data-attribute': attributeName } }}
        sx={{ width: 180 }}
      >
        {pattern === null && <option value="">{t('adminThemes.patterns.other', { value: value ?? '' })}</option>}
        {LINE_PATTERNS.map((p) => (
          <option key={p.id} value={p.id}>
            {t(`adminThemes.patterns.${p.id}`)}
          </option>
        ))}
      </TextField>
    );
  } else if (attributeName === 'icon') {
    // No icon anywhere draws a circle: the picker shows it so.
    const chosen = value === undefined ? DEFAULT_SYMBOL : value;
    const symbolName = (id: PrintSymbolId) => t(`adminThemes.symbols.${id}`);
    control = (
      <TextField
        id={id}
        select
        label={label}
        size="small"
        value={chosen}
        onChange={(e) => onChange(e.target.value)}
        slotProps={{
          select: {
            renderValue: (v) => (isPrintSymbol(v as string) ? <SymbolChoice id={v as PrintSymbolId} name={symbolName(v as PrintSymbolId)} colours={colours} /> : t('adminThemes.patterns.other', { value: v })),
            SelectDisplayProps: { 'aria-describedby': sourceId, 'data-attribute': attributeName } as React.HTMLAttributes<HTMLDivElement>,
            MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } },
          },
        }}
        sx={{ width: 200 }}
      >
        {!isPrintSymbol(chosen) && <MenuItem value={chosen}>{t('adminThemes.patterns.other', { value: chosen })}</MenuItem>}
        {PRINT_SYMBOLS.map((s) => (
          <MenuItem key={s} value={s} data-symbol={s}>
            <SymbolChoice id={s} name={symbolName(s)} colours={colours} />
          </MenuItem>
        ))}
      </TextField>
    );
  } else {
    const range = THEME_RANGES[attributeName];
    control = (
      <TextField
        id={id}
        type="number"
        label={label}
        size="small"
        value={shownValue}
        onChange={(e) => onChange(e.target.value)}
        error={problem !== null}
        helperText={problem ? t('adminThemes.valueRange', { min: range.min, max: range.max }) : undefined}
        slotProps={{ htmlInput: { min: range.min, max: range.max, step: range.step, inputMode: 'decimal', 'aria-describedby': sourceId, 'data-attribute': attributeName } }}
        sx={{ width: 140 }}
      />
    );
  }

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, py: 1, borderBottom: 1, borderColor: 'divider' }}>
      {control}
      <Box sx={{ flex: '1 1 160px', minWidth: 0 }}>
        <Typography id={sourceId} variant="body2" color={own ? 'primary.dark' : 'text.secondary'} sx={{ fontWeight: own ? 600 : 400 }}>
          {sourceText(t, source)}
          {own && inherited !== undefined ? ` · ${t('adminThemes.inheritedValue', { value: inherited, from: sourceText(t, inheritedSource) })}` : ''}
        </Typography>
      </Box>
      {own && (
        <Button size="small" onClick={onReset} aria-label={t('adminThemes.resetLabel', { attribute: label })}>
          {t('adminThemes.reset')}
        </Button>
      )}
    </Box>
  );
}
