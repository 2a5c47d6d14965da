import { parseInput } from '@careers/contracts/validation';
import { useState } from 'react';
import type { z } from 'zod';

type FieldValues = Record<string, string>;

/**
 * A form of text fields checked by a contracts schema on submit. Each field's message clears when that
 * field is edited; the first field with a message takes the focus, so the reader lands on it.
 */
export function useForm<Values extends FieldValues>(initialValues: Values) {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});

  function setField(name: keyof Values, value: string) {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => {
      if (!(name in current)) return current;
      const { [name]: _cleared, ...rest } = current;
      return rest as Partial<Record<keyof Values, string>>;
    });
  }

  /** The parsed values, or null after showing the messages and focusing the first wrong field. */
  function validate<S extends z.ZodType>(schema: S, form: HTMLFormElement): z.output<S> | null {
    const outcome = parseInput(schema, values);
    if (outcome.success) {
      setErrors({});
      return outcome.data;
    }
    setErrors(outcome.fieldErrors as Partial<Record<keyof Values, string>>);
    const [firstField] = Object.keys(outcome.fieldErrors);
    const element = firstField === undefined ? null : form.elements.namedItem(firstField);
    if (element instanceof HTMLElement) element.focus();
    return null;
  }

  function reset() {
    setValues(initialValues);
    setErrors({});
  }

  return { values, errors, setField, validate, reset };
}
