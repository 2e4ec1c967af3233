import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NoMatches } from './no-matches';

describe('NoMatches', () => {
  it('says nothing matches, what to try, and clears the filters', async () => {
    const onClear = jest.fn();
    render(
      <NoMatches
        title="No punishments match these filters"
        message="Try another kind or state, or another search."
        onClear={onClear}
      />,
    );
    expect(screen.getByRole('heading', { name: 'No punishments match these filters' })).toBeInTheDocument();
    expect(screen.getByText('Try another kind or state, or another search.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onClear).toHaveBeenCalledTimes(1);
  });
});
