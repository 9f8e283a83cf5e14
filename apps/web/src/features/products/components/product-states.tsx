import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import UpdateIcon from '@mui/icons-material/Update';
import { generationInProgress, GUIDE_PRODUCTS, productFreshness, type Guide, type GuideProduct, type ProductFreshness } from '@golf/contract/api/guides';

type ProductState = ProductFreshness | 'generating';

/** Each state has an icon of its own and says itself in words: the colour only repeats it. */
const LOOK: Record<ProductState, { Icon: typeof UpdateIcon; colour: string }> = {
  current: { Icon: CheckCircleOutlinedIcon, colour: 'success.main' },
  out_of_date: { Icon: UpdateIcon, colour: 'warning.dark' },
  missing: { Icon: RadioButtonUncheckedIcon, colour: 'text.secondary' },
  generating: { Icon: AutorenewIcon, colour: 'info.main' },
};

/** A product being made shows so first; otherwise whether it is made, and made since the guide and its courses last changed. */
export function productState(guide: Guide, product: GuideProduct): ProductState {
  return generationInProgress(guide, product) ? 'generating' : productFreshness(guide, product);
}

/**
 * The guides list's line of products: each of the six with when it was made, or that it is not
 * made, out of date (the guide or one of its courses changed after it was made) or being made.
 * Plain text in a list of its own (outside the row's link), one column at 390 px.
 */
export function ProductStates({ guide }: { guide: Guide }) {
  const { t, i18n } = useTranslation();
  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }) : '');
  return (
    <Box
      component="ul"
      aria-label={t('products.freshness.listLabel', { title: guide.title })}
      data-testid={`product-states-${guide.guide_id}`}
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(15rem, 1fr))', columnGap: 2, rowGap: 0.25 }}
    >
      {GUIDE_PRODUCTS.map((product) => {
        const state = productState(guide, product);
        const { Icon, colour } = LOOK[state];
        const name = t(`products.product.${product}`);
        const made = when(guide[`generated_at_${product}`]);
        return (
          <Box component="li" key={product} data-product={product} data-state={state} sx={{ display: 'flex', gap: 0.75, alignItems: 'flex-start', typography: 'caption', color: 'text.secondary' }}>
            <Icon aria-hidden sx={{ fontSize: 16, mt: '1px', flexShrink: 0, color: colour }} />
            <span>
              {state === 'current'
                ? t('products.freshness.current', { product: name, when: made })
                : state === 'out_of_date'
                  ? t('products.freshness.outOfDate', { product: name, when: made })
                  : state === 'missing'
                    ? t('products.freshness.missing', { product: name })
                    : t('products.freshness.generating', { product: name })}
            </span>
          </Box>
        );
      })}
    </Box>
  );
}
