import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastProvider, useToast } from './toast';

const Trigger = () => {
  const toast = useToast();
  return (
    <>
      <button type="button" onClick={() => toast.show('Network created')}>
        Notify
      </button>
      <button
        type="button"
        onClick={() =>
          toast.show({ title: 'Oops', message: 'Failed to delete server', tone: 'danger', duration: 0 })
        }
      >
        Sticky
      </button>
    </>
  );
};

describe('ToastProvider and useToast', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const setup = () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(
      <ToastProvider duration={3000}>
        <Trigger />
      </ToastProvider>,
    );
    return user;
  };

  it('shows a toast in a polite live region and removes it after its duration', async () => {
    const user = setup();
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(region).toHaveAttribute('aria-live', 'polite');
    await user.click(screen.getByRole('button', { name: 'Notify' }));
    expect(region).toHaveTextContent('Network created');
    act(() => jest.advanceTimersByTime(2999));
    expect(region).toHaveTextContent('Network created');
    act(() => jest.advanceTimersByTime(1));
    expect(region).not.toHaveTextContent('Network created');
  });

  it('keeps a toast with duration 0 until it is dismissed', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Sticky' }));
    act(() => jest.advanceTimersByTime(60_000));
    expect(screen.getByText('Failed to delete server')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Failed to delete server')).not.toBeInTheDocument();
  });

  it('refuses to work outside a provider', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Trigger />)).toThrow('useToast must be used inside a ToastProvider');
  });
});
