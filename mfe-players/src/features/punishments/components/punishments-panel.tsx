import { itemsOfPages, useOlderPages } from '@outpost/api-cache';
import { DEMO_READ_ONLY_MESSAGE, type PunishmentItem } from '@outpost/contracts';
import { Button, EmptyState, ErrorState, LoadOlder, NoMatches, Spinner, useToast } from '@outpost/ui';
import { useMemo, useState } from 'react';
import { apiErrorText } from '../../../shared/utils/api-error';
import {
  useGetPunishmentsInfiniteQuery,
  useImportPunishmentsMutation,
  type PunishmentsArgs,
} from '../api/punishments.api';
import {
  hasPunishmentFilters,
  NO_PUNISHMENT_FILTERS,
  usePunishmentFilters,
  type PunishmentFilters,
} from '../hooks/use-punishment-filters';
import type { ListOwner } from '../../../shared/utils/list-owner';
import { EditBanDialog } from './edit-ban-dialog';
import { LiftBanDialog } from './lift-ban-dialog';
import { PunishmentFiltersBar } from './punishment-filters-bar';
import { PunishmentsTable, type PunishmentAction } from './punishments-table';

export const IMPORT_ASKED_TEXT =
  'Asked the server for its ban list; imported bans show here when it answers.';

export type PunishmentsPanelProps = {
  networkId: string;
  owner: ListOwner;
  /** Edit, Lift and Import ban list (players.moderate). */
  canModerate: boolean;
  /** The demo: Edit, Lift and Import ban list show, disabled, saying the demo is read-only. */
  readOnly?: boolean;
};

/** The API's message for the field it refused (400), else its message for the call. */
const listError = (error: unknown): string =>
  (error as { details?: { message: string }[] } | undefined)?.details?.[0]?.message ?? apiErrorText(error);

const punishmentsOf = itemsOfPages('punishments');

const argsOf = (owner: ListOwner, { kind, state, search }: PunishmentFilters): PunishmentsArgs => ({
  ...owner,
  ...(kind && { kind }),
  ...(state && { state }),
  ...(search && { search }),
});

/** The import asks the game server for its own bans (`banlistex`); they arrive later, live. */
const ImportBanList = ({ serverId, readOnly }: { serverId: string; readOnly: boolean }) => {
  const [importBans, { isLoading }] = useImportPunishmentsMutation();
  const toast = useToast();
  const run = async () => {
    try {
      await importBans(serverId).unwrap();
      toast.show({ tone: 'info', message: IMPORT_ASKED_TEXT });
    } catch (error) {
      toast.show({
        tone: 'danger',
        message: apiErrorText(error, 'Failed to ask the server for its ban list'),
      });
    }
  };
  return (
    <Button
      variant="secondary"
      busy={isLoading}
      disabled={readOnly}
      title={readOnly ? DEMO_READ_ONLY_MESSAGE : undefined}
      onClick={() => void run()}
    >
      Import ban list
    </Button>
  );
};

/** Filters over the list with its loading, empty and error states, paging, and the ban actions. */
export const PunishmentsPanel = ({
  networkId,
  owner,
  canModerate,
  readOnly = false,
}: PunishmentsPanelProps) => {
  const [filters, change] = usePunishmentFilters();
  const [open, setOpen] = useState<{ action: PunishmentAction; punishment: PunishmentItem } | null>(null);
  const args = useMemo(() => argsOf(owner, filters), [owner, filters]);
  const query = useGetPunishmentsInfiniteQuery(args);
  const data = query.currentData;
  const { items: punishments, older } = useOlderPages(query, punishmentsOf);
  const networkView = owner.of === 'networks';

  const results = () => {
    if (!data && (query.isLoading || query.isFetching))
      return <Spinner label="Loading punishments…" showLabel />;
    if (!data)
      return (
        <ErrorState
          title="Failed to load punishments"
          message={listError(query.error)}
          retryLabel="Retry"
          onRetry={() => void query.refetch()}
        />
      );
    if (punishments.length === 0)
      return hasPunishmentFilters(filters) ? (
        <NoMatches
          title="No punishments match these filters"
          message="Try another kind or state, or another search."
          onClear={() => change(NO_PUNISHMENT_FILTERS)}
        />
      ) : (
        <EmptyState
          title="No punishments yet"
          message="Bans, kicks and warnings issued on your servers are listed here."
        />
      );
    return (
      <>
        <PunishmentsTable
          networkId={networkId}
          punishments={punishments}
          networkView={networkView}
          busy={query.isFetching && !query.isFetchingNextPage}
          onAction={canModerate ? (action, punishment) => setOpen({ action, punishment }) : undefined}
          readOnly={readOnly}
        />
        <LoadOlder {...older} noun="punishments" errorText={apiErrorText} />
      </>
    );
  };

  return (
    <div className="pl-browser">
      <div className="pl-panel-bar">
        <PunishmentFiltersBar filters={filters} onChange={change} />
        {canModerate && owner.of === 'servers' && <ImportBanList serverId={owner.id} readOnly={readOnly} />}
      </div>
      {results()}
      {open?.action === 'edit' && (
        <EditBanDialog punishment={open.punishment} onClose={() => setOpen(null)} />
      )}
      {open?.action === 'lift' && (
        <LiftBanDialog punishment={open.punishment} onClose={() => setOpen(null)} />
      )}
    </div>
  );
};
