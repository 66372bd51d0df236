import { useId, type ReactNode } from 'react';
import { Switch as AriaSwitch, type SwitchProps } from 'react-aria-components';

/** An on/off setting (React Aria: a real checkbox with role switch inside its label). */
export function Switch({ children, hint, ...props }: Omit<SwitchProps, 'children' | 'className'> & { children: string; hint?: ReactNode }) {
  const hintId = useId();
  return (
    <div className="ls-switch-field">
      <AriaSwitch className="ls-switch" aria-describedby={hint ? hintId : undefined} {...props}>
        <span className="ls-switch__track" aria-hidden="true">
          <span className="ls-switch__thumb" />
        </span>
        <span className="ls-field__label">{children}</span>
      </AriaSwitch>
      {hint ? (
        <div id={hintId} className="ls-field__hint">
          {hint}
        </div>
      ) : null}
    </div>
  );
}
