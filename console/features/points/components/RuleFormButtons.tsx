import { Button } from '../../../components/ui/Button.tsx';

/** Save (named for a new or an existing rule) and Cancel, at the foot of a rule's drawer form. */
export function RuleFormButtons({ isNew, noun, saving, onCancel }: { isNew: boolean; noun: string; saving: boolean; onCancel: () => void }) {
  return (
    <div className="ls-row">
      <Button type="submit" variant="primary" loading={saving}>
        {`${isNew ? 'Add' : 'Save'} ${noun}`}
      </Button>
      <Button onClick={onCancel}>Cancel</Button>
    </div>
  );
}
