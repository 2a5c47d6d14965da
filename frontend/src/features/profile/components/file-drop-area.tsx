import { UPLOAD_WIDGET_DEFAULT_MAX_BYTES } from '@careers/contracts/constants';
import { profileMessages } from '@careers/contracts/messages';
import { type ChangeEvent, type DragEvent, useId, useState } from 'react';

/** Which files the widget takes: a PDF or any image. */
export type DropAreaAccepts = 'pdf' | 'image';

const acceptAttribute: Record<DropAreaAccepts, string> = {
  pdf: 'application/pdf,.pdf',
  image: 'image/*',
};

const wrongTypeMessages: Record<DropAreaAccepts, string> = {
  pdf: profileMessages.selectPdf,
  image: profileMessages.selectImage,
};

/**
 * Spec section 5: the generic upload widget's own check, "Please select a PDF file", "Please select an
 * image file" or the size message, against its own limit (10 MB unless told otherwise). A screen whose
 * spec words differ names its own `wrongType` message. Null: the file may go on.
 */
export function dropAreaRefusal(
  accepts: DropAreaAccepts,
  file: Pick<File, 'type' | 'size'>,
  maxBytes: number = UPLOAD_WIDGET_DEFAULT_MAX_BYTES,
  wrongType: string = wrongTypeMessages[accepts],
): string | null {
  if (accepts === 'pdf' && file.type !== 'application/pdf') return wrongType;
  if (accepts === 'image' && !file.type.startsWith('image/')) return wrongType;
  if (file.size > maxBytes) return profileMessages.fileTooLarge(maxBytes);
  return null;
}

interface FileDropAreaProps {
  accepts: DropAreaAccepts;
  /** The control's name: "Upload resume". */
  label: string;
  /** Under the label: what to drop, and the limit. */
  hint: string;
  maxBytes?: number;
  /** The message for a file of the wrong type, when not the generic widget's. */
  wrongType?: string;
  busy: boolean;
  busyText: string;
  onFile(file: File): void;
  onRefused(message: string): void;
}

/**
 * Spec, Profile: "a PDF drag-and-drop or click upload area". A real file input sits inside (hidden
 * from sight, not from the keyboard or screen readers), so a click on the area, Enter or Space on the
 * focused input, and a file dropped on the area all take the same path.
 */
export function FileDropArea({
  accepts,
  label,
  hint,
  maxBytes,
  wrongType,
  busy,
  busyText,
  onFile,
  onRefused,
}: FileDropAreaProps) {
  const [over, setOver] = useState(false);
  const id = useId();
  const ids = { input: `${id}input`, hint: `${id}hint` };

  function take(file: File | undefined) {
    if (!file || busy) return;
    const refusal = dropAreaRefusal(accepts, file, maxBytes, wrongType);
    if (refusal) onRefused(refusal);
    else onFile(file);
  }

  function chosen(event: ChangeEvent<HTMLInputElement>) {
    take(event.target.files?.[0]);
    // Choosing the same file again (after a refusal, or after removing it) must fire `change` again.
    event.target.value = '';
  }

  function dragOver(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    event.dataTransfer.dropEffect = busy ? 'none' : 'copy';
    if (!over) setOver(true);
  }

  function drop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setOver(false);
    take(event.dataTransfer.files[0]);
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the drop target for a mouse; the input inside is the control
    <div
      className={over ? 'drop-area drop-area-over' : 'drop-area'}
      aria-busy={busy || undefined}
      onDragOver={dragOver}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      <input
        id={ids.input}
        className="visually-hidden"
        type="file"
        accept={acceptAttribute[accepts]}
        aria-describedby={ids.hint}
        disabled={busy}
        onChange={chosen}
      />
      <label className="drop-area-label" htmlFor={ids.input}>
        {busy ? busyText : label}
      </label>
      <p className="field-hint" id={ids.hint}>
        {hint}
      </p>
    </div>
  );
}
