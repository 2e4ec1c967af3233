import { render, screen } from '@testing-library/react';
import { ServerStatusBadge, WAITING_FOR_FIRST_REPORT } from './server-status-badge';

describe('ServerStatusBadge', () => {
  it('waits for a first report while nothing reported, or its connection says nothing more', () => {
    const { rerender } = render(<ServerStatusBadge status="offline" lastSeenAt={null} />);
    expect(screen.getByText(WAITING_FOR_FIRST_REPORT)).toHaveClass('sf-status--waiting');
    rerender(<ServerStatusBadge status="offline" lastSeenAt={null} connection="waiting" />);
    expect(screen.getByText(WAITING_FOR_FIRST_REPORT)).toBeInTheDocument();
  });

  it.each([
    ['wrong_password', 'Wrong password'],
    ['unreachable', 'Unreachable'],
    ['connecting', 'Connecting'],
  ] as const)('says %s instead of waiting for a server that never reported', (connection, label) => {
    render(<ServerStatusBadge status="offline" lastSeenAt={null} connection={connection} />);
    expect(screen.getByText(label)).toHaveClass(`sf-status--${connection}`);
    expect(screen.queryByText(WAITING_FOR_FIRST_REPORT)).not.toBeInTheDocument();
  });

  it('keeps the status of a server that reported, whatever its connection', () => {
    render(
      <ServerStatusBadge
        status="offline"
        lastSeenAt="2026-01-05T10:00:00.000Z"
        connection="wrong_password"
      />,
    );
    expect(screen.getByText('Offline')).toBeInTheDocument();
  });
});
