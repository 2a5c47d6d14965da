import { type ReactNode, useId } from 'react';

export interface FieldIds {
  inputId: string;
  hintId: string;
  errorId: string;
}

export function useFieldIds(): FieldIds {
  const id = useId();
  return { inputId: `${id}input`, hintId: `${id}hint`, errorId: `${id}error` };
}

/** The accessibility attributes of a field's control: invalid state and its hint and message. */
export function controlDescription(ids: FieldIds, hint: ReactNode, error: string | undefined) {
  const describedBy = [hint ? ids.hintId : null, error ? ids.errorId : null].filter(Boolean).join(' ');
  return {
    id: ids.inputId,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
}

interface FieldProps {
  ids: FieldIds;
  label: string;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
}

/** A label, the control, an optional hint and the field's validation message under it. */
export function Field({ ids, label, hint, error, children }: FieldProps) {
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label className="field-label" htmlFor={ids.inputId}>
        {label}
      </label>
      {children}
      {hint ? (
        <p className="field-hint" id={ids.hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={ids.errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
