import { useMemo } from 'react';
import { useFieldArray, useWatch, type Control, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { CURRENCIES, HOURS_LIMITS } from '@golf/contract/api/hours';
import { FormTextField } from '../../../components/form/form-text-field';
import { messageOf, newPrice, type HoursFormValues } from '../utils/hours-form';

const COMMON_CURRENCIES = ['DKK', 'SEK', 'NOK', 'EUR', 'GBP', 'USD', 'CHF', 'ISK'];

function currencyLabel(code: string, language: string): string {
  try {
    const name = new Intl.DisplayNames([language], { type: 'currency' }).of(code);
    return name && name !== code ? `${code} – ${name}` : code;
  } catch {
    return code;
  }
}

interface Props {
  control: Control<HoursFormValues>;
  errors: FieldErrors<HoursFormValues>;
  /** The currency of new prices: the last one used, else the country's. */
  defaultCurrency: string;
}

/** Prices in named groups (green fees, rental, ...); the order here is the order shown in the app. */
export function PricesSection({ control, errors, defaultCurrency }: Props) {
  const { t } = useTranslation();
  const groups = useFieldArray({ control, name: 'price_groups' });
  const full = groups.fields.length >= HOURS_LIMITS.priceGroups;
  return (
    <Card component="section" aria-labelledby="hours-prices">
      <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2.5 }}>
        <Box>
          <Typography variant="h2" id="hours-prices">
            {t('hours.prices')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {t('hours.pricesHint')}
          </Typography>
        </Box>
        {messageOf(errors.price_groups) && <Typography color="error">{messageOf(errors.price_groups)}</Typography>}
        {groups.fields.length === 0 && (
          <Typography color="text.secondary" sx={{ fontStyle: 'italic' }}>
            {t('hours.noPrices')}
          </Typography>
        )}
        {groups.fields.map((field, index) => (
          <PriceGroupEditor
            key={field.id}
            index={index}
            count={groups.fields.length}
            control={control}
            errors={errors}
            defaultCurrency={defaultCurrency}
            onMove={(to) => groups.move(index, to)}
            onRemove={() => groups.remove(index)}
          />
        ))}
        <Box>
          <Button
            startIcon={<AddIcon />}
            variant="outlined"
            onClick={() => groups.append({ name: '', items: [newPrice(defaultCurrency)] })}
            disabled={full}
          >
            {t('hours.addGroup')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

function PriceGroupEditor({
  index,
  count,
  control,
  errors,
  defaultCurrency,
  onMove,
  onRemove,
}: Props & { index: number; count: number; onMove: (to: number) => void; onRemove: () => void }) {
  const { t, i18n } = useTranslation();
  const items = useFieldArray({ control, name: `price_groups.${index}.items` });
  const name = useWatch({ control, name: `price_groups.${index}.name` });
  const label = name?.trim() || t('hours.groupNumber', { number: index + 1 });
  const full = items.fields.length >= HOURS_LIMITS.pricesPerGroup;
  const options = useMemo(() => {
    const common = COMMON_CURRENCIES.map((c) => ({ code: c, label: currencyLabel(c, i18n.language) }));
    const rest = CURRENCIES.filter((c) => !COMMON_CURRENCIES.includes(c)).map((c) => ({ code: c, label: currencyLabel(c, i18n.language) }));
    return { common, rest };
  }, [i18n.language]);

  return (
    <Box
      role="group"
      aria-label={label}
      data-testid={`price-group-${index}`}
      sx={{ border: '1px solid', borderColor: 'divider', borderRadius: 2, p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 2 }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <FormTextField control={control} name={`price_groups.${index}.name`} label={t('hours.groupName')} placeholder={t('hours.groupNamePlaceholder')} />
        <IconButton aria-label={t('hours.moveGroupUp', { name: label })} disabled={index === 0} onClick={() => onMove(index - 1)} sx={{ mt: 1 }}>
          <ArrowUpwardIcon />
        </IconButton>
        <IconButton aria-label={t('hours.moveGroupDown', { name: label })} disabled={index === count - 1} onClick={() => onMove(index + 1)} sx={{ mt: 1 }}>
          <ArrowDownwardIcon />
        </IconButton>
        <IconButton aria-label={t('hours.removeGroup', { name: label })} onClick={onRemove} sx={{ mt: 1 }}>
          <DeleteOutlinedIcon />
        </IconButton>
      </Box>
      {messageOf(errors.price_groups?.[index]?.items) && <Typography color="error">{messageOf(errors.price_groups?.[index]?.items)}</Typography>}
      {items.fields.map((item, i) => (
        <Box
          key={item.id}
          role="group"
          aria-label={t('hours.priceNumber', { number: i + 1, group: label })}
          sx={{
            display: 'grid',
            gap: 1.5,
            alignItems: 'start',
            gridTemplateColumns: { xs: '1fr 1fr', md: 'minmax(0, 1.2fr) minmax(0, 1.6fr) 120px 110px auto' },
            pb: { xs: 1.5, md: 0 },
            borderBottom: { xs: '1px solid', md: 'none' },
            borderColor: 'divider',
          }}
        >
          <Box sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}>
            <FormTextField control={control} name={`price_groups.${index}.items.${i}.name`} label={t('hours.priceName')} size="small" />
          </Box>
          <Box sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}>
            <FormTextField control={control} name={`price_groups.${index}.items.${i}.description`} label={t('hours.priceDescription')} size="small" />
          </Box>
          <FormTextField
            control={control}
            name={`price_groups.${index}.items.${i}.amount`}
            label={t('hours.amount')}
            size="small"
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <FormTextField
            control={control}
            name={`price_groups.${index}.items.${i}.currency`}
            label={t('hours.currency')}
            size="small"
            select
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <optgroup label={t('hours.commonCurrencies')}>
              {options.common.map((o) => (
                <option key={o.code} value={o.code}>
                  {o.code}
                </option>
              ))}
            </optgroup>
            <optgroup label={t('hours.allCurrencies')}>
              {options.rest.map((o) => (
                <option key={o.code} value={o.code} title={o.label}>
                  {o.code}
                </option>
              ))}
            </optgroup>
          </FormTextField>
          <Box sx={{ display: 'flex', gridColumn: { xs: '1 / -1', md: 'auto' }, justifyContent: { xs: 'flex-end', md: 'flex-start' } }}>
            <IconButton size="small" aria-label={t('hours.movePriceUp', { number: i + 1 })} disabled={i === 0} onClick={() => items.move(i, i - 1)}>
              <ArrowUpwardIcon fontSize="small" />
            </IconButton>
            <IconButton
              size="small"
              aria-label={t('hours.movePriceDown', { number: i + 1 })}
              disabled={i === items.fields.length - 1}
              onClick={() => items.move(i, i + 1)}
            >
              <ArrowDownwardIcon fontSize="small" />
            </IconButton>
            <IconButton size="small" aria-label={t('hours.removePrice', { number: i + 1 })} onClick={() => items.remove(i)}>
              <DeleteOutlinedIcon fontSize="small" />
            </IconButton>
          </Box>
        </Box>
      ))}
      <Box>
        <Button size="small" startIcon={<AddIcon />} onClick={() => items.append(newPrice(defaultCurrency))} disabled={full}>
          {t('hours.addPrice')}
        </Button>
      </Box>
    </Box>
  );
}
