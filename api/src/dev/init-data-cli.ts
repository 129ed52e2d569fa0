/**
 * `npm run dev:init-data -- --id 1001 --username alice [--first-name Alice] [--language en]
 * [--start-param ref_1000]`: prints init data signed with BOT_TOKEN (the development token unless
 * set), to paste into POST /api/v1/auth/login. Refuses to run in production.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { signDevInitData } from './init-data.js';

const config = loadConfig();
if (!config.devRoutes) {
  console.error('dev:init-data is for development only, with the development BOT_TOKEN');
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    id: { type: 'string' },
    username: { type: 'string' },
    'first-name': { type: 'string' },
    'last-name': { type: 'string' },
    language: { type: 'string' },
    'start-param': { type: 'string' },
  },
});
if (!values.id || !/^\d{1,15}$/.test(values.id)) {
  console.error(
    'usage: npm run dev:init-data -- --id <telegram id> [--username name] [--first-name F] [--language en]',
  );
  process.exit(2);
}

const initData = signDevInitData(
  {
    id: values.id,
    username: values.username ?? null,
    firstName: values['first-name'] ?? null,
    lastName: values['last-name'] ?? null,
    languageCode: values.language ?? null,
  },
  { botToken: config.botToken, ...(values['start-param'] ? { startParam: values['start-param'] } : {}) },
);
process.stdout.write(`${initData}\n`);
