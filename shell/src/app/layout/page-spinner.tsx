/** The whole-page loading state while a screen or the current user loads. */
export const PageSpinner = () => (
  <div className="op-page-spinner" role="status" aria-live="polite">
    <span className="op-spinner" aria-hidden="true" />
    <span className="op-sr-only">Loading…</span>
  </div>
);
