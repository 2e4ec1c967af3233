import { formatCount } from '@outpost/format';
import { Button } from '@outpost/ui';

export type PaginationProps = {
  page: number;
  totalPages: number;
  totalCount: number;
  /** More players match than totalCount (a search's count stops at 1,000). */
  capped?: boolean;
  onPage: (page: number) => void;
};

export const Pagination = ({ page, totalPages, totalCount, capped = false, onPage }: PaginationProps) => (
  <nav className="pl-pagination" aria-label="Players pages">
    <span className="pl-muted">
      {capped ? `${totalCount.toLocaleString('en-US')}+` : formatCount(totalCount)}{' '}
      {totalCount === 1 && !capped ? 'player' : 'players'}
    </span>
    <div className="pl-pagination__controls">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span aria-live="polite">
        Page {page} of {Math.max(totalPages, 1)}
      </span>
      <Button variant="secondary" size="sm" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </div>
  </nav>
);
