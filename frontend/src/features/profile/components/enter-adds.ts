import type { KeyboardEvent } from 'react';

/** Enter in an add row's field (a skill, a desired role) adds the entry instead of saving the profile. */
export function enterAdds(add: () => void) {
  return (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
      event.preventDefault();
      add();
    }
  };
}
