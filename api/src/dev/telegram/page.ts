/**
 * The development chat page (/dev/chat): talk to the bot as a chosen person in a desktop browser.
 * Plain HTML with one inline script that polls the chat's JSON every second; settings reach the
 * script through data attributes, never by interpolating into the script itself.
 */
import { escapeHtml } from '../../http/escape-html.js';

export interface DevPreset {
  label: string;
  id: number;
  firstName: string;
  username: string;
  language: string;
}

/** The people offered in the picker: two players, and the first operator when there is one. */
export function devPresets(adminIds: readonly string[]): DevPreset[] {
  const presets: DevPreset[] = [
    { label: 'Player Anna (1001)', id: 1001, firstName: 'Anna', username: 'anna', language: 'ru' },
    { label: 'Player Boris (1002)', id: 1002, firstName: 'Boris', username: 'boris', language: 'en' },
  ];
  const operator = adminIds[0];
  if (operator) {
    presets.push({
      label: `Operator Olga (${operator})`,
      id: Number(operator),
      firstName: 'Olga',
      username: 'olga_operator',
      language: 'en',
    });
  }
  return presets;
}

const STYLE = `
  :root { --bg: #eef1f4; --panel: #fff; --line: #d9dee4; --ink: #1b1f24; --muted: #687380;
    --bot: #fff; --me: #dff3d4; --accent: #2a7ab9; --warn: #a34a00; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 15px/1.45 system-ui, sans-serif; background: var(--bg); color: var(--ink); }
  header { display: flex; flex-wrap: wrap; gap: .6rem 1.2rem; align-items: end; padding: .8rem 1.2rem;
    background: var(--panel); border-bottom: 1px solid var(--line); }
  header h1 { font-size: 1.05rem; margin: 0 1rem 0 0; align-self: center; }
  .badge { font-size: .75rem; font-weight: 600; background: #ffe08a; border-radius: 5px; padding: .1rem .45rem;
    margin-left: .4rem; vertical-align: middle; }
  label { display: flex; flex-direction: column; font-size: .78rem; color: var(--muted); gap: .15rem; }
  input, select, button { font: inherit; color: inherit; }
  input, select { padding: .35rem .5rem; border: 1px solid var(--line); border-radius: 6px; background: #fff; }
  input.narrow { width: 7.5rem; } input.lang { width: 4rem; }
  button { padding: .4rem .8rem; border: 1px solid var(--line); border-radius: 6px; background: #f6f8fa; cursor: pointer; }
  button.primary { background: var(--accent); border-color: var(--accent); color: #fff; font-weight: 600; }
  button:disabled { opacity: .55; cursor: default; }
  main { display: grid; grid-template-columns: minmax(0, 2fr) minmax(16rem, 1fr); gap: 1rem; padding: 1rem 1.2rem;
    max-width: 78rem; margin: 0 auto; }
  @media (max-width: 800px) { main { grid-template-columns: 1fr; } }
  section { background: var(--panel); border: 1px solid var(--line); border-radius: 10px; display: flex;
    flex-direction: column; min-height: 0; }
  section h2 { font-size: .9rem; margin: 0; padding: .6rem .9rem; border-bottom: 1px solid var(--line);
    display: flex; justify-content: space-between; align-items: center; gap: .5rem; }
  .log { flex: 1; overflow-y: auto; padding: .8rem; display: flex; flex-direction: column; gap: .5rem;
    height: calc(100vh - 17rem); min-height: 18rem; background: #e7ecef; }
  .msg { max-width: 85%; padding: .45rem .7rem; border-radius: 10px; background: var(--bot);
    box-shadow: 0 1px 1px rgba(0,0,0,.08); white-space: pre-wrap; overflow-wrap: anywhere; }
  .msg.person { align-self: flex-end; background: var(--me); }
  .msg .meta { font-size: .72rem; color: var(--muted); text-align: right; margin-top: .15rem; }
  .msg .photo { font-weight: 600; color: var(--muted); }
  .msg img { display: block; max-width: 100%; max-height: 14rem; border-radius: 6px; margin-bottom: .3rem; }
  .keyboard { display: grid; gap: .3rem; margin-top: .4rem; }
  .keyboard .row { display: flex; gap: .3rem; }
  .keyboard button { flex: 1; background: #f1f6fb; border-color: #c7d8e8; color: var(--accent); font-weight: 600; }
  .keyboard button.link::after { content: " ↗"; }
  .empty { color: var(--muted); text-align: center; margin: auto; }
  form.compose { display: flex; gap: .5rem; padding: .6rem; border-top: 1px solid var(--line); }
  form.compose input { flex: 1; }
  details.photo-form { padding: 0 .6rem .6rem; font-size: .85rem; }
  details.photo-form form { display: flex; flex-wrap: wrap; gap: .4rem; margin-top: .4rem; }
  details.photo-form input { flex: 1 1 12rem; }
  .commands { display: flex; flex-wrap: wrap; gap: .3rem; padding: .5rem .6rem 0; }
  .commands button { font-size: .8rem; padding: .15rem .5rem; border-radius: 999px; }
  .toast { margin: 0 .6rem; padding: .4rem .6rem; border-radius: 6px; background: #fff4d6; font-size: .85rem; }
  .toast.alert { background: #ffe1cc; color: var(--warn); font-weight: 600; }
  .hint { font-size: .8rem; color: var(--muted); padding: .6rem .9rem; margin: 0; }
  .error { color: var(--warn); font-size: .85rem; padding: 0 .6rem .4rem; min-height: 1.2em; }
  .channel .msg { max-width: 100%; }
`;

