import { useQuery } from '@tanstack/react-query';
import type { CouponBody } from '../../../../server/contract/coupons.ts';
import { couponBodyOf, couponKindsQuery, couponsQuery, useDeleteCoupon, useSaveCoupon, type Coupon } from '../api/points.ts';
import { redeemRuleIcon } from '../../../../presets/rule-icons.ts';
import { CouponForm } from './CouponForm.tsx';
import { RuleSection } from './RuleSection.tsx';
import { countOf, formatMinor } from '../../../lib/format.ts';
import { useStoreCurrency } from '../../../lib/useStoreCurrency.ts';

/** What each kind gives, and a sensible start for a new one. */
const KIND_STARTS: Record<CouponBody['discount_type'], { description: string; template: CouponBody }> = {
  fixed_amount: { description: 'A fixed discount, e.g. $5 off', template: start('fixed_amount', '$5 off', 500) },
  percentage: { description: 'A share of the order, e.g. 5% off', template: start('percentage', '5% off', 5) },
  free_shipping: { description: 'Shipping costs nothing', template: start('free_shipping', 'Free shipping', 0) },
  free_product: { description: 'A product of your store at no cost', template: start('free_product', 'Free product', 0) },
};

function start(discount_type: CouponBody['discount_type'], title: string, discount_value: number): CouponBody {
  return { title, discount_type, discount_value, status: 'active', config: { min_order_minor: 0, expiry_days: null, product_ids: [], collection_ids: [] } };
}

function details(coupon: Coupon, currency: string): string[] {
  const out: string[] = [];
  if (coupon.config.min_order_minor) out.push(`Orders from ${formatMinor(coupon.config.min_order_minor, currency)}`);
  if (coupon.config.product_ids.length || coupon.config.collection_ids.length) out.push('Some products only');
  out.push(coupon.config.expiry_days ? `Code expires after ${countOf(coupon.config.expiry_days, 'day')}` : 'Code never expires');
  return out;
}

/**
 * Coupons (GET /coupon, GET /coupon/type, POST /coupon/store and /coupon/update, GET and DELETE
 * /coupon/{id}): discounts the program can give outside points, e.g. as referral rewards or perks.
 */
export function CouponSection() {
  const currency = useStoreCurrency();
  const coupons = useQuery(couponsQuery());
  const kinds = useQuery(couponKindsQuery());
  const toggle = useSaveCoupon();
  const remove = useDeleteCoupon();
  const catalogue = (kinds.data ?? []).map((kind) => ({ id: kind.type, label: kind.label, ...KIND_STARTS[kind.type] }));
  return (
    <RuleSection
      id="coupons"
      title="Coupons"
      noun="coupon"
      plural="coupons"
      intro="Discounts the program can give without points, for example as referral rewards or VIP perks."
      loading={coupons.isPending || kinds.isPending}
      loadError={coupons.error ?? kinds.error}
      groups={coupons.data && [{ id: 'all', title: 'Coupons', rules: coupons.data }]}
      catalogue={catalogue}
      card={(coupon) => ({ icon: redeemRuleIcon(coupon.discount_type), summary: coupon.description, details: details(coupon, currency) })}
      bodyOf={(coupon) => couponBodyOf(coupon)}
      Form={CouponForm}
      toggle={toggle}
      remove={remove}
      deleteNote="The coupon is removed from the program. This cannot be undone."
    />
  );
}
