/**
 * A search box with Search and Clear (the arena's players, the guilds): what it sends is the text trimmed;
 * `invalidText`, when given, is what a search that fails `isValid` is refused with, below the box.
 */
import { useId, useState, type FormEvent } from 'react';

interface SearchFormProps {
  label: string;
  /** The search in effect ('' for none): Clear shows while there is one. */
  search: string;
  onSearch: (search: string) => void;
  maxLength: number;
  isValid?: (wanted: string) => boolean;
  invalidText?: string;
}

export function SearchForm({ label, search, onSearch, maxLength, isValid, invalidText }: SearchFormProps) {
  const inputId = useId();
  const [text, setText] = useState(search);
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wanted = text.trim();
    const valid = wanted === '' || !isValid || isValid(wanted);
    setInvalid(!valid);
    if (valid) onSearch(wanted);
  };
  return (
    <form role="search" className="mt-3" onSubmit={submit}>
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          className="input min-w-0"
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={maxLength}
          autoComplete="off"
          enterKeyHint="search"
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${inputId}-error` : undefined}
        />
        <button type="submit" className="btn-secondary">
          Search
        </button>
        {search && (
          <button
            type="button"
            className="btn-secondary"
            onClick={() => {
              setText('');
              setInvalid(false);
              onSearch('');
            }}
          >
            Clear
          </button>
        )}
      </div>
      {invalid && (
        <p id={`${inputId}-error`} role="alert" className="mt-1 text-sm font-medium text-red-600 dark:text-red-400">
          {invalidText}
        </p>
      )}
    </form>
  );
}
