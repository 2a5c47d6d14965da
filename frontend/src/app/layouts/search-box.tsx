import { screenMessages } from '@careers/contracts/messages';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { SearchIcon } from '../../components/icons';

/** Sends the trimmed text to the jobs list as `?search=`; blank text does nothing. */
export function SearchBox() {
  const [text, setText] = useState('');
  const navigate = useNavigate();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const search = text.trim();
    if (search === '') return;
    navigate({ pathname: '/jobs', search: `?${new URLSearchParams({ search })}` });
  }

  return (
    <search className="search-box">
      <form onSubmit={submit}>
        <SearchIcon />
        <input
          type="search"
          aria-label="Search"
          placeholder={screenMessages.searchPlaceholder}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </form>
    </search>
  );
}
