// Screen state kept in the address, so a reload, Back or a shared link shows the same list: the
// Punishments area's tab, the punishments' filters, the reports' state. Other parameters (the
// network page's own ?tab) are kept; a default leaves the address; each change replaces the
// history entry rather than adding one per key.
import { useSearchParams } from '@outpost/router';
import { useCallback } from 'react';

/** `value` when it is one of `values`, else '' (a parameter a shared link got wrong). */
export const oneOf = <T extends string>(values: readonly T[], value: string | null): T | '' =>
  values.includes(value as T) ? (value as T) : '';

/** The address's parameters, and `write(changes)` (name to value; '' removes the name) over them. */
export const useAddressParams = () => {
  const [params, setParams] = useSearchParams();
  const write = useCallback(
    (changes: Record<string, string>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(changes))
            if (value) next.set(name, value);
            else next.delete(name);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [params, write] as const;
};
