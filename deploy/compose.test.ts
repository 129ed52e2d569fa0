/**
 * Checks docker-compose.yml, .env.example, the Dockerfile, deploy/Caddyfile and the two scripts the
 * image runs, without Docker: the compose file is parsed as YAML and its `${…}` interpolation is
 * applied here the way Compose does it.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadBotConfig } from '../bot/src/config.js';
import { DEVELOPMENT_BOT_TOKEN, loadConfig } from '../api/src/config.js';
import { API_NODE_FLAGS } from '../api/src/bench/bench-helpers.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

const composeText = read('docker-compose.yml');
const envExample = read('.env.example');

interface Service {
  image?: string;
  build?: unknown;
  command?: string[];
  restart?: string;
  environment?: Record<string, string | number | boolean | null>;
  depends_on?: Record<string, { condition: string }> | string[];
  healthcheck?: { test?: string[]; disable?: boolean };
  volumes?: string[];
  ports?: string[];
}
interface Compose {
  services: Record<string, Service>;
  volumes?: Record<string, unknown>;
}

/** The compose file with YAML merge keys (`<<: *anchor`) resolved, as Compose reads it. */
function parseCompose(text: string): Compose {
  return parse(text, { merge: true, maxAliasCount: -1 }) as Compose;
}
const compose = parseCompose(composeText);
const services = compose.services;

const API_NODES = ['api-1', 'api-2'];
const LONG_RUNNING = ['postgres', 'redis', ...API_NODES, 'proxy'];
/** Variables that hold secrets: whatever ends like one. */
const SECRET_NAME = /(PASSWORD|SECRET|TOKEN|_KEY)$/;
/** The secrets every deployment needs; compose must refuse to start without each. */
const REQUIRED_SECRETS = [
  'POSTGRES_PASSWORD',
  'JWT_SECRET',
  'BOT_TOKEN',
  'BOT_WEBHOOK_SECRET',
  'ALFABIT_API_KEY',
  'CRYPTOPAY_TOKEN',
  'TON_API_KEY',
];
/** README variables that docker-compose.yml deliberately does not pass to the api (.env.example says why). */
const NOT_PASSED = new Set([
  'EMBEDDED_PG_PORT', // DATABASE_URL is always set: no embedded PostgreSQL
  'SANDBOX_SECRET', // the sandbox is refused in production
  'SANDBOX_WITHDRAW_DELAY_MS',
  'SANDBOX_CALLBACK_DELAY_MS',
  'SANDBOX_FAILURE_RATE',
  'SANDBOX_TIMEOUT_RATE',
  'BOT_DEV_CHAT', // the stand-in Telegram is refused in production
]);

// ---- Compose-style interpolation ----------------------------------------------------------------

interface Reference {
  name: string;
  /** ':?' and '?' (required), ':-' and '-' (default), or '' (plain ${NAME} / $NAME). */
  operator: string;
  argument: string;
  raw: string;
}

/** Every ${NAME…} in a text (nested ones are not used in this project's compose file). */
function references(text: string): Reference[] {
  const found: Reference[] = [];
  const pattern = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?+])([^}]*))?\}/g;
  for (const match of text.replaceAll('$$', '').matchAll(pattern)) {
    found.push({ name: match[1]!, operator: match[2] ?? '', argument: match[3] ?? '', raw: match[0] });
  }
  return found;
}

class MissingVariable extends Error {}

/** What Compose makes of `text` with `env` (its .env plus the shell): throws for a missing required one. */
function interpolate(text: string, env: Record<string, string>): string {
  return text.replace(
    /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?+])([^}]*))?\}/g,
    (whole, name: string | undefined, operator: string | undefined, argument: string | undefined) => {
      if (whole === '$$') return '$';
      const value = env[name!];
      const unsetOrEmpty = value === undefined || value === '';
      switch (operator) {
        case ':?':
          if (unsetOrEmpty) throw new MissingVariable(`${name}: ${argument}`);
          return value!;
        case '?':
          if (value === undefined) throw new MissingVariable(`${name}: ${argument}`);
          return value;
        case ':-':
          return unsetOrEmpty ? argument! : value!;
        case '-':
          return value === undefined ? argument! : value;
        case ':+':
          return unsetOrEmpty ? '' : argument!;
        case '+':
          return value === undefined ? '' : argument!;
        default:
          return value ?? '';
      }
    },
  );
}

