import type { Control, FieldPath, FieldValues, UseFormRegister } from 'react-hook-form';
import { CatalogueField } from './CatalogueField.tsx';
import { NumberField, MoneyField } from '../../../components/ui/form/FormFields.tsx';

/**
 * What a coupon and a way to redeem share, under the same field names: the amount or percentage
 * off (by `type`), the minimum order, and the products or collections the discount is kept to.
 */
export function DiscountFields<V extends FieldValues>({ control, register, type }: { control: Control<V>; register: UseFormRegister<V>; type: string }) {
  const field = (name: string) => name as FieldPath<V>;
  return (
    <>
      {type === 'fixed_amount' ? <MoneyField control={control} name={field('discount_value')} label="Amount off" /> : null}
      {type === 'percentage' ? (
        <NumberField control={control} register={register} name={field('discount_value')} label="Percentage off" hint="Between 1 and 100." />
      ) : null}
      <MoneyField control={control} name={field('config.min_order_minor')} label="Minimum order" hint="0 means any order." />
      <CatalogueField control={control} name={field('config.product_ids')} kind="products" label="Only for products" hint="None chosen: every product." />
      <CatalogueField
        control={control}
        name={field('config.collection_ids')}
        kind="collections"
        label="Only for collections"
        hint="None chosen: every collection."
      />
    </>
  );
}
