import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RadioGroup } from './radio-group';

const KINDS = ['schedule', 'trigger'] as const;
type Kind = (typeof KINDS)[number];

const Harness = ({ error }: { error?: string }) => {
  const [kind, setKind] = useState<Kind | null>(null);
  return (
    <RadioGroup
      legend="Runs"
      choices={KINDS}
      labels={{ schedule: 'Schedule', trigger: 'Trigger' }}
      value={kind}
      onChange={setKind}
      error={error}
    />
  );
};

describe('RadioGroup', () => {
  it('names the group by its legend and moves between choices with the arrow keys', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const group = screen.getByRole('group', { name: 'Runs' });
    expect(group).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('radio', { name: 'Schedule' })).not.toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Schedule' }));
    expect(screen.getByRole('radio', { name: 'Schedule' })).toBeChecked();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Trigger' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Schedule' })).not.toBeChecked();
  });

  it('marks an error as invalid and reads it with the group', () => {
    render(<Harness error="Choose how it runs" />);
    const group = screen.getByRole('group', { name: 'Runs' });
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(group).toHaveAccessibleDescription('Choose how it runs');
  });
});
