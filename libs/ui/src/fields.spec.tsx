import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TextArea, TextField } from './text-field';
import { Toggle } from './toggle';

describe('TextField and TextArea', () => {
  it('labels the input and describes it with the hint', async () => {
    render(<TextField label="Search" hint="Search by player name, Steam ID, or IP address" />);
    const input = screen.getByRole('textbox', { name: 'Search' });
    expect(input).toHaveAccessibleDescription('Search by player name, Steam ID, or IP address');
    expect(input).not.toHaveAttribute('aria-invalid');
    await userEvent.type(input, 'rusty');
    expect(input).toHaveValue('rusty');
  });

  it('marks an error as invalid and reads it with the field', () => {
    render(<TextField label="Network Name" hint="Up to 100 characters" error="Network name is required" />);
    const input = screen.getByRole('textbox', { name: 'Network Name' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Up to 100 characters Network name is required');
  });

  it('does the same for a text area', () => {
    render(<TextArea label="Description" error="Description is too long" />);
    const area = screen.getByRole('textbox', { name: 'Description' });
    expect(area.tagName).toBe('TEXTAREA');
    expect(area).toHaveAttribute('aria-invalid', 'true');
    expect(area).toHaveAccessibleDescription('Description is too long');
  });
});

describe('Toggle', () => {
  const Harness = () => {
    const [on, setOn] = useState(true);
    return (
      <Toggle
        label="Server offline alerts"
        description="E-mail when a server stops"
        checked={on}
        onChange={setOn}
      />
    );
  };

  it('is a switch named by its label that flips on click and Space', async () => {
    render(<Harness />);
    const toggle = screen.getByRole('switch', { name: 'Server offline alerts' });
    expect(toggle).toBeChecked();
    expect(toggle).toHaveAccessibleDescription('E-mail when a server stops');
    await userEvent.click(toggle);
    expect(toggle).not.toBeChecked();
    await userEvent.keyboard(' ');
    expect(toggle).toBeChecked();
  });

  it('does nothing when disabled', async () => {
    const onChange = jest.fn();
    render(<Toggle label="New member joins" checked={false} onChange={onChange} disabled />);
    await userEvent.click(screen.getByRole('switch', { name: 'New member joins' }));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('says why it is disabled on the switch itself', () => {
    render(
      <Toggle label="New member joins" checked onChange={jest.fn()} disabled title="The demo is read-only" />,
    );
    const toggle = screen.getByRole('switch', { name: 'New member joins' });
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAttribute('title', 'The demo is read-only');
  });
});
