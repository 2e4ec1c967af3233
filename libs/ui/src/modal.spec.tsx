import { useRef, useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Modal, type ModalProps } from './modal';
import { Button } from './button';

const Harness = (props: Partial<ModalProps> & { withInitialFocus?: boolean }) => {
  const [open, setOpen] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Create Network</Button>
      <Modal
        title="Create Network"
        description="Group your servers."
        {...props}
        initialFocus={props.withInitialFocus ? nameRef : undefined}
        open={open}
        onClose={() => setOpen(false)}
        footer={<Button onClick={() => setOpen(false)}>Cancel</Button>}
      >
        <button type="button">First</button>
        <input ref={nameRef} aria-label="Network Name" />
      </Modal>
    </>
  );
};

describe('Modal', () => {
  it('renders nothing while closed', () => {
    render(<Harness />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is a modal dialog named by its title and described, rendered in a portal', async () => {
    const { container } = render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Create Network' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Network' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Group your servers.');
    expect(container).not.toContainElement(dialog);
  });

  it('moves focus inside on open and gives it back to the opener on Escape', async () => {
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Create Network' });
    await userEvent.click(opener);
    expect(screen.getByRole('button', { name: 'First' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('focuses the element it is told to', async () => {
    render(<Harness withInitialFocus />);
    await userEvent.click(screen.getByRole('button', { name: 'Create Network' }));
    expect(screen.getByRole('textbox', { name: 'Network Name' })).toHaveFocus();
  });

  it('keeps Tab inside the dialog', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Create Network' }));
    await userEvent.tab(); // input
    await userEvent.tab(); // Cancel
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.tab(); // wraps to the close button
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
  });

  it('closes from the close button, but not on Escape when not dismissible', async () => {
    const { rerender } = render(<Harness dismissible={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Create Network' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    rerender(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
