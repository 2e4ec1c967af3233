import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoadOlder } from './load-older';

describe('LoadOlder', () => {
  it('offers the older page while there is one, busy while it loads', async () => {
    const onLoadOlder = jest.fn();
    const { rerender } = render(
      <LoadOlder hasOlder loading={false} onLoadOlder={onLoadOlder} noun="punishments" />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Load older' }));
    expect(onLoadOlder).toHaveBeenCalledTimes(1);
    rerender(<LoadOlder hasOlder loading onLoadOlder={onLoadOlder} noun="punishments" />);
    expect(screen.getByRole('button', { name: 'Loading older…' })).toBeDisabled();
  });

  it('says there is nothing older at the end', () => {
    render(<LoadOlder hasOlder={false} loading={false} onLoadOlder={() => undefined} noun="lines" />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText('No older lines')).toBeInTheDocument();
  });

  it("tells why the older page did not come: the API's text, else what failed", () => {
    const props = { hasOlder: true, loading: false, onLoadOlder: () => undefined, noun: 'reports' };
    const { rerender } = render(<LoadOlder {...props} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    rerender(
      <LoadOlder {...props} error={{ message: 'Invalid cursor' }} errorText={() => 'Invalid cursor'} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid cursor');
    rerender(<LoadOlder {...props} error={new TypeError('fetch failed')} errorText={() => ''} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load older reports');
    // The list keeps its footer: the reader can try again.
    expect(screen.getByRole('button', { name: 'Load older' })).toBeEnabled();
  });
});
