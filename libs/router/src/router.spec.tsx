import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowserRouter, Link, useLocation, useRoutes } from './index';

const Where = () => <p data-testid="where">{useLocation().pathname}</p>;

const Screens = () =>
  useRoutes([
    { path: '/', element: <Link to="/networks/n1">Open network</Link> },
    { path: '/networks/:networkId', element: <Where /> },
  ]);

describe('@outpost/router', () => {
  it('routes the browser address through the route table and follows links', async () => {
    window.history.pushState({}, '', '/');
    render(
      <BrowserRouter>
        <Screens />
      </BrowserRouter>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Open network' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/networks/n1');
    expect(window.location.pathname).toBe('/networks/n1');
  });
});
