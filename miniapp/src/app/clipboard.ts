/** Copies text and says so ('Successfully copied!'). */
import { i18n } from '../i18n';
import { showToast } from '../ui/toast';
import { haptic } from '../telegram/sdk';

export async function copyText(text: string): Promise<void> {
  let ok = false;
  try {
    await navigator.clipboard.writeText(text);
    ok = true;
  } catch {
    // Older webviews: fall back to a selected textarea.
    const area = document.createElement('textarea');
    area.value = text;
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    try {
      ok = document.execCommand('copy');
    } catch {
      ok = false;
    }
    area.remove();
  }
  if (ok) {
    haptic('success');
    showToast(i18n.t('common.copied'), 'success');
  } else {
    showToast(i18n.t('errors.unknown_error'), 'error');
  }
}
