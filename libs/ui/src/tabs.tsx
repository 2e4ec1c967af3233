import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from './cx';
import { useScrollEdges } from './use-scroll-edges';

export type TabItem<T extends string = string> = {
  id: T;
  label: ReactNode;
  disabled?: boolean;
};

export type TabsProps<T extends string = string> = {
  /** Names the tab list for screen readers. */
  label: string;
  tabs: readonly TabItem<T>[];
  /** The selected tab (controlled). */
  value: T;
  onChange: (id: T) => void;
  /** Content of the selected tab's panel. */
  children?: ReactNode;
  className?: string;
};

/**
 * WAI-ARIA tabs with automatic activation: arrows, Home and End move and select, skipping
 * disabled tabs; only the selected tab is in the Tab order.
 */
export const Tabs = <T extends string>({
  label,
  tabs,
  value,
  onChange,
  children,
  className,
}: TabsProps<T>) => {
  const baseId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const tabId = (id: T) => `${baseId}-tab-${id}`;
  const panelId = `${baseId}-panel`;
  const overflow = useScrollEdges(listRef);

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const enabled = tabs.filter((tab) => !tab.disabled);
    const index = enabled.findIndex((tab) => tab.id === value);
    const next = {
      ArrowRight: enabled[(index + 1) % enabled.length],
      ArrowLeft: enabled[(index - 1 + enabled.length) % enabled.length],
      Home: enabled[0],
      End: enabled[enabled.length - 1],
    }[event.key];
    if (!next) return;
    event.preventDefault();
    onChange(next.id);
    listRef.current?.querySelector<HTMLElement>(`[id="${tabId(next.id)}"]`)?.focus();
  };

  return (
    <div className={cx('op-tabs', className)}>
      <div
        ref={listRef}
        role="tablist"
        aria-label={label}
        className="op-tabs__list"
        data-overflow={overflow}
        onKeyDown={move}
      >
        {tabs.map((tab) => {
          const selected = tab.id === value;
          return (
            <button
              key={tab.id}
              id={tabId(tab.id)}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls={selected ? panelId : undefined}
              tabIndex={selected ? 0 : -1}
              disabled={tab.disabled}
              className={cx('op-tabs__tab', selected && 'op-tabs__tab--selected')}
              onClick={() => onChange(tab.id)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div
        id={panelId}
        role="tabpanel"
        aria-labelledby={tabId(value)}
        tabIndex={0}
        className="op-tabs__panel"
      >
        {children}
      </div>
    </div>
  );
};