const SCRIPT = `
(() => {
  const root = document.body.dataset;
  const presets = JSON.parse(root.presets);
  const endpoint = root.endpoint;
  const $ = (id) => document.getElementById(id);
  const who = { preset: $('preset'), id: $('who-id'), name: $('who-name'), username: $('who-username'), lang: $('who-lang') };
  const saved = JSON.parse(localStorage.getItem('svara-dev-chat-person') || 'null');
  let lastRendered = '';
  let lastToast = 0;

  for (const [index, preset] of presets.entries()) {
    const option = document.createElement('option');
    option.value = String(index);
    option.textContent = preset.label;
    who.preset.append(option);
  }
  const custom = document.createElement('option');
  custom.value = 'custom';
  custom.textContent = 'Someone else…';
  who.preset.append(custom);

  function fill(person) {
    who.id.value = person.id; who.name.value = person.firstName; who.username.value = person.username || '';
    who.lang.value = person.language || '';
  }
  function person() {
    return { id: who.id.value.trim(), first_name: who.name.value.trim() || 'User',
      username: who.username.value.trim(), language_code: who.lang.value.trim() };
  }
  if (saved) {
    fill(saved);
    const index = presets.findIndex((p) => String(p.id) === String(saved.id));
    who.preset.value = index >= 0 ? String(index) : 'custom';
  } else {
    fill(presets[0]);
  }
  who.preset.addEventListener('change', () => {
    if (who.preset.value !== 'custom') fill(presets[Number(who.preset.value)]);
    personChanged();
  });
  for (const input of [who.id, who.name, who.username, who.lang]) input.addEventListener('change', () => {
    who.preset.value = 'custom';
    personChanged();
  });
  function personChanged() {
    const p = person();
    localStorage.setItem('svara-dev-chat-person', JSON.stringify({ id: p.id, firstName: p.first_name,
      username: p.username, language: p.language_code }));
    lastRendered = '';
    refresh();
  }

  async function post(path, body) {
    $('error').textContent = '';
    try {
      const response = await fetch(endpoint + path, { method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body) });
      const answer = await response.json().catch(() => ({}));
      if (!response.ok) $('error').textContent = answer.description || answer.message || 'HTTP ' + response.status;
    } catch (error) {
      $('error').textContent = 'The api is not answering: ' + error;
    }
    refresh();
  }

  // The Mini App as this person: the development sign-in takes ?user= and ?name= (README), and an
  // invitation's start parameter as ?start=.
  function miniAppUrl(url) {
    const target = new URL(url, location.href);
    const p = person();
    target.searchParams.set('user', p.id);
    target.searchParams.set('name', p.username || p.first_name.toLowerCase());
    const start = target.searchParams.get('tgWebAppStartParam');
    if (start) target.searchParams.set('start', start);
    return target.toString();
  }

  function renderMessage(message, chatId) {
    const box = document.createElement('div');
    box.className = 'msg ' + message.from;
    box.dataset.id = message.id;
    if (message.photo !== undefined) {
      if (/^https?:/.test(message.photo)) {
        const img = document.createElement('img');
        img.src = message.photo; img.alt = 'photo'; img.loading = 'lazy';
        box.append(img);
      }
      const tag = document.createElement('span');
      tag.className = 'photo';
      tag.textContent = '[photo] ';
      box.append(tag);
    }
    box.append(document.createTextNode(message.text));
    if (message.buttons.length > 0) {
      const keyboard = document.createElement('div');
      keyboard.className = 'keyboard';
      for (const row of message.buttons) {
        const line = document.createElement('div');
        line.className = 'row';
        for (const button of row) {
          const element = document.createElement('button');
          element.type = 'button';
          element.textContent = button.text;
          if (button.kind === 'callback' && chatId !== null) {
            element.addEventListener('click', () => post('/press', { person: person(), messageId: message.id, data: button.data }));
          } else if (button.kind === 'url' || button.kind === 'web_app') {
            element.className = 'link';
            element.title = button.kind === 'web_app' ? 'Opens the Mini App as this person' : button.url;
            element.addEventListener('click', () =>
              window.open(button.kind === 'web_app' ? miniAppUrl(button.url) : button.url, '_blank', 'noopener'));
          } else {
            element.disabled = true;
          }
          line.append(element);
        }
        keyboard.append(line);
      }
      box.append(keyboard);
    }
    const meta = document.createElement('div');
    meta.className = 'meta';
    meta.textContent = (message.edited ? 'edited · ' : '') + new Date(message.date * 1000).toLocaleTimeString();
    box.append(meta);
    return box;
  }

  function renderLog(log, messages, chatId, emptyText) {
    const nearBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 40;
    log.replaceChildren(...messages.map((m) => renderMessage(m, chatId)));
    if (messages.length === 0) {
      const empty = document.createElement('p');
      empty.className = 'empty';
      empty.textContent = emptyText;
      log.append(empty);
    }
    if (nearBottom) log.scrollTop = log.scrollHeight;
  }

  function render(state) {
    $('bot-name').textContent = '@' + state.bot.username;
    renderLog($('chat'), state.chat.messages, state.chat.userId, 'No messages yet: send /start.');
    $('blocked').checked = state.chat.blocked;
    const commands = $('commands');
    commands.replaceChildren(...state.commands.map((c) => {
      const chip = document.createElement('button');
      chip.type = 'button'; chip.textContent = '/' + c.command; chip.title = c.description;
      chip.addEventListener('click', () => post('/say', { person: person(), text: '/' + c.command }));
      return chip;
    }));
    const menu = $('menu-button');
    menu.hidden = !state.menuButton;
    if (state.menuButton) menu.textContent = (state.menuButton.text || 'Mini App') + ' ↗';
    menu.dataset.url = state.menuButton ? state.menuButton.url : '';
    const channels = $('channels');
    channels.replaceChildren();
    for (const channel of state.channels) {
      const title = document.createElement('h2');
      title.textContent = channel.title + ' (' + channel.id + ')';
      const log = document.createElement('div');
      log.className = 'log';
      log.style.height = 'auto';
      log.style.minHeight = '6rem';
      channels.append(title, log);
      renderLog(log, channel.messages, null, 'No posts yet.');
    }
    $('no-channel').hidden = state.channels.length > 0;
    const answer = state.callbackAnswer;
    const toast = $('toast');
    if (answer && answer.at !== lastToast) {
      lastToast = answer.at;
      toast.textContent = answer.text;
      toast.className = answer.showAlert ? 'toast alert' : 'toast';
      toast.hidden = false;
      clearTimeout(toast.timer);
      toast.timer = setTimeout(() => { toast.hidden = true; }, answer.showAlert ? 8000 : 4000);
    }
  }

  async function refresh() {
    const p = person();
    if (!/^\\d{1,15}$/.test(p.id)) { $('error').textContent = 'The Telegram id must be digits.'; return; }
    try {
      const query = new URLSearchParams({ user: p.id, lang: p.language_code });
      const response = await fetch(endpoint + '/state?' + query, { cache: 'no-store' });
      if (!response.ok) return;
      const text = await response.text();
      if (text === lastRendered) return;
      lastRendered = text;
      render(JSON.parse(text));
    } catch {
      // The api is restarting: the next tick tries again.
    }
  }

  $('compose').addEventListener('submit', (event) => {
    event.preventDefault();
    const text = $('text').value;
    if (!text.trim()) return;
    $('text').value = '';
    post('/say', { person: person(), text });
  });
  $('photo-form').addEventListener('submit', (event) => {
    event.preventDefault();
    post('/photo', { person: person(), url: $('photo-url').value.trim(), caption: $('photo-caption').value });
    $('photo-caption').value = '';
  });
  $('blocked').addEventListener('change', () => post('/block', { userId: person().id, blocked: $('blocked').checked }));
  $('menu-button').addEventListener('click', () => window.open(miniAppUrl($('menu-button').dataset.url), '_blank', 'noopener'));

  refresh();
  setInterval(refresh, 1000);
})();
`;

