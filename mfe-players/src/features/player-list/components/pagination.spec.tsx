import { render, screen } from '@testing-library/react';
import { Pagination } from './pagination';

describe('Pagination', () => {
  it('shows the total, and a capped one as a lower bound', () => {
    const { rerender } = render(
      <Pagination page={1} totalPages={3} totalCount={42} onPage={() => undefined} />,
    );
    expect(screen.getByText('42 players')).toBeInTheDocument();
    rerender(<Pagination page={2} totalPages={50} totalCount={1000} capped onPage={() => undefined} />);
    expect(screen.getByText('1,000+ players')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 50')).toBeInTheDocument();
  });
});
