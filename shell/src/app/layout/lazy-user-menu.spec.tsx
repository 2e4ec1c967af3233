import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LazyUserMenu, USER_MENU_RETRY_LABEL } from './lazy-user-menu';

let mockMenuFails = true;
jest.mock('./user-menu', () => {
  if (mockMenuFails) throw new Error('Loading chunk 42 failed');
  return { UserMenu: () => <p>The user menu</p> };
});

describe('LazyUserMenu', () => {
  it('shows Retry instead of failing the page when the menu cannot load, then loads it', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<LazyUserMenu />);
    const retry = await screen.findByRole('button', { name: USER_MENU_RETRY_LABEL });

    mockMenuFails = false;
    await userEvent.click(retry);
    expect(await screen.findByText('The user menu')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: USER_MENU_RETRY_LABEL })).not.toBeInTheDocument();
  });
});
