import { FOOTER_PAGE_TITLES } from '@outpost/contracts';
import { useEffect, useState } from 'react';

type Check = { name: string; path: string };
type Result = 'checking' | 'operational' | 'down';

const CHECKS: Check[] = [
  { name: 'Web server', path: '/health/live' },
  { name: 'Database', path: '/health/ready' },
];

const probe = async (path: string): Promise<Result> => {
  try {
    return (await fetch(path, { cache: 'no-store' })).ok ? 'operational' : 'down';
  } catch {
    return 'down';
  }
};

/** `/status`: live from the API's health routes. */
export const StatusPage = () => {
  const [results, setResults] = useState<Record<string, Result>>({});
  useEffect(() => {
    let active = true;
    const run = () =>
      void Promise.all(CHECKS.map(async (check) => [check.name, await probe(check.path)] as const)).then(
        (entries) => active && setResults(Object.fromEntries(entries)),
      );
    run();
    const timer = setInterval(run, 15_000);
    return () => {
      active = false;
      clearInterval(timer);
    };
  }, []);
  return (
    <article className="op-page op-prose">
      <h1>{FOOTER_PAGE_TITLES.status}</h1>
      <ul className="op-status-list" aria-live="polite">
        {CHECKS.map((check) => {
          const result = results[check.name] ?? 'checking';
          return (
            <li key={check.name} data-status={result}>
              <span>{check.name}</span>
              <strong>
                {result === 'checking' ? 'Checking…' : result === 'operational' ? 'Operational' : 'Down'}
              </strong>
            </li>
          );
        })}
      </ul>
    </article>
  );
};
