import { paths } from '@outpost/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { everyKindOfLine, chatLine } from '../../../test/log-entries';
import { atRoute, renderAs, setUpFakeApi } from '../../../test/render';
import NetworksRoutes from '../../../routes';

const api = setUpFakeApi();

/** The network page as the panel shows it: the remote's routes join its Logs tab to it. */
const openNetwork = (userId: string, query = '') => {
  const network = api.addNetwork('Rust Legends', 'ana');
  api.addMember(network.id, 'cy', 'member');
  const eu = api.addServer(network.id, 'EU Main');
  const us = api.addServer(network.id, 'US West');
  api.logEntries.push(
    chatLine(eu, 'eu-1', 1, 'hello from Europe'),
    chatLine(us, 'us-1', 2, 'hello from America'),
    ...everyKindOfLine(api.addServer(api.addNetwork('Elsewhere', 'eve').id, 'Not ours')),
  );
  const rendered = renderAs(
    userId,
    <NetworksRoutes screen="network-dashboard" />,
    atRoute(`${paths.network(network.id)}${query}`),
  );
  return { ...rendered, network, eu, us, logsPath: `/api/networks/${network.id}/logs` };
};

const timeline = () => screen.getByRole('log', { name: 'Network logs' });
/** Each line as "<server> | <text>". */
const printed = () =>
  within(timeline())
    .getAllByRole('listitem')
    .map(
      (row) =>
        `${row.querySelector('.net-log__server')?.textContent} | ${row.querySelector('.net-log__text')?.textContent}`,
    );

describe('the network’s Logs tab', () => {
  it('is there for every member, and merges the network’s servers, each line naming its server', async () => {
    const { user } = openNetwork('cy');
    await user.click(await screen.findByRole('tab', { name: 'Logs' }));
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Servers',
      'Analytics',
      'Players',
      'Punishments',
      'Logs',
      'Alerts',
    ]);
    await screen.findByRole('log', { name: 'Network logs' });
    expect(printed()).toEqual(['US West | Rusty: hello from America', 'EU Main | Rusty: hello from Europe']);
    expect(screen.getByTestId('router-location')).toHaveTextContent('?tab=logs');
  });

  it('narrows to one server with the server filter, and keeps the tab in the address', async () => {
    const { user, eu, logsPath } = openNetwork('ana', '?tab=logs');
    await screen.findByRole('log', { name: 'Network logs' });
    const select = screen.getByRole('combobox', { name: 'Server' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All servers', 'EU Main', 'US West']);

    await user.selectOptions(select, 'EU Main');
    await waitFor(() => expect(printed()).toEqual(['EU Main | Rusty: hello from Europe']));
    expect(api.callsTo('GET', logsPath).at(-1)?.query.get('serverId')).toBe(eu.id);
    expect(screen.getByTestId('router-location')).toHaveTextContent(`?tab=logs&server=${eu.id}`);
  });
});