/** KEY=value lines of an env file; with `commented`, also `# KEY=` lines (documented, not set). */
function envFileNames(text: string, options: { commented: boolean }): string[] {
  const pattern = options.commented ? /^#?\s*([A-Z][A-Z0-9_]*)=/ : /^([A-Z][A-Z0-9_]*)=/;
  return text
    .split('\n')
    .map((line) => pattern.exec(line.trim())?.[1])
    .filter((name): name is string => name !== undefined);
}

function parseEnvFile(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (match) env[match[1]!] = match[2]!;
  }
  return env;
}

/** .env.example filled in the way an operator would: every required blank gets a plausible value. */
const FILLED: Record<string, string> = {
  ...parseEnvFile(envExample),
  DOMAIN: 'svara.example.com',
  PUBLIC_URL: 'https://svara.example.com',
  MINIAPP_URL: 'https://svara.example.com/',
  POSTGRES_PASSWORD: 'c0ffee0123456789',
  JWT_SECRET: 'a'.repeat(16) + 'b'.repeat(16) + 'c'.repeat(16),
  BOT_TOKEN: '7000000001:AAE-real-looking_token',
  BOT_WEBHOOK_SECRET: 'webhook-secret_0123456789',
  ALFABIT_API_KEY: 'alfabit-key',
  CRYPTOPAY_TOKEN: '12345:AAcryptopay',
  TON_API_KEY: 'toncenter-key',
  BOT_ADMIN_IDS: '9001',
};

/** Variable names in the README's settings tables (first column of a table headed `variable`). */
function readmeTableVariables(readme: string): string[] {
  const names = new Set<string>();
  let inTable = false;
  for (const line of readme.split('\n')) {
    if (!line.startsWith('|')) {
      inTable = false;
      continue;
    }
    const firstCell = line.split('|')[1]!.trim();
    if (firstCell === 'variable') {
      inTable = true;
      continue;
    }
    if (!inTable) continue;
    for (const match of firstCell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) names.add(match[1]!);
  }
  return [...names];
}

function dependsOn(service: Service): Record<string, string> {
  const deps = service.depends_on ?? {};
  if (Array.isArray(deps)) return Object.fromEntries(deps.map((name) => [name, 'service_started']));
  return Object.fromEntries(Object.entries(deps).map(([name, dep]) => [name, dep.condition]));
}

// ---- The compose file ----------------------------------------------------------------------------

