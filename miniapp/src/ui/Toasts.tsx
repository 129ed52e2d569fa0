import { useStore } from '../app/store';
import { toasts } from './toast';

export function Toasts() {
  const list = useStore(toasts);
  return (
    <div
      className="pointer-events-none fixed inset-x-0 z-[70] flex flex-col items-center gap-2 px-4"
      style={{ top: 'calc(10px + var(--safe-top))' }}
    >
      {list.map((t) => (
        <div
          key={t.id}
          role="status"
          data-testid={`toast-${t.kind}`}
          className={`pointer-events-auto max-w-sm animate-pop rounded-2xl border px-4 py-2.5 text-center text-sm font-medium shadow-xl backdrop-blur ${
            t.kind === 'error'
              ? 'border-red-300/40 bg-red-900/90 text-red-50'
              : t.kind === 'success'
                ? 'border-emerald-300/40 bg-emerald-900/90 text-emerald-50'
                : 'border-gold-400/40 bg-felt-800/95 text-cream'
          }`}
        >
          {t.text}
        </div>
      ))}
    </div>
  );
}
