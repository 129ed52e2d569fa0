import { useTranslation } from 'react-i18next';
import { CHAT_PHRASE_COUNT, type ChatPhrase } from '@svara/core';
import { Sheet } from '../../ui/Sheet';
import { haptic } from '../../telegram/sdk';

export const PHRASES = Array.from({ length: CHAT_PHRASE_COUNT }, (_, i) => `phrase${i + 1}` as ChatPhrase);

/** The 19 preset phrases. */
export function ChatSheet({
  open,
  onClose,
  onSend,
}: {
  open: boolean;
  onClose: () => void;
  onSend: (p: ChatPhrase) => void;
}) {
  const { t } = useTranslation();
  return (
    <Sheet open={open} onClose={onClose} title={t('game.chat')} testId="chat-sheet">
      <div className="no-scrollbar grid max-h-[50vh] grid-cols-2 gap-2 overflow-y-auto pb-1">
        {PHRASES.map((p) => (
          <button
            key={p}
            type="button"
            data-testid={`chat-${p}`}
            onClick={() => {
              haptic('tap');
              onSend(p);
            }}
            className="rounded-2xl border border-gold-400/20 bg-black/25 px-3 py-2.5 text-left text-sm text-cream transition-transform active:scale-[0.97]"
          >
            {t(`chat.${p}`)}
          </button>
        ))}
      </div>
    </Sheet>
  );
}
