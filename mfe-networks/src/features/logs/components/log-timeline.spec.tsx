import type { LogEntry } from '@outpost/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders } from '@outpost/testing';
import { chatLine } from '../../../test/log-entries';
import { LogTimeline, type LogTimelineProps } from './log-timeline';

const server = { id: 's1', name: 'EU Main' };
const line = (n: number): LogEntry => chatLine(server, `l${n}`, n, `message ${n}`);

const props = (entries: LogEntry[]): LogTimelineProps => ({
  entries,
  label: 'Server logs',
  networkId: 'n1',
  hasOlder: false,
  loadingOlder: false,
  onLoadOlder: () => undefined,
});

const box = () => screen.getByRole('log', { name: 'Server logs' });
const messages = () =>
  within(box())
    .getAllByRole('listitem')
    .map((row) => row.querySelector('.net-log__text')?.textContent);
const scrollTo = (top: number) => fireEvent.scroll(box(), { target: { scrollTop: top } });

describe('the timeline’s new lines', () => {
  it('appear on top at once while the reader is at the top', () => {
    const { rerender } = renderWithProviders(<LogTimeline {...props([line(2), line(1)])} />);
    rerender(<LogTimeline {...props([line(3), line(2), line(1)])} />);
    expect(messages()).toEqual(['Rusty: message 3', 'Rusty: message 2', 'Rusty: message 1']);
    expect(screen.queryByRole('button', { name: /new/ })).not.toBeInTheDocument();
  });

  it('wait behind an "N new" pill while the reader is further down, and show on its click', async () => {
    const { rerender, user } = renderWithProviders(<LogTimeline {...props([line(2), line(1)])} />);
    scrollTo(300);
    rerender(<LogTimeline {...props([line(3), line(2), line(1)])} />);
    rerender(<LogTimeline {...props([line(4), line(3), line(2), line(1)])} />);

    expect(messages()).toEqual(['Rusty: message 2', 'Rusty: message 1']);
    const pill = screen.getByRole('button', { name: '2 new' });

    await user.click(pill);
    expect(box().scrollTop).toBe(0);
    expect(messages()).toEqual([
      'Rusty: message 4',
      'Rusty: message 3',
      'Rusty: message 2',
      'Rusty: message 1',
    ]);
    expect(screen.queryByRole('button', { name: /new/ })).not.toBeInTheDocument();
  });

  it('show when the reader scrolls back to the top', () => {
    const { rerender } = renderWithProviders(<LogTimeline {...props([line(1)])} />);
    scrollTo(300);
    rerender(<LogTimeline {...props([line(2), line(1)])} />);
    expect(screen.getByRole('button', { name: '1 new' })).toBeInTheDocument();
    scrollTo(0);
    expect(messages()).toEqual(['Rusty: message 2', 'Rusty: message 1']);
    expect(screen.queryByRole('button', { name: /new/ })).not.toBeInTheDocument();
  });

  it('do not hold older lines that Load older appends', () => {
    const { rerender } = renderWithProviders(<LogTimeline {...props([line(3), line(2)])} />);
    scrollTo(300);
    rerender(<LogTimeline {...props([line(3), line(2), line(1)])} />);
    expect(messages()).toEqual(['Rusty: message 3', 'Rusty: message 2', 'Rusty: message 1']);
    expect(screen.queryByRole('button', { name: /new/ })).not.toBeInTheDocument();
  });
});

describe('a line’s players', () => {
  it('link to their profiles, except one the server sent no Steam ID for', () => {
    const nobody = { ...line(1), player: { steamId: '', name: null } } as LogEntry;
    renderWithProviders(<LogTimeline {...props([line(2), nobody])} />);
    const [named, unnamed] = within(box()).getAllByRole('listitem');
    expect(within(named).getByRole('link', { name: 'Rusty' })).toBeInTheDocument();
    expect(within(unnamed).queryByRole('link')).not.toBeInTheDocument();
    expect(unnamed).toHaveTextContent('Unknown player: message 1');
  });
});
