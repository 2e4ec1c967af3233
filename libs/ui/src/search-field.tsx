import { useEffect, useRef, useState } from 'react';
import { TextField, type TextFieldProps } from './text-field';

/** `value` once it has stopped changing for `delayMs`: one request per pause in typing. */
export const useDebouncedValue = <T,>(value: T, delayMs: number): T => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
};

export type SearchFieldProps = Omit<TextFieldProps, 'value' | 'onChange' | 'type'> & {
  /** The search in force (e.g. from the address). */
  value: string;
  /** Called with the typed text (trimmed) once typing pauses for `delayMs`. */
  onSearch: (value: string) => void;
  delayMs: number;
};

/**
 * A search box whose text shows at once and reaches `onSearch` after a pause. When `value` changes
 * from elsewhere (Clear filters, Back), the box follows it.
 */
export const SearchField = ({ value, onSearch, delayMs, ...field }: SearchFieldProps) => {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  // The latest callback, so a parent's new function each render does not restart the pause.
  const search = useRef(onSearch);
  useEffect(() => {
    search.current = onSearch;
  });
  if (value !== seen) {
    setSeen(value);
    setDraft(value);
  }
  useEffect(() => {
    if (draft.trim() === value) return undefined;
    const timer = setTimeout(() => search.current(draft.trim()), delayMs);
    return () => clearTimeout(timer);
  }, [draft, value, delayMs]);
  return (
    <TextField {...field} type="search" value={draft} onChange={(event) => setDraft(event.target.value)} />
  );
};
