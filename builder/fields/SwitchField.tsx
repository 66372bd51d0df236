/** An on/off setting as a `switch`. */
export function SwitchField({ label, checked, onChange }: { label: string; checked: boolean; onChange(checked: boolean): void }) {
  return (
    <div className="bs-field bs-field--inline">
      <button type="button" role="switch" aria-checked={checked} className="bs-switch" onClick={() => onChange(!checked)}>
        <span className="bs-switch__track" aria-hidden="true">
          <span className="bs-switch__thumb" />
        </span>
        <span>{label}</span>
      </button>
    </div>
  );
}
