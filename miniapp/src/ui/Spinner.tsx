export function Spinner({ className = 'h-6 w-6' }: { className?: string }) {
  return (
    <span
      aria-hidden
      className={`inline-block animate-spin rounded-full border-[3px] border-gold-300/25 border-t-gold-400 ${className}`}
    />
  );
}

/** A full-screen loading layer (room creation, entering a room, start-up). */
export function LoadingScreen({ label }: { label?: string }) {
  return (
    <div
      className="fixed inset-0 z-[60] flex animate-fade flex-col items-center justify-center gap-5 bg-felt-950/92"
      data-testid="loading-screen"
    >
      <div className="relative h-20 w-20">
        <Spinner className="absolute inset-0 h-20 w-20" />
        <span className="absolute inset-0 grid place-items-center font-display text-2xl font-bold text-gold-400">
          S
        </span>
      </div>
      {label ? <p className="text-sm tracking-wide text-cream/70">{label}</p> : null}
    </div>
  );
}
