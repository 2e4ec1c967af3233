import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SearchField } from './search-field';

describe('SearchField', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('shows what is typed at once and searches once, trimmed, after the pause', async () => {
    const onSearch = jest.fn();
    render(<SearchField label="Search" value="" delayMs={300} onSearch={onSearch} />);
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const box = screen.getByRole('searchbox', { name: 'Search' });
    await user.type(box, ' rex ');
    expect(box).toHaveValue(' rex ');
    expect(onSearch).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(300));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('rex');
  });

  it('follows a value changed from elsewhere (Clear filters), without searching again', () => {
    const onSearch = jest.fn();
    const { rerender } = render(<SearchField label="Search" value="rex" delayMs={300} onSearch={onSearch} />);
    rerender(<SearchField label="Search" value="" delayMs={300} onSearch={onSearch} />);
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
    act(() => jest.advanceTimersByTime(1000));
    expect(onSearch).not.toHaveBeenCalled();
  });
});