describe('docker-compose.yml', () => {
  it('has PostgreSQL, Redis, a one-shot migrate, two api nodes and the proxy', () => {
    expect(Object.keys(services).sort()).toEqual(
      ['api-1', 'api-2', 'migrate', 'postgres', 'proxy', 'redis'].sort(),
    );
  });

  it('starts both api nodes by default, the proxy in front of both', () => {
    for (const name of API_NODES)
      expect((services[name] as { profiles?: string[] }).profiles, name).toBeUndefined();
    expect(Object.keys(dependsOn(services.proxy!)).sort()).toEqual(['api-1', 'api-2']);
  });

  it('gives every long-running service a restart policy, and migrate none', () => {
    for (const name of LONG_RUNNING)
      expect(services[name]!.restart, name).toMatch(/^(always|unless-stopped)$/);
    expect(services.migrate!.restart).toBe('no');
  });

  it('runs both api nodes and migrate from the one image built by the Dockerfile', () => {
    const { image, build } = services.migrate!;
    expect(build).toMatchObject({ context: '.', dockerfile: 'Dockerfile' });
    for (const name of API_NODES) {
      expect(services[name]!.image, name).toBe(image);
      expect(services[name]!.build, name).toEqual(build);
    }
    expect(services.migrate!.command).toEqual(['node', 'deploy/migrate.mjs']);
  });

  it('checks each api node on its readiness, /api/v1/health/ready', () => {
    const script = read('deploy/healthcheck.mjs');
    expect(script).toContain('/api/v1/health/ready');
    for (const name of API_NODES) {
      expect(services[name]!.healthcheck?.test, name).toEqual(['CMD', 'node', 'deploy/healthcheck.mjs']);
    }
  });

  it('has healthchecks on PostgreSQL and Redis, which the api nodes wait for', () => {
    expect(services.postgres!.healthcheck?.test?.join(' ')).toContain('pg_isready');
    expect(services.redis!.healthcheck?.test?.join(' ')).toContain('redis-cli ping');
    for (const name of API_NODES) {
      expect(dependsOn(services[name]!), name).toEqual({
        migrate: 'service_completed_successfully',
        postgres: 'service_healthy',
        redis: 'service_healthy',
      });
    }
    expect(dependsOn(services.migrate!)).toEqual({ postgres: 'service_healthy' });
  });

  it("keeps PostgreSQL's data and Caddy's certificates in named volumes", () => {
    expect(services.postgres!.volumes).toContain('pgdata:/var/lib/postgresql/data');
    expect(services.proxy!.volumes).toEqual(
      expect.arrayContaining(['caddy_data:/data', './deploy/Caddyfile:/etc/caddy/Caddyfile:ro']),
    );
    expect(Object.keys(compose.volumes ?? {})).toEqual(expect.arrayContaining(['pgdata', 'caddy_data']));
  });

  it('publishes only the proxy, on 80 and 443', () => {
    for (const [name, service] of Object.entries(services)) {
      if (name !== 'proxy') expect(service.ports, name).toBeUndefined();
    }
    expect(services.proxy!.ports).toEqual(['80:80', '443:443', '443:443/udp']);
  });

  it('gives no secret a default: each is ${NAME:?message}', () => {
    const secrets = references(composeText).filter((ref) => SECRET_NAME.test(ref.name));
    expect([...new Set(secrets.map((ref) => ref.name))].sort()).toEqual([...REQUIRED_SECRETS].sort());
    for (const ref of secrets) {
      expect(ref.operator, ref.raw).toBe(':?');
      expect(ref.argument.trim(), ref.raw).not.toBe('');
    }
    // Nor a literal value written into an environment block.
    for (const [name, service] of Object.entries(services)) {
      for (const [key, value] of Object.entries(service.environment ?? {})) {
        if (SECRET_NAME.test(key)) expect(String(value), `${name}.${key}`).toMatch(/^\$\{[A-Z_]+:\?[^}]+\}$/);
      }
    }
  });

  it('refuses to start while any required secret is missing or blank', () => {
    expect(() => interpolate(composeText, FILLED)).not.toThrow();
    for (const name of REQUIRED_SECRETS) {
      const { [name]: _omitted, ...without } = FILLED;
      expect(() => interpolate(composeText, without), name).toThrow(MissingVariable);
      expect(() => interpolate(composeText, { ...FILLED, [name]: '' }), name).toThrow(MissingVariable);
    }
    // .env.example as shipped (secrets blank) is refused too.
    expect(() => interpolate(composeText, parseEnvFile(envExample))).toThrow(MissingVariable);
  });

  it('gives the api nodes an environment the api and the bot accept in production', () => {
    const resolved = parseCompose(interpolate(composeText, FILLED));
    for (const name of API_NODES) {
      const env = Object.fromEntries(
        Object.entries(resolved.services[name]!.environment ?? {}).map(([key, value]) => [
          key,
          String(value ?? ''),
        ]),
      );
      const config = loadConfig(env);
      expect(config.isProduction).toBe(true);
      expect(config.databaseUrl).toBe('postgres://svara:c0ffee0123456789@postgres:5432/svara');
      expect(config.redisUrl).toBe('redis://redis:6379');
      expect(config.trustProxy).toBe(true);
      expect(config.host).toBe('0.0.0.0');
      expect(config.payments.providers).toEqual(['alfabit', 'cryptopay']);
      expect(config.payments.publicUrl).toBe('https://svara.example.com');
      const bot = loadBotConfig(env, { developmentToken: DEVELOPMENT_BOT_TOKEN });
      expect(bot.enabled).toBe(true);
    }
  });

  it('names every setting of the README tables in .env.example, and passes it to the api', () => {
    const readmeVars = readmeTableVariables(read('README.md'));
    expect(readmeVars.length).toBeGreaterThan(30);
    const documented = new Set(envFileNames(envExample, { commented: true }));
    const apiEnvironment = new Set(Object.keys(services['api-1']!.environment ?? {}));
    for (const name of readmeVars) {
      expect(documented.has(name), `${name} in .env.example`).toBe(true);
      if (!NOT_PASSED.has(name)) expect(apiEnvironment.has(name), `${name} passed to the api`).toBe(true);
    }
  });

  it('uses every variable .env.example sets (nothing there is silently ignored)', () => {
    const used = new Set(references(composeText).map((ref) => ref.name));
    for (const name of envFileNames(envExample, { commented: false })) {
      expect(used.has(name), `${name} used by docker-compose.yml`).toBe(true);
    }
    // ...and sets nothing secret.
    for (const [name, value] of Object.entries(parseEnvFile(envExample))) {
      if (SECRET_NAME.test(name)) expect(value, name).toBe('');
    }
  });
});

// ---- Caddy and the Dockerfile --------------------------------------------------------------------

