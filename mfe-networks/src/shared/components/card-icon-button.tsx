import { Button } from '@outpost/ui';

const ICONS = {
  settings: (
    <>
      <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
      <path
        d="M12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M4.9 19.1L7 17M17 7l2.1-2.1"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </>
  ),
  delete: (
    <path
      d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    />
  ),
};

export type CardIconButtonProps = {
  icon: keyof typeof ICONS;
  /** The accessible name, e.g. "Settings for Rust Legends". */
  label: string;
  onClick: () => void;
  /** Shown but not usable (the read-only demo), with `title` saying why. */
  disabled?: boolean;
  title?: string;
};

/** An icon button in a card's corner, above the card's stretched link. */
export const CardIconButton = ({ icon, label, onClick, disabled, title }: CardIconButtonProps) => (
  <Button
    variant="ghost"
    size="sm"
    className="net-card__settings"
    aria-label={label}
    onClick={onClick}
    disabled={disabled}
    title={title}
  >
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      {ICONS[icon]}
    </svg>
  </Button>
);
