import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SelectField } from './select-field';

const STATES = [
  { value: '', label: 'All states' },
  { value: 'active', label: 'Active' },
  { value: 'lifted', label: 'Lifted' },
] as const;

describe('SelectField', () => {
  it('labels the select, shows the value and answers the chosen one', async () => {
    const onChange = jest.fn();
    render(<SelectField label="State" value="" options={STATES} onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: 'State' });
    expect(select).toHaveDisplayValue('All states');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'All states',
      'Active',
      'Lifted',
    ]);
    await userEvent.selectOptions(select, 'Lifted');
    expect(onChange).toHaveBeenCalledWith('lifted');
  });

  it('describes the select with its hint and error, and can be disabled', () => {
    render(
      <SelectField
        label="Assignee"
        value="active"
        options={STATES}
        onChange={() => undefined}
        hint="Those who work reports"
        error="Choose someone"
        disabled
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Assignee' });
    expect(select).toHaveAccessibleDescription('Those who work reports Choose someone');
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toBeDisabled();
  });
});
