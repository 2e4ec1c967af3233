import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from './button';

describe('Button', () => {
  it('is a type=button that calls onClick', async () => {
    const onClick = jest.fn();
    render(<Button onClick={onClick}>Create Network</Button>);
    const button = screen.getByRole('button', { name: 'Create Network' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveClass('op-btn--primary', 'op-btn--md');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('shows the busy label, is disabled and busy while busy', async () => {
    const onClick = jest.fn();
    render(
      <Button variant="danger" busy busyLabel="Deleting…" onClick={onClick}>
        Delete
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Deleting…' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveClass('op-btn--danger');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('keeps its text while busy when no busy label is given', () => {
    render(<Button busy>Save Changes</Button>);
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  });

  it('can be disabled without being busy', () => {
    render(
      <Button variant="ghost" size="sm" disabled>
        Manage Roles
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Manage Roles' });
    expect(button).toBeDisabled();
    expect(button).not.toHaveAttribute('aria-busy');
  });
});
