import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Avatar } from './avatar';
import { Badge } from './badge';
import { Card, CardBody, CardHeader } from './card';
import { Spinner } from './spinner';
import { StatCard } from './stat-card';
import { EmptyState, ErrorState } from './states';

describe('Spinner', () => {
  it('is a status with an accessible label', () => {
    render(<Spinner />);
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeInTheDocument();
  });

  it('can say what is loading, visibly', () => {
    render(<Spinner label="Loading members…" showLabel />);
    expect(screen.getByRole('status', { name: 'Loading members…' })).toHaveTextContent('Loading members…');
  });
});

describe('EmptyState', () => {
  it('shows title, message and action', () => {
    render(
      <EmptyState
        title="No members found"
        message="Invite members to join your network"
        action={<button type="button">Invite Member</button>}
      />,
    );
    expect(screen.getByRole('heading', { name: 'No members found' })).toBeInTheDocument();
    expect(screen.getByText('Invite members to join your network')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Invite Member' })).toBeInTheDocument();
  });
});

describe('ErrorState', () => {
  it('is an alert with a Try Again button by default', async () => {
    const onRetry = jest.fn();
    render(<ErrorState title="Failed to load networks" message="Database unavailable" onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load networksDatabase unavailable');
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('takes another retry label, and has no button without onRetry', () => {
    const { rerender } = render(
      <ErrorState title="Failed to load players" onRetry={() => undefined} retryLabel="Retry" />,
    );
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    rerender(<ErrorState title="Network not found" />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('Badge, Card, StatCard, Avatar', () => {
  it('renders a badge with its tone', () => {
    render(<Badge tone="warning">DEMO</Badge>);
    expect(screen.getByText('DEMO')).toHaveClass('op-badge', 'op-badge--warning');
  });

  it('renders a card with a titled header and actions', () => {
    render(
      <Card>
        <CardHeader title="Danger Zone" level={2} actions={<button type="button">Delete Network</button>} />
        <CardBody>Deleting cannot be undone.</CardBody>
      </Card>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Danger Zone' })).toBeInTheDocument();
    expect(screen.getByText('Deleting cannot be undone.')).toHaveClass('op-card__body');
  });

  it('pairs a stat label with its value', () => {
    render(<StatCard label="Online Players" value={42} icon={<svg />} />);
    expect(screen.getByRole('term')).toHaveTextContent('Online Players');
    expect(screen.getByRole('definition')).toHaveTextContent('42');
  });

  it('shows initials from the name, else the e-mail, named for screen readers', () => {
    const { rerender } = render(<Avatar name="rusty raider" email="rr@example.com" />);
    expect(screen.getByRole('img', { name: 'rusty raider' })).toHaveTextContent('RU');
    rerender(<Avatar name="" email="ana@example.com" />);
    expect(screen.getByRole('img', { name: 'ana@example.com' })).toHaveTextContent('AN');
    rerender(<Avatar name="Bo" src="/a.png" />);
    expect(screen.getByRole('img', { name: 'Bo' })).toHaveAttribute('src', '/a.png');
  });
});
