/** The round ✕ in the corner of full-screen pages and modals. */
import { CloseIcon } from './icons';

export function CloseButton(props: { label: string; testId: string; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-label={props.label}
      data-testid={props.testId}
      onClick={props.onClick}
      className="grid h-9 w-9 place-items-center rounded-full bg-black/30 text-cream/80 active:scale-95"
    >
      <CloseIcon className="h-4 w-4" />
    </button>
  );
}
