import { render, screen } from '@testing-library/react';
import { ErrorBoundary } from './error-boundary';

const Broken = (): never => {
  throw new Error('boom');
};

describe('ErrorBoundary', () => {
  it('shows its children until they throw, then the fallback, and logs what failed', () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { rerender } = render(
      <ErrorBoundary label="The widget" fallback={<p>Widget unavailable</p>}>
        <p>Widget</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText('Widget')).toBeInTheDocument();
    rerender(
      <ErrorBoundary label="The widget" fallback={<p>Widget unavailable</p>}>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByText('Widget unavailable')).toBeInTheDocument();
    expect(log).toHaveBeenCalledWith('The widget failed', expect.any(Error), expect.any(String));
    log.mockRestore();
  });
});
