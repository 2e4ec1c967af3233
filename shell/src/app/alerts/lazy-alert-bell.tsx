import { ErrorBoundary } from '@outpost/ui';
import { lazy, Suspense, useState, type ComponentType } from 'react';

// The bell reads the API cache: loaded on demand for a signed-in user, so a visitor's first page
// carries none of it.
const loadAlertBell = (): ComponentType =>
  lazy(() => import('./alert-bell').then(({ AlertBell }) => ({ default: AlertBell })));

export const ALERT_BELL_RETRY_LABEL = 'Alerts unavailable: retry';

/** The bell, loaded when first shown; Retry loads it again after a failure. */
export const LazyAlertBell = () => {
  // React.lazy keeps a failed import, so each attempt gets a fresh lazy component.
  const [attempt, setAttempt] = useState(() => ({ count: 0, AlertBell: loadAlertBell() }));
  const { AlertBell } = attempt;
  const retry = () => setAttempt(({ count }) => ({ count: count + 1, AlertBell: loadAlertBell() }));
  return (
    <ErrorBoundary
      key={attempt.count}
      label="The alerts bell"
      fallback={
        <button type="button" className="op-btn op-btn--ghost op-btn--sm" onClick={retry}>
          {ALERT_BELL_RETRY_LABEL}
        </button>
      }
    >
      <Suspense fallback={null}>
        <AlertBell />
      </Suspense>
    </ErrorBoundary>
  );
};
