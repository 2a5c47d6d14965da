/** The texts a control points to with aria-describedby (its hint and its validation message). */
export function descriptionOf(element: HTMLElement): string[] {
  const ids = element.getAttribute('aria-describedby')?.split(/\s+/).filter(Boolean) ?? [];
  return ids.map((id) => element.ownerDocument.getElementById(id)?.textContent ?? '');
}
