import { useState } from 'react';
import { controlDescription, Field, useFieldIds } from './field';
import { EyeIcon, EyeOffIcon } from './icons';

interface PasswordFieldProps {
  name: string;
  label: string;
  value: string;
  onChange(value: string): void;
  autoComplete: 'current-password' | 'new-password';
  required?: boolean;
  error?: string;
}

/** A password input with its own show/hide toggle, named after the field ("Show confirm password"). */
export function PasswordField({
  name,
  label,
  value,
  onChange,
  autoComplete,
  required,
  error,
}: PasswordFieldProps) {
  const ids = useFieldIds();
  const [visible, setVisible] = useState(false);
  return (
    <Field ids={ids} label={label} error={error}>
      <div className="password-input">
        <input
          {...controlDescription(ids, undefined, error)}
          className="input"
          name={name}
          type={visible ? 'text' : 'password'}
          value={value}
          autoComplete={autoComplete}
          required={required}
          onChange={(event) => onChange(event.target.value)}
        />
        <button
          type="button"
          className="password-toggle"
          aria-label={`${visible ? 'Hide' : 'Show'} ${label.toLowerCase()}`}
          aria-controls={ids.inputId}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      </div>
    </Field>
  );
}