describe('deploy/Caddyfile', () => {
  const caddyfile = read('deploy/Caddyfile');
  it('serves DOMAIN (automatic HTTPS) and balances the two nodes with a sticky cookie', () => {
    expect(caddyfile).toMatch(/^\{\$DOMAIN\} \{$/m);
    expect(caddyfile).toMatch(/reverse_proxy api-1:\{\$API_PORT:3000\} api-2:\{\$API_PORT:3000\} \{/);
    expect(caddyfile).toMatch(/^\s*lb_policy cookie \w+$/m);
    expect(caddyfile).toMatch(/^\s*health_uri \/api\/v1\/health\/ready$/m);
    // Caddy must set X-Forwarded-For itself: trusting a client's would let it spoof callback sources.
    expect(caddyfile).not.toMatch(/^\s*trusted_proxies/m);
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const stages = dockerfile.split(/^FROM /m).slice(1);
  const runtime = stages.at(-1)!;

  it('builds in stages from node:20-bookworm-slim: npm ci, npm run build, production dependencies', () => {
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:20-bookworm-slim$/m);
    expect(stages.length).toBe(3);
    expect(stages[0]).toMatch(/RUN npm ci/);
    expect(stages[1]).toMatch(/RUN npm run build/);
    expect(runtime).toMatch(/npm ci --omit=dev/);
    for (const dist of ['core/dist', 'bot/dist', 'api/dist', 'miniapp/dist']) {
      expect(runtime).toContain(`COPY --from=build /app/${dist}/`);
    }
  });

  it('runs as a non-root user, in production, with a node healthcheck', () => {
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/NODE_ENV=production/);
    expect(runtime).toMatch(/^HEALTHCHECK .*\n\s+CMD \["node", "deploy\/healthcheck.mjs"\]$/m);
    // Node itself as PID 1, with the api's memory flag (package.json's start has the same).
    expect(runtime).toMatch(/^CMD \["node", "--max-semi-space-size=32", "api\/dist\/main.js"\]$/m);
  });

  it('starts the api with one set of node flags: npm start, the api workspace, the Dockerfile, the benches', () => {
    const flags = API_NODE_FLAGS.join(' ');
    const scripts = (file: string) => (JSON.parse(read(file)) as { scripts: Record<string, string> }).scripts;
    expect(scripts('package.json').start).toMatch(new RegExp(`&& node ${flags} api/dist/main\\.js$`));
    expect(scripts('api/package.json').start).toBe(`node ${flags} dist/main.js`);
    expect(runtime).toContain(
      `CMD ["node", ${API_NODE_FLAGS.map((f) => `"${f}"`).join(', ')}, "api/dist/main.js"]`,
    );
  });

  it('keeps secrets and local state out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['.env', '.git', '**/node_modules', '**/dist', '.data'])
      expect(ignored).toContain(entry);
  });
});

// ---- The scripts the image runs ------------------------------------------------------------------

function run(script: string, env: Record<string, string>): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, script)], {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: 'ignore',
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve(code));
  });
}

describe('deploy/healthcheck.mjs', () => {
  let server: Server | undefined;
  afterEach(async () => {
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    server = undefined;
  });

  async function serve(status: number, body: string, seen: string[] = []): Promise<number> {
    server = createServer((request, response) => {
      seen.push(request.url ?? '');
      response.writeHead(status, { 'content-type': 'application/json' }).end(body);
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  }

  it('passes when GET /api/v1/health/ready on PORT answers 200 {"status":"ok"}', async () => {
    const seen: string[] = [];
    const port = await serve(200, '{"status":"ok"}', seen);
    expect(await run('deploy/healthcheck.mjs', { PORT: String(port) })).toBe(0);
    expect(seen).toEqual(['/api/v1/health/ready']);
  });

  it('fails on another status, another body, or nothing listening', async () => {
    const port = await serve(503, '{"status":"ok"}');
    expect(await run('deploy/healthcheck.mjs', { PORT: String(port) })).toBe(1);
    await new Promise((resolve) => server!.close(resolve));
    const other = await serve(200, '<html>');
    expect(await run('deploy/healthcheck.mjs', { PORT: String(other) })).toBe(1);
    await new Promise((resolve) => server!.close(resolve));
    server = undefined;
    expect(await run('deploy/healthcheck.mjs', { PORT: String(other) })).toBe(1);
  });
});

describe('deploy/migrate.mjs', () => {
  it('refuses to run without a postgres DATABASE_URL', async () => {
    expect(await run('deploy/migrate.mjs', {})).toBe(2);
    expect(await run('deploy/migrate.mjs', { DATABASE_URL: 'mysql://x' })).toBe(2);
  });
});
