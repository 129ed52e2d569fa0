import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { WarnIcon } from './icons';

/** A full-page error with the text and a reload button. */
export function ErrorPage({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <div
      className="flex h-full flex-col items-center justify-center gap-5 px-8 text-center"
      data-testid="error-page"
    >
      <div className="grid h-16 w-16 place-items-center rounded-full bg-red-900/40 text-red-300">
        <WarnIcon className="h-8 w-8" />
      </div>
      <p className="text-base text-cream/90">{text}</p>
      <Button onClick={() => location.reload()}>{t('common.reload')}</Button>
    </div>
  );
}
