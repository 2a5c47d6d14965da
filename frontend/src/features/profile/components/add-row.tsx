import { type KeyboardEvent, type ReactNode, useRef } from 'react';

/**
 * The row under a list the profile form grows (skills, desired roles). After an add or a remove its
 * first field takes the focus back, so the next entry can be typed at once.
 */
export function useAddRow() {
  const ref = useRef<HTMLDivElement>(null);
  return { ref, focus: () => ref.current?.querySelector('input')?.focus() };
}

interface AddRowProps {
  row: ReturnType<typeof useAddRow>;
  /** Extra class for the row's own layout. */
  className?: string;
  /** The add button's text ("Add Skill", "Add Role"). */
  buttonLabel: string;
  /** False while the entry is blank: the button stays disabled and Enter does nothing. */
  canAdd: boolean;
  onAdd(): void;
  children: ReactNode;
}

export function AddRow({ row, className, buttonLabel, canAdd, onAdd, children }: AddRowProps) {
  // Enter in one of the row's fields adds the entry instead of saving the whole profile.
  function addOnEnter(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
      event.preventDefault();
      onAdd();
    }
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: only listens for Enter bubbling from the row's inputs
    <div
      className={['profile-add-row', className].filter(Boolean).join(' ')}
      ref={row.ref}
      onKeyDown={addOnEnter}
    >
      {children}
      <button type="button" className="button button-ghost" disabled={!canAdd} onClick={onAdd}>
        {buttonLabel}
      </button>
    </div>
  );
}