/** The page; `endpoint` is where its JSON lives (/dev/chat). */
export function devChatPage(options: {
  endpoint: string;
  presets: DevPreset[];
  operators: readonly string[];
}): string {
  const e = escapeHtml;
  const operators =
    options.operators.length > 0
      ? `Operators (BOT_ADMIN_IDS): ${e(options.operators.join(', '))}.`
      : 'No operators: start the api with BOT_ADMIN_IDS=9001 (for example) to try /withdrawals, /user, /stats and /news.';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Svara bot — development chat</title>
<style>${STYLE}</style>
</head>
<body data-endpoint="${e(options.endpoint)}" data-presets="${e(JSON.stringify(options.presets))}">
<header>
  <h1>Chat with <span id="bot-name">the bot</span><span class="badge">development only</span></h1>
  <label>Who you are <select id="preset"></select></label>
  <label>Telegram id <input id="who-id" class="narrow" inputmode="numeric" autocomplete="off"></label>
  <label>First name <input id="who-name" class="narrow" autocomplete="off"></label>
  <label>Username <input id="who-username" class="narrow" autocomplete="off"></label>
  <label>Language <input id="who-lang" class="lang" autocomplete="off" placeholder="ru"></label>
  <label><span><input type="checkbox" id="blocked"> blocked the bot</span></label>
</header>
<main>
  <section aria-label="Private chat">
    <h2><span>Private chat</span><button type="button" id="menu-button" hidden></button></h2>
    <div id="chat" class="log" aria-live="polite"></div>
    <p id="toast" class="toast" role="status" hidden></p>
    <div id="commands" class="commands"></div>
    <form id="compose" class="compose" autocomplete="off">
      <input id="text" placeholder="Write a message or a /command" aria-label="Message">
      <button class="primary" type="submit">Send</button>
    </form>
    <details class="photo-form">
      <summary>Send a photo (by image URL, e.g. for /news)</summary>
      <form id="photo-form" autocomplete="off">
        <input id="photo-url" type="url" required placeholder="https://example.com/picture.jpg" aria-label="Image URL">
        <input id="photo-caption" placeholder="Caption" aria-label="Caption">
        <button type="submit">Send photo</button>
      </form>
    </details>
    <div id="error" class="error" role="alert"></div>
  </section>
  <section aria-label="News channel" class="channel">
    <h2><span>News channel</span></h2>
    <p id="no-channel" class="hint">Nothing posted to a channel yet. /news posts to NEWS_CHANNEL_ID first.</p>
    <div id="channels"></div>
    <p class="hint">${operators} Buttons under messages work: callback buttons reach the bot, links and the Mini App open in a new tab (the Mini App signed in as the person chosen above).</p>
  </section>
</main>
<script>${SCRIPT}</script>
</body>
</html>
`;
}
